"""The value-to-column index of a database, built lazily and cached until the database changes.

For every column it holds the distinct text values (up to the probe row cap), read with ``ctx.probe``:
read-only, with a timeout and a row cap. The index is built on first use, kept in ``ctx.shared`` keyed by
the database, and dropped when ``database.version()`` changes (the file was written). Columns with more
distinct values than the cap are marked incomplete: a value not found in their sample is looked up with a
direct probe instead.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from sqlintent.sqltext import quote_ident  # re-exported: the rules quote with it from here

INDEX_BUDGET_S = 5.0  # stop indexing (the rest stays unindexed, looked up directly) after this long
MAX_DIRECT_LOOKUPS = 20  # direct probes per looked-up value for columns the index holds only in part


def quote_str(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


@dataclass
class ColumnValues:
    values: list[str]
    complete: bool


@dataclass
class ValueIndex:
    columns: dict[tuple[str, str], ColumnValues] = field(default_factory=dict)  # (table, column) lower
    by_value: dict[str, set[tuple[str, str]]] = field(default_factory=dict)  # exact text -> columns
    by_folded: dict[str, set[tuple[str, str]]] = field(default_factory=dict)  # case/space-folded text
    names: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)  # lower -> as spelled
    built: bool = False
    incomplete: set[tuple[str, str]] = field(default_factory=set)


def fold(value: str) -> str:
    return " ".join(value.split()).lower()


def _cache(ctx) -> dict:
    return ctx.shared.value_indexes


def _db_key(ctx):
    db = ctx.database
    try:
        version = db.version() if db is not None else None
    except Exception:  # noqa: BLE001 - a version that cannot be read: the values are re-read per engine
        version = None
    return (id(db), db.description if db is not None else ""), version


def _sqlite(ctx) -> bool:
    """Whether the values come from SQLite (or from no database at all: then no probe runs)."""
    return ctx.database is None or ctx.database.dialect == "sqlite"


def _text_filter(ctx, col: str) -> str:
    if _sqlite(ctx):
        return f"typeof({col}) = 'text'"
    return f"{col} IS NOT NULL"


def _is_text_type(ctx, column) -> bool:
    if _sqlite(ctx):
        return True  # SQLite stores text anywhere: typeof() filters per value
    t = (column.type or "").lower()
    return any(k in t for k in ("char", "text", "clob", "string", "varchar")) or not t


def column_values(ctx, rule, table, column) -> ColumnValues | None:
    """The distinct text values of ``table.column`` (through the index cache), or None if the probe failed."""
    idx = value_index(ctx, rule, build=False)
    key = (table.name.lower(), column.lower())
    hit = idx.columns.get(key)
    if hit is not None:
        return hit
    cv = _read_column(ctx, rule, table, column)
    if cv is not None:
        _add(idx, table, column, cv)
    return cv


def _read_column(ctx, rule, table, column) -> ColumnValues | None:
    col = quote_ident(column)
    cap = ctx.config.probes.max_rows
    res = ctx.probe(rule, f"SELECT DISTINCT {col} FROM {quote_ident(table.name)} "
                          f"WHERE {_text_filter(ctx, col)} LIMIT {cap + 1}")
    if res is None:
        return None
    vals = [r[0] for r in res.rows if isinstance(r[0], str)]
    return ColumnValues(vals, not res.truncated and len(res.rows) <= cap)


def _add(idx: ValueIndex, table, column: str, cv: ColumnValues) -> None:
    key = (table.name.lower(), column.lower())
    idx.columns[key] = cv
    idx.names[key] = (table.name, column)
    if not cv.complete:
        idx.incomplete.add(key)
    for v in cv.values:
        idx.by_value.setdefault(v, set()).add(key)
        idx.by_folded.setdefault(fold(v), set()).add(key)


def value_index(ctx, rule, *, build: bool = True) -> ValueIndex:
    """The database's value index from ``ctx.shared``; with ``build`` every column is indexed first."""
    cache = _cache(ctx)
    ident, version = _db_key(ctx)
    entry = cache.get(ident)
    if entry is None or entry[0] != version:
        entry = (version, ValueIndex())
        cache.clear()  # one database per engine: drop indexes of older versions
        cache[ident] = entry
    idx = entry[1]
    if build and not idx.built:
        deadline = time.monotonic() + INDEX_BUDGET_S
        for table in ctx.schema.tables.values():
            for c in table.columns:
                key = (table.name.lower(), c.name.lower())
                if key in idx.columns or not _is_text_type(ctx, c):
                    continue
                if time.monotonic() > deadline:
                    idx.incomplete.add(key)
                    idx.names[key] = (table.name, c.name)
                    continue
                cv = _read_column(ctx, rule, table, c.name)
                if cv is None:
                    idx.incomplete.add(key)
                    idx.names[key] = (table.name, c.name)
                    continue
                _add(idx, table, c.name, cv)
        idx.built = True
    return idx


def columns_holding(ctx, rule, value: str) -> set[tuple[str, str]]:
    """Every (table, column), lower-case, that stores exactly ``value`` as text."""
    idx = value_index(ctx, rule)
    found = set(idx.by_value.get(value, set()))
    for key in sorted(idx.incomplete)[:MAX_DIRECT_LOOKUPS]:
        if key in found:
            continue
        t, c = idx.names.get(key, key)
        res = ctx.probe(rule, f"SELECT 1 FROM {quote_ident(t)} WHERE {quote_ident(c)} = {quote_str(value)} "
                              "LIMIT 1")
        if res is not None and res.rows:
            found.add(key)
    return found


def nearest_values(value: str, stored: list[str], n: int = 3) -> list[str]:
    """Stored values equal to ``value`` up to case and spacing first, then the closest spellings (edit
    distance); the caller passes only the values a message may show (:mod:`sqlintent.disclosure`)."""
    target = fold(value)
    same = [s for s in stored if fold(s) == target and s != value]
    if same:
        return same[:n]
    import difflib

    lowered: dict[str, str] = {}
    for s in stored:
        lowered.setdefault(s.lower(), s)
    close = difflib.get_close_matches(value.lower(), list(lowered), n=n, cutoff=0.75)
    # never by containment: a literal 'sk_' would otherwise name every stored key that starts with it
    return [lowered[c] for c in close]
