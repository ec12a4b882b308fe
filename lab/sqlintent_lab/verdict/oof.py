"""Out-of-fold detector scores for the verdict's inputs.

A verdict must learn from detector scores of pairs the detector never trained on. A detector trained on
data v2 leaves few such pairs (it trains on most real runs), so instead each pair on one of its training
databases takes its score from a cross-fitting run that left that database's fold out (``data.fold`` in
training, ``tools/gpu_train.py oof-scores`` on a GPU machine; ids are the data build's record ids), while a
pair on a database the detector never read keeps the score the installed detector gave it in ``collect``.

:func:`merge` rewrites collected inputs (``sqlintent-lab verdict collect --all-databases``) that way; a pair on a
training database without an out-of-fold score is dropped, never kept with the in-sample score.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from sqlintent_lab.verdict.data import BIRD_PREFIX, SYNTH_PREFIX


def record_id(pair_id: str) -> str:
    """The data build's record id of a verdict pair: :mod:`sqlintent_lab.verdict.data` puts ``SYNTH_PREFIX``
    before a build-data record's id and ``BIRD_PREFIX`` before a BIRD LLM run's, whose own ids start with
    ``bird-`` too (``bird-bird-llm-90`` -> ``bird-llm-90``)."""
    if pair_id.startswith(SYNTH_PREFIX):
        return pair_id[len(SYNTH_PREFIX):]
    if pair_id.startswith(BIRD_PREFIX + "bird-"):
        return pair_id[len(BIRD_PREFIX):]
    return pair_id


def load_scores(paths) -> dict[str, dict]:
    """``{record id: {"score", "score_cls", "graph", "db_id", "fold"}}`` from ``oof-scores`` files; a record
    scored twice is an error (the folds overlap)."""
    out: dict[str, dict] = {}
    for path in paths:
        with Path(path).open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    o = json.loads(line)
                    rid, score, score_cls, graph = str(o["id"]), float(o["score"]), float(o["score_cls"]), bool(o["graph"])
                except (ValueError, KeyError, TypeError) as exc:
                    raise ValueError(f"{path}:{n}: not an oof-scores line ({exc})") from None
                if rid in out:
                    raise ValueError(f"{path}:{n}: record {rid} already has an out-of-fold score (folds overlap)")
                out[rid] = {"score": score, "score_cls": score_cls, "graph": graph, "db_id": o.get("db_id"),
                            "fold": o.get("fold")}
    return out


def merge(rows, scores: dict[str, dict], trained_dbs, exclude_dbs=()) -> tuple[list[dict], Counter]:
    """Collected input rows with the detector's score of each pair on a training database replaced by its
    out-of-fold score; returns the rows kept and counts (``oof``, ``held_out``: kept with the installed
    detector's score, ``dropped``: a training database and no out-of-fold score, ``no_inputs``,
    ``excluded``: on one of ``exclude_dbs``, the databases of the recipe check set, which the verdict must
    not train on)."""
    trained, exclude = set(trained_dbs), set(exclude_dbs)
    kept, counts = [], Counter()
    for row in rows:
        inputs = row.get("inputs")
        if not inputs:
            counts["no_inputs"] += 1
            continue
        if row["db_id"] in exclude:
            counts["excluded"] += 1
            continue
        if row["db_id"] not in trained:
            kept.append({**row, "score_from": "detector"})
            counts["held_out"] += 1
            continue
        s = scores.get(record_id(row["id"]))
        if s is None or (s.get("db_id") not in (None, row["db_id"])):
            counts["dropped"] += 1
            continue
        new = dict(inputs)
        new.update(score=s["score"], score_cls=s["score_cls"], graph=s["graph"])
        kept.append({**row, "inputs": new, "score_from": f"oof:{s.get('fold')}"})
        counts["oof"] += 1
    return kept, counts
