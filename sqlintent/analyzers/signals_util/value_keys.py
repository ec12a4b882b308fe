"""Whether a query names a value's row by its key instead of by the value ("the cast of 'Casablanca'" written
``movie_id = 11768``; "stops 115 and 137" written ``name = 'Haymarket'``).

A question often names a row by a stored text value where the query uses the row's primary key, or the other
way round: both select the same row. :func:`by_key` looks the pair up in the database with one read-only probe
per candidate table (a handful at most), so a value the query writes in its other form is not reported
missing.
"""
from __future__ import annotations

from sqlintent.analyzers.signals_util.values import fold, quote_ident, quote_str, value_index

MAX_PROBES = 6
MAX_KEYS = 20


def _single_key(ctx, table: str) -> str | None:
    t = ctx.schema.table(table) if ctx.schema is not None else None
    if t is None:
        return None
    keys = list(t.primary_key) or [c.name for c in t.columns if c.primary_key]
    return keys[0] if len(keys) == 1 else None


def _row_has(ctx, rule, table: str, column: str, text: str, keys) -> bool:
    key = _single_key(ctx, table)
    if key is None:
        return False
    t = ctx.schema.table(table)
    col = t.column(column)
    if col is None:
        return False
    listed = ", ".join(str(int(k)) for k in keys)
    sql = (f"SELECT 1 FROM {quote_ident(t.name)} WHERE lower({quote_ident(col.name)}) = {quote_str(text.lower())} "
           f"AND {quote_ident(key)} IN ({listed}) LIMIT 1")
    res = ctx.probe(rule, sql)
    return bool(res is not None and res.rows)


def by_key(ctx, rule, value, facts) -> bool:
    """True when the query's literals name the row ``value`` names, in the other form: a text value stored in
    a table whose primary key the query compares with that row's key, or a number that is the key of a row
    whose stored text the query uses."""
    if ctx.database is None or ctx.schema is None:
        return False
    idx = value_index(ctx, rule)
    probes = 0
    if value.kind in ("quoted", "proper"):
        keys = sorted({v for v, _ in facts.numbers if float(v).is_integer()})[:MAX_KEYS]
        if not keys:
            return False
        for table, column in sorted(idx.by_folded.get(fold(value.text), ())):
            if probes >= MAX_PROBES:
                break
            if _single_key(ctx, table) is None:
                continue
            probes += 1
            if _row_has(ctx, rule, table, column, value.text, keys):
                return True
        return False
    if value.kind == "number":
        try:
            n = float(value.text.replace(",", ""))
        except ValueError:
            return False
        if not n.is_integer():
            return False
        for text, _node in facts.strings:
            for table, column in sorted(idx.by_folded.get(fold(text), ())):
                if probes >= MAX_PROBES:
                    return False
                if _single_key(ctx, table) is None:
                    continue
                probes += 1
                if _row_has(ctx, rule, table, column, text, (n,)):
                    return True
    return False
