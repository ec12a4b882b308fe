"""The error detector thinks the query does not match its intent.

What it does:
    Scores the query against its intent comment with sqlintent's neural error detector (a MiniLM encoder
    with graph attention over the question's dependency parse and the query's parse tree, after Chen et al.
    2023) and reports the statement when the probability of being correct is below ``model.threshold``
    (default 0.5). The finding's confidence is one minus the score; its data holds the score and, for each
    top-level clause, how the score moves when that clause is hidden from the model, so the message can
    name the clause the model doubts most (the one whose hiding raises the score most), and the finding
    sits on that clause.

Why is this bad?
    A query can be valid SQL over the right tables and still answer another question: a missing filter, the
    wrong column, an extra join. The detector has learned from real text-to-SQL mistakes what such
    mismatches look like. It is a statistical signal, not a proof; read it as "look at this clause again".
    Its default severity is info, so it does not fail a CI run: the model shipped now scores below the
    query-length baseline on most of the sets it was measured on (see detector_model/MODEL_CARD.md). Raise
    it with ``severity.SIM001 = "warning"`` once a model you trust is configured.

Example:
    -- intent: how many heads of departments are older than 56?
    SELECT name FROM head WHERE age > 56

Use instead:
    -- intent: how many heads of departments are older than 56?
    SELECT count(*) FROM head WHERE age > 56

Fix safety:
    There is no automatic fix: the model says where it looks, not what the query should be.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.findings import Clause, Severity
from sqlintent.sqlast import clause_spans

def statement_score(ctx: StatementContext):
    """The detector's result for this statement (a :class:`~sqlintent.detector.scoring.StatementResult`), or
    None: read from the engine's scorer (``ctx.shared.detector_scorer``, made by
    :func:`sqlintent.detector.scoring.scorer_for`, which the verdict reads the same way through
    ``scoring.statement_score``); this rule imports no detector code."""
    if ctx.detector is None or not ctx.intent or ctx.tree is None:
        return None
    scorer = ctx.shared.detector_scorer
    if scorer is None or scorer.detector is not ctx.detector:
        return None
    return scorer.result(ctx.intent, ctx.sql)


def check(ctx: StatementContext):
    res = statement_score(ctx)
    if res is None:
        return
    dialect = ctx.dialect or "sqlite"
    threshold = float(ctx.config.model.threshold)
    if res.score >= threshold or res.explanation is None:
        return  # the clause-masking explanation is computed only for statements that are reported
    expl = res.explanation
    # clause spans in the user's text (the model read a normalised copy): matched by clause label
    local = dict(clause_spans(ctx.sql, dialect))
    clauses = []
    related = []
    for eff in expl.clauses:
        span = local.get(eff.label)
        item = eff.to_dict()
        item.pop("start"), item.pop("end")
        if span is not None:
            item["start"], item["end"] = span.start, span.end
            related.append(Clause(f"{eff.label}: without it the chance would be {eff.masked_score:.0%}", span))
        clauses.append(item)
    weakest = expl.weakest
    where = ""
    span = ctx.whole_span()
    if weakest is not None and weakest.delta > 0:
        # measured: the score with this clause hidden from the model; the finding sits on that clause
        where = f"; it doubts the {weakest.label} clause most (without it: {weakest.masked_score:.0%})"
        span = local.get(weakest.label) or span
    message = f"the error detector gives this query a {expl.score:.0%} chance of matching its intent{where}"
    yield ctx.finding(RULE, span, message, confidence=round(1.0 - expl.score, 4), related=related,
                      data={"score": round(expl.score, 4), "threshold": threshold, "graph": expl.graph,
                            "clauses": clauses})


RULE = Rule("SIM001", "low-intent-match", check, __doc__, Severity.INFO, needs=frozenset({"model", "intent"}))
