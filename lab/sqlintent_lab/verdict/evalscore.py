"""The verdict as a scorer in ``sqlintent-lab eval detect`` / ``eval rerank``: inputs computed by the engine as
``check`` computes them (database of each example, probes on), cached on disk so both evaluations and
re-runs share them, then scored by the shipped verdict and, if given, its ablations.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

from sqlintent.verdict.model import VerdictModel


def _key(db_id: str, intent: str, sql: str) -> str:
    return hashlib.sha256(f"{db_id}\x00{intent}\x00{sql}".encode()).hexdigest()[:24]


def _read_cache(path) -> dict[str, dict | None]:
    cache: dict[str, dict | None] = {}
    p = Path(path) if path else None
    if p is not None and p.is_file():
        for line in p.read_text(encoding="utf-8").splitlines():
            try:
                o = json.loads(line)
                cache[o["key"]] = o["inputs"]
            except (ValueError, KeyError):
                continue
    return cache


def cached_model_scores(items, cache_path) -> dict:
    """{(db_id, question, sql): (score, score_cls, graph)} for the items whose inputs are cached."""
    cache = _read_cache(cache_path)
    out = {}
    for it in items:
        inp = cache.get(_key(it.db_id, it.question, it.sql))
        if inp and inp.get("score") is not None:
            out[(it.db_id, it.question, it.sql)] = (inp["score"], inp["score_cls"], inp["graph"])
    return out


def load_models(path: str | None, ablations_dir: str | None) -> dict[str, VerdictModel]:
    """``verdict`` (the shipped model or ``path``) and ``verdict_<ablation>`` for every file in the folder."""
    from sqlintent.verdict.model import default_model_path

    out = {}
    p = Path(path) if path else default_model_path()
    if p.is_file():
        out["verdict"] = VerdictModel.load(p)
    if ablations_dir:
        for f in sorted(Path(ablations_dir).glob("verdict_*.json")):
            out[f.stem] = VerdictModel.load(f)
    return out


def score_items(items, db_dir, tables_path: str | None, detector, models: dict[str, VerdictModel],
                cache_path: str | None = None, progress=None) -> float:
    """Fill ``item.scores[name]`` for every model (items need db_id, question, sql); returns seconds."""
    from sqlintent_lab.evaluation.datasets import resolve_db
    from sqlintent_lab.verdict.collect import EngineCache, _config, inputs_for
    from sqlintent_lab.verdict.train import features_of_record

    t0 = time.time()
    cache = _read_cache(cache_path)
    cp = Path(cache_path) if cache_path else None
    engines = EngineCache(detector, _config)
    todo = sorted({(it.db_id, it.question, it.sql) for it in items} - set(), key=lambda x: (x[0], x[1]))
    todo = [t for t in todo if _key(*t) not in cache]
    fh = cp.open("a", encoding="utf-8") if cp is not None else None
    if cp is not None:
        cp.parent.mkdir(parents=True, exist_ok=True)
    try:
        for i, (db_id, q, sql) in enumerate(todo, 1):
            path = resolve_db(db_dir, db_id) if db_dir else None
            schema = None if path is not None or not tables_path else f"tables:{tables_path}"
            eng = engines.get(str(path) if path else None, schema, db_id)
            try:
                inputs = inputs_for(eng, q, sql)
            except Exception:  # noqa: BLE001
                inputs = None
            k = _key(db_id, q, sql)
            cache[k] = inputs
            if fh is not None:
                fh.write(json.dumps({"key": k, "inputs": inputs}) + "\n")
            if progress and i % 200 == 0:
                fh and fh.flush()
                progress(f"verdict inputs {i}/{len(todo)} ({time.time() - t0:.0f}s)")
    finally:
        if fh is not None:
            fh.close()
    from sqlintent.verdict.step import model_codes

    for it in items:
        inputs = cache.get(_key(it.db_id, it.question, it.sql))
        for name, m in models.items():
            feats = features_of_record({"intent": it.question, "sql": it.sql, "inputs": inputs},
                                       model_codes(m)) if inputs else None
            # a statement the engine could not read as one statement gets the training prior
            it.scores[name] = m.probability(feats) if feats is not None else 0.5
    return time.time() - t0


def calibration_figures(y, p, threshold: float = 0.5) -> dict:
    """ECE, reliability bins and what SIV001 would do at ``threshold`` (flagged, precision on wrong)."""
    from sqlintent_lab.verdict.train import ece, reliability

    ya, pa = np.asarray(y), np.asarray(p, dtype=np.float64)
    flagged = pa < threshold
    return {"ece": ece(ya, pa), "reliability": reliability(ya, pa), "threshold": threshold,
            "flagged": int(flagged.sum()), "flag_rate": float(flagged.mean()) if len(pa) else None,
            "flag_precision": float((ya[flagged] == 0).mean()) if flagged.any() else None,
            "flag_rate_on_correct": float(flagged[ya == 1].mean()) if (ya == 1).any() else None}


def known_model_scores(args, items) -> dict | None:
    """The detector's scores of ``items`` held in the verdict's input cache (with --verdict-cache), if any."""
    if not getattr(args, "verdict_cache", None) or getattr(args, "verdict", None) is None:
        return None
    from sqlintent_lab.verdict.evalscore import cached_model_scores

    return cached_model_scores(items, args.verdict_cache)


def verdict_scores(args, items, detector, progress) -> float:
    """Score ``items`` with the verdict(s) the arguments ask for; seconds spent (0 when none)."""
    if getattr(args, "verdict", None) is None and not getattr(args, "verdict_ablations", None):
        return 0.0
    from sqlintent_lab.verdict.evalscore import load_models, score_items as score_verdict

    models = load_models(args.verdict or None, args.verdict_ablations)
    if not models:
        print("sqlintent-lab eval: no verdict model found; verdict scores skipped", file=sys.stderr)
        return 0.0
    return score_verdict(items, args.db_dir, args.tables, detector, models, args.verdict_cache, progress)


def reliability_plot(plt, items, y, methods, stem: str, folder: Path) -> Path:
    """The verdicts' probabilities against the share of right answers, one PNG per file."""
    from sqlintent_lab.evaluation.detect_eval import save_plot
    from sqlintent_lab.verdict.train import ece, reliability

    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.plot([0, 1], [0, 1], ":", color="grey")
    for m in methods:
        p = [it.scores[m] for it in items]
        rel = reliability(y, p)
        ax.plot([b["mean_p"] for b in rel], [b["share_correct"] for b in rel], "o-", label=f"{m} (ECE {ece(y, p):.3f})")
    ax.set_xlabel("verdict probability")
    ax.set_ylabel("share of answers that are right")
    return save_plot(plt, fig, ax, stem, folder / f"{stem}.reliability.png")
