"""What a database's refusal means, in words that quote none of its values.

One function, :func:`describe`, reads an exception a database raised on a statement or a probe (or a
PostgreSQL SQLSTATE and message) and says whether the statement itself was refused (``refused``: an error
finding) or sqlintent could not ask (``timeout``, ``privilege``, ``unclassified``: the statement goes
unchecked), with the reason in words. A database's message may quote values (PostgreSQL's ``invalid input
syntax for type integer: "..."``): every quoted part is replaced by ``"..."`` and the words are cut to a
line, so no stored or literal value leaves through them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

REFUSED, TIMEOUT, PRIVILEGE, UNCLASSIFIED = "refused", "timeout", "privilege", "unclassified"
_MAX = 160

# PostgreSQL SQLSTATEs (class 42: syntax error or access rule violation; 22: data exception; 0A: feature not
# supported) that say the statement itself cannot run, whatever the data
_PG_WORDS = {
    "42883": "no function or operator takes these argument types",
    "42804": "an expression has the wrong type",
    "42846": "a value cannot be cast to the type asked",
    "42P18": "the type of an expression cannot be determined",
    "42725": "a function call is ambiguous",
    "42803": "a column must appear in GROUP BY or be used in an aggregate",
    "42P10": "an ORDER BY, GROUP BY or DISTINCT ON term is invalid",
    "42P20": "a window function is used where it is not allowed",
    "42P19": "a recursive query is invalid",
    "42601": "syntax error",
    "42P09": "an alias is ambiguous",
    "42P08": "a parameter's type is ambiguous",
    "42809": "an object is of the wrong kind",
    "42P22": "a collation cannot be determined",
    "0A000": "a feature this server does not support",
}
# states that say sqlintent could not ask, not that the statement is wrong
_PG_UNCHECKED = {"42501": PRIVILEGE, "57014": TIMEOUT, "42704": UNCLASSIFIED}
_QUOTED = re.compile(r"'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?")


_BUILTIN_TYPE = re.compile(
    r"(?:unknown|integer|bigint|smallint|numeric|real|double precision|text|character varying|character|"
    r"boolean|date|time(?:stamp)?(?: with(?:out)? time zone)?|interval|jsonb?|uuid|bytea|name|oid|money|"
    r"inet|cidr|record|anyelement)(?:\(\d+(?:,\s*\d+)?\))?(?:\[\])*", re.IGNORECASE)
_BUILTIN_OPERATORS = frozenset({"=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "||"})
_OPERATOR = re.compile(r"operator does not exist: (.+)$", re.IGNORECASE)
_FUNCTION = re.compile(r"function [\w.\"]+\((.*)\) does not exist", re.IGNORECASE)


def _builtin_operands(message: str) -> bool:
    """Whether a PostgreSQL "does not exist" refusal names only built-in types (so it is the statement's own
    type error, not an extension the probe's search_path cannot see)."""
    first = (message or "").split("\n", 1)[0].strip()
    m = _OPERATOR.search(first)
    if m:
        ops = re.findall(r"(?:^|\s)([^\w\s\[\](),]+)(?=\s)", " " + m.group(1) + " ")
        if not ops or any(op not in _BUILTIN_OPERATORS for op in ops):
            return False  # an operator extensions define (hstore's ->, pg_trgm's %, PostGIS's &&)
        types = [t.strip() for t in re.split(r"\s+[^\w\s\[\]()]+\s+|^[^\w\s]+\s+", m.group(1)) if t.strip()]
    else:
        m = _FUNCTION.search(first)
        if not m:
            return False
        types = [t.strip() for t in m.group(1).split(",") if t.strip()]
    return bool(types) and all(_BUILTIN_TYPE.fullmatch(t) for t in types)


@dataclass(frozen=True)
class Refusal:
    cause: str  # refused | timeout | privilege | unclassified
    words: str  # the reason, quoting no value


def masked(message: str) -> str:
    """The first line of ``message`` with every quoted part replaced by ``"..."``, cut to a line."""
    first = (message or "").strip().split("\n", 1)[0].strip()
    first = _QUOTED.sub('"..."', first)
    return first if len(first) <= _MAX else first[:_MAX - 3].rstrip() + "..."


def describe(exc: BaseException | None = None, *, sqlstate: str | None = None, message: str | None = None,
             engine: str = "") -> Refusal:
    """Why ``exc`` (or a ``sqlstate`` and ``message``) stopped a statement or a probe; see the module."""
    from sqlintent.db.sqlite import QueryTimeout

    if isinstance(exc, (QueryTimeout, TimeoutError)):
        return Refusal(TIMEOUT, "it ran past its time limit")
    if exc is not None:
        sqlstate = sqlstate or getattr(getattr(exc, "diag", None), "sqlstate", None) or getattr(exc, "sqlstate", None)
        message = message if message is not None else str(exc)
    message = message or ""
    low = message.lower()
    if sqlstate:
        if sqlstate in _PG_UNCHECKED:
            cause = _PG_UNCHECKED[sqlstate]
            words = {PRIVILEGE: "the role may not read a table or call a function it uses",
                     TIMEOUT: "it ran past its time limit"}.get(cause, masked(message))
            return Refusal(cause, words)
        if sqlstate in ("42P18", "42P08", "42P02") and "parameter" in message.lower():
            # $1 in a query file: its type comes from the caller, not from the statement: not a refusal
            return Refusal(UNCLASSIFIED, "the type of a query parameter ($1, ...) is not known here")
        if sqlstate == "42883" and not _builtin_operands(message):
            # an operator of an extension installed outside pg_catalog (hstore's ->, pg_trgm's %): the
            # probe's search_path cannot see it, so the server's refusal is not a verdict on the statement
            return Refusal(UNCLASSIFIED, masked(message))
        if sqlstate in _PG_WORDS or sqlstate[:2] in ("42", "22"):
            what = _PG_WORDS.get(sqlstate) or ("a constant cannot be read as its type" if sqlstate[:2] == "22"
                                               else "the statement breaks a rule of the language")
            return Refusal(REFUSED, f"{what} ({masked(message)}; SQLSTATE {sqlstate})")
        return Refusal(UNCLASSIFIED, f"SQLSTATE {sqlstate}")
    if "not authorized" in low or "permission denied" in low or "access to" in low and "prohibited" in low:
        return Refusal(PRIVILEGE, "the connection may not read what it uses")
    if "interrupted" in low or "timeout" in low or "timed out" in low:
        return Refusal(TIMEOUT, "it ran past its time limit")
    if engine == "SQLite" and message:
        return Refusal(REFUSED, masked(message))
    return Refusal(UNCLASSIFIED, masked(message) or (type(exc).__name__ if exc is not None else "no reason given"))
