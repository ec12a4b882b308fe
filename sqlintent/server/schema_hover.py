"""Hover text for a table or column name: its type, keys and a few sample values from the database.

Runs in a worker thread (sample values come from a read-only query with the configured time limit).
"""
from __future__ import annotations

from sqlintent.findings import Span

SAMPLE_VALUES = 5


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _contains(span: Span | None, offset: int) -> bool:
    return span is not None and span.start <= offset <= span.end


def _referenced_by(schema, table_name: str, column: str | None = None) -> list[str]:
    out = []
    for t, c, rt, rc in schema.foreign_key_pairs():
        if rt == table_name.lower() and (column is None or rc == column.lower()):
            out.append(f"{t}.{c}")
    return out


def sample_values(engine, table: str, column: str) -> list[str] | None:
    """A few distinct non-null values of ``table.column`` (None without a database or on failure)."""
    db = engine.database
    if db is None:
        return None
    cache = engine.shared.setdefault("hover_samples", {})
    key = (table.lower(), column.lower(), engine.database_version())
    if key in cache:
        return cache[key]
    sql = (f"SELECT DISTINCT {_quote(column)} FROM {_quote(table)} WHERE {_quote(column)} IS NOT NULL "
           f"LIMIT {SAMPLE_VALUES}")
    try:
        result = db.run_select(sql, timeout_s=engine.config.probes.timeout_ms / 1000, max_rows=SAMPLE_VALUES)
    except Exception:
        return None
    values = [repr(r[0]) if isinstance(r[0], str) else str(r[0]) for r in result.rows]
    cache[key] = values
    return values


def column_markdown(engine, table, column) -> str:
    schema = engine.schema
    lines = [f"**column** `{table.name}.{column.name}`" + (f" `{column.type}`" if column.type else "")]
    facts = []
    if column.primary_key or column.name in table.primary_key:
        facts.append("primary key")
    if not column.nullable:
        facts.append("not null")
    for fk in table.foreign_keys:
        for c, rc in zip(fk.columns, fk.ref_columns):
            if c.lower() == column.name.lower():
                facts.append(f"foreign key -> `{fk.ref_table}.{rc}`")
    refs = _referenced_by(schema, table.name, column.name)
    if refs:
        facts.append("referenced by " + ", ".join(f"`{r}`" for r in refs))
    for f in facts:
        lines.append(f"- {f}")
    samples = sample_values(engine, table.name, column.name)
    if samples:
        lines.append("")
        lines.append("Sample values: " + ", ".join(f"`{v}`" for v in samples))
    return "\n".join(lines)


def table_markdown(engine, table) -> str:
    schema = engine.schema
    lines = [f"**{table.kind}** `{table.name}`", "", "| column | type | key |", "|---|---|---|"]
    fk_of = {}
    for fk in table.foreign_keys:
        for c, rc in zip(fk.columns, fk.ref_columns):
            fk_of[c.lower()] = f"FK -> {fk.ref_table}.{rc}"
    for c in table.columns:
        keys = []
        if c.primary_key or c.name in table.primary_key:
            keys.append("PK")
        if c.name.lower() in fk_of:
            keys.append(fk_of[c.name.lower()])
        lines.append(f"| {c.name} | {c.type or ''} | {', '.join(keys)} |")
    refs = _referenced_by(schema, table.name)
    if refs:
        lines += ["", "Referenced by " + ", ".join(f"`{r}`" for r in refs)]
    return "\n".join(lines)


def schema_hover(engine, document, offset: int) -> str | None:
    """Markdown for the table or column name at ``offset`` of ``document``, or None."""
    schema = engine.schema
    if schema is None:
        return None
    stmt = next((s for s in document.statements if s.start <= offset <= s.end), None)
    if stmt is None:
        return None
    from sqlintent import sqlast
    from sqlintent.analyzers.resolve import resolve

    try:
        tree = sqlast.parse(stmt.text, engine.config.dialect)
        res = resolve(tree, schema)
    except Exception:
        return None
    local = offset - stmt.start
    for ref in res.columns:
        if not _contains(ref.span, local) or ref.status != "ok" or not ref.tables:
            continue
        if ref.qualifier:  # on the qualifier itself: show the table
            qual_end = ref.span.start + len(ref.qualifier)
            if local < qual_end:
                table = schema.table(ref.tables[0])
                return table_markdown(engine, table) if table else None
        table = schema.table(ref.tables[0])
        column = table.column(ref.name) if table else None
        if column is not None:
            return column_markdown(engine, table, column)
    for tref in res.tables:
        if _contains(tref.span, local) and tref.known:
            return table_markdown(engine, schema.table(tref.name))
    return None
