"""Markdown tables of the verdict's evaluation for docs/verdict.md, from the JSON the eval commands write.

    python tools/verdict_tables.py runs/verdict/detect.json [runs/verdict/rerank*.json ...]
"""
from __future__ import annotations

import json
import sys

METHODS = ("model", "model_cls", "length", "empty_result", "verdict", "verdict_no_model", "verdict_no_signals")


def detect_table(report: dict) -> str:
    head = ("| file | " + " | ".join(f"AUC {m}" for m in METHODS) + " | verdict - length | answered@95 model / verdict "
            "| verdict ECE | SIV001 flags (wrong among them) |\n|" + "---|" * (len(METHODS) + 5) + "\n")
    rows = []
    for f in report["files"]:
        m = f["metrics"]
        aucs = [m[k]["auc"] if m.get(k) else None for k in METHODS]
        cal = m["verdict"]["calibration"]
        rows.append(f"| {f['file'].replace('spider_dev.', '')} | " + " | ".join(
            "-" if a is None else f"{100 * a:.1f}" for a in aucs)
            + f" | {100 * (m['verdict']['auc'] - m['length']['auc']):+.1f} | {m['model']['answered_at_95']} / "
              f"{m['verdict']['answered_at_95']} | {cal['ece']:.3f} | {cal['flagged']} "
              f"({100 * cal['flag_precision']:.0f}%) |")
    return head + "\n".join(rows) + "\n"


def rerank_table(reports: list[dict]) -> str:
    head = "| file | scorer | top-1 | RR | ED+RR | Bertrand-DR | beam hit |\n|---|---|---|---|---|---|---|\n"
    rows = []
    for r in reports:
        for f in r["files"]:
            scorers = {"model": f["metrics"], **(f.get("by_scorer") or {})}
            for name, m in scorers.items():
                rows.append(f"| {f['file'].replace('spider_dev.', '')} | {name} | {100 * m['top1']:.1f} | "
                            f"{100 * m['rr']:.1f} | {100 * m['ed+rr']:.1f} | {100 * m['bertrand']:.1f} | "
                            f"{100 * m['beam_hit']:.1f} |")
    return head + "\n".join(rows) + "\n"


def main(argv: list[str]) -> int:
    detect, reranks = None, []
    for p in argv:
        rep = json.load(open(p, encoding="utf-8"))
        if rep["files"] and "by_scorer" in rep["files"][0]:
            reranks.append(rep)
        else:
            detect = rep
    if detect:
        print(detect_table(detect))
    if reranks:
        print(rerank_table(reranks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
