"""Score the validation split of a prepared-pairs file with a model directory and report AUCs by source.

    python tools/score_validation.py [--model DIR] [--prepared runs/train/minilm_gat_gpu/prepared.npz]
                                     [--out scores.jsonl]
    python tools/score_validation.py [--model DIR] --pairs runs/data_v2/val.jsonl [--db-ids a,b,...]
                                     [--tables FILE ...]

``--pairs`` scores a build-data JSONL instead of a prepared file (graphs built here, with the schemas of
``--tables``; default Spider's, BIRD dev's and the Spider test schemas under $SQLINTENT_SHARED or
../shared), e.g. the pairs of two data builds' validation databases that neither model trained on, so two
models can be compared on the same pairs; the report then also splits by the pairs' ``source``.

For each source group (BIRD LLM runs, Spider synthesised pairs and hard negatives) and overall: the AUC of the
detector's graph score, of its [CLS] head and of the query-length baseline (fewer tokens = more likely
correct, as in ``sqlintent-lab eval detect``); and the same split in two: *within* questions (the mean AUC over
questions that have both correct and wrong pairs) and *between* questions (Spearman correlation between a
question's share of correct pairs and its mean score, or its negated mean query length). The validation
databases are never trained on, so this compares models without touching the evaluation files.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

def within_between(y, score, length, questions) -> dict:
    """Within-question mean AUC (model, length) and between-question Spearman correlations."""
    from sqlintent.detector.metrics import roc_auc, spearman

    by_q: dict[str, list[int]] = {}
    for i, q in enumerate(questions):
        by_q.setdefault(q, []).append(i)
    groups = [np.asarray(ix) for ix in by_q.values()]
    mixed = [ix for ix in groups if 0 < y[ix].sum() < len(ix)]
    acc = [y[ix].mean() for ix in groups]
    return {
        "questions": len(groups), "questions_with_both_labels": len(mixed),
        "within_auc_model": round(100 * float(np.mean([roc_auc(y[ix], score[ix]) for ix in mixed])), 2) if mixed else None,
        "within_auc_length": round(100 * float(np.mean([roc_auc(y[ix], length[ix]) for ix in mixed])), 2) if mixed else None,
        "between_spearman_model": round(spearman(acc, [score[ix].mean() for ix in groups]), 3),
        "between_spearman_length": round(spearman(acc, [length[ix].mean() for ix in groups]), 3),
    }


SHARED_TABLES = ("data/spider/tables.json", "data/bird_dev/dev_tables.json",
                 "data/train_real/schemas/spider_test_tables.json")  # under the shared material


def _read_pairs(path: str, dbs: set[str], tables: list[str] | None):
    """(records, prepared pairs) of a build-data JSONL: records as in a prepared file (id, db_id, question,
    sql, label, source)."""
    from sqlintent_lab.commands.export import shared_dir
    from sqlintent.detector.featurize import prepare_pair
    from sqlintent_lab.model_export.train_data import _schemas

    schemas = _schemas({"tables": tables or [str(shared_dir() / f) for f in SHARED_TABLES]})
    recs, prep = [], []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            r = json.loads(line)
            if dbs and r["db_id"] not in dbs:
                continue
            recs.append((r["id"], r["db_id"], r["question"], r["sql"], int(r["label"]), r.get("source", "")))
            prep.append(prepare_pair(r["question"], r["sql"], "sqlite", schemas.get(r["db_id"])))
    if not recs:
        raise SystemExit(f"no pairs in {path} for {sorted(dbs)}")
    return recs, prep


def main(argv: list[str] | None = None) -> int:
    from sqlintent.detector.metrics import roc_auc
    from sqlintent.detector.runtime import Detector
    from sqlintent_lab.evaluation.detect_eval import length_score
    from sqlintent_lab.model_export.pack import read_pack

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None, help="model directory (default: the bundled model)")
    ap.add_argument("--prepared", default="runs/train/minilm_gat_gpu/prepared.npz")
    ap.add_argument("--out", default=None, help="write per-pair scores (JSONL)")
    ap.add_argument("--pairs", default=None, help="a build-data JSONL to score instead of --prepared")
    ap.add_argument("--db-ids", default="", help="with --pairs: comma-separated db_ids to keep (default all)")
    ap.add_argument("--tables", action="append", default=None, help="with --pairs: tables.json files")
    a = ap.parse_args(argv)
    det = Detector.load(a.model, provider="cpu")
    if a.pairs:
        recs, prep = _read_pairs(a.pairs, {d for d in a.db_ids.split(",") if d}, a.tables)
    else:
        _, splits = read_pack(a.prepared)
        recs, prep = splits["valid"]
    t0 = time.time()
    res = det.score_prepared(prep)
    seconds = time.time() - t0
    y = np.asarray([r[4] for r in recs])
    group = np.asarray(["bird" if "bird" in r[5] else "spider" for r in recs])
    g = np.asarray([s.score for s in res])
    c = np.asarray([s.score_cls for s in res])
    length = np.asarray([length_score(p.sql_text) for p in prep])
    report = {"model": det.describe(), "pairs": len(recs), "seconds": round(seconds, 1)}
    sources = sorted({r[5] for r in recs}) if a.pairs else []
    groups = [("all", np.ones(len(y), bool)), ("bird", group == "bird"), ("spider", group == "spider")]
    groups += [(f"source:{s}", np.asarray([r[5] == s for r in recs])) for s in sources]
    for name, sel in groups:
        if not sel.any() or y[sel].min() == y[sel].max():
            continue
        report[name] = {"pairs": int(sel.sum()), "share_correct": round(float(y[sel].mean()), 3),
                        "auc_model": round(100 * roc_auc(y[sel], g[sel]), 2),
                        "auc_cls": round(100 * roc_auc(y[sel], c[sel]), 2),
                        "auc_length": round(100 * roc_auc(y[sel], length[sel]), 2)}
        qs = [p.question for p, keep in zip(prep, sel) if keep]
        report[name].update(within_between(y[sel], g[sel], length[sel], qs))
    if a.out:
        with open(a.out, "w", encoding="utf-8") as fh:
            for r, s in zip(recs, res):
                fh.write(json.dumps({"id": r[0], "db_id": r[1], "source": r[5], "label": r[4], "score": s.score,
                                     "score_cls": s.score_cls, "graph": s.graph}) + "\n")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
