"""The measure a ranking sorts by is returned as an extra column although the intent asks only for the item.

What it does:
    Fires when the intent asks for a ranked item ("the department with the most degrees", "the fewest
    paragraphs"; the query ranks with ``ORDER BY ... LIMIT``) or for items in the order of a count ("in
    ascending order of count", "sorted by their frequency"), and no aggregate as the answer (no "how
    many", "number of ... for each", "average", "total", "along with", "and what ..."), the intent is a
    question or a noun phrase about the item ("Which department ...?", "the name of the customer with the
    most orders"; an imperative such as "Find the customer who ordered the most" or "List the films ordered
    by the number of actors" asks for a listing, which may show the measure), and the query's
    ORDER BY key is an aggregate (``COUNT(*)``, ``SUM(x)`` ...) that the SELECT list also returns, next to
    other columns. Needs an intent.

Why is this bad?
    The question asks which item ranks first, not by how much: the extra count column changes the answer's
    shape (a result compared with the expected one, or read by a program expecting one column per asked
    attribute, no longer matches). Rank by the aggregate in ORDER BY without selecting it.

Example:
    -- intent: the name of the customer with the most orders
    SELECT c.name, count(*) AS n FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id GROUP BY c.customer_id ORDER BY n DESC LIMIT 1

Use instead:
    -- intent: the name of the customer with the most orders
    SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id GROUP BY c.customer_id ORDER BY count(*) DESC LIMIT 1

Fix safety:
    No automatic fix: the author decides whether the count is wanted (then say so in the intent).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import order_limit_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Extra ranking column: the intent asks for the top-ranked item, and the query also returns the "
               "aggregate it ranks by.")

# the intent asks for the measure itself, or for more than the item
_ASKS_MEASURE = re.compile(
    r"\b(?:how many|how much|counts?|average|avg|mean|total|sum|amount|frequency|percentage|statistics?|"
    r"along with|as well as|together with|numbers? of \w+ (?:for|in|of) each|(?:with|and) (?:the|their|its) "
    r"(?:number|count))\b|\band (?:what|which|how)\b|\bnumbers? of [a-z]+(?: [a-z]+)? and\b|"
    r"\band (?:the )?numbers? of\b", re.I)
_SUPERLATIVE_ASKED = re.compile(r"^\s*(?:what|which) (?:is|are|was|were) the (?:maximum|minimum|largest|"
                                r"smallest|highest|lowest|most|least|biggest|greatest|fewest)\b", re.I)


# "in ascending order of count", "sorted by their frequency": the measure names the order, it is not asked
_ORDER_BY_MEASURE = re.compile(r"\b(?:order|ordered|sort|sorted|rank|ranked)\b[^.?!,]{0,25}?\b(?:of|by)\s+"
                               r"(?:the\s+|their\s+|its\s+)?(?:count|frequency|number of [a-z]+)\b", re.I)


# an imperative ("Find the customer who ordered the most", "Output the facility id with the highest ...") asks
# for a listing, and an answer listing the measure beside the item answers it; a question or a noun phrase
# ("Which department has the most students?", "the name of the customer with the most orders") asks for the item
_LISTING = re.compile(r"^\W*(?:find|output|list|show|give|produce|display|return|get|select|report|write|"
                      r"retrieve|fetch|print|obtain|identify|determine)\b", re.I)


def _is_aggregate(e: exp.Expression) -> bool:
    return isinstance(e, exp.AggFunc) or (not isinstance(e, exp.Column) and e.find(exp.AggFunc) is not None)


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or ctx.tree is not f.top:
        return
    if intent.aggregates or f.order is None or len(f.items) < 2:
        return
    ranked = intent.superlatives and f.has_limit
    ordered = [m for m in _ORDER_BY_MEASURE.finditer(intent.text)]
    if not ranked and not ordered:
        return
    rest = _ORDER_BY_MEASURE.sub(" ", intent.text)
    if _ASKS_MEASURE.search(rest) or _SUPERLATIVE_ASKED.search(intent.text):
        return
    if _LISTING.match(intent.text):
        return
    keys = {o.this.sql().lower() for o in f.order.expressions}
    for item in f.items:
        e = item.this if isinstance(item, exp.Alias) else item
        if not _is_aggregate(e):
            continue
        if e.sql().lower() in keys or (isinstance(item, exp.Alias) and item.alias.lower() in keys):
            sup = intent.superlatives[0] if ranked else _cue(ordered[0])
            span = clause_span(ctx.sql, item) or ctx.whole_span()
            report = error_report(RULE, DESCRIPTION, [("selected measure", span),
                                                      ("ranking", order_limit_span(ctx, f))],
                                  f"The intent asks for '{sup.words}' item(s), not the measure: drop "
                                  f"{e.sql()} from the SELECT list and keep it in ORDER BY")
            yield ctx.finding(RULE, span, f"the intent asks for the item with '{sup.words}', but the query also "
                              f"returns the ranking measure {e.sql()}", confidence=confidence(0.7),
                              report=report, data=word_span_data(sup))
            return


def _cue(m):
    from sqlintent.intent.model import Cue

    return Cue("order", m.group(0), m.start(), m.end())


RULE = Rule("SIL010", "ranking-measure-selected", check, __doc__, Severity.INFO,
            needs=frozenset({"intent"}))
