"""Which clauses drive a detector score: re-score with each clause masked and report the change.

For a query's top-level clauses (SELECT list, FROM, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, and the
branches of a set operation), the encoder sub-tokens of the clause are replaced by the mask token and the
pair is scored again (all variants in one batch; the graphs are kept). ``delta = masked - score``: a clause
whose masking *raises* the score is the one holding it down, so the clause with the largest delta is the
weakest. This is an occlusion explanation, not a proof: it says where the model looks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from sqlintent.findings import Span
from sqlintent.sqlast import clause_spans  # the clauses a finding points at (one place)

__all__ = ["ClauseEffect", "Explanation", "clause_spans", "explain_pair"]

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


def explain_pair(detector, question: str, sql: str, dialect: str | None = "sqlite",
                 schema: Mapping[str, Sequence[str]] | None = None, prepared=None, base=None) -> Explanation:
    """Score one pair and each of its clause-masked variants with ``detector`` (a runtime ``Detector``).

    ``prepared`` (from ``detector.prepare``) skips preparing the pair again. ``base``: the pair's
    ``DetectorScore`` from ``detector.score_prepared([prepared])``, when the caller has it; a model that
    runs pair by pair gives the unmasked variant exactly that score, so it is not run again (a batched
    model runs all variants together, as without it).
    """
    if prepared is None:
        prepared = detector.prepare(question, sql, dialect, schema)
    clauses = clause_spans(prepared.sql_text, "sqlite")
    masks = [[(sp.start, sp.end)] for _, sp in clauses]
    run_masked = getattr(detector, "run_masked", None)
    if base is not None and run_masked is not None and detector.per_pair:
        use_graph, score = base.graph, base.score
        g, c, _ = run_masked(prepared, masks) if masks else ((), (), ())
        masked = g if use_graph else c
    else:
        g, c, ok = detector.run_prepared([prepared] * (1 + len(clauses)), mask_spans=[[]] + masks)
        use_graph = bool(ok[0]) and detector.config.get("variant") != "cls"
        scores = g if use_graph else c
        score, masked = scores[0], scores[1:]
    base_score = float(score)
    effects = [ClauseEffect(label, span, float(s), float(s) - base_score)
               for (label, span), s in zip(clauses, masked)]
    effects.sort(key=lambda e: -e.delta)
    return Explanation(base_score, use_graph, prepared.sql_text, tuple(effects))
