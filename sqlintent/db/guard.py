"""Refuse anything but a single pure read-only query before it reaches a database.

The probe text is hostile (anyone who opens a pull request writes it). The guard decides on the whole text
with the database's own quoting rules (:mod:`sqlintent.sqltext`) and on every statement sqlglot finds:

1. exactly one statement: no semicolon outside strings and comments but a trailing one, nothing left
   unterminated;
2. every ``name(`` is a keyword, a type or a function on the database's allowlist
   (:mod:`sqlintent.db.allowlist`): no ``pg_*``, ``lo_*``, ``dblink``, ``set_config``, ``read_csv``, ``glob``...;
3. the statement is a query (SELECT, WITH, VALUES, a set operation) and holds nothing that writes, locks,
   changes settings or talks to the file system (INSERT/UPDATE/DELETE in a WITH, SELECT INTO, FOR UPDATE,
   COPY, ATTACH, INSTALL, LOAD, PRAGMA, SET...);
4. it reads tables by name only: no quoted file path in FROM, no system catalogue (PostgreSQL ``pg_*``).

Each driver then runs the text as one statement at most (see the database modules), so a guard mistake
still cannot run a second statement.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict

from sqlintent.db.allowlist import allowed
from sqlintent.sqltext import tokens, unquote_ident


class NotReadOnlyError(ValueError):
    """The statement is not a single read-only query and was not run."""


class ProbeRefused(NotReadOnlyError):
    """The statement calls a function, reads a source or runs a command a probe may not; it was not run.

    ``what`` names it (``pg_read_file()``, ``COPY``, ``file path '/etc/passwd'``).
    """

    def __init__(self, message: str, what: str):
        super().__init__(message)
        self.what = what


_FIRST_WORDS = {"select", "with", "values", "table"}
# Statements a hostile file may hold that are never run and are reported as not probed (not mere DML).
_COMMANDS = {
    "copy", "attach", "detach", "install", "load", "export", "import", "pragma", "set", "reset", "call",
    "do", "listen", "notify", "unlisten", "prepare", "execute", "deallocate", "vacuum", "checkpoint",
    "grant", "revoke", "lock", "discard", "begin", "start", "commit", "rollback", "end", "abort",
    "savepoint", "release", "use", "show", "describe", "summarize", "pivot", "unpivot", "analyze",
    "cluster", "reindex", "refresh", "security", "comment", "truncate", "force_checkpoint",
}
_FORBIDDEN = re.compile(
    r"\b(insert\s+into|insert\s+or|delete\s+from|update\s+\S+\s+set|drop|create|alter|attach|detach|"
    r"pragma|vacuum|truncate|grant|revoke|copy\s*\(|into\s+(temp|temporary|unlogged|table)\b)\b",
    re.I,
)
_PATH_CHARS = set("/\\:*?~")
_FILE_SUFFIX = re.compile(r"\.(csv|tsv|txt|json|jsonl|ndjson|parquet|xlsx?|db|sqlite3?|duckdb|gz|zst|arrow|"
                          r"feather|avro|orc|log)$", re.I)
_PG_SYSTEM_SCHEMAS = {"pg_catalog", "information_schema", "pg_toast"}
# the object identifier types whose input reads the system catalogue (matched against :func:`_type_name`)
_REG_TYPE = re.compile(r"reg(class|collation|config|dictionary|namespace|oper|operator|proc|procedure|role|type)")
# Past these the guard does not parse (its parse has no deadline): the statement is not probed.
MAX_TOKENS = 5_000
MAX_JOINS = 64


def _short(sql: str) -> str:
    return " ".join(sql.split())[:80]


def ensure_select(sql: str, dialect: str = "sqlite", *, parsed: tuple | None = None) -> str:
    """Return ``sql`` without a trailing semicolon if it is one pure read-only query, else raise.

    ``parsed``: ``(text, sqlglot dialect, trees)``, a parse the caller already has (the engine parses each
    statement before it probes it: ``StatementContext.parsed``). The guard uses those trees instead of
    parsing again only when it would parse exactly ``text`` with that dialect's parser; every other step
    runs as without them.

    Raises ProbeRefused (a NotReadOnlyError) naming the function, command or source that a probe may not
    touch, and NotReadOnlyError for anything else that is not a single query.

    >>> ensure_select("SELECT 1;")
    'SELECT 1'
    >>> ensure_select("DELETE FROM t")
    Traceback (most recent call last):
    ...
    sqlintent.db.guard.NotReadOnlyError: only a single SELECT may be run; refusing: DELETE FROM t
    >>> ensure_select("SELECT pg_read_file('/etc/passwd')", "postgres")
    Traceback (most recent call last):
    ...
    sqlintent.db.guard.ProbeRefused: not probed: pg_read_file() is not on the postgres allowlist of pure functions
    """
    ok, payload = _verdict(sql, dialect or "sqlite", parsed)
    if ok:
        return payload
    kind, message, what = payload
    if kind == "refused":
        raise ProbeRefused(message, what)
    raise NotReadOnlyError(message)


_VERDICTS: OrderedDict = OrderedDict()  # (sql, dialect) -> verdict, the most recent last
_VERDICTS_MAX = 4096
_verdicts_lock = threading.Lock()


def _verdict(sql: str, dialect: str, parsed: tuple | None = None):
    key = (sql, dialect)
    with _verdicts_lock:
        known = _VERDICTS.get(key)
        if known is not None:
            _VERDICTS.move_to_end(key)
            return known
    try:
        verdict = True, _check(sql, dialect, parsed)
    except ProbeRefused as exc:
        verdict = False, ("refused", str(exc), exc.what)
    except NotReadOnlyError as exc:
        verdict = False, ("plain", str(exc), "")
    with _verdicts_lock:
        _VERDICTS[key] = verdict
        while len(_VERDICTS) > _VERDICTS_MAX:
            _VERDICTS.popitem(last=False)
    return verdict


def _check(sql: str, dialect: str, parsed: tuple | None = None) -> str:
    short = _short(sql)
    toks = list(tokens(sql, dialect))
    sig = [t for t in toks if t.kind not in ("space", "comment")]
    bad = next((t for t in toks if t.unterminated), None)
    if bad is not None:
        raise NotReadOnlyError(f"only a single SELECT may be run; refusing an unterminated "
                               f"{'comment' if bad.kind == 'comment' else 'string or identifier'}: {short}")
    # 1. one statement: a semicolon may only end the text
    end = len(sig)
    while end and sig[end - 1].kind == "semicolon":
        end -= 1
    sig = sig[:end]
    if not sig:
        raise NotReadOnlyError("only a single SELECT may be run; refusing an empty statement")
    if any(t.kind == "semicolon" for t in sig):
        raise ProbeRefused(f"not probed: several statements in one probe: {short}", "several statements")
    joins = sum(1 for t in sig if t.kind == "word" and t.text.lower() == "join")
    if len(sig) > MAX_TOKENS or joins > MAX_JOINS:
        raise ProbeRefused(f"not probed: too long to check ({len(sig)} tokens, {joins} joins): {short}",
                           "an over-long statement")
    text = sql[toks[0].start if toks else 0:sig[-1].end].strip()
    # 2. every call is on the allowlist (names as written, whatever a parser makes of them)
    _check_calls(sig, dialect)
    first = _first_word(sig)
    if first in _COMMANDS:
        raise ProbeRefused(f"not probed: {first.upper()} is never run by a probe: {short}", first.upper())
    if first not in _FIRST_WORDS and not (dialect == "duckdb" and first == "from"):
        raise NotReadOnlyError(f"only a single SELECT may be run; refusing: {short}")
    code = "".join(" " if t.kind == "comment" else ("''" if t.kind == "string" else
                                                     ('""' if t.kind == "ident" else t.text)) for t in toks)
    hit = _FORBIDDEN.search(code)
    if hit:
        word = hit.group(1).split()[0].rstrip("(").upper()
        if word.lower() in _COMMANDS:
            raise ProbeRefused(f"not probed: {word} is never run by a probe: {short}", word)
        raise NotReadOnlyError(f"only a single SELECT may be run; '{hit.group(0)}' refused in: {short}")
    # 3. and 4. on every statement sqlglot finds (not past the nesting its recursive parser survives)
    from sqlintent.limits import MAX_NESTING_DEPTH, nesting_depth

    if nesting_depth(text) > MAX_NESTING_DEPTH:
        # not a SIX002: the engine reports such a statement as not checked at all (SIS006)
        raise NotReadOnlyError(f"only a query sqlintent can read may be run; nested too deeply: {short}")
    trees = None
    if parsed is not None and parsed[0] == text and parsed[1] == dialect:
        trees = list(parsed[2])
    _check_tree(text, dialect, short, trees)
    return text


def _first_word(sig) -> str:
    for t in sig:
        if t.kind == "punct" and t.text == "(":
            continue
        return t.text.lower() if t.kind == "word" else ""
    return ""


def _check_calls(sig, dialect: str) -> None:
    """Every ``name(`` must be allowed; CTE names and alias column lists (``AS x(a, b)``) are not calls."""
    depth = 0
    with_region = False  # between a top-level WITH and its main query: CTE names precede "("
    for k, t in enumerate(sig):
        if t.kind == "punct":
            depth += t.text == "("
            depth -= t.text == ")"
            continue
        low = t.text.lower() if t.kind == "word" else ""
        if depth == 0 and low == "with":
            with_region = True
            continue
        if depth == 0 and with_region and low in ("select", "values", "table", "from"):
            with_region = False
        nxt = sig[k + 1] if k + 1 < len(sig) else None
        if nxt is None or nxt.kind != "punct" or nxt.text != "(" or t.kind not in ("word", "ident"):
            continue
        if depth == 0 and with_region:
            continue
        prev = sig[k - 1] if k else None
        if prev is not None and prev.kind == "word" and prev.text.lower() == "as":
            continue
        name = _name(t)
        if dialect == "postgres" and prev is not None and prev.kind == "punct" and prev.text == ".":
            # schema.f(...): an allowlisted name in another schema is anyone's function (probes resolve
            # names in pg_catalog only: sqlintent.db.pg_scope)
            owner = sig[k - 2] if k >= 2 else None
            if owner is None or _name(owner).lower() != "pg_catalog":
                raise ProbeRefused(f"not probed: {name}() of another schema than pg_catalog", f"{name}()")
        if low in _COMMANDS:
            raise ProbeRefused(f"not probed: {low.upper()} is never run by a probe", low.upper())
        if t.kind == "ident" or not allowed(name, dialect):
            raise ProbeRefused(f"not probed: {name}() is not on the {dialect} allowlist of pure functions",
                               f"{name}()")


def _name(tok) -> str:
    """A word or quoted identifier token as the name it means."""
    return unquote_ident(tok.text) if tok.kind == "ident" else tok.text


def _deny_types():
    from sqlglot import exp

    names = ("DML", "DDL", "Command", "Copy", "Set", "Pragma", "Into", "Lock", "Transaction", "Commit",
             "Rollback", "Use", "Describe", "Attach", "Detach", "Install", "Export", "LoadData", "Kill",
             "Grant", "Revoke", "Show", "Analyze", "Cache", "Uncache", "Refresh", "Summarize", "Declare",
             "Placeholder", "Parameter")
    return tuple(getattr(exp, n) for n in names if hasattr(exp, n))


def _parse_all(text: str, dialect: str) -> list:
    """Every statement sqlglot finds, read as the engine reads a statement
    (:func:`sqlintent.limits.joins.parse_all`: with the join-chain fix, as sqlglot alone is exponential in
    ON-less JOIN chains), so that the engine's parse of the same text can stand in for it."""
    from sqlintent.limits.joins import parse_all

    return parse_all(text, dialect)


def _check_tree(text: str, dialect: str, short: str, trees: list | None = None) -> None:
    """Steps 3 and 4 on sqlglot's statements of ``text`` (``trees``: that parse, already made)."""
    from sqlglot import exp
    from sqlglot.errors import SqlglotError

    try:
        if trees is None:
            trees = [t for t in _parse_all(text, dialect) if t is not None]
    except (SqlglotError, RecursionError, ValueError) as exc:
        raise NotReadOnlyError(f"only a query sqlintent can read may be run; refusing: {short} "
                               f"({type(exc).__name__})") from None
    if len(trees) != 1:
        raise ProbeRefused(f"not probed: several statements in one probe: {short}", "several statements")
    tree = trees[0]
    if not isinstance(tree, (exp.Query, exp.Values)):
        raise NotReadOnlyError(f"only a single SELECT may be run; refusing: {short}")
    deny = _deny_types()
    for node in tree.walk():
        if isinstance(node, deny):
            what = type(node).__name__.upper()
            if isinstance(node, (exp.Into,)):
                what = "SELECT INTO"
            elif isinstance(node, exp.Lock):
                what = "FOR UPDATE/SHARE"
            raise ProbeRefused(f"not probed: {what} is never run by a probe: {short}", what)
        if isinstance(node, exp.Table):
            _check_table(node, dialect, short)
        elif dialect == "postgres" and isinstance(node, exp.DataType) and \
                _REG_TYPE.fullmatch(what := _type_name(node.sql("postgres"))):
            # 'x'::regclass, 17::regrole ...: each reads the system catalogue (every role, table, function),
            # however the type is written (pg_catalog.regrole, "regrole", pg_catalog."regclass", regrole[])
            raise ProbeRefused(f"not probed: a cast to {what} reads the system catalogue: {short}", f"::{what}")


def _type_name(text: str) -> str:
    """A type as written (``"pg_catalog"."regrole"[]``, ``pg_catalog.regclass``, ``REGROLE(3)``) as the bare
    name PostgreSQL resolves it to (``regrole``): unquoted, unqualified, lower case, without array bounds or
    modifiers."""
    name = re.sub(r"(\s*\[\s*\d*\s*\])+\s*$", "", text.strip())  # regrole[], regrole[3][]
    name = re.sub(r"\s*\(.*\)\s*$", "", name)  # a modifier: numeric(10, 2)
    parts = re.findall(r'"((?:[^"]|"")*)"|([^."]+)', name)
    last = parts[-1] if parts else ("", name)
    return (last[0].replace('""', '"') if last[0] else last[1]).strip().lower()


def _check_table(node, dialect: str, short: str) -> None:
    from sqlglot import exp

    ident = node.this
    if ident is None or isinstance(ident, exp.Func):
        return  # a table function: its name was checked against the allowlist
    if not isinstance(ident, exp.Identifier):
        raise ProbeRefused(f"not probed: only tables may be read: {short}", "a non-table source")
    name = ident.name
    if any(c in _PATH_CHARS for c in name) or _FILE_SUFFIX.search(name) or (
            dialect == "duckdb" and ident.quoted and "." in name):
        raise ProbeRefused(f"not probed: a file path is not a table: {name!r}", f"file path {name!r}")
    if dialect == "postgres":
        schema = (node.db or "").lower()
        if schema in _PG_SYSTEM_SCHEMAS or schema.startswith("pg_") or name.lower().startswith("pg_"):
            raise ProbeRefused(f"not probed: the system catalogue is not read by probes: {name}",
                               f"system table {name}")
