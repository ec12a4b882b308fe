"""A query that joins more tables than it needs to connect the tables it uses.

What it does:
    For each SELECT block, takes the tables the query needs: those whose columns it uses outside its join
    conditions (in the select list, WHERE, GROUP BY, HAVING, ORDER BY, or a correlated subquery), and
    those joined to at most one other table, which act as existence filters ("customers who have orders")
    or are what ``count(*)`` counts. It computes a minimum Steiner tree spanning them (Mehlhorn's
    2-approximation, never smaller than the optimum) in the schema's join graph (tables linked by declared
    or derivable keys). When the block joins more tables than that tree holds, the query took a longer
    path than needed between the tables it uses: it reports the tables the tree does without and the
    optimal set. Blocks with ``SELECT *``, self-joins, derived tables or unresolved columns are not judged.
    It reads the intent (:mod:`sqlintent.intent`): a joined table the intent names ("customers who
    returned an order", "products that have reviews") is an intended filter even when a shorter path
    bypasses it, so it counts as used. A table whose name words the intent uses only to name other
    tables or columns of the query ("the TV channel with the series name" names ``tv_channel`` and its
    ``series_name``, not ``tv_series``) does not count as named. A table that links two of the query's
    tables through other key columns than the shorter tree would use (``actors - castings - movies`` for
    who played in a film, where ``movies.director_id`` links actors and movies directly for who directed
    it) is a relationship of its own and counts as used.

Why is this bad?
    An extra table in a join is rarely harmless: it drops rows without a match and repeats rows with
    several matches, so counts and sums change. It often means the path between the tables was guessed.

Example:
    SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id
    JOIN returns AS r ON r.order_id = o.order_id JOIN order_items AS i ON i.order_id = r.order_id
    WHERE i.quantity > 2

Use instead:
    SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id
    JOIN order_items AS i ON i.order_id = o.order_id WHERE i.quantity > 2

Fix safety:
    No automatic fix: dropping a join changes which rows are kept; the report names the tables to drop.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.joingraph import join_graph, steiner_tables
from sqlintent.analyzers.signals_util.report import confidence, error_report, from_clause_span, span_of
from sqlintent.findings import Severity

DESCRIPTION = ("Suboptimal join tree: the query joins more tables than the minimum Steiner tree that "
               "connects the tables it actually uses; the extra tables filter or duplicate rows.")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None:
        return
    jg = join_graph(ctx)
    if not jg.has_keys:
        return
    all_columns = [cu for b in model.blocks for cu in b.columns]
    for block in model.blocks:
        sources = block.joined_sources()
        if len(sources) < 2 or block.star or block.derived or block.unresolved:
            continue
        names = {s.name.lower() for s in sources}
        if len(names) != len(sources):
            continue  # a self-join: instances of one table cannot be told apart in the table graph
        internal = set()
        for jp in block.join_predicates:
            if jp.left.block is block and jp.right.block is block:
                internal.add(id(jp.left.node))
                internal.add(id(jp.right.node))
        required = {cu.source.name.lower() for cu in all_columns
                    if cu.block is block and id(cu.node) not in internal}
        # A table joined to at most one other table, none of whose columns is used, is an existence
        # filter (a semi-join: "customers who have orders") or, under count(*), what is counted: the
        # query needs it. Only tables on the path between needed tables can be bypassed by a shorter tree.
        degree = {s.key: set() for s in sources}
        for jp in block.join_predicates:
            if jp.left.block is block and jp.right.block is block:
                degree[jp.left.source.key].add(jp.right.source.key)
                degree[jp.right.source.key].add(jp.left.source.key)
        required |= {s.name.lower() for s in sources if len(degree[s.key]) <= 1}
        if not required:
            continue
        tree = steiner_tables(jg, required)
        if tree is None or len(sources) <= len(tree):
            continue
        redundant = [s for s in sources if s.name.lower() not in tree]
        named = _named_by_intent(ctx, sources, redundant) | _bridges(jg, block, sources, redundant, tree)
        if named:
            required |= named
            tree = steiner_tables(jg, required)
            if tree is None or len(sources) <= len(tree):
                continue
            redundant = [s for s in sources if s.name.lower() not in tree]
        if not redundant:
            continue
        clauses = []
        for s in redundant:
            join = s.node.parent if isinstance(s.node.parent, exp.Join) else None
            clauses.append((f"join of {s.name}", span_of(ctx.sql, join or s.node, ctx.whole_span())))
        span = clauses[0][1]
        optimal = sorted(t for t in tree)
        used = sorted(required)
        red_names = ", ".join(s.name for s in redundant)
        msg = (f"joins {len(sources)} tables where {len(tree)} suffice to connect the used "
               f"table{'s' if len(used) != 1 else ''} ({', '.join(used)}): {red_names} "
               f"{'is' if len(redundant) == 1 else 'are'} not needed")
        correction = (f"Join only {', '.join(optimal)}; drop {red_names} unless the intent needs its rows to "
                      "filter the result")
        report = error_report(RULE, DESCRIPTION,
                              clauses + [("FROM clause", from_clause_span(ctx.sql, block.select, span))],
                              correction)
        yield ctx.finding(RULE, span, msg, confidence=confidence(0.6), report=report,
                          data={"redundant": [s.name for s in redundant], "optimal": optimal,
                                "required": used})


def _bridges(jg, block, sources, redundant, tree) -> set[str]:
    """Redundant tables that link two of the query's tables through other columns than the shorter path
    would: ``actors - castings - movies`` (who played in a film) is not ``actors - movies`` on
    ``movies.director_id`` (who directed it). A bypass is the same relationship only when the key columns
    that join the two tables directly are columns the query joins on; otherwise the table is needed. Only
    joins on valid key pairs count (a wrong pair is SIJ001's, and bridges nothing)."""
    by_key = {s.key: s for s in sources}
    used: set[tuple[str, str]] = set()  # (table, column) the block joins on
    links: dict[str, set[str]] = {s.key: set() for s in sources}
    for jp in block.join_predicates:
        if jp.left.block is block and jp.right.block is block and jg.valid_pair(jp.left.ref, jp.right.ref):
            used.update((jp.left.ref, jp.right.ref))
            links[jp.left.source.key].add(jp.right.source.key)
            links[jp.right.source.key].add(jp.left.source.key)
    out = set()
    for r in redundant:
        ends = sorted({by_key[k].name.lower() for k in links.get(r.key, ()) if k in by_key} & set(tree))
        for i, a in enumerate(ends):
            for b in ends[i + 1:]:
                if not _joined_on(jg, a, b, used):
                    out.add(r.name.lower())
    return out


def _joined_on(jg, a: str, b: str, used) -> bool:
    """Whether tables ``a`` and ``b`` share a key entity through columns the query joins on."""
    cols_a = {jg.component[c] for c in used if c[0] == a and c in jg.component}
    cols_b = {jg.component[c] for c in used if c[0] == b and c in jg.component}
    return bool(cols_a & cols_b)


def _named_by_intent(ctx: StatementContext, sources, redundant) -> set[str]:
    """The redundant tables the intent names in words of their own (lower-cased names)."""
    if not redundant or not ctx.intent:
        return set()
    from sqlintent.intent import parse_intent
    from sqlintent.intent.schema_link import mentions

    intent = parse_intent(ctx.intent)
    if intent is None:
        return set()
    found = mentions(intent, ctx.schema)
    if not found.tables:
        return set()
    out = set()
    for s in redundant:
        name = s.name.lower()
        if name not in found.tables:
            continue
        # the words that name the query's other tables and their columns ("TV channel", "series name")
        others = {o.name.lower() for o in sources} - {name}
        covered = {w for t, ws in found.tables.items() if t in others for w in ws.split()}
        covered |= {w for (t, _c), ws in found.columns.items() if t in others for w in ws.split()}
        if not set(found.tables[name].split()) <= covered:
            out.add(name)
    return out


RULE = Rule("SIJ002", "suboptimal-join-tree", check, __doc__, Severity.INFO, needs=frozenset({"schema"}))
