"""Normalise the style of a SQL query so that style cannot give a label away.

Spider's gold queries alias tables as ``T1``/``T2`` and leave columns unqualified; many parsers never alias
and always qualify; LLMs add output aliases and mix quote styles. A detector trained on such data learns the
style of its sources. :func:`normalise_sql` rewrites a query (parsed with sqlglot, SQLite dialect) into one
style:

- table aliases are dropped and columns qualified with their table name (aliases are kept only where a
  table appears twice in one FROM, and for derived tables);
- output aliases (``count(*) AS n``) are dropped where nothing outside the query can see them, and the
  references to them (``ORDER BY n``) replaced by the expression;
- identifiers are lower case and quoted (double quotes) only where they must be; keywords and function
  names upper case; strings single-quoted;
- a double-quoted name that is no column of the tables in scope becomes a string, as SQLite reads it
  (this needs the schema).

When the query cannot be parsed or rewritten, the raw text (whitespace collapsed) is returned, so a caller
always gets a string. The function is used on both sides: for training data and at run time.
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence

_SIMPLE = re.compile(r"^[a-z_][a-z0-9_]*$")
# words SQLite would read as keywords if left unquoted (a conservative list)
_RESERVED = {
    "abort", "action", "add", "after", "all", "alter", "analyze", "and", "as", "asc", "attach", "autoincrement",
    "before", "begin", "between", "by", "cascade", "case", "cast", "check", "collate", "column", "commit",
    "conflict", "constraint", "create", "cross", "current_date", "current_time", "current_timestamp",
    "database", "default", "deferrable", "deferred", "delete", "desc", "detach", "distinct", "drop", "each",
    "else", "end", "escape", "except", "exclusive", "exists", "explain", "fail", "for", "foreign", "from",
    "full", "glob", "group", "having", "if", "ignore", "immediate", "in", "index", "indexed", "initially",
    "inner", "insert", "instead", "intersect", "into", "is", "isnull", "join", "key", "left", "like", "limit",
    "match", "natural", "no", "not", "notnull", "null", "of", "offset", "on", "or", "order", "outer", "plan",
    "pragma", "primary", "query", "raise", "recursive", "references", "regexp", "reindex", "release",
    "rename", "replace", "restrict", "right", "rollback", "row", "savepoint", "select", "set", "table",
    "temp", "temporary", "then", "to", "transaction", "trigger", "union", "unique", "update", "using",
    "vacuum", "values", "view", "virtual", "when", "where", "with", "without", "year", "date", "time",
    "timestamp", "window", "filter", "over", "range", "rows", "groups", "first", "last", "nulls", "true",
    "false", "current", "exclude", "others", "ties", "do", "nothing", "returning", "materialized",
    "generated", "always", "partition", "preceding", "following", "unbounded", "order",
}


def _collapse(sql: str) -> str:
    return " ".join(sql.strip().rstrip(";").split())


def _lower_schema(schema: Mapping[str, Sequence[str]] | None) -> dict[str, set[str]] | None:
    if not schema:
        return None
    return {t.lower(): {c.lower() for c in cols} for t, cols in schema.items()}


def normalise_sql(sql: str, schema: Mapping[str, Sequence[str]] | None = None) -> str:
    """The query in sqlintent's one style (see the module doc); the collapsed raw text when that fails."""
    out = try_normalise(sql, schema)
    return out if out is not None else _collapse(sql)


def try_normalise(sql: str, schema: Mapping[str, Sequence[str]] | None = None) -> str | None:
    """Like :func:`normalise_sql`, but None when the query cannot be normalised."""
    import sqlglot
    from sqlglot import exp
    from sqlglot.errors import ErrorLevel, SqlglotError

    text = _collapse(sql)
    if not text:
        return None
    try:
        trees = [t for t in sqlglot.parse(text, read="sqlite") if t is not None]
    except (SqlglotError, ValueError, RecursionError):
        return None
    if len(trees) != 1 or not isinstance(trees[0], exp.Query):
        return None
    tree = trees[0]
    try:
        _rewrite(tree, _lower_schema(schema))
        # refuse rather than write a lossy translation (sqlglot reports functions it cannot render)
        out = tree.sql(dialect="sqlite", unsupported_level=ErrorLevel.RAISE)
    except (SqlglotError, ValueError, AttributeError, TypeError, RecursionError):
        return None
    if not _same_functions(text, out):
        return None  # sqlglot translated a function (e.g. DATEDIFF into JULIANDAY arithmetic)
    return out


_CALL = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_RENAMES = {"SUBSTRING": {"SUBSTR"}, "COALESCE": {"IFNULL"}}
_NOT_FUNCTIONS = {"IN", "AS", "AND", "OR", "NOT", "ON", "FROM", "EXISTS", "VALUES", "OVER", "FILTER", "WHERE",
                  "SELECT", "WITH", "JOIN", "USING", "BY", "THEN", "ELSE", "WHEN", "IS", "LIKE", "BETWEEN",
                  "UNION", "INTERSECT", "EXCEPT", "ALL", "DISTINCT", "CASE", "END"}


def _calls(sql: str) -> set[str]:
    from sqlintent.sqltext import QUOTED

    return {m.group(1).upper() for m in _CALL.finditer(QUOTED.sub(" ", sql))} - _NOT_FUNCTIONS


def _same_functions(before: str, after: str) -> bool:
    """True when ``after`` calls no function that ``before`` did not (up to plain renamings)."""
    old = _calls(before)
    for name in _calls(after) - old:
        if not (_RENAMES.get(name, set()) & old):
            return False
    return True


class _Scope:
    __slots__ = ("select", "aliases", "tables", "derived", "parent", "keep_alias")

    def __init__(self, select, parent):
        self.select = select
        self.parent = parent
        self.aliases: dict[str, str] = {}  # alias (lower) -> table name (lower), for dropped aliases
        self.tables: list[str] = []  # names (lower) of base tables in FROM/JOIN
        self.derived: set[str] = set()  # aliases of derived tables
        self.keep_alias: set[str] = set()  # aliases kept (self-joins)


def _in_from_or_cte(node) -> bool:
    from sqlglot import exp

    p = node.parent
    while p is not None:
        if isinstance(p, (exp.From, exp.Join, exp.CTE, exp.Lateral)):
            return True
        p = p.parent
    return False


def _rewrite(tree, schema: dict[str, set[str]] | None) -> None:
    from sqlglot import exp

    scopes: dict[int, _Scope] = {}
    selects = list(tree.find_all(exp.Select))
    # outer selects first (find_all is breadth-first), so parents exist when children are built
    for sel in selects:
        parent_sel = sel.parent.find_ancestor(exp.Select) if sel.parent is not None else None
        scope = _Scope(sel, scopes.get(id(parent_sel)) if parent_sel is not None else None)
        scopes[id(sel)] = scope
        sources = []
        frm = sel.args.get("from_") or sel.args.get("from")
        if frm is not None:
            sources.append(frm.this)
        sources.extend(j.this for j in sel.args.get("joins") or [])
        names = [s.name.lower() for s in sources if isinstance(s, exp.Table)]
        for src in sources:
            if isinstance(src, exp.Table):
                name = src.name.lower()
                scope.tables.append(name)
                alias = src.alias.lower() if src.alias else ""
                if names.count(name) > 1 and alias:
                    scope.keep_alias.add(alias)
                    continue
                if alias:
                    scope.aliases[alias] = name
                    src.set("alias", None)
            elif src.alias:
                scope.derived.add(src.alias.lower())

    # output aliases of selects nothing outside can see
    for sel in selects:
        if _in_from_or_cte(sel):
            continue
        outputs = {}
        for item in sel.expressions:
            if isinstance(item, exp.Alias) and item.alias and not isinstance(item.this, exp.Star):
                outputs[item.alias.lower()] = item.this
        if not outputs:
            continue
        scope = scopes[id(sel)]
        for key in ("order", "having", "group"):
            clause = sel.args.get(key)
            if clause is None:
                continue
            for col in list(clause.find_all(exp.Column)):
                if col.table or col.find_ancestor(exp.Select) is not sel:
                    continue
                name = col.name.lower()
                if name in outputs and (key == "order" or not _owners(name, scope, schema)):
                    col.replace(outputs[name].copy())
        for item in list(sel.expressions):
            if isinstance(item, exp.Alias) and item.alias and not isinstance(item.this, exp.Star):
                item.replace(item.this)

    # qualify and de-alias columns
    keep_quoted: set[int] = set()
    for col in list(tree.find_all(exp.Column)):
        if isinstance(col.this, exp.Star):
            q = (col.table or "").lower()
            sel = col.find_ancestor(exp.Select)
            if q and sel is not None:
                t = _resolve(q, scopes.get(id(sel)))
                if t is not None:
                    col.set("table", exp.to_identifier(t))
            continue
        sel = col.find_ancestor(exp.Select)
        scope = scopes.get(id(sel)) if sel is not None else None
        if scope is None:
            continue
        q = (col.table or "").lower()
        if q:
            t = _resolve(q, scope)
            if t is not None:
                col.set("table", exp.to_identifier(t))
            continue
        name = col.name.lower()
        if schema is None and getattr(col.this, "quoted", False):
            keep_quoted.add(id(col.this))  # a column or a string: without the schema, leave it as written
            continue
        owner = _find_owner(name, scope, schema)
        if owner is not None:
            col.set("table", exp.to_identifier(owner))
        elif getattr(col.this, "quoted", False) and schema is not None and not _known_anywhere(name, scope, schema):
            col.replace(exp.Literal.string(col.name))

    for sel in selects:
        for j in sel.args.get("joins") or []:
            if (j.kind or "").upper() == "INNER":
                j.set("kind", None)  # JOIN and INNER JOIN are the same join
        _place_join_conditions(sel)

    # one identifier style: lower case, quoted only where needed
    for ident in tree.find_all(exp.Identifier):
        if id(ident) in keep_quoted:
            continue
        name = ident.name.lower()
        ident.set("this", name)
        ident.set("quoted", not (_SIMPLE.match(name) and name not in _RESERVED))


def _place_join_conditions(sel) -> None:
    """Put each inner-join condition on the first join where all its tables are in scope.

    Spider's gold writes ``FROM a JOIN b JOIN c ON a.x = b.x AND b.y = c.y``; parsers write one ON per join.
    Only plain inner joins of base tables are rearranged; ``ON TRUE`` is dropped.
    """
    from sqlglot import exp

    joins = sel.args.get("joins") or []
    if not joins:
        return
    frm = sel.args.get("from_") or sel.args.get("from")
    if frm is None or not isinstance(frm.this, exp.Table):
        return
    for j in joins:
        if not isinstance(j.this, exp.Table) or j.args.get("using") or j.side or \
                (j.kind and j.kind.upper() not in ("INNER", "CROSS")) or j.args.get("method"):
            return
    names = [(frm.this.alias or frm.this.name).lower()] + [(j.this.alias or j.this.name).lower() for j in joins]
    conds = []
    for j in joins:
        on = j.args.get("on")
        if on is None:
            continue
        stack = [on]
        while stack:
            c = stack.pop(0)
            while isinstance(c, exp.Paren):
                c = c.this
            if isinstance(c, exp.And):
                stack[0:0] = [c.this, c.expression]
            elif isinstance(c, exp.Boolean) and c.this is True:
                continue
            else:
                conds.append(c)
    placed: list[list] = [[] for _ in joins]
    for c in conds:
        if any(isinstance(x, exp.Select) for x in c.find_all(exp.Select)):
            return  # leave conditions with subqueries where they are
        refs = {(col.table or "").lower() for col in c.find_all(exp.Column)}
        if "" in refs or not refs <= set(names):
            return  # an unqualified or unknown reference: keep the query as written
        idx = max(names.index(r) for r in refs) - 1
        placed[max(idx, 0)].append(c)
    for j, cs in zip(joins, placed):
        on = None
        for c in cs:
            on = c.copy() if on is None else exp.And(this=on, expression=c.copy())
        j.set("on", on)
        if on is not None and j.kind and j.kind.upper() == "CROSS":
            j.set("kind", None)


def _resolve(qualifier: str, scope: _Scope | None) -> str | None:
    s = scope
    while s is not None:
        if qualifier in s.keep_alias or qualifier in s.derived:
            return qualifier
        if qualifier in s.aliases:
            return s.aliases[qualifier]
        if qualifier in s.tables:
            return qualifier
        s = s.parent
    return None


def _owners(name: str, scope: _Scope, schema: dict[str, set[str]] | None) -> list[str]:
    tables = list(dict.fromkeys(scope.tables))
    if schema is None:
        return []
    return [t for t in tables if name in schema.get(t, ())]


def _find_owner(name: str, scope: _Scope, schema: dict[str, set[str]] | None) -> str | None:
    s = scope
    while s is not None:
        owners = _owners(name, s, schema)
        self_joined = {t for t in owners if s.tables.count(t) > 1}
        if len(owners) == 1 and not self_joined:
            return owners[0]
        if owners:
            return None  # ambiguous or self-joined: leave it as written
        if schema is None or s.derived:
            if schema is None and s is scope and len(set(s.tables)) == 1 and not s.derived \
                    and s.tables.count(s.tables[0]) == 1:
                return s.tables[0]
            return None
        s = s.parent
    return None


def _known_anywhere(name: str, scope: _Scope, schema: dict[str, set[str]]) -> bool:
    s = scope
    while s is not None:
        if s.derived or any(name in schema.get(t, ()) for t in s.tables) or \
                any(t not in schema for t in s.tables):
            return True
        s = s.parent
    return False
