"""Re-rank a parser's candidates by the verdict (the default of ``sqlintent rerank``).

>>> from sqlintent.rerank import rerank
>>> rerank("How many singers are there?", ["SELECT name FROM singer", "SELECT count(*) FROM singer"],
...        database="concert_singer.sqlite")      # doctest: +SKIP

Each candidate is checked by the engine as ``check`` would check it under the question as its intent
(database probes when ``database`` is given, schema rules with ``schema_files``), and ordered by the
verdict's probability with the same policies as the detector re-ranker (``rr``, ``ed+rr``, ``bertrand``).
"""
from __future__ import annotations

from typing import Sequence

from sqlintent.detector.rerank import RankedCandidate, order

__all__ = ["rerank", "verdict_probabilities"]


def verdict_probabilities(question: str, candidates: Sequence[str], *, engine=None, database: str | None = None,
                          schema_files: Sequence[str] = (), dialect: str = "sqlite", detector=None,
                          model=None) -> list[tuple[float, float | None]]:
    """(verdict probability, detector score or None) of each candidate under ``question``."""
    from sqlintent.config import Config
    from sqlintent.engine import Engine
    from sqlintent.document import statement_text
    from sqlintent.verdict.model import load_default

    if engine is None:
        cfg = Config(database=database, schema_files=list(schema_files), dialect=dialect)
        cfg.ignore = ["SIM001"]  # the verdict reads the model score itself; no clause explanation needed
        engine = Engine(cfg) if detector is None else Engine(cfg, detector=detector)
    model = model or engine.verdict_model or load_default()
    if model is None:
        raise RuntimeError("no verdict model: sqlintent/verdict/verdict.json is missing")
    out = []
    for sql in candidates:
        res = engine.check_text(statement_text(question, sql))
        stmts = list(res.document.statements) if res.document else []
        # one statement, the candidate (``q; DROP TABLE t`` is not one query, however good its first part)
        v = engine.verdict(stmts[0]) if len(stmts) == 1 and stmts[0].intent else None
        if v is None:  # not one parseable statement: the lowest rank, after every readable candidate
            out.append((0.0, None))
            continue
        p = v.probability if v.probability is not None else model.probability(v.features)
        out.append((float(p), v.inputs.score))
    return out


def rerank(question: str, candidates: Sequence[str], method: str = "ed+rr", threshold: float = 0.5,
           t: float = 0.1, *, database: str | None = None, schema_files: Sequence[str] = (),
           dialect: str = "sqlite", detector=None, engine=None) -> list[RankedCandidate]:
    """``candidates`` (in the parser's order) re-ranked by the verdict; ``score`` is the verdict's probability
    and ``detector_score`` the raw model score (SIM001's)."""
    if not candidates:
        return []
    probs = verdict_probabilities(question, candidates, engine=engine, database=database,
                                  schema_files=schema_files, dialect=dialect, detector=detector)
    scores = [p for p, _ in probs]
    new = order(scores, method, threshold, t)
    return [RankedCandidate(r, i, candidates[i], scores[i], probs[i][1] is not None, detector_score=probs[i][1])
            for r, i in enumerate(new)]
