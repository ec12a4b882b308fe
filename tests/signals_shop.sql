-- A small shop database for the signal tests (built by the tests into a temporary SQLite file).
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, state TEXT,
                        country TEXT);
CREATE TABLE customers_archive (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, state TEXT,
                                country TEXT);
CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL);
CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, company TEXT, city TEXT, country TEXT);
CREATE TABLE product_suppliers (product_id INTEGER REFERENCES products(product_id),
                                supplier_id INTEGER REFERENCES suppliers(supplier_id));
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
                     order_date TEXT, status TEXT, discount REAL);
CREATE TABLE order_items (order_id INTEGER REFERENCES orders(order_id),
                          product_id INTEGER REFERENCES products(product_id), quantity INTEGER);
CREATE TABLE returns (return_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
                      reason TEXT);
-- shipments.supplier_id and shipments.carrier_id follow naming conventions but declare no foreign key
CREATE TABLE carriers (id INTEGER PRIMARY KEY, name TEXT, depot_supplier INTEGER REFERENCES suppliers(supplier_id));
CREATE TABLE shipments (shipment_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
                        supplier_id INTEGER, carrier_id INTEGER, shipped_on TEXT);
INSERT INTO customers VALUES (1, 'Ada Lovelace', 'Boston', 'MA', 'USA'), (2, 'Alan Turing', 'New York', 'NY', 'USA'),
  (3, 'Grace Hopper', 'Albany', 'New York', 'USA'), (4, 'Edsger Dijkstra', 'Austin', 'TX', 'USA'),
  (5, 'Barbara Liskov', 'Boston', 'MA', 'USA');
INSERT INTO customers_archive VALUES (10, 'Charles Babbage', 'Boston', 'MA', 'USA'),
  (11, 'Konrad Zuse', 'Berlin', NULL, 'Germany');
INSERT INTO products VALUES (1, 'Keyboard', 'Hardware', 49.5), (2, 'Mouse', 'Hardware', 19.0),
  (3, 'Compiler Book', 'Books', 79.0), (4, 'Monitor', 'Hardware', 199.0);
INSERT INTO suppliers VALUES (1, 'Acme', 'Boston', 'USA'), (2, 'Globex', 'Berlin', 'Germany');
INSERT INTO product_suppliers VALUES (1, 1), (2, 1), (3, 2), (4, 2);
INSERT INTO orders VALUES (1, 1, '2024-01-05', 'shipped', 0), (2, 1, '2024-02-11', 'pending', 0),
  (3, 2, '2024-02-20', 'shipped', 0), (4, 3, '2024-03-02', 'cancelled', 0), (5, 5, '2024-03-15', 'shipped', 0);
INSERT INTO order_items VALUES (1, 1, 1), (1, 2, 3), (2, 3, 1), (3, 4, 2), (4, 2, 5), (5, 1, 4), (5, 3, 1);
INSERT INTO returns VALUES (1, 4, 'damaged');
INSERT INTO shipments VALUES (1, 1, 1, 1, '2024-01-06'), (2, 3, 2, 2, '2024-02-21'), (3, 5, 1, 1, '2024-03-16');
INSERT INTO carriers VALUES (1, 'Fast Freight', 1), (2, 'Slow Boat', 2);
-- a cast list: roles links films and people (who played), while films.director_id links them too (who directed);
-- two people share a name
CREATE TABLE people (person_id INTEGER PRIMARY KEY, full_name TEXT);
CREATE TABLE films (film_id INTEGER PRIMARY KEY, title TEXT, director_id INTEGER REFERENCES people(person_id));
CREATE TABLE roles (film_id INTEGER REFERENCES films(film_id), person_id INTEGER REFERENCES people(person_id),
                    billing INTEGER);
INSERT INTO people VALUES (1, 'Rita Reel'), (2, 'Otto Frame'), (3, 'Ines Take'), (4, 'Rita Reel');
INSERT INTO films VALUES (1, 'Long Shot', 3), (2, 'Fade Out', 3);
INSERT INTO roles VALUES (1, 1, 1), (1, 2, 2), (2, 1, 1), (2, 4, 2);
