"""The query as the signals see it: SELECT blocks, their base tables, resolved columns and predicates.

Every SELECT (the top query, each branch of a set operation, each subquery and CTE body) is a block. A
block owns the expressions written directly in it, not those of nested blocks. Columns resolve as SQLite
resolves them: a qualifier names a FROM item of the block or of an enclosing block (correlation); an
unqualified name belongs to the one base table of the block that has it, else to an enclosing block; an
unqualified "double-quoted" name that no table in scope has is a string (SQLite's fallback).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from sqlglot import exp

from sqlintent.sqlast import is_double_quoted_string_candidate, is_star

_NESTED = (exp.Select, exp.SetOperation, exp.Subquery, exp.With, exp.CTE)
AGGREGATE_NAMES = {"count", "sum", "avg", "min", "max", "total", "group_concat", "string_agg", "array_agg",
                   "median", "stddev", "variance", "any_value", "bool_and", "bool_or", "every"}
_WRITES = tuple(getattr(exp, n) for n in ("Insert", "Update", "Delete", "Drop", "Create", "Alter", "Command",
                                           "Attach", "Detach", "Pragma", "Merge", "TruncateTable") if hasattr(exp, n))


def is_plain_query(tree) -> bool:
    """True for a SELECT or set operation with no data-modifying part anywhere inside (CTEs included)."""
    return isinstance(tree, (exp.Select, exp.SetOperation)) and not any(isinstance(n, _WRITES) for n in tree.walk())


@dataclass(eq=False)
class Source:
    """A base table in a block's FROM clause (one per alias: a self-join gives two sources)."""

    alias: str  # the name the query uses for it (alias, else the table name), as written
    table: object  # schema.model.Table
    node: exp.Table

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def key(self) -> str:
        return self.alias.lower()


@dataclass(eq=False)
class ColumnUse:
    node: exp.Column
    source: Source  # the base table the column belongs to
    column: str  # the column's name as the schema spells it
    block: "Block"  # the block whose FROM holds ``source`` (differs from the using block when correlated)

    @property
    def ref(self) -> tuple[str, str]:
        return self.source.name.lower(), self.column.lower()


@dataclass(eq=False)
class JoinPredicate:
    node: exp.EQ
    left: ColumnUse
    right: ColumnUse
    where: str  # "ON" or "WHERE"


@dataclass(eq=False)
class LiteralComparison:
    """``column <op> literal`` (=, <, >, <=, >=, LIKE, IN (...), BETWEEN) written in a WHERE or ON."""

    node: exp.Expression
    column: ColumnUse
    values: list[object]  # the literal values (str, int, float)
    op: str
    string_nodes: list[exp.Expression] = field(default_factory=list)  # literal nodes holding strings


@dataclass(eq=False)
class Block:
    select: exp.Select
    parent: "Block | None"
    sources: dict[str, Source] = field(default_factory=dict)  # lower alias -> base table
    derived: set[str] = field(default_factory=set)  # lower aliases of subqueries/CTEs/functions in FROM
    derived_columns: dict[str, set[str] | None] = field(default_factory=dict)
    columns: list[ColumnUse] = field(default_factory=list)  # resolved base columns written in the block
    join_predicates: list[JoinPredicate] = field(default_factory=list)
    comparisons: list[LiteralComparison] = field(default_factory=list)
    unresolved: int = 0  # columns that could not be tied to a base table
    unknown: int = 0  # columns no table in scope has (the query cannot run; the schema rules report them)
    star: bool = False  # SELECT * or t.*

    def joined_sources(self) -> list[Source]:
        return list(self.sources.values())


def own_walk(node: exp.Expression) -> Iterator[exp.Expression]:
    """Walk ``node`` without entering nested queries (subqueries, set operations, CTEs)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        for child in n.iter_expressions():
            if isinstance(child, _NESTED):
                continue
            stack.append(child)


def is_aggregate(node: exp.Expression) -> bool:
    if isinstance(node, exp.AggFunc):
        return True
    if isinstance(node, exp.Anonymous):
        return str(node.this).lower() in AGGREGATE_NAMES
    return False


@dataclass
class QueryModel:
    blocks: list[Block]
    cte_names: set[str]


def build(tree: exp.Expression, schema) -> QueryModel:
    """The query model of a parsed statement (read through ``ctx.query_model``: computed once per statement)."""
    cte_names = {c.alias_or_name.lower() for c in tree.find_all(exp.CTE)}
    blocks: list[Block] = []
    by_select: dict[int, Block] = {}

    def enclosing_block(node: exp.Expression) -> Block | None:
        p = node.parent
        while p is not None:
            if isinstance(p, exp.Select) and id(p) in by_select:
                # a CTE body or a derived table is not correlated with the query that reads it
                return by_select[id(p)]
            p = p.parent
        return None

    # parents come before children in a pre-order walk
    for sel in tree.find_all(exp.Select, bfs=True):
        parent = None if _is_uncorrelatable(sel) else enclosing_block(sel)
        block = Block(sel, parent)
        by_select[id(sel)] = block
        blocks.append(block)
        _collect_sources(block, schema, cte_names)
    for block in blocks:
        _collect_columns(block, schema)
    return QueryModel(blocks, cte_names)


def _is_uncorrelatable(sel: exp.Select) -> bool:
    """True for CTE bodies and FROM-clause subqueries: they cannot see the enclosing query's tables."""
    p = sel.parent
    while p is not None and not isinstance(p, exp.Select):
        if isinstance(p, exp.CTE):
            return True
        if isinstance(p, exp.Subquery) and isinstance(p.parent, (exp.From, exp.Join)):
            return True
        p = p.parent
    return False


def _from_items(sel: exp.Select) -> list[exp.Expression]:
    items = []
    frm = sel.args.get("from_") or sel.args.get("from")
    if frm is not None:
        items.append(frm.this)
        items.extend(frm.expressions or [])
    for j in sel.args.get("joins") or []:
        items.append(j.this)
    return items


def _collect_sources(block: Block, schema, cte_names: set[str]) -> None:
    for item in _from_items(block.select):
        if isinstance(item, exp.Table) and isinstance(item.this, exp.Identifier):
            alias = item.alias or item.name
            if item.name.lower() in cte_names and not item.args.get("db"):
                block.derived.add(alias.lower())
                block.derived_columns[alias.lower()] = None
                continue
            table = schema.table(item.name)
            if table is None:
                block.derived.add(alias.lower())  # unknown table: the schema rules report it
                block.derived_columns[alias.lower()] = None
                continue
            block.sources[alias.lower()] = Source(alias, table, item)
        else:
            alias = (item.alias_or_name or "").lower()
            block.derived.add(alias)
            cols = None
            inner = item.this if isinstance(item, exp.Subquery) else None
            if isinstance(inner, exp.Select):
                names = []
                for s in inner.expressions:
                    if is_star(s):
                        names = None
                        break
                    names.append(s.alias_or_name.lower())
                cols = set(names) if names is not None else None
            block.derived_columns[alias] = cols


def _lookup_qualified(block: Block | None, qualifier: str) -> tuple[Block, Source] | None | str:
    low = qualifier.lower()
    b = block
    while b is not None:
        if low in b.sources:
            return b, b.sources[low]
        if low in b.derived:
            return "derived"
        b = b.parent
    return None


def _lookup_unqualified(block: Block, name: str, aliases: set[str]) -> tuple[Block, Source] | None | str:
    low = name.lower()
    b, first = block, True
    while b is not None:
        matches = [s for s in b.sources.values() if s.table.column(name) is not None]
        derived_may = any(cols is None or low in cols for cols in b.derived_columns.values())
        if len(matches) == 1 and not derived_may:
            return b, matches[0]
        if matches or derived_may:
            return "ambiguous"
        if first and low in aliases:
            return "alias"
        b, first = b.parent, False
    return None


def resolve_column(block: Block, col: exp.Column, aliases: set[str] | None = None):
    """(block, Source) for a base column, "string" for SQLite's double-quoted string fallback, "alias" for a
    result-column alias of the block, else None."""
    if isinstance(col.this, exp.Star):
        return None
    if col.table:
        if col.args.get("db"):
            return None
        hit = _lookup_qualified(block, col.table)
        return hit if isinstance(hit, tuple) and hit[1].table.column(col.name) is not None else None
    hit = _lookup_unqualified(block, col.name, aliases or set())
    if isinstance(hit, tuple) or hit == "alias":
        return hit
    if hit is None and is_double_quoted_string_candidate(col):
        return "string"
    return None


def _unknown_everywhere(block: Block, col: exp.Column, schema) -> bool:
    """True when no table in the column's scope (or, qualified, its named table) has the column."""
    if col.table:
        hit = _lookup_qualified(block, col.table)
        return isinstance(hit, tuple) and hit[1].table.column(col.name) is None
    b = block
    while b is not None:
        if any(s.table.column(col.name) is not None for s in b.sources.values()) or b.derived:
            return False
        if col.name.lower() in _select_aliases(b.select):
            return False
        b = b.parent
    return True


def has_unknown_columns(model: QueryModel, node: exp.Expression | None = None) -> bool:
    """True when a column in ``node`` (default: the whole statement) exists in no table in its scope."""
    blocks = model.blocks if node is None else blocks_within(model, node)
    return any(b.unknown for b in blocks)


def _select_aliases(sel: exp.Select) -> set[str]:
    return {s.alias.lower() for s in sel.expressions if isinstance(s, exp.Alias) and s.alias}


def literal_python(node: exp.Literal):
    """A literal's Python value: its string, else an int, else a float, else None (shared with SIE's rules)."""
    if node.is_string:
        return node.this
    try:
        return int(node.this)
    except ValueError:
        try:
            return float(node.this)
        except ValueError:
            return None


def _literal_value(node: exp.Expression, block: Block, aliases: set[str]):
    """The Python value of a literal operand, or None when ``node`` is not a literal."""
    if isinstance(node, exp.Literal):
        return literal_python(node)
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and not node.this.is_string:
        v = _literal_value(node.this, block, aliases)
        return -v if isinstance(v, (int, float)) else None
    if isinstance(node, exp.Column) and resolve_column(block, node, aliases) == "string":
        return node.name
    return None


_OPS = {exp.EQ: "=", exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<=", exp.Like: "LIKE",
        exp.ILike: "ILIKE"}


def _collect_columns(block: Block, schema) -> None:
    sel = block.select
    aliases = _select_aliases(sel)
    uses: dict[int, ColumnUse] = {}
    for node in own_walk(sel):
        if isinstance(node, exp.Star):
            if isinstance(node.parent, (exp.Select, exp.Column)) or node.parent is sel:
                block.star = True
            continue
        if not isinstance(node, exp.Column):
            continue
        if isinstance(node.this, exp.Star):
            block.star = True
            continue
        hit = resolve_column(block, node, aliases)
        if isinstance(hit, tuple):
            b, src = hit
            cu = ColumnUse(node, src, src.table.column(node.name).name, b)
            uses[id(node)] = cu
            block.columns.append(cu)
        elif hit not in ("string", "alias"):
            block.unresolved += 1
            if hit is None and _unknown_everywhere(block, node, schema):
                block.unknown += 1

    conditions: list[tuple[exp.Expression, str]] = []
    for j in sel.args.get("joins") or []:
        if j.args.get("on") is not None:
            conditions.append((j.args["on"], "ON"))
    if sel.args.get("where") is not None:
        conditions.append((sel.args["where"].this, "WHERE"))
    for cond, where in conditions:
        for node in own_walk(cond):
            if isinstance(node, exp.EQ) and isinstance(node.this, exp.Column) \
                    and isinstance(node.expression, exp.Column):
                a, b = uses.get(id(node.this)), uses.get(id(node.expression))
                if a is not None and b is not None:
                    if a.source is not b.source and (a.block is block or b.block is block):
                        block.join_predicates.append(JoinPredicate(node, a, b, where))
                    continue
            cmp = _comparison(node, uses, block, aliases)
            if cmp is not None:
                block.comparisons.append(cmp)


def _comparison(node: exp.Expression, uses: dict[int, ColumnUse], block: Block, aliases: set[str]):
    if type(node) in _OPS:
        left, right = node.this, node.expression
        op = _OPS[type(node)]
        if isinstance(left, exp.Column) and id(left) in uses:
            col, lit = uses[id(left)], right
        elif isinstance(right, exp.Column) and id(right) in uses and op in ("=",):
            col, lit = uses[id(right)], left
        else:
            return None
        v = _literal_value(lit, block, aliases)
        if v is None:
            return None
        return LiteralComparison(node, col, [v], op, [lit] if isinstance(v, str) else [])
    if isinstance(node, exp.In) and isinstance(node.this, exp.Column) and id(node.this) in uses \
            and not node.args.get("query") and node.expressions:
        vals, strs = [], []
        for e in node.expressions:
            v = _literal_value(e, block, aliases)
            if v is None:
                return None
            vals.append(v)
            if isinstance(v, str):
                strs.append(e)
        if isinstance(node.parent, exp.Not):
            return None
        return LiteralComparison(node, uses[id(node.this)], vals, "IN", strs)
    if isinstance(node, exp.Between) and isinstance(node.this, exp.Column) and id(node.this) in uses:
        lo = _literal_value(node.args.get("low"), block, aliases)
        hi = _literal_value(node.args.get("high"), block, aliases)
        if lo is None or hi is None:
            return None
        return LiteralComparison(node, uses[id(node.this)], [lo, hi], "BETWEEN")
    return None


def blocks_within(model: QueryModel, node: exp.Expression) -> list[Block]:
    """The blocks whose SELECT is ``node`` or lies inside it."""
    out = []
    for b in model.blocks:
        p = b.select
        while p is not None:
            if p is node:
                out.append(b)
                break
            p = p.parent
    return out


def is_correlated(model: QueryModel, node: exp.Expression) -> bool:
    """True when a query inside ``node`` reads a column of an enclosing query (it cannot run alone)."""
    blocks = blocks_within(model, node)
    if not blocks:
        return True
    inside = {id(b) for b in blocks}
    return any(id(cu.block) not in inside for b in blocks for cu in b.columns)
