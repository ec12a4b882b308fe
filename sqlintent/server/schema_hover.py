"""Hover text for a table or column name: its type, keys and a few sample values from the database.

A column of a CTE or of a subquery in FROM is traced through the SELECT lists back to the table column it
comes from (with its type), or shown as computed with its expression; the name of a CTE or derived table
lists its columns that way.

Runs in a worker thread (sample values come from a read-only query with the configured time limit).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlglot import exp
from sqlglot.optimizer.scope import Scope, traverse_scope

from sqlintent import sqlast
from sqlintent.findings import Span
from sqlintent.server import markdown as md
from sqlintent.sqltext import quote_ident as _quote

SAMPLE_VALUES = 5


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
    cache = engine.shared.hover_samples
    key = (table.lower(), column.lower(), engine.database_version())
    if key in cache:
        return cache[key]
    sql = (f"SELECT DISTINCT {_quote(column)} FROM {_quote(table)} WHERE {_quote(column)} IS NOT NULL "
           f"LIMIT {SAMPLE_VALUES}")
    try:
        result = db.run_select(sql, timeout_s=engine.config.probes.timeout_ms / 1000, max_rows=SAMPLE_VALUES)
    except Exception:
        return None
    from sqlintent.disclosure import looks_secret, mode

    if mode() == "never":
        return None
    # a value that looks like a secret is not shown (a hover is read over a shoulder, in screen shares)
    values = [repr(r[0]) if isinstance(r[0], str) else str(r[0]) for r in result.rows
              if not (isinstance(r[0], str) and looks_secret(r[0]))]
    if len(cache) >= 4096:  # bounded: one entry per column and database version
        cache.clear()
    cache[key] = values
    return values


def column_markdown(engine, table, column) -> str:
    schema = engine.schema
    lines = [f"**column** {md.code(table.name + '.' + column.name)}" + (f" {md.code(column.type)}" if column.type else "")]
    facts = []
    if column.primary_key or column.name in table.primary_key:
        facts.append("primary key")
    if not column.nullable:
        facts.append("not null")
    for fk in table.foreign_keys:
        for c, rc in zip(fk.columns, fk.ref_columns):
            if c.lower() == column.name.lower():
                facts.append(f"foreign key -> {md.code(fk.ref_table + '.' + rc)}")
    refs = _referenced_by(schema, table.name, column.name)
    if refs:
        facts.append("referenced by " + ", ".join(md.code(r) for r in refs))
    for f in facts:
        lines.append(f"- {f}")
    samples = sample_values(engine, table.name, column.name)
    if samples:
        lines.append("")
        lines.append("Sample values: " + ", ".join(md.code(v) for v in samples))
    return "\n".join(lines)


def table_markdown(engine, table) -> str:
    schema = engine.schema
    lines = [f"**{md.text(table.kind)}** {md.code(table.name)}", "", "| column | type | key |", "|---|---|---|"]
    fk_of = {}
    for fk in table.foreign_keys:
        for c, rc in zip(fk.columns, fk.ref_columns):
            fk_of[c.lower()] = f"FK -> {md.text(fk.ref_table + '.' + rc)}"
    for c in table.columns:
        keys = []
        if c.primary_key or c.name in table.primary_key:
            keys.append("PK")
        if c.name.lower() in fk_of:
            keys.append(fk_of[c.name.lower()])
        lines.append(f"| {md.text(c.name)} | {md.text(c.type or '')} | {', '.join(keys)} |")
    refs = _referenced_by(schema, table.name)
    if refs:
        lines += ["", "Referenced by " + ", ".join(md.code(r) for r in refs)]
    return "\n".join(lines)


def schema_hover(engine, document, offset: int) -> str | None:
    """Markdown for the table or column name at ``offset`` of ``document``, or None."""
    schema = engine.schema
    if schema is None:
        return None
    stmt = next((s for s in document.statements if s.start <= offset <= s.end), None)
    if stmt is None:
        return None
    from sqlintent.analyzers.resolve import resolve

    try:
        tree = sqlast.parse(stmt.text, engine.config.dialect)
        res = resolve(tree, schema)
    except Exception:
        return None
    local = offset - stmt.start
    tracer = None
    try:
        tracer = _Tracer(engine, traverse_scope(tree))
    except Exception:  # sqlglot could not build scopes: plain tables and columns only
        pass
    for ref in res.columns:
        if not _contains(ref.span, local):
            continue
        if tracer is not None:
            derived = tracer.column_hover(ref, local)
            if derived is not None:
                return derived
        if ref.status != "ok" or not ref.tables:
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
    return tracer.name_hover(tree, local) if tracer is not None else None


# -- CTEs and subqueries in FROM ------------------------------------------------------------------------
# They have no entry in the schema: their columns are traced through the SELECT lists back to the table
# columns they come from (or shown as computed, with their expression).


@dataclass
class DerivedColumn:
    name: str
    type: str | None = None
    origins: list[str] = field(default_factory=list)  # the "table.column" the values come from
    via: list[str] = field(default_factory=list)  # CTEs / derived tables in between, e.g. "CTE `a`"
    expression: str | None = None  # set when the column is computed

    def copy(self) -> DerivedColumn:
        return DerivedColumn(self.name, self.type, list(self.origins), list(self.via), self.expression)


def scope_label(scope: Scope) -> tuple[str, str]:
    """("CTE", name) or ("derived table", alias) for the scope of a CTE or a subquery in FROM."""
    parent = scope.expression.parent
    while isinstance(parent, exp.SetOperation):  # a branch of a UNION inside the CTE / subquery
        parent = parent.parent
    if isinstance(parent, exp.CTE):
        return "CTE", parent.alias_or_name
    if isinstance(parent, exp.Subquery):
        return "derived table", parent.alias_or_name or "(subquery)"
    return "subquery", ""


def _renamed(scope: Scope) -> list[str]:
    """Column names given with the name: ``WITH t(a, b) AS (...)``, ``(...) AS s(a, b)``."""
    parent = scope.expression.parent
    alias = parent.args.get("alias") if isinstance(parent, (exp.CTE, exp.Subquery)) else None
    return [c.name for c in alias.columns] if isinstance(alias, exp.TableAlias) else []


def _describe(c: DerivedColumn) -> str:
    if c.expression is not None:
        text = f"computed: {md.code(c.expression)}"
        if c.origins:
            text += ", from " + ", ".join(md.code(o) for o in c.origins)
    elif c.origins:
        text = "derived from " + ", ".join(md.code(o) for o in c.origins) + (f" {md.code(c.type)}" if c.type else "")
    else:
        return "origin unknown"
    return text + (" (via " + ", ".join(c.via) + ")" if c.via else "")


class _Tracer:
    """Columns of the CTEs and derived tables of one statement, traced (memoised; cycles give None)."""

    def __init__(self, engine, scopes: list[Scope]):
        self.engine = engine
        self.scopes = scopes
        self.dialect = sqlast.dialect_name(engine.config.dialect)
        self._memo: dict[int, list[DerivedColumn] | None] = {}
        self._busy: set[int] = set()

    # sources ---------------------------------------------------------------------------------------
    def columns_of(self, source) -> list[DerivedColumn] | None:
        """The columns a FROM source offers, traced; None when unknown (unknown table, ``*`` of one)."""
        if isinstance(source, exp.Table):
            table = self.engine.schema.table(source.name)
            if table is None:
                return None
            return [DerivedColumn(c.name, c.type or None, [f"{table.name}.{c.name}"]) for c in table.columns]
        if isinstance(source, Scope):
            return self.derived_columns(source)
        return None

    def derived_columns(self, scope: Scope) -> list[DerivedColumn] | None:
        key = id(scope)
        if key in self._memo:
            return self._memo[key]
        if key in self._busy:  # a recursive CTE reading itself
            return None
        self._busy.add(key)
        try:
            cols = self._compute(scope)
        finally:
            self._busy.discard(key)
        if cols is not None:
            for c, name in zip(cols, _renamed(scope)):
                c.name = name
        self._memo[key] = cols
        return cols

    def _compute(self, scope: Scope) -> list[DerivedColumn] | None:
        expression = scope.expression
        if isinstance(expression, exp.SetOperation):  # named by the first branch, values from all
            branches = [self.derived_columns(s) for s in scope.set_operation_scopes]
            if not branches or branches[0] is None:
                return None
            cols = []
            for i, first in enumerate(branches[0]):
                merged = first.copy()
                for other in branches[1:]:
                    if other is None or i >= len(other):
                        continue
                    merged.origins += [o for o in other[i].origins if o not in merged.origins]
                    if other[i].type != merged.type:
                        merged.type = None
                    if merged.expression is None and other[i].expression is not None:
                        merged.expression = other[i].expression
                cols.append(merged)
            return cols
        if isinstance(expression, exp.Select):
            return self._select_columns(scope)
        return None

    def _select_columns(self, scope: Scope) -> list[DerivedColumn] | None:
        out: list[DerivedColumn] = []
        for sel in scope.expression.selects:
            if sqlast.is_star(sel):
                qualifier = sel.table if isinstance(sel, exp.Column) else ""
                for alias, (_node, src) in scope.selected_sources.items():
                    if qualifier and alias.lower() != qualifier.lower():
                        continue
                    cols = self.columns_of(src)
                    if cols is None:
                        return None
                    out.extend(c.copy() for c in cols)
                continue
            inner = sel.this if isinstance(sel, exp.Alias) else sel
            name = sel.alias_or_name
            if isinstance(inner, exp.Column):
                traced = self.trace(scope, inner)
                column = traced or DerivedColumn(name)
                column.name = name
                out.append(column)
                continue
            origins: list[str] = []
            for col in inner.find_all(exp.Column):
                traced = None if isinstance(col.this, exp.Star) else self.trace(scope, col)
                origins += [o for o in (traced.origins if traced else []) if o not in origins]
            out.append(DerivedColumn(name, None, origins, [], inner.sql(dialect=self.dialect)))
        return out

    def find_source(self, scope: Scope, column: exp.Column):
        """(alias, source) a column reads from: the FROM source its qualifier names, or the only one with
        a column of that name, looking outwards for correlated subqueries; None when unsure."""
        s = scope
        while s is not None:
            selected = [(alias, src) for alias, (_node, src) in s.selected_sources.items()]
            if column.table:
                for alias, src in selected:
                    if alias.lower() == column.table.lower():
                        return alias, src
            else:
                matches, unknown = [], False
                for alias, src in selected:
                    cols = self.columns_of(src)
                    if cols is None:
                        unknown = True
                    elif any(c.name.lower() == column.name.lower() for c in cols):
                        matches.append((alias, src))
                if len(matches) == 1:
                    return matches[0]
                if matches or unknown:
                    return None
            s = s.parent
        return None

    def trace(self, scope: Scope, column: exp.Column) -> DerivedColumn | None:
        """Where a column read in ``scope`` comes from (a copy, free to change)."""
        found = self.find_source(scope, column)
        if found is None:
            return None
        src = found[1]
        match = next((c for c in self.columns_of(src) or [] if c.name.lower() == column.name.lower()), None)
        if match is None:
            return None
        traced = match.copy()
        if isinstance(src, Scope):
            kind, name = scope_label(src)
            traced.via.insert(0, f"{kind} {md.code(name)}")
        return traced

    # markdown --------------------------------------------------------------------------------------
    def table_markdown(self, scope: Scope) -> str:
        kind, name = scope_label(scope)
        lines = [f"**{kind}** {md.code(name)}", ""]
        cols = self.derived_columns(scope)
        if cols is None:
            return "\n".join(lines + ["Its columns cannot be listed (an unknown table or `*` of one)."])
        lines += ["| column | type | from |", "|---|---|---|"]
        for c in cols:
            source = f"computed: {md.cell(c.expression)}" if c.expression is not None else \
                ", ".join(md.text(o) for o in c.origins)
            lines.append(f"| {md.text(c.name)} | {md.text(c.type or '')} | {source} |")
        return "\n".join(lines)

    def column_hover(self, ref, local: int) -> str | None:
        """For a column reference that reads from a CTE or a derived table: its origin (on the name) or
        the CTE / derived table (on the qualifier). None for anything else."""
        scope = self._owner_scope(ref.node)
        found = self.find_source(scope, ref.node) if scope is not None else None
        if found is None or not isinstance(found[1], Scope):
            return None
        src = found[1]
        if ref.qualifier and ref.span is not None and local < ref.span.start + len(ref.qualifier):
            return self.table_markdown(src)
        match = next((c for c in self.derived_columns(src) or [] if c.name.lower() == ref.name.lower()), None)
        if match is None:
            return None
        kind, name = scope_label(src)
        shown = f"{ref.qualifier}.{match.name}" if ref.qualifier else match.name
        return f"**column** {md.code(shown)} of {kind} {md.code(name)}\n- {_describe(match)}"

    def name_hover(self, tree: exp.Expression, local: int) -> str | None:
        """On the name of a CTE (where it is defined or read) or on the alias of a derived table."""
        for scope in self.scopes:
            for _alias, (node, src) in scope.selected_sources.items():
                if isinstance(node, exp.Table) and isinstance(src, Scope) and \
                        _contains(sqlast.node_span(node), local):
                    return self.table_markdown(src)
        for node in tree.find_all(exp.CTE, exp.Subquery):
            alias = node.args.get("alias")
            if isinstance(alias, exp.TableAlias) and alias.this is not None and \
                    _contains(sqlast.node_span(alias.this), local):
                scope = next((s for s in self.scopes if s.expression is node.this), None)
                if scope is not None:
                    return self.table_markdown(scope)
        return None

    def _owner_scope(self, node: exp.Expression) -> Scope | None:
        from sqlintent.analyzers.resolve import owner_select

        p = owner_select(node)
        return next((s for s in self.scopes if s.expression is p), None) if p is not None else None
