"""``sqlintent-lab eval rerank``: re-ranking beams with the detector (Chen et al. 2023, Table 4; Bertrand-DR).

Every executable candidate of each example is labelled by execution against the gold query (candidates that
do not execute are dropped; examples left with none, or without a database, are skipped and counted). Then,
over the examples, the execution accuracy of the first candidate under:

* ``top1``: the parser's own order;
* ``rr``: re-rank all by detector score;
* ``ed+rr``: re-rank only when the first candidate scores below ``--threshold`` (0.5, as in the paper);
* ``bertrand``: Bertrand-DR's threshold re-ranker; its ``t`` is tuned on one random half of the examples
  and measured on the other, both ways round; the reported accuracy is over all examples (each measured
  with the ``t`` tuned on the other half);
* ``rr_length``: the trivial baseline: re-rank all by query length (shortest first);
* ``beam_hit``: some candidate is correct (the ceiling of any re-ranker).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import OrderedDict
from pathlib import Path

import numpy as np

# Chen et al. 2023, Table 4 (CodeBERT+GAT): top-1, RR, ED+RR, beam hit.
PAPER = {
    "smbop": {"top1": 75.1, "rr": 72.2, "ed+rr": 73.7, "beam_hit": 80.5},
    "resdsql": {"top1": 77.9, "rr": 75.7, "ed+rr": 77.8, "beam_hit": 86.6},
}


def add_parser(sub) -> argparse.ArgumentParser:
    from sqlintent_lab.evaluation.detect_eval import add_common_arguments

    p = sub.add_parser(
        "rerank", help="re-ranking beams: top-1, RR, ED+RR, Bertrand-DR threshold re-ranker, beam hit",
        description="Label every executable candidate by execution, score it with the detector, and report the "
                    "execution accuracy of the first candidate under each re-ranking policy.")
    add_common_arguments(p)
    p.add_argument("--threshold", type=float, default=0.5, help="ED+RR detection threshold (default 0.5)")
    p.set_defaults(func=run)
    return p


def beams_of(items, scorer: str = "model") -> list[tuple[list[float], list[int], list[float]]]:
    """Group scored items by example: (``scorer`` scores, labels, length scores) in the parser's order."""
    groups: OrderedDict[str, list] = OrderedDict()
    for it in items:
        groups.setdefault(it.example_id, []).append(it)
    out = []
    for its in groups.values():
        its.sort(key=lambda x: x.rank)
        out.append(([x.scores[scorer] for x in its], [x.label for x in its], [x.scores["length"] for x in its]))
    return out


def rerank_metrics(beams, threshold: float = 0.5, seed: int = 0) -> dict:
    """Accuracies of every policy over ``beams`` (see the module doc)."""
    from sqlintent.detector.rerank import order_rr, top1_accuracy, tune_bertrand_threshold

    n = len(beams)
    if n == 0:
        return {"beams": 0}
    sb = [(s, y) for s, y, _ in beams]
    res = {
        "beams": n,
        "candidates": int(sum(len(y) for _, y, _ in beams)),
        "top1": float(np.mean([y[0] == 1 for _, y, _ in beams])),
        "rr": top1_accuracy(sb, "rr"),
        "ed+rr": top1_accuracy(sb, "ed+rr", threshold=threshold),
        "ed_threshold": threshold,
        "rr_length": float(np.mean([y[order_rr(ls)[0]] == 1 for _, y, ls in beams])),
        "beam_hit": float(np.mean([any(v == 1 for v in y) for _, y, _ in beams])),
    }
    perm = np.random.default_rng(seed).permutation(n)
    halves = [perm[: n // 2], perm[n // 2 :]]
    hits, ts = 0.0, []
    for tune, test in ((halves[0], halves[1]), (halves[1], halves[0])):
        t = tune_bertrand_threshold([sb[i] for i in tune])
        ts.append(t)
        hits += top1_accuracy([sb[i] for i in test], "bertrand", t=t) * len(test)
    res["bertrand"] = hits / n
    res["bertrand_t"] = ts
    return res


def _parser_key(path: str) -> str | None:
    name = Path(path).name.lower()
    return next((k for k in PAPER if k in name), None)


def markdown_table(results: list[dict]) -> str:
    def pct(x):
        return "-" if x is None else f"{100 * x:.1f}"

    head = ("| file | beams | top-1 | RR | ED+RR | Bertrand-DR (t) | RR by length | beam hit |\n"
            "|---|---|---|---|---|---|---|---|\n")
    rows = []
    for r in results:
        m = r["metrics"]
        if not m.get("beams"):
            rows.append(f"| {r['file']} | 0 | - | - | - | - | - | - |")
            continue
        ts = "/".join(f"{t:.2f}" for t in m["bertrand_t"])
        rows.append(f"| {r['file']} | {m['beams']} | {pct(m['top1'])} | {pct(m['rr'])} | {pct(m['ed+rr'])} | "
                    f"{pct(m['bertrand'])} ({ts}) | {pct(m['rr_length'])} | {pct(m['beam_hit'])} |")
        for name, sm in (r.get("by_scorer") or {}).items():
            ts = "/".join(f"{t:.2f}" for t in sm["bertrand_t"])
            rows.append(f"| {r['file']} [{name}] | {sm['beams']} | {pct(sm['top1'])} | {pct(sm['rr'])} | "
                        f"{pct(sm['ed+rr'])} | {pct(sm['bertrand'])} ({ts}) | {pct(sm['rr_length'])} | "
                        f"{pct(sm['beam_hit'])} |")
        if r.get("paper"):
            p = r["paper"]
            rows.append(f"| {r['file']} (paper) | - | {p['top1']} | {p['rr']} | {p['ed+rr']} | - | - | "
                        f"{p['beam_hit']} |")
    return head + "\n".join(rows) + "\n"


def run(args) -> int:
    from sqlintent_lab.evaluation.datasets import DatasetFormatError
    from sqlintent_lab.evaluation.detect_eval import collect, methods_of, open_inputs, score_items
    from sqlintent_lab.verdict.evalscore import known_model_scores, verdict_scores

    opened = open_inputs(args, "rerank")
    if opened is None:
        return 2
    detector, tables, progress = opened
    results = []
    details = []
    for path in args.data:
        try:
            col = collect(path, args.db_dir, tables, args.limit, beams=True, progress=progress)
        except (DatasetFormatError, OSError) as exc:
            print(f"sqlintent-lab eval rerank: {exc}", file=sys.stderr)
            return 2
        secs = score_items(col.items, detector, args.db_dir, tables, args.batch_size, progress,
                           known_model_scores(args, col.items))
        secs += verdict_scores(args, col.items, detector, progress)
        metrics = rerank_metrics(beams_of(col.items), args.threshold, args.seed)
        by_scorer = {m: rerank_metrics(beams_of(col.items, m), args.threshold, args.seed)
                     for m in methods_of(col.items) if m == "model_cls" or m.startswith("verdict")}
        results.append({"file": Path(path).name, **col.counts, "scoring_seconds": round(secs, 1),
                        "metrics": metrics, "by_scorer": by_scorer, "paper": PAPER.get(_parser_key(path) or "")})
        details.extend((Path(path).name, it) for it in col.items)
    report = {"provider": detector.provider, "model": detector.describe(), "files": results}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=2, default=str), encoding="utf-8")
    table = markdown_table(results)
    if args.md:
        Path(args.md).write_text(table, encoding="utf-8")
    if args.details:
        with open(args.details, "w", encoding="utf-8") as fh:
            for name, it in details:
                fh.write(json.dumps({"file": name, "id": it.example_id, "rank": it.rank, "label": it.label,
                                     "scores": it.scores, "sql": it.sql}) + "\n")
    if not args.quiet:
        print(table)
    return 0
