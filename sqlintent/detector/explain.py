"""Which clauses drive a detector score: re-score with each clause masked and report the change.

For a query's top-level clauses (SELECT list, FROM, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, and the
branches of a set operation), the encoder sub-tokens of the clause are replaced by the mask token and the
pair is scored again (all variants in one batch; the graphs are kept). ``delta = masked - score``: a clause
whose masking *raises* the score is the one holding it down, so the clause with the largest delta is the
weakest. This is an occlusion explanation, not a proof: it says where the model looks.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from sqlintent.findings import Span

__all__ = ["ClauseEffect", "Explanation", "clause_spans", "explain_pair"]

# sqlglot arg name -> (label, keyword that starts the clause)
_CLAUSES = (
    ("from_", "FROM", "FROM"),
    ("where", "WHERE", "WHERE"),
    ("group", "GROUP BY", "GROUP BY"),
    ("having", "HAVING", "HAVING"),
    ("order", "ORDER BY", "ORDER BY"),
    ("limit", "LIMIT", "LIMIT"),
)


@dataclass(frozen=True)
class ClauseEffect:
    """One clause: its label, span (in the text it was found in), and the score with it masked."""

    label: str
    span: Span
    masked_score: float
    delta: float

    def to_dict(self) -> dict:
        return {"label": self.label, "start": self.span.start, "end": self.span.end,
                "masked_score": round(self.masked_score, 4), "delta": round(self.delta, 4)}


@dataclass(frozen=True)
class Explanation:
    """A score and its clause effects, weakest clause (largest delta) first."""

    score: float
    graph: bool
    sql_text: str
    clauses: tuple[ClauseEffect, ...]

    @property
    def weakest(self) -> ClauseEffect | None:
        return self.clauses[0] if self.clauses else None


def clause_spans(sql: str, dialect: str = "sqlite") -> list[tuple[str, Span]]:
    """Top-level clauses of ``sql`` with their spans (keyword included); [] when it does not parse."""
    from sqlglot import exp

    from sqlintent import sqlast

    try:
        tree = sqlast.parse(sql, dialect)
    except Exception:  # noqa: BLE001
        return []
    out: list[tuple[str, Span]] = []
    _collect(sql, tree, "", out, exp)
    return [(label, span) for label, span in out if span.end > span.start]


def _collect(sql: str, node, prefix: str, out: list, exp) -> None:
    from sqlintent import sqlast

    if isinstance(node, exp.Subquery) and isinstance(node.this, (exp.Select, exp.SetOperation)):
        node = node.this
    if isinstance(node, exp.SetOperation):
        op = type(node).__name__.upper()
        for i, side in enumerate((node.left, node.right), 1):
            span = sqlast.clause_span(sql, side, "SELECT")
            if span is not None:
                out.append((f"{prefix}{op} branch {i}", span))
        return
    if not isinstance(node, exp.Select):
        return
    exprs = node.expressions
    if exprs:
        spans = [s for s in (sqlast.clause_span(sql, e) for e in exprs) if s is not None]
        if spans:
            span = spans[0]
            for s in spans[1:]:
                span = span.union(s)
            out.append((f"{prefix}SELECT", span))
    for arg, label, kw in _CLAUSES:
        part = node.args.get(arg) or (node.args.get("from") if arg == "from_" else None)
        if not part:
            continue
        span = sqlast.clause_span(sql, part, kw)
        if arg == "from_":
            for j in node.args.get("joins") or ():
                js = sqlast.clause_span(sql, j)
                if js is not None and span is not None:
                    span = span.union(js)
        if span is not None:  # ASC/DESC, closing quotes: take trailing words that belong to the clause
            m = re.match(r"(\s+(?:ASC|DESC)\b)", sql[span.end:], re.I)
            if m:
                span = Span(span.start, span.end + m.end())
        if span is not None:
            out.append((f"{prefix}{label}", span))


def explain_pair(detector, question: str, sql: str, dialect: str | None = "sqlite",
                 schema: Mapping[str, Sequence[str]] | None = None, prepared=None) -> Explanation:
    """Score one pair and each of its clause-masked variants with ``detector`` (a runtime ``Detector``).

    ``prepared`` (from ``detector.prepare``) skips preparing the pair again.
    """
    if prepared is None:
        prepared = detector.prepare(question, sql, dialect, schema)
    clauses = clause_spans(prepared.sql_text, "sqlite")
    variants = [prepared] * (1 + len(clauses))
    masks = [[]] + [[(sp.start, sp.end)] for _, sp in clauses]
    g, c, ok = detector.run_prepared(variants, mask_spans=masks)
    use_graph = bool(ok[0]) and detector.config.get("variant") != "cls"
    scores = g if use_graph else c
    base = float(scores[0])
    effects = [ClauseEffect(label, span, float(s), float(s) - base)
               for (label, span), s in zip(clauses, scores[1:])]
    effects.sort(key=lambda e: -e.delta)
    return Explanation(base, use_graph, prepared.sql_text, tuple(effects))
