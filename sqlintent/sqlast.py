"""The one adapter between sqlintent and sqlglot: parsing with exact error positions, and spans.

sqlglot records positions only on leaves (identifiers, literals, some functions); clause spans are derived
from their leaves, extended backwards over the clause keyword when asked.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from sqlglot import exp
from sqlglot.errors import ParseError, TokenError

from sqlintent.findings import Span
from sqlintent.limits.joins import parse_all

_DIALECT = {"postgresql": "postgres", "sqlite3": "sqlite"}

# sqlglot logs a warning for statements it reads as opaque commands (REPLACE INTO, VACUUM INTO, ...);
# sqlintent reports what matters itself, so keep sqlglot quiet on stderr.
logging.getLogger("sqlglot").setLevel(logging.ERROR)


@dataclass
class SqlSyntaxError(Exception):
    message: str
    span: Span

    def __str__(self) -> str:
        return self.message


def dialect_name(dialect: str) -> str:
    return _DIALECT.get(dialect, dialect)


def _offset(sql: str, line: int, col: int) -> int:
    starts = [0] + [m.end() for m in re.finditer("\n", sql)]
    line = max(1, min(line, len(starts)))
    return min(starts[line - 1] + max(col, 1) - 1, len(sql))


_BIG_HEX = re.compile(r"\b0[xX]0*[0-9a-fA-F]{17,}")


def parse(sql: str, dialect: str = "sqlite") -> exp.Expression:
    """Parse one statement. Raises SqlSyntaxError with the span of the offending token."""
    return parse_trees(sql, dialect)[0]


def parse_trees(sql: str, dialect: str = "sqlite") -> list[exp.Expression]:
    """Every statement sqlglot reads in ``sql`` (at least one; :func:`parse` takes the first), as the probe
    guard parses a probe (:func:`sqlintent.limits.joins.parse_all`): the guard may reuse them."""
    try:
        trees = parse_all(sql, dialect_name(dialect))
    except ParseError as err:
        info = err.errors[0] if err.errors else {}
        highlight = info.get("highlight") or ""
        line, col = info.get("line") or 1, info.get("col") or 1
        end = _offset(sql, line, col) + 1  # sqlglot's col is the token's last character
        start = max(0, end - len(highlight)) if highlight else max(0, end - 1)
        desc = info.get("description") or str(err).splitlines()[0]
        desc = re.sub(r"<Token token_type: [^,]+, text: ([^,]*), .*?>", r"'\1'", desc)
        desc = re.sub(r"Required keyword: '(\w+)' missing for <class '[\w.]*\.(\w+)'>",
                      lambda m: f"incomplete {m.group(2).upper()}: expected an expression", desc)
        if highlight == "SENTINEL" or "'SENTINEL'" in desc:
            desc = desc.replace("'SENTINEL'", "the end of the statement")
            start, end = max(0, len(sql.rstrip()) - 1), len(sql.rstrip())
            highlight = sql[start:end]
        if not highlight and end >= len(sql.rstrip()):
            desc = "unexpected end of statement: " + desc
        return_span = Span(start, max(end, start + 1))
        raise SqlSyntaxError(desc, return_span) from None
    except TokenError as err:
        raise SqlSyntaxError(f"cannot tokenize: {err}", Span(0, max(1, len(sql)))) from None
    except ValueError as err:
        # sqlglot turns a hex literal into a decimal number: past Python's 4,300 digits (about 3,600 hex
        # digits) that conversion refuses. SQLite itself refuses any past 16 significant digits.
        m = _BIG_HEX.search(sql)
        if m is None or "integer string conversion" not in str(err):
            raise
        raise SqlSyntaxError("hex literal too big (SQLite reads at most 16 hex digits)",
                             Span(m.start(), m.end())) from None
    trees = [t for t in trees if t is not None]
    if not trees:
        raise SqlSyntaxError("empty statement", Span(0, max(1, len(sql))))
    return trees


def node_span(node: exp.Expression) -> Span | None:
    """The span covering every positioned leaf under ``node`` (None when sqlglot kept no positions)."""
    lo, hi = None, None
    for n in node.walk():
        meta = n.meta if hasattr(n, "_meta") and n._meta else None
        if meta and "start" in meta:
            s, e = meta["start"], meta["end"] + 1
            lo = s if lo is None else min(lo, s)
            hi = e if hi is None else max(hi, e)
    return Span(lo, hi) if lo is not None else None


_TRAILING = re.compile(
    r"(?:\s+(?:IS\s+NOT\s+NULL|IS\s+NULL|NOT\s+NULL|ISNULL|NOTNULL|IS\s+(?:NOT\s+)?(?:TRUE|FALSE)|"
    r"ASC|DESC|NULLS\s+(?:FIRST|LAST))\b)+", re.I)


def clause_span(sql: str, node: exp.Expression, keyword: str | None = None) -> Span | None:
    """``node_span`` widened to the enclosing parentheses/quotes and back over ``keyword`` (e.g. WHERE)."""
    span = node_span(node)
    if span is None:
        return None
    start, end = span.start, span.end
    # close an opening parenthesis or quote the leaves leave out (functions, quoted identifiers)
    tail = sql[end:]
    m = re.match(r"[\s\"`\]']*\)*", tail)
    opened = sql[start:end].count("(") - sql[start:end].count(")")
    if m and opened > 0:
        closing = re.match(r"(\s*[\"`\]']?\s*\)){1,%d}" % opened, tail)
        if closing:
            end += closing.end()
    # trailing keywords that carry no position: IS [NOT] NULL, NOT NULL, ASC/DESC, NULLS FIRST/LAST, ...
    trailing = _TRAILING.match(sql, end)
    if trailing and trailing.end() > end:
        end = trailing.end()
    if keyword:
        pat = re.compile(r"\b" + r"\s+".join(map(re.escape, keyword.split())) + r"\b", re.I)
        best = None
        for mk in pat.finditer(sql, 0, start):
            best = mk
        if best is not None:
            start = best.start()
    return Span(start, end)


def is_star(node: exp.Expression) -> bool:
    """True for ``*`` and ``table.*`` (a select item that stands for all columns of its sources)."""
    return isinstance(node, exp.Star) or (isinstance(node, exp.Column) and isinstance(node.this, exp.Star))


def is_double_quoted_string_candidate(col: exp.Column) -> bool:
    """True for an unqualified "double-quoted" name: SQLite treats it as a string when no column matches."""
    ident = col.this
    return isinstance(ident, exp.Identifier) and bool(ident.args.get("quoted")) and not col.table


# sqlglot arg name -> (label, keyword that starts the clause)
_TOP_CLAUSES = (
    ("from_", "FROM", "FROM"),
    ("where", "WHERE", "WHERE"),
    ("group", "GROUP BY", "GROUP BY"),
    ("having", "HAVING", "HAVING"),
    ("order", "ORDER BY", "ORDER BY"),
    ("limit", "LIMIT", "LIMIT"),
)


def clause_spans(sql: str, dialect: str = "sqlite") -> list[tuple[str, Span]]:
    """Top-level clauses of ``sql`` with their spans (keyword included); [] when it does not parse."""
    try:
        tree = parse(sql, dialect)
    except Exception:  # noqa: BLE001
        return []
    out: list[tuple[str, Span]] = []
    _collect_clauses(sql, tree, "", out)
    return [(label, span) for label, span in out if span.end > span.start]


def _collect_clauses(sql: str, node, prefix: str, out: list) -> None:
    if isinstance(node, exp.Subquery) and isinstance(node.this, (exp.Select, exp.SetOperation)):
        node = node.this
    if isinstance(node, exp.SetOperation):
        op = type(node).__name__.upper()
        for i, side in enumerate((node.left, node.right), 1):
            span = clause_span(sql, side, "SELECT")
            if span is not None:
                out.append((f"{prefix}{op} branch {i}", span))
        return
    if not isinstance(node, exp.Select):
        return
    exprs = node.expressions
    if exprs:
        spans = [s for s in (clause_span(sql, e) for e in exprs) if s is not None]
        if spans:
            span = spans[0]
            for s in spans[1:]:
                span = span.union(s)
            out.append((f"{prefix}SELECT", span))
    for arg, label, kw in _TOP_CLAUSES:
        part = node.args.get(arg) or (node.args.get("from") if arg == "from_" else None)
        if not part:
            continue
        span = clause_span(sql, part, kw)
        if arg == "from_":
            for j in node.args.get("joins") or ():
                js = clause_span(sql, j)
                if js is not None and span is not None:
                    span = span.union(js)
        if span is not None:  # ASC/DESC, closing quotes: take trailing words that belong to the clause
            m = re.match(r"(\s+(?:ASC|DESC)\b)", sql[span.end:], re.I)
            if m:
                span = Span(span.start, span.end + m.end())
        if span is not None:
            out.append((f"{prefix}{label}", span))
