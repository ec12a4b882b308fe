-- Mistakes that stop a query from running at all: sqlintent points at the exact name or token.

-- intent: the price of every product in euros
SELECT name, price_eur FROM products;

-- intent: how many items each order contains
SELECT order_id, sum(quantity) FROM order_item GROUP BY order_id;

-- intent: the names of customers with cancelled orders
SELECT name
FROM customers
JOIN orders ON orders.customer_id = customers.customer_id
WHERE status = 'cancelled' AND customer_id > 0;

-- intent: products that are out of stock
SELECT name FROM products WHERE stock = ;

SELECT count(*) FROM reviews WHERE rating = 5;
