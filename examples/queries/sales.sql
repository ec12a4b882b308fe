-- Reports with a mistake that is wrong whatever the intent says (a semantic error). The database proves
-- each one: sqlintent runs the query and the repair its reading implies, and reports how the answers differ.

-- intent: each customer and how many of their orders were delivered, customers without one included
SELECT c.name, count(o.order_id) AS delivered
FROM customers AS c
LEFT JOIN orders AS o ON o.customer_id = c.customer_id
WHERE o.status = 'delivered'
GROUP BY c.customer_id;

-- intent: the total budget of the departments that have an employee older than 50
SELECT sum(d.budget)
FROM departments AS d
JOIN employees AS e ON e.department_id = d.department_id
WHERE e.age > 50;

-- intent: the orders of customers who live in London or Paris
SELECT o.order_id
FROM orders AS o, customers AS c
WHERE o.customer_id = c.customer_id AND c.city = 'London' OR c.city = 'Paris';

-- intent: the products that are still sold
SELECT name FROM products WHERE discontinued_on = NULL;

-- intent: the average number of items in an order
SELECT sum(quantity) / count(DISTINCT order_id) FROM order_items;

-- intent: the number of employees with each title in each department
SELECT department_id, title, count(*) FROM employees GROUP BY department_id;

-- intent: each employee and how many orders they handled, employees without orders included
SELECT e.first_name, e.last_name, count(o.order_id) AS handled
FROM employees AS e
LEFT JOIN orders AS o ON o.employee_id = e.employee_id
GROUP BY o.employee_id;

-- intent: the customers whose email address is at example.com
SELECT name FROM customers WHERE email = '%@example.com';

-- intent: the orders placed within a week of the customer joining
SELECT o.order_id
FROM orders AS o
JOIN customers AS c ON c.customer_id = o.customer_id
WHERE o.ordered_on <= c.joined_on + 7;
