"""What sqlintent may say about an error a database raised: its class, never its message.

A database's error message quotes the value it choked on, and a checked file chooses that value: a
statement that feeds ``group_concat(token)`` to ``json_extract`` (SQLite) or casts ``string_agg(token, ',')``
to an integer (DuckDB, PostgreSQL) makes the message carry a whole column. So a finding, a hover, a log
line or a note on stderr names a database error only through :func:`describe`:

- PostgreSQL: its SQLSTATE, the condition name and the class of condition
  (``PostgreSQL error 22P02 invalid_text_representation (data exception)``);
- DuckDB: its exception type and what that type means (``DuckDB ConversionException (a value could not be
  converted to the type asked for)``);
- SQLite: ``SQLite error`` and, where the message has one of a few known shapes, a fixed category of it
  (``malformed JSON``, ``a bad JSON path``): the category is sqlintent's text, nothing is copied from the
  message.

The database's own message (its first line) is added only when the operator shows stored values
(``--show-values always``, :func:`sqlintent.disclosure.database_text_shown`; never with ``CI=true``), and
then with every secret masked (:func:`sqlintent.redact.redact`) and every word that looks like a key or a
token (:func:`sqlintent.disclosure.looks_secret`) replaced by ``***``.
"""
from __future__ import annotations

import re

__all__ = ["describe", "database_message"]

ENGINES = {"sqlite": "SQLite", "duckdb": "DuckDB", "postgres": "PostgreSQL"}

# SQLSTATE classes (the first two characters), as PostgreSQL's Appendix A names them
_PG_CLASSES = {
    "01": "warning", "02": "no data", "03": "SQL statement not yet complete", "08": "connection exception",
    "09": "triggered action exception", "0A": "feature not supported", "0B": "invalid transaction initiation",
    "0F": "locator exception", "0L": "invalid grantor", "0P": "invalid role specification",
    "0Z": "diagnostics exception", "20": "case not found", "21": "cardinality violation",
    "22": "data exception", "23": "integrity constraint violation", "24": "invalid cursor state",
    "25": "invalid transaction state", "26": "invalid SQL statement name",
    "27": "triggered data change violation", "28": "invalid authorization specification",
    "2B": "dependent privilege descriptors still exist", "2D": "invalid transaction termination",
    "2F": "SQL routine exception", "34": "invalid cursor name", "38": "external routine exception",
    "39": "external routine invocation exception", "3B": "savepoint exception",
    "3D": "invalid catalog name", "3F": "invalid schema name", "40": "transaction rollback",
    "42": "syntax error or access rule violation", "44": "WITH CHECK OPTION violation",
    "53": "insufficient resources", "54": "program limit exceeded", "55": "object not in prerequisite state",
    "57": "operator intervention", "58": "system error", "72": "snapshot failure",
    "F0": "configuration file error", "HV": "foreign data wrapper error", "P0": "PL/pgSQL error",
    "XX": "internal error",
}

# DuckDB's exception types and what each means (the type is all that is shown)
_DUCKDB_TYPES = {
    "ConversionException": "a value could not be converted to the type asked for",
    "OutOfRangeException": "a value out of its type's range",
    "InvalidInputException": "an argument the function does not accept",
    "BinderException": "a name or type the statement cannot be bound to",
    "CatalogException": "a table, column or function that does not exist",
    "ParserException": "a syntax error",
    "SyntaxException": "a syntax error",
    "NotImplementedException": "something DuckDB does not implement",
    "OutOfMemoryException": "the memory limit was reached",
    "InterruptException": "the query was interrupted",
    "PermissionException": "an operation the connection may not perform",
    "IOException": "a file the connection may not read",
    "TypeMismatchException": "mismatched types",
    "InvalidTypeException": "an invalid type",
    "InternalException": "an internal error",
    "ConstraintException": "a constraint violation",
    "DependencyException": "a dependency error",
    "SequenceException": "a sequence error",
    "SerializationException": "a serialization error",
    "TransactionException": "a transaction error",
    "ConnectionException": "a connection error",
    "FatalException": "a fatal error (the connection is unusable)",
    "HTTPException": "an HTTP error",
}

# SQLite says little but its message: a few shapes are known, each mapped to a fixed category. Only the
# category is shown; whatever the message quotes (a JSON path, a value, a name) is not.
_SQLITE_SHAPES = (
    (re.compile(r"malformed JSON$"), "malformed JSON"),
    (re.compile(r"JSON path error\b|bad JSON path\b"), "a bad JSON path"),
    (re.compile(r"JSON cannot hold BLOB values$"), "a BLOB given to a JSON function"),
    (re.compile(r"(json_\w+|JSON) .*(too deep|nested too deeply)|JSON nested too deep"), "JSON nested too deeply"),
    (re.compile(r"not authorized\b|access to .* is prohibited$|authorization denied"),
     "not authorized (a function or source probes never touch)"),
    (re.compile(r"string or blob too big$"), "a value over the length limit"),
    (re.compile(r"interrupted$"), "interrupted"),
    (re.compile(r"integer overflow$"), "integer overflow"),
    (re.compile(r"no such function\b"), "no such function"),
    (re.compile(r"no such column\b"), "no such column"),
    (re.compile(r"no such table\b"), "no such table"),
    (re.compile(r"ambiguous column name\b"), "an ambiguous column name"),
    (re.compile(r"wrong number of arguments to function\b"), "a wrong number of arguments"),
    (re.compile(r"misuse of (aggregate|window function)\b"), "a misused aggregate or window function"),
    (re.compile(r"sub-select returns \d+ columns - expected \d+$"), "a subquery with the wrong number of columns"),
    (re.compile(r"row value misused$"), "a misused row value"),
    (re.compile(r"(parser stack overflow|Expression tree is too large)"), "a statement nested too deeply"),
    (re.compile(r"too many (terms in compound SELECT|columns|arguments|SQL variables)\b"), "too many terms"),
    (re.compile(r"datatype mismatch$"), "a datatype mismatch"),
    (re.compile(r"out of memory$"), "out of memory"),
    (re.compile(r"database is locked$|database table is locked"), "the database is locked"),
    (re.compile(r"database disk image is malformed$|file is not a database$"), "a damaged database file"),
    (re.compile(r"disk I/O error$"), "a disk I/O error"),
    (re.compile(r"unable to open database file$"), "the database file cannot be opened"),
    (re.compile(r"(attempt to write a readonly database|readonly database)$"), "a write to a read-only database"),
    (re.compile(r"(near \".*\": )?syntax error$|incomplete input$|unrecognized token\b"), "a syntax error"),
)


def _engine(exc: BaseException, dialect: str | None) -> str | None:
    if dialect in ENGINES:
        return dialect
    module = type(exc).__module__ or ""
    for prefix, name in (("psycopg", "postgres"), ("duckdb", "duckdb"), ("_duckdb", "duckdb"),
                         ("sqlite3", "sqlite")):
        if module.startswith(prefix):
            return name
    return None


def _pg_condition(sqlstate: str, exc: BaseException) -> str:
    """The condition name of ``sqlstate`` (``invalid_text_representation``), from psycopg's table."""
    try:
        from psycopg import errors

        cls = errors.lookup(sqlstate)
        for name, other in getattr(errors, "_sqlcodes", {}).items():
            if other is cls and name != sqlstate and not name[:1].isdigit():
                return name.lower()
        return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    except Exception:  # noqa: BLE001 - an unknown code: no name
        return ""


def _postgres(exc: BaseException) -> str:
    sqlstate = getattr(exc, "sqlstate", None) or getattr(getattr(exc, "diag", None), "sqlstate", None)
    if isinstance(sqlstate, str) and re.fullmatch(r"[0-9A-Z]{5}", sqlstate):
        name = _pg_condition(sqlstate, exc)
        cls = _PG_CLASSES.get(sqlstate[:2])
        return f"PostgreSQL error {sqlstate}" + (f" {name}" if name else "") + (f" ({cls})" if cls else "")
    kind = type(exc).__name__
    if kind in ("OperationalError", "InterfaceError"):
        return f"PostgreSQL {kind} (the connection failed or was lost)"
    return f"PostgreSQL {kind}" if re.fullmatch(r"\w{1,60}", kind) else "PostgreSQL error"


def _duckdb(exc: BaseException) -> str:
    kind = type(exc).__name__
    if kind in _DUCKDB_TYPES:
        return f"DuckDB {kind} ({_DUCKDB_TYPES[kind]})"
    return f"DuckDB {kind}" if re.fullmatch(r"\w{1,60}", kind) else "DuckDB error"


def _sqlite(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    for shape, category in _SQLITE_SHAPES:
        if shape.match(text) or (shape.search(text) and category in ("a bad JSON path", "a syntax error")):
            return f"SQLite error ({category})"
    name = getattr(exc, "sqlite_errorname", None)
    if isinstance(name, str) and re.fullmatch(r"SQLITE_[A-Z_]{1,40}", name) and name != "SQLITE_ERROR":
        return f"SQLite error ({name})"
    return "SQLite error"


def database_message(exc: BaseException) -> str:
    """The first line of the database's own message with every secret masked and every word that looks
    like a key or a token replaced by ``***``. Shown only where :func:`describe` is asked to show values."""
    from sqlintent.disclosure import looks_secret
    from sqlintent.redact import MASK, redact

    text = str(exc).strip()
    first = text.splitlines()[0] if text else ""
    first = redact(first[:2000])
    return re.sub(r"[^\s'\",()\[\]{}]+", lambda m: MASK if looks_secret(m.group(0)) else m.group(0), first)


def describe(exc: BaseException, dialect: str | None = None, show_values: bool | None = None) -> str:
    """A printable description of ``exc``, an error a database raised, that holds no stored value.

    ``dialect``: "sqlite", "duckdb" or "postgres" (the database that raised it; None: guessed from the
    exception's module). ``show_values``: add the database's own message, secret-filtered
    (:func:`database_message`); None (the default) follows the run's disclosure mode
    (:func:`sqlintent.disclosure.database_text_shown`: ``--show-values always`` outside CI).

    >>> import sqlite3
    >>> describe(sqlite3.OperationalError("JSON path error near 'sk_live_51Hq'"), "sqlite", False)
    'SQLite error (a bad JSON path)'

    The result is one line without the message's text: ``PostgreSQL error 22P02 invalid_text_representation
    (data exception)``, ``DuckDB ConversionException (a value could not be converted to the type asked
    for)``, ``SQLite error (malformed JSON)``; for an exception of no known database, its class name.
    """
    if show_values is None:
        from sqlintent.disclosure import database_text_shown

        show_values = database_text_shown()
    engine = _engine(exc, dialect)
    if engine == "postgres":
        out = _postgres(exc)
    elif engine == "duckdb":
        out = _duckdb(exc)
    elif engine == "sqlite":
        out = _sqlite(exc)
    else:
        kind = type(exc).__name__
        out = kind if re.fullmatch(r"\w{1,60}", kind) else "error"
    if show_values:
        message = database_message(exc)
        if message:
            out += f": {message}"
    return out


def is_database_error(exc: BaseException) -> bool:
    """Whether ``exc`` (or an exception it was raised from) came from a database driver."""
    seen = 0
    while exc is not None and seen < 10:
        if _engine(exc, None) is not None:
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def printable(exc: BaseException) -> str:
    """``exc`` as an internal-error message may show it: ``repr(exc)``, unless it is (or was raised from) a
    database driver's error, which :func:`describe` names by its class."""
    if not is_database_error(exc):
        return repr(exc)
    cause = exc
    while _engine(cause, None) is None:
        cause = cause.__cause__ or cause.__context__
    return describe(cause, None)
