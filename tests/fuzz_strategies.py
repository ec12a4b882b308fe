"""Hypothesis strategies for hostile input: SQL files and LSP message streams (no tests here).

Used by tests/test_fuzz.py (a small fixed-seed budget in every run; ``pytest -m fuzz --hypothesis-profile
long`` for a long one) and benchmarks/bench_fuzz.py (inputs per second, long background runs).
"""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

REPO = Path(__file__).resolve().parent.parent


def _real_statements() -> list[str]:
    """Statements from the repository's example and test SQL (the seeds that mutations start from)."""
    from sqlintent.document import parse_document

    out = []
    for f in sorted((REPO / "examples" / "queries").glob("*.sql")) + [REPO / "tests" / "signals_shop.sql"]:
        if f.is_file():
            text = f.read_text(encoding="utf-8")
            for s in parse_document(text).statements:
                intent = f"-- intent: {s.intent}\n" if s.intent else ""
                out.append(intent + s.text)
    return out or ["SELECT name FROM customers WHERE city = 'Paris'"]


REAL = _real_statements()

KEYWORDS = ["SELECT", "FROM", "WHERE", "JOIN", "LEFT JOIN", "ON", "USING", "GROUP BY", "HAVING", "ORDER BY",
            "LIMIT", "UNION", "EXCEPT", "WITH", "AS", "CASE", "WHEN", "THEN", "ELSE", "END", "NOT", "AND", "OR",
            "IN", "EXISTS", "BETWEEN", "LIKE", "IS NULL", "DISTINCT", "count(*)", "*", "customers", "orders",
            "name", "city", "customer_id", "INSERT", "DELETE", "DROP TABLE", "PRAGMA", "ATTACH", "VALUES",
            "OVER (PARTITION BY", "WINDOW", "RECURSIVE", "COLLATE", "CAST(", "::", "->>", "||"]
PUNCT = ["(", ")", ",", ";", ".", "=", "<>", "!=", "<", ">=", "+", "-", "*", "/", "%", "?", ":x", "@x", "$1"]
QUOTED = ["'Paris'", "''", "'it''s'", "'unterminated", '"name"', '"unterminated', "`name`", "[name]", "[unterminated",
          "-- comment\n", "-- noqa\n", "-- noqa: SIS003\n", "-- intent: count customers\n", "/* block */",
          "/* unterminated", "/* nested /* */ */", "$$ body $$", "$tag$ body $tag$", "$x$ unterminated",
          "E'\\''", "x'00ff'", "N'text'", "'\\'", "1e308", "-0", "0x7fffffffffffffff", "99999999999999999999999"]
ODD = ["\x00", "\x01", "\x07", "\x1b[31m", "\r", "\r\n", "\t", "\x0b", "\x0c", "\u2028", "\u00a0", "\ufeff",
       "\ud800", "\udfff", "\ufffd", "\uffff", "\U0001f600", "e\u0301", "\u202e", "\u200b"]


def huge_token() -> st.SearchStrategy[str]:
    return st.builds(lambda ch, n: ch * n, st.sampled_from(["a", "9", "'", "(", "x_", "é", " "]),
                     st.integers(1_000, 60_000))


TOKEN = st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(PUNCT), st.sampled_from(QUOTED), st.sampled_from(ODD),
                  st.text(max_size=8), st.sampled_from(["a" * 5000, "'" + "x" * 20_000 + "'", "9" * 3000,
                                                        "0x" + "f" * 4000, "x'" + "ab" * 3000 + "'"]))


@st.composite
def mutated(draw) -> str:
    """A real statement with a few edits: deleted, duplicated, swapped or inserted pieces."""
    text = draw(st.sampled_from(REAL))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "duplicate", "swap", "truncate"]))
        n = len(text)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 40)))
        if op == "insert":
            text = text[:i] + " " + draw(TOKEN) + " " + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "swap" and j < n:
            k = draw(st.integers(j, n))
            text = text[:i] + text[j:k] + text[i:j] + text[k:]
        elif op == "truncate":
            text = text[:i]
    return text


NESTERS = {
    "parentheses": lambda n: "SELECT " + "(" * n + "1" + ")" * n,
    "functions": lambda n: "SELECT " + "abs(" * n + "1" + ")" * n,
    "case": lambda n: "SELECT " + "CASE WHEN 1 THEN " * n + "1" + " END" * n,
    "not": lambda n: "SELECT name FROM customers WHERE " + "NOT " * n + "1",
    "minus": lambda n: "SELECT " + "- " * n + "1",
    "subqueries": lambda n: "SELECT " + "(SELECT " * n + "1" + ")" * n,
    "from": lambda n: "SELECT * FROM " + "(SELECT * FROM " * n + "customers" + ")" * n,
    "in": lambda n: "SELECT name FROM customers WHERE customer_id IN " + "(SELECT customer_id FROM orders WHERE customer_id IN " * n + "(1)" + ")" * n,
    "unclosed": lambda n: "SELECT " + "(" * n + "1",
    "cte": lambda n: "WITH " + ", ".join(f"c{i} AS (SELECT {i})" for i in range(n)) + " SELECT 1",
    "union": lambda n: " UNION ".join(["SELECT 1"] * max(1, n)),
}


@st.composite
def deep(draw) -> str:
    kind = draw(st.sampled_from(sorted(NESTERS)))
    return NESTERS[kind](draw(st.integers(0, 260)))


def _join_clauses(draw, n: int, on: str) -> list[str]:
    parts = ["SELECT * FROM customers c"]
    for i in range(n):
        kind = draw(st.sampled_from(["JOIN", "LEFT JOIN", "CROSS JOIN", ",", "NATURAL JOIN", "INNER JOIN"]))
        clause = f"{kind} orders o{i}" if kind != "," else f", orders o{i}"
        if kind not in (",", "CROSS JOIN", "NATURAL JOIN") and (on == "all" or (on == "some" and draw(st.booleans()))):
            clause += f" ON o{i}.customer_id = c.customer_id"
        parts.append(clause)
    return parts


@st.composite
def join_chain(draw) -> str:
    n = draw(st.integers(0, 150))
    on = draw(st.sampled_from(["none", "some", "all"]))
    return " ".join(_join_clauses(draw, n, on))


@st.composite
def empty_join_chain(draw) -> str:
    """A JOIN chain (ON, CROSS, NATURAL and comma joins mixed) whose last ON cannot hold: the column is
    compared with itself minus a number of thousands of digits (issue 12's 2.0 s statement: 35 joins and a
    long number). The result is empty, and running the statement (SIR001's probe) reads the product of the
    joined tables before it knows: up to the probe timeout. Sometimes with an intent."""
    n = draw(st.integers(1, 80))
    parts = _join_clauses(draw, n, draw(st.sampled_from(["none", "some", "all"])))
    op = draw(st.sampled_from([" - ", "\n- ", " + ", " * "]))
    parts.append(f"JOIN orders o{n} ON o{n}.customer_id = c.customer_id{op}" + "9" * draw(st.integers(1_000, 100_000)))
    sql = " ".join(parts)
    return draw(st.sampled_from(["", "-- intent: the customers and their orders\n"])) + sql


# the join kinds of issue 12's 2.0 s statement (regenerated: hypothesis seed 4049 of `bench_fuzz.py --seed
# 3900 --target file`, a file's second statement), in order: J JOIN, L LEFT JOIN, I INNER JOIN (each with an
# ON), x CROSS JOIN, n NATURAL JOIN, "," a comma join; the last JOIN carries the long number
ISSUE12_MIX = "LIxnxxILxIxILIIxI,LIJLxx,I,IJLJ,LxJ"
_KINDS = {"J": "JOIN", "L": "LEFT JOIN", "I": "INNER JOIN", "x": "CROSS JOIN", "n": "NATURAL JOIN", ",": ","}


def mixed_joins(n: int, tail: str, mix: str = ISSUE12_MIX) -> str:
    """``n`` joins of ``orders`` in ``mix``'s kinds (repeated as needed), the last a JOIN whose ON ends
    with ``tail``."""
    parts = ["SELECT * FROM customers c"]
    kinds = (mix[:-1] * (n // max(1, len(mix) - 1) + 1))[:n - 1] + "J"
    for i, k in enumerate(kinds):
        parts.append(f"{_KINDS[k]} orders o{i}" if k != "," else f", orders o{i}")
        if k.isupper():
            parts.append(f"ON o{i}.customer_id = c.customer_id" + (tail if i == n - 1 else ""))
    return " ".join(parts)


@st.composite
def token_soup(draw) -> str:
    return " ".join(draw(st.lists(TOKEN, max_size=40)))


@st.composite
def intent_of(draw, body: st.SearchStrategy[str]) -> str:
    intent = draw(st.one_of(st.text(max_size=200), st.sampled_from(ODD), st.just("names " * 40_000),
                            st.sampled_from(["count customers", "names of customers in Paris", "\ud800 ids"])))
    return f"-- intent: {intent}\n" + draw(body)


STATEMENT = st.one_of(mutated(), deep(), join_chain(), token_soup(), st.text(max_size=300),
                      st.sampled_from(REAL), huge_token())


@st.composite
def sql_file(draw) -> str:
    """A whole file: statements (some with intents), separators and odd bytes in between."""
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        stmt = draw(st.one_of(STATEMENT, intent_of(STATEMENT)))
        parts.append(stmt + draw(st.sampled_from([";\n", ";", "\n", ";;\n", " -- tail\n;", ""])))
    return "".join(parts)


# -- LSP --------------------------------------------------------------------------------------------------

def _frame(body: bytes, length: int | None = None, sep: bytes = b"\r\n") -> bytes:
    n = len(body) if length is None else length
    return b"Content-Length: %d" % n + sep + sep + body


METHODS = ["textDocument/hover", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
           "textDocument/codeAction", "textDocument/diagnostic", "workspace/didChangeConfiguration",
           "workspace/executeCommand", "$/cancelRequest", "$/setTrace", "nonsense/method", "", "initialize",
           "textDocument/completion", "workspace/symbol"]

JSON_VALUE = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                                    st.text(max_size=20)),
                          lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                  st.dictionaries(st.text(max_size=10), inner, max_size=4)),
                          max_leaves=12)


@st.composite
def lsp_message(draw, uri: str = "file:///tmp/fuzz.sql") -> bytes:
    """One frame as bytes: a plausible request or notification, or a malformed frame."""
    method = draw(st.sampled_from(METHODS))
    params = draw(st.one_of(JSON_VALUE, st.just({"textDocument": {"uri": uri, "languageId": "sql", "version": 1,
                                                                   "text": "SELECT nme FROM customers;"}}),
                            st.just({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 8}}),
                            st.just({"textDocument": {"uri": uri}, "position": {"line": -5, "character": 10**12}})))
    msg: dict = {"jsonrpc": draw(st.sampled_from(["2.0", "2.0", "2.0", "1.0", 2])), "method": method,
                 "params": params}
    if draw(st.booleans()):
        msg["id"] = draw(st.one_of(st.integers(10_000, 10**9), st.text(max_size=6), st.none()))
    body = json.dumps(msg).encode()
    shape = draw(st.sampled_from(["ok", "ok", "long", "short", "zero", "none", "lf", "junk", "notjson", "array",
                                  "huge", "binary"]))
    if shape == "ok":
        return _frame(body)
    if shape == "long":
        return _frame(body, len(body) + draw(st.integers(1, 500)))
    if shape == "short":
        return _frame(body, max(1, len(body) - draw(st.integers(1, 50))))
    if shape == "zero":
        return _frame(body, 0)
    if shape == "none":
        return b"\r\n" + body
    if shape == "lf":
        return _frame(body, sep=b"\n")
    if shape == "junk":
        return draw(st.binary(max_size=200))
    if shape == "notjson":
        return _frame(draw(st.binary(min_size=1, max_size=200)))
    if shape == "array":
        return _frame(b"[" + body + b"]")
    if shape == "huge":
        return b"Content-Length: %d\r\n\r\n" % draw(st.integers(10**8, 10**12))
    return _frame(bytes(draw(st.lists(st.integers(0, 255), max_size=100))))


def lsp_stream(max_size: int = 20) -> st.SearchStrategy[list[bytes]]:
    return st.lists(lsp_message(), min_size=1, max_size=max_size)
