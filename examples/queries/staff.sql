-- Queries about the shop's staff. Each intent comment says what the query below it should answer.

-- intent: how many heads of departments are older than 56?
SELECT count(*) FROM employees WHERE title LIKE 'Head of%' AND age > 56;

-- intent: list each department with the number of people working in it
SELECT d.name, count(*)
FROM departments AS d
JOIN employees AS e ON e.department_id = d.department_id
GROUP BY d.department_id;

-- intent: the first and last names of the employees who report to the head of sales
SELECT first_name, last_name
FROM employees
WHERE manager_id = (SELECT employee_id FROM employees WHERE title = 'Head of Sales');

-- intent: which employees handled the most orders? show the top three with their order counts
SELECT e.first_name, e.last_name, count(*) AS handled
FROM employees AS e
JOIN orders AS o ON o.employee_id = e.employee_id
GROUP BY e.employee_id
ORDER BY handled DESC
LIMIT 3;
