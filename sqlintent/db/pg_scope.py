"""Name resolution of a PostgreSQL probe: tables of the schema sqlintent read, functions of pg_catalog only.

PostgreSQL finds an unqualified function, operator or type along ``search_path``, and reads ``x.f`` as the
call ``f(x)`` when ``x`` has no column ``f`` (functional notation): the guard sees no ``f(`` to check, so a
probe could run any function of the user's schema that takes a table's row. A probe therefore runs with
``SET LOCAL search_path = pg_catalog, pg_temp`` and each table it names is qualified with the schema sqlintent
loaded (``current_schema()`` when it connected): ``x.f``, an unqualified operator and a type outside
pg_catalog then fail to resolve instead of running someone's code. (An extension's functions or operators
installed in the user's schema cannot be probed.)
"""
from __future__ import annotations

from sqlintent.sqltext import quote_ident

SEARCH_PATH = "SET LOCAL search_path = pg_catalog, pg_temp"


def qualify_tables(sql: str, schema: str) -> str:
    """``sql`` with every table it names without a schema (and that is not one of its CTEs) prefixed with
    ``schema``. Raises ValueError when a table's place in the text is unknown (the probe is then not run)."""
    from sqlglot import exp

    from sqlintent.limits.joins import parse_all  # as the guard parses it: sqlglot alone is exponential in
    # ON-less join chains, and this text is hostile (the guard passed it, up to MAX_JOINS joins)

    (tree,) = [t for t in parse_all(sql, "postgres") if t is not None]
    ctes = {_folded(c.args["alias"].this) for c in tree.find_all(exp.CTE) if c.args.get("alias")}
    starts = []
    for table in tree.find_all(exp.Table):
        ident = table.this
        if not isinstance(ident, exp.Identifier) or table.db or table.catalog:
            continue
        if _folded(ident) in ctes:
            continue
        start = (ident.meta or {}).get("start")
        if start is None:
            raise ValueError(f"cannot place table {ident.name!r} in the probe")
        starts.append(start - (1 if ident.quoted and sql[start - 1:start] == '"' else 0))
    prefix = quote_ident(schema) + "."
    for start in sorted(set(starts), reverse=True):
        sql = sql[:start] + prefix + sql[start:]
    return sql


def _folded(ident) -> str:
    """An identifier's name as PostgreSQL stores it: folded to lower case unless quoted."""
    return ident.name if getattr(ident, "quoted", False) else ident.name.lower()
