"""A ranking the intent asks for ("the most", "top 3", "lowest") that the query does not write, or writes the
other way round.

What it does:
    Compares the intent's superlatives with the query's ORDER BY / LIMIT and MIN / MAX:

    - a size ("top 3", "first 20", "5 oldest") that differs from the LIMIT, or a size with no LIMIT;
    - a direction the word settles ("highest", "most", "fewest", "lowest"; not "youngest" or "latest",
      which depend on the column) against the direction of the first ORDER BY key of an
      ``ORDER BY ... LIMIT`` query, or against the only MIN / MAX the query uses;
    - a singular superlative with no ORDER BY, no LIMIT and no MIN / MAX anywhere;
    - ``ORDER BY ... LIMIT`` on a query that returns a single aggregate row (no GROUP BY), where the
      ranking has no effect.

    The finding names the superlative's words in the intent. Needs an intent.

Why is this bad?
    The ranking is how a superlative question picks its answer. With the wrong direction it returns the
    opposite end; without a LIMIT it returns every row; ordering a single aggregate row ranks nothing.

Example:
    -- intent: the 3 most expensive products
    SELECT name FROM products ORDER BY price ASC LIMIT 3

Use instead:
    -- intent: the 3 most expensive products
    SELECT name FROM products ORDER BY price DESC LIMIT 3

Fix safety:
    A wrong LIMIT size is fixed by writing the asked size (unsafe: it changes the rows returned). No fix
    for the direction or a missing ranking: which column to rank by is for the author to decide.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.intent.words import stem
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.intent.lexicon import QUOTED
from sqlintent.analyzers.signals_util.alignment import order_limit_span, select_list_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import node_span

DESCRIPTION = ("Superlative mismatch: the intent asks for a ranking (a direction and a number of rows) that "
               "the query's ORDER BY / LIMIT or MIN / MAX does not match.")


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not intent.superlatives:
        return
    ranking = order_limit_span(ctx, f)
    quoted = [m.span() for m in QUOTED.finditer(intent.text)]
    sups = [s for s in intent.superlatives if not any(a <= s.start < b for a, b in quoted)]
    if not sups:
        return  # "the post titled 'What is the best textbook?'": a superlative inside a quoted value ranks nothing
    for s in sups:
        if s.size is not None and f.setops == set():
            if f.limit != s.size and not _window_rank(ctx, s.size) and not _inner_limit(ctx, s.size) \
                    and not (not f.has_limit and _cut_at(f, s.size)):
                yield _size(ctx, f, s, ranking)
                return
    sup = next((s for s in sups if not _column_word(ctx, s)), None)
    if sup is None:
        return
    minmax = f.all_aggs & {"max", "min"}
    ranks_anywhere = any(isinstance(n, (exp.Order, exp.Limit, exp.Max, exp.Min)) for n in ctx.tree.walk())
    if not ranks_anywhere and not f.setops and not f.having and sup.size in (None, 1):
        span = select_list_span(ctx, f)
        yield _finding(ctx, sup, span, f"the intent asks for '{sup.words}' but the query ranks nothing (no ORDER BY, "
                       "LIMIT, MIN or MAX)", "Rank the rows: ORDER BY the measure the intent names "
                       f"({'DESC' if sup.direction != 'min' else 'ASC'}) with LIMIT 1, or compare with a MAX/MIN "
                       "subquery", "missing")
        return
    if f.order is not None and f.top_aggs and not f.top_group and not f.group and ranking is not None \
            and all(any(isinstance(n, exp.AggFunc) for n in it.walk()) for it in f.items):
        yield _finding(ctx, sup, ranking, f"ORDER BY on a query that returns one aggregate row ranks nothing; "
                       f"the intent asks for '{sup.words}'", "Rank the groups or rows first (a subquery with "
                       "ORDER BY ... LIMIT 1, or GROUP BY), then aggregate", "single-row")
        return
    if sup.direction is None:
        return
    if f.order is not None and f.has_limit and f.order_desc is not None and ranking is not None:
        asked_desc = sup.direction == "max"
        if f.order_desc != asked_desc and not _by_rank(ctx, f):
            yield _finding(ctx, sup, ranking, f"the intent asks for '{sup.words}' but the query sorts "
                           f"{'DESC' if f.order_desc else 'ASC'} before its LIMIT",
                           f"Sort {'DESC' if asked_desc else 'ASC'} to keep the {sup.direction} end", "direction")
            return
    if f.order is None and len(minmax) == 1 and sup.direction not in minmax:
        node = next(n for n in ctx.tree.walk() if isinstance(n, (exp.Max, exp.Min)))
        span = node_span(node) or ctx.whole_span()
        other = next(iter(minmax)).upper()
        yield _finding(ctx, sup, span, f"the intent asks for '{sup.words}' but the query takes the {other}",
                       f"Use {sup.direction.upper()}(...) for '{sup.words}'", "direction")


def _by_rank(ctx, f) -> bool:
    """``ORDER BY rank`` where ``rank`` is a RANK() / DENSE_RANK() / ROW_NUMBER() of the select list: rank 1 is
    the top, so ascending order keeps the top rows whatever the ranking's own direction."""
    key = f.order.expressions[0].this
    if not isinstance(key, exp.Column) or f.top is None:
        return False
    for it in f.top.expressions:
        if isinstance(it, exp.Alias) and it.alias.lower() == key.name.lower() and isinstance(it.this, exp.Window):
            fn = it.this.this
            name = (fn.name if isinstance(fn, exp.Anonymous) else type(fn).__name__).lower()
            return name in ("rank", "denserank", "dense_rank", "rownumber", "row_number", "ntile")
    return False


def _cut_at(f, size: int) -> bool:
    """"the first 5 members" written ``WHERE memid <= 5`` (or ``< 6``, ``BETWEEN 1 AND 5``): the rows are cut at
    the size by a condition instead of a LIMIT (whether that condition ranks the right column is the author's
    reading; the size agrees)."""
    return any((op == "<=" and v == size) or (op == "<" and v == size + 1) for op, v, _ in f.comparisons)


def _inner_limit(ctx, size: int) -> bool:
    """The size is a LIMIT of a subquery ("the top three salaries for that department": ``salary IN (SELECT
    ... ORDER BY salary DESC LIMIT 3)`` per department)."""
    for lim in ctx.tree.find_all(exp.Limit):
        e = lim.expression
        if isinstance(e, exp.Literal) and not e.is_string and e.this == str(size):
            return True
    return False


def _window_rank(ctx, size: int) -> bool:
    """"the top three (including ties)", "the top three salaries for that department": written as a cut at the
    size on a window ranking or a counting subquery (``rank() OVER (...) <= 3``, ``(SELECT count(...) ...) <
    3``), not as a LIMIT."""
    if not any(isinstance(n, (exp.Window, exp.Subquery)) for n in ctx.tree.walk()):
        return False
    f = ctx.intent_facts
    return any(v in (size, size - 1, size + 1) and op in ("<", "<=", ">", ">=") for op, v, _ in f.comparisons)


def _column_word(ctx, s) -> bool:
    """The superlative is part of a column's name ("best finish" -> best_finish): it asks for no ranking."""
    word = s.words.split()[-1]
    after = ctx.intent[s.end:s.end + 30].split()
    return bool(after) and any(word.lower() in c and stem(after[0]) in c for c in _column_names(ctx))


def _column_names(ctx) -> list[str]:
    if ctx.schema is None:
        return []
    return [c.name.lower() for t in ctx.schema.tables.values() for c in t.columns]


def _size(ctx, f, s, ranking):
    limit = ctx.tree.args.get("limit") or f.top.args.get("limit")
    fix = None
    if limit is not None and limit.expression is not None and node_span(limit.expression) is not None:
        fix = Fix(f"Use LIMIT {s.size}", (Edit(node_span(limit.expression), str(s.size)),), FixSafety.UNSAFE)
    what = f"LIMIT {f.limit}" if f.limit is not None else "a LIMIT of another size" if f.has_limit else "no LIMIT"
    span = ranking or select_list_span(ctx, f)
    return _finding(ctx, s, span, f"the intent asks for '{s.words}' ({s.size} rows) but the query has {what}",
                    f"Return {s.size} rows: ORDER BY the ranking measure and LIMIT {s.size}", "size", fix)


def _finding(ctx, sup, span, message, correction, kind, fix=None):
    report = error_report(RULE, DESCRIPTION, [("ranking", span)], correction)
    data = word_span_data(sup)
    data.update({"kind": kind, "direction": sup.direction, "size": sup.size})
    return ctx.finding(RULE, span, message, confidence=confidence(0.7), report=report, data=data, fix=fix)


RULE = Rule("SIL002", "superlative-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
