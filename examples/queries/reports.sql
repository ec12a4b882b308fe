-- Reports that run without an error but do not answer their intent.
-- Each one is wrong in a way sqlintent's database checks catch.

-- intent: the name of the customer who placed each order
SELECT orders.order_id, customers.name
FROM orders
JOIN customers ON orders.order_id = customers.customer_id;

-- intent: how many orders have been delivered?
SELECT count(*) FROM orders WHERE status = 'Delivered';

-- intent: the orders placed by customers who live in London
SELECT order_id
FROM orders
WHERE customer_id = (SELECT customer_id FROM customers WHERE city = 'London');

-- intent: the number of orders shipped to each city
SELECT shipping_city FROM orders GROUP BY shipping_city;

-- intent: the average price of discontinued products
SELECT avg(price) FROM products WHERE discontinued_on IS NOT NULL;

-- intent: names of customers who gave a product a 1-star review
SELECT DISTINCT c.name
FROM customers AS c
JOIN orders AS o ON o.customer_id = c.customer_id
JOIN order_items AS i ON i.order_id = o.order_id
JOIN reviews AS r ON r.product_id = i.product_id
WHERE r.rating = 1;

-- intent: names and emails of the newsletter subscribers in Oslo
SELECT name, email FROM customers WHERE city = 'Oslo';

-- intent: the customers who live in Dublin
SELECT DISTINCT customer_id FROM orders WHERE shipping_city = 'Dublin';

-- intent: products that sold in the orders of the customer with the most reviews
SELECT name FROM products WHERE product_id IN (
  SELECT product_id FROM order_items WHERE order_id IN (
    SELECT order_id FROM orders WHERE customer_id IN (
      SELECT customer_id FROM reviews WHERE customer_id IN (
        SELECT customer_id FROM reviews GROUP BY customer_id ORDER BY count(*) DESC LIMIT 1))));
