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
    starts = []
    for table in tree.find_all(exp.Table):
        ident = table.this
        if not isinstance(ident, exp.Identifier) or table.db or table.catalog:
            continue
        if _names_a_cte(table, _folded(ident)):
            continue
        start = (ident.meta or {}).get("start")
        if start is None:
            raise ValueError(f"cannot place table {ident.name!r} in the probe")
        starts.append(start - (1 if ident.quoted and sql[start - 1:start] == '"' else 0))
    prefix = quote_ident(schema) + "."
    for start in sorted(set(starts), reverse=True):
        sql = sql[:start] + prefix + sql[start:]
    return sql


def _names_a_cte(table, name: str) -> bool:
    """Whether ``name`` at ``table`` is a CTE in scope there, as PostgreSQL scopes them: a WITH's CTEs are
    visible in its query and in the CTEs defined after them, in their own body only under WITH RECURSIVE
    (``WITH songs AS (SELECT ... FROM songs)`` reads the table songs), and not outside the query holding it."""
    from sqlglot import exp

    child, node = table, table.parent
    while node is not None:
        with_ = node.args.get("with_") if isinstance(node, exp.Expression) else None
        if isinstance(with_, exp.With):
            ctes = list(with_.expressions)
            names = [_folded(c.args["alias"].this) if c.args.get("alias") else None for c in ctes]
            if child is with_:  # the table is inside one of this WITH's CTE bodies
                inner = next(i for i, c in enumerate(ctes) if _contains(c, table))
                visible = names if with_.args.get("recursive") else names[:inner]
            else:
                visible = names
            if name in visible:
                return True
        child, node = node, node.parent
    return False


def _contains(node, target) -> bool:
    at = target
    while at is not None:
        if at is node:
            return True
        at = at.parent
    return False


def _folded(ident) -> str:
    """An identifier's name as PostgreSQL stores it: folded to lower case unless quoted."""
    return ident.name if getattr(ident, "quoted", False) else ident.name.lower()
