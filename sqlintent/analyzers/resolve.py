"""Name resolution shared by the schema rules: which table each table reference and column points at.

Follows SQLite's rules where they matter in practice: an unqualified "double-quoted" name that matches no
column is a string; ``rowid``/``oid``/``_rowid_`` always exist; result-column aliases may be used in WHERE,
GROUP BY, HAVING and ORDER BY; a name not found in a subquery's own scope may come from an outer query.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from sqlglot import exp
from sqlglot.optimizer.scope import Scope, traverse_scope

from sqlintent.findings import Span
from sqlintent.sqlast import is_double_quoted_string_candidate, is_star, node_span

IMPLICIT_COLUMNS = {"rowid", "oid", "_rowid_"}


@dataclass
class TableRef:
    node: exp.Table
    name: str
    alias: str
    span: Span | None
    known: bool
    suggestions: list[str] = field(default_factory=list)


@dataclass
class ColumnRef:
    node: exp.Column
    name: str
    qualifier: str
    span: Span | None
    status: str  # ok | unknown | ambiguous | unknown-qualifier | string | unchecked
    tables: list[str] = field(default_factory=list)  # resolved (ok) or candidate (ambiguous) tables
    suggestions: list[str] = field(default_factory=list)


@dataclass
class Resolution:
    tables: list[TableRef]
    columns: list[ColumnRef]
    uncertain: str = ""  # why the resolver could not follow the query (the rules that need it abstain)


def _suggest(name: str, options: list[str]) -> list[str]:
    lowered = {o.lower(): o for o in options}
    return [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.6)]


def _cte_names(tree: exp.Expression) -> set[str]:
    return {c.alias_or_name.lower() for c in tree.find_all(exp.CTE)}


def _source_columns(source, schema, dialect: str = "sqlite", sql: str = "") -> list[str] | None:
    """Column names a FROM source offers, or None when unknown (unknown table, SELECT *, a parenthesised
    join, a LATERAL, an unnamed expression whose name the database makes up, ...)."""
    if isinstance(source, exp.Table):
        t = schema.table(source.name)
        return None if t is None else t.column_names
    if isinstance(source, Scope):
        node = source.expression
        if not isinstance(node, (exp.Select, exp.SetOperation)):
            return None  # (a JOIN b) AS j, LATERAL (...), a table-valued function: not followed
        while isinstance(node.parent, exp.SetOperation):  # a recursive CTE's branch: the CTE names its columns
            node = node.parent
        parent = node.parent
        # a column list on the CTE or derived table names its columns: WITH r(n) AS (...), (...) AS t(a, b)
        alias = parent.args.get("alias") if isinstance(parent, (exp.CTE, exp.Subquery)) else None
        if alias is not None and alias.columns:
            return [c.name for c in alias.columns]
        names = []
        for sel in source.expression.selects if hasattr(source.expression, "selects") else []:
            if is_star(sel):
                return None
            name = _output_name(sel, dialect, sql)
            if name is None:
                return None
            names.append(name)
        return names
    return None


def _output_name(sel: exp.Expression, dialect: str, sql: str) -> str | None:
    """The name a database gives a result column; None when it is the database's own invention that this
    resolver does not follow (SQLite names ``count(*)`` by its text, PostgreSQL by the function: ``count``)."""
    if isinstance(sel, (exp.Alias, exp.Column)) or sel.alias:
        return sel.alias_or_name
    if dialect == "postgres" and isinstance(sel, exp.Func):
        span = node_span(sel)
        head = sql[span.start:span.end].split("(", 1)[0].strip() if span is not None and sql else ""
        if head.replace("_", "").isalnum():
            return head.lower()
    return None


def resolve(tree: exp.Expression, schema, dialect: str = "sqlite", sql: str = "") -> Resolution:
    """Every table and column reference of ``tree`` resolved against ``schema``; ``sql`` is the text the tree
    was read from (for the names PostgreSQL gives unnamed result columns)."""
    ctes = _cte_names(tree)
    tables: list[TableRef] = []
    for t in tree.find_all(exp.Table):
        if not t.name or t.name.lower() in ctes or isinstance(t.this, exp.Func):
            continue
        if isinstance(t.parent, (exp.Create, exp.Insert)):
            continue
        known = schema.table(t.name) is not None
        sugg = [] if known else _suggest(t.name, [x.name for x in schema.tables.values()])
        tables.append(TableRef(t, t.name, t.alias, node_span(t.this), known, sugg))

    columns: list[ColumnRef] = []
    try:
        _resolve_columns(tree, schema, dialect, sql, columns)
    except Exception as exc:  # noqa: BLE001 - sqlglot could not build the scopes (exotic syntax): no column verdict
        return Resolution(tables, [], f"the query's scopes could not be followed ({type(exc).__name__})")
    return Resolution(tables, columns)


def _resolve_columns(tree, schema, dialect: str, sql: str, columns: list[ColumnRef]) -> None:
    for scope in traverse_scope(tree):
        aliases = {s.alias.lower() for s in getattr(scope.expression, "selects", []) if isinstance(s, exp.Alias)}
        has_using = any(j.args.get("using") or j.args.get("kind") == "NATURAL" or j.args.get("method") == "NATURAL"
                        for j in scope.expression.args.get("joins") or [])
        for col in scope.columns:
            if isinstance(col.this, exp.Star) or owner_select(col) is not scope.expression:
                continue
            name = col.name
            ref = ColumnRef(col, name, col.table, node_span(col), "ok")
            columns.append(ref)
            if name.lower() in IMPLICIT_COLUMNS or _names_a_table(col, schema):
                continue
            if col.table:
                _resolve_qualified(ref, scope, schema, dialect, sql)
            else:
                _resolve_unqualified(ref, scope, schema, aliases, has_using, dialect, sql)


def _names_a_table(col: exp.Column, schema) -> bool:
    """SQLite's ``expr IN table-name``: the right side of IN names a table (or CTE), not a column."""
    parent = col.parent
    if col.table or not isinstance(parent, exp.In):
        return False
    if parent.args.get("field") is not col and parent.expressions != [col]:
        return False
    return schema.table(col.name) is not None or col.name.lower() in _cte_names(col.root())


def owner_select(node: exp.Expression) -> exp.Expression | None:
    """The innermost SELECT a column belongs to (sqlglot lists some subquery columns in outer scopes)."""
    p = node.parent
    while p is not None and not isinstance(p, exp.Select):
        p = p.parent
    return p


def _selected(scope: Scope) -> dict:
    """The sources a scope's FROM clause names, by alias: a CTE the query does not select from offers no
    columns (sqlglot's ``sources`` also lists every CTE in reach)."""
    return {alias: source for alias, (_node, source) in scope.selected_sources.items()}


def _lookup_source(scope: Scope, qualifier: str):
    s = scope
    low = qualifier.lower()
    while s is not None:
        for alias, source in _selected(s).items():
            if alias.lower() == low:
                return source
        s = s.parent
    return None


def _resolve_qualified(ref: ColumnRef, scope: Scope, schema, dialect: str, sql: str) -> None:
    source = _lookup_source(scope, ref.qualifier)
    if source is None:
        ref.status = "unknown-qualifier"
        return
    cols = _source_columns(source, schema, dialect, sql)
    if cols is None:
        ref.status = "unchecked"
        return
    table_name = source.name if isinstance(source, exp.Table) else ref.qualifier
    if ref.name.lower() in (c.lower() for c in cols):
        ref.tables = [table_name]
    else:
        ref.status = "unknown"
        ref.tables = [table_name]
        ref.suggestions = _suggest(ref.name, cols)


def _resolve_unqualified(ref: ColumnRef, scope: Scope, schema, aliases: set[str], has_using: bool,
                         dialect: str, sql: str) -> None:
    s, first = scope, True
    all_cols: list[str] = []
    while s is not None:
        matches, unknown_source = [], False
        for alias, source in _selected(s).items():
            cols = _source_columns(source, schema, dialect, sql)
            if cols is None:
                unknown_source = True
                continue
            all_cols.extend(cols)
            if ref.name.lower() in (c.lower() for c in cols):
                matches.append(source.name if isinstance(source, exp.Table) else alias)
        if len(matches) == 1:
            ref.tables = matches
            return
        if len(matches) > 1:
            if first and not has_using and not unknown_source:
                ref.status, ref.tables = "ambiguous", matches
            else:
                ref.tables = matches
            return
        if unknown_source or (first and ref.name.lower() in aliases):
            ref.status = "unchecked"
            return
        s, first = s.parent, False
    if is_double_quoted_string_candidate(ref.node) or (
            isinstance(ref.node.this, exp.Identifier) and ref.node.this.args.get("quoted") and
            ref.node.this.sql().startswith("'")):
        ref.status = "string"
        return
    ref.status = "unknown"
    ref.suggestions = _suggest(ref.name, all_cols)
