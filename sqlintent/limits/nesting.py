"""How deeply a statement nests, counted on its text before any parser sees it (linear, no recursion)."""
from __future__ import annotations

import re

# strings, quoted identifiers and comments are skipped whole; what remains opens or closes a level
_TOKEN = re.compile(r"""'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|/\*.*?(?:\*/|\Z)
                        |\$(?P<tag>[A-Za-z_]\w*)?\$.*?(?:\$(?P=tag)?\$|\Z)
                        |(?P<open>\()|(?P<close>\))|\b(?P<case>CASE)\b|\b(?P<end>END)\b
                        |\b(?P<unary>NOT)\b|(?P<sign>[-+~])|(?P<op>[^\w\s])|(?P<word>\w+)""",
                    re.I | re.S | re.X)


def nesting_depth(sql: str) -> int:
    """The deepest nesting of parentheses, CASE ... END and chains of unary operators in ``sql``.

    >>> nesting_depth("SELECT abs(abs(1))"), nesting_depth("SELECT NOT NOT NOT x"), nesting_depth("SELECT '((('")
    (2, 3, 0)
    >>> nesting_depth("SELECT CASE WHEN a THEN CASE WHEN b THEN (1) END END"), nesting_depth("SELECT - - -(1)")
    (3, 4)
    >>> nesting_depth("SELECT 1 - 2 - 3 WHERE NOT (a) AND NOT (b) AND NOT (c)")
    2
    """
    stack: list[int] = []
    depth = best = unary = 0
    operand_expected = True  # a sign here is unary (after an operator, '(' or a keyword such as SELECT)
    for m in _TOKEN.finditer(sql):
        kind = m.lastgroup
        if kind in ("open", "case"):
            stack.append(1 + unary)
            depth += 1 + unary
            unary, operand_expected = 0, True
        elif kind in ("close", "end"):
            depth -= stack.pop() if stack else 0
            unary, operand_expected = 0, False
        elif kind == "unary" or (kind == "sign" and operand_expected):
            unary += 1
            operand_expected = True
        elif kind in ("sign", "op"):
            unary, operand_expected = 0, True
        elif kind == "word":
            word = m.group().upper()
            operand_expected = word in _KEYWORDS_BEFORE_OPERAND
            unary = 0
        else:  # a string, quoted name or comment
            if not m.group().startswith(("--", "/*")):
                unary, operand_expected = 0, False
            continue
        best = max(best, depth + unary)
    return best


_KEYWORDS_BEFORE_OPERAND = {"SELECT", "WHERE", "AND", "OR", "WHEN", "THEN", "ELSE", "ON", "HAVING", "BY", "IS",
                            "LIKE", "IN", "BETWEEN", "RETURN", "SET", "VALUES", "DISTINCT", "ALL", "LIMIT",
                            "OFFSET", "AS"}
