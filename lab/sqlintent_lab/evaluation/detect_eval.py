"""``sqlintent-lab eval detect``: the error detector on labelled parser output, beside two trivial baselines.

Protocol (Chen et al. 2023, section 4.1 and Table 2):

* Each example's answer is its first candidate that executes (candidates that do not execute are dropped
  and counted, as the paper keeps executable predictions only); it is labelled by executing it against the
  gold query (:class:`~sqlintent_lab.evaluation.execution.ExecutionLabeller`, the fixed Spider evaluation with
  the exact-set-match fallback). ``sql``/``label`` lines keep their label and are scored with the schema
  of ``--tables`` (or none) when no database exists. Examples whose database is missing are skipped and
  counted.
* Methods scored the same way: the detector (graph head), its encoder-only [CLS] head, the *query length*
  baseline (fewer SQL tokens = more likely correct) and the *empty result* baseline (a query returning rows
  is more likely correct; needs the database).
* Metrics per method: AUC; precision/recall/F1 on correct (positive) and on wrong (negative) answers and
  accuracy, at the threshold that maximises accuracy chosen by 5-fold cross-validation over databases; the
  number of questions answered at 95% precision (answer triggering); the number of interactions needed to
  reach 95% accuracy with an oracle fix (interaction triggering).

Output: JSON (``--out``), optionally a markdown table beside the paper's numbers (``--md``), PNG plots
(``--plots DIR``: ROC and precision against questions answered; needs matplotlib) and per-answer details.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

# CodeBERT+GAT in Chen et al. 2023 (Tables 2, 5, 7), by the parser the test file comes from.
PAPER = {
    "smbop": {"pos_precision": 85.0, "pos_recall": 90.6, "pos_f1": 87.2, "neg_precision": 56.7,
              "neg_recall": 44.4, "neg_f1": 46.4, "accuracy": 79.8, "auc": 81.7, "answered_at_95": 520,
              "interactions_to_95": 356},
    "resdsql": {"pos_precision": 83.8, "pos_recall": 93.8, "pos_f1": 88.3, "neg_precision": 61.7,
                "neg_recall": 37.0, "neg_f1": 45.2, "accuracy": 81.2, "auc": 80.7, "answered_at_95": 462,
                "interactions_to_95": 382},
}

METHODS = ("model", "model_cls", "length", "empty_result")
VERDICT_METHODS = ("verdict", "verdict_no_model", "verdict_no_signals")


def methods_of(items) -> list[str]:
    """The methods every item was scored with, in report order (the verdicts only when asked for)."""
    names = list(METHODS) + [m for m in VERDICT_METHODS]
    extra = sorted({k for it in items for k in it.scores} - set(names))
    return [m for m in names + extra if items and all(m in it.scores for it in items)]
_TOKEN = re.compile(r"\w+|[^\w\s]")


def length_score(sql: str) -> float:
    """The query-length baseline: minus the number of word and punctuation tokens (shorter = more likely correct)."""
    return -float(len(_TOKEN.findall(sql)))


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "detect", help="error detection: the detector against the length and empty-result baselines",
        description="Label each example's answer (first executable candidate) by execution, score it with the "
                    "detector and two trivial baselines, and report AUC, precision/recall/F1 on correct and "
                    "wrong answers, accuracy (threshold by 5-fold cross-validation over databases), questions "
                    "answered at 95%% precision and interactions to 95%% accuracy.")
    add_common_arguments(p)
    p.set_defaults(func=run)
    return p


def add_common_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", required=True, action="append",
                   help="JSONL file (gold+candidates lines, or sql+label lines); repeat for several files")
    p.add_argument("--db-dir", help="folder of Spider-layout databases (<db_id>/<db_id>.sqlite)")
    p.add_argument("--tables", help="Spider-style tables.json: the schema when a line has no database")
    p.add_argument("--out", required=True, help="where to write the metrics (JSON)")
    p.add_argument("--md", help="also write a markdown table (beside the paper's numbers)")
    p.add_argument("--plots", help="also write PNG plots into this folder (needs matplotlib)")
    p.add_argument("--details", help="also write one JSON line per scored query")
    p.add_argument("--model", help="detector model directory (default: the bundled model)")
    p.add_argument("--provider", default="auto", choices=("auto", "cpu", "cuda"))
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--limit", type=int, help="only the first N examples of each file")
    p.add_argument("--seed", type=int, default=0, help="seed of the cross-validation folds")
    p.add_argument("--verdict", nargs="?", const="", default=None, metavar="JSON",
                   help="also score with the verdict (the bundled one, or this verdict.json); its inputs are "
                        "computed by the engine as check computes them (slow: about 0.05-0.3 s a query)")
    p.add_argument("--verdict-ablations", metavar="DIR",
                   help="also score with every verdict_*.json in DIR (written by sqlintent-lab verdict train)")
    p.add_argument("--verdict-cache", metavar="FILE",
                   help="cache of the verdict's inputs (JSONL), shared by runs and by eval detect/rerank")
    p.add_argument("--quiet", action="store_true")


@dataclass
class Item:
    """One scored query: its example, rank among the executable candidates, label and scores."""

    example_id: str
    db_id: str
    question: str
    sql: str
    rank: int
    label: int
    nonempty: float | None = None
    scores: dict = field(default_factory=dict)
    graph: bool = True


@dataclass
class Collected:
    file: str
    items: list[Item]
    counts: dict


def _parser_key(path: str) -> str | None:
    name = Path(path).name.lower()
    for key in PAPER:
        if key in name:
            return key
    return None


def collect(path: str, db_dir: str | None, tables: dict | None, limit: int | None, beams: bool,
            progress=None) -> Collected:
    """Label an evaluation file: the first executable candidate of each example (``beams=False``) or all
    executable candidates (``beams=True``), with the non-empty-result flag of each."""
    from sqlintent.db import open_sqlite_readonly, run_select
    from sqlintent_lab.evaluation.datasets import load_examples, resolve_db
    from sqlintent_lab.evaluation.execution import ExecutionLabeller

    counts = {"examples": 0, "missing_db": 0, "gold_error": 0, "no_executable_candidate": 0,
              "dropped_non_executable": 0, "exact_match_fallback": 0, "scored_examples": 0}
    items: list[Item] = []
    conns: dict[str, object] = {}
    t0 = time.time()
    with ExecutionLabeller(db_dir) as labeller:
        for ex in load_examples(path):
            if limit is not None and counts["examples"] >= limit:
                break
            counts["examples"] += 1
            db_path = resolve_db(db_dir, ex.db_id)
            if ex.labels is not None:  # ready labels
                nonempty = None
                if db_path is not None:
                    nonempty = _nonempty(conns, db_path, ex.candidates[0], open_sqlite_readonly, run_select)
                items.append(Item(ex.id, ex.db_id or "", ex.intent, ex.candidates[0], 0, ex.labels[0], nonempty))
                counts["scored_examples"] += 1
                continue
            if db_path is None:
                counts["missing_db"] += 1
                continue
            rank = 0
            got = gold_failed = False
            for cand in ex.candidates:
                lab = labeller.label_on(db_path, ex.gold, cand)
                if lab.status == "gold_error":
                    counts["gold_error"] += 1
                    gold_failed = True
                    break
                if lab.label is None:
                    counts["dropped_non_executable"] += 1
                    continue
                counts["exact_match_fallback"] += int(lab.exact_match_fallback)
                ne = _nonempty(conns, db_path, cand, open_sqlite_readonly, run_select)
                items.append(Item(ex.id, ex.db_id, ex.intent, cand, rank, int(lab.label), ne))
                rank += 1
                got = True
                if not beams:
                    break
            if got:
                counts["scored_examples"] += 1
            elif not gold_failed:
                counts["no_executable_candidate"] += 1
            if progress and counts["examples"] % 200 == 0:
                progress(f"{Path(path).name}: labelled {counts['examples']} examples ({time.time() - t0:.0f}s)")
    for c in conns.values():
        c.close()
    counts["labelling_seconds"] = round(time.time() - t0, 1)
    return Collected(str(path), items, counts)


def _nonempty(conns: dict, db_path, sql: str, open_ro, run_select) -> float | None:
    key = str(db_path)
    if key not in conns:
        conns[key] = open_ro(db_path)
    try:
        res = run_select(conns[key], sql, timeout_s=5.0, max_rows=1)
    except Exception:  # noqa: BLE001
        return None
    return 1.0 if res.rows else 0.0


def _schema_for(db_dir, tables: dict | None, db_id: str, cache: dict):
    """{table: [columns]} for normalisation: from the database, else tables.json, else None."""
    if db_id in cache:
        return cache[db_id]
    from sqlintent_lab.evaluation.datasets import resolve_db
    from sqlintent_lab.evaluation.execution import ExecutionLabeller

    schema = None
    path = resolve_db(db_dir, db_id)
    if path is not None:
        with ExecutionLabeller(db_dir) as lab:
            schema = lab.schema(path)
    elif tables and db_id in tables:
        schema = tables[db_id]["tables"]
    cache[db_id] = schema
    return schema


def score_items(items: list[Item], detector, db_dir, tables, batch_size: int, progress=None,
                known: dict | None = None) -> float:
    """Fill ``scores`` of every item (model, model_cls, length, empty_result); returns seconds spent.

    ``known``: {(db_id, question, sql): (score, score_cls, graph)} already computed (the verdict's input
    cache holds the detector's scores as ``check`` computed them); those items are not scored again.
    """
    cache: dict = {}
    t0 = time.time()
    prepared = []
    todo = []
    for it in items:
        hit = (known or {}).get((it.db_id, it.question, it.sql))
        if hit is None:
            todo.append(it)
            continue
        it.scores["model"], it.scores["model_cls"], it.graph = float(hit[0]), float(hit[1]), bool(hit[2])
    all_items, items = items, todo
    for i, it in enumerate(items):
        prepared.append(detector.prepare(it.question, it.sql, "sqlite", _schema_for(db_dir, tables, it.db_id, cache)))
        if progress and (i + 1) % 1000 == 0:
            progress(f"prepared {i + 1}/{len(items)} pairs ({time.time() - t0:.0f}s)")
    order = sorted(range(len(items)), key=lambda k: len(prepared[k].question) + len(prepared[k].sql_text))
    for start in range(0, len(order), batch_size):
        idx = order[start : start + batch_size]
        res = detector.score_prepared([prepared[k] for k in idx], batch_size=len(idx))
        for k, r in zip(idx, res):
            items[k].scores["model"] = r.score
            items[k].scores["model_cls"] = r.score_cls
            items[k].graph = r.graph
        if progress and (start // batch_size) % 50 == 0:
            progress(f"scored {min(start + batch_size, len(order))}/{len(order)} pairs ({time.time() - t0:.0f}s)")
    for it in all_items:
        it.scores["length"] = length_score(it.sql)
        if it.nonempty is not None:
            it.scores["empty_result"] = it.nonempty
    return time.time() - t0


def detection_metrics(items: list[Item], seed: int = 0) -> dict:
    """Per method: the cross-validated report, answer and interaction triggering."""
    from sqlintent.detector.metrics import (answered_at_precision, cross_validated_report,
                                            interactions_to_accuracy)

    out: dict = {m: None for m in METHODS}
    y = [it.label for it in items]
    groups = [it.db_id for it in items]
    for m in methods_of(items):
        s = [it.scores[m] for it in items]
        rep = cross_validated_report(y, s, groups, folds=5, seed=seed)
        rep["answered_at_95"] = answered_at_precision(y, s, 0.95)
        rep["interactions_to_95"] = interactions_to_accuracy(y, s, 0.95)
        if m.startswith("verdict"):
            from sqlintent_lab.verdict.evalscore import calibration_figures

            rep["calibration"] = calibration_figures(y, s)
        out[m] = rep
    return out


def open_inputs(args, command: str):
    """The detector, the tables file (or None) and a progress printer for an eval command.

    Returns None after printing a one-line error (``sqlintent-lab eval COMMAND: ...``) when either cannot load.
    """
    from sqlintent.detector.runtime import Detector, DetectorUnavailable
    from sqlintent_lab.evaluation.datasets import DatasetFormatError, load_tables

    progress = None if args.quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    try:
        detector = Detector.load(args.model, provider=args.provider)
        tables = load_tables(args.tables) if args.tables else None
    except (DetectorUnavailable, DatasetFormatError, OSError) as exc:
        print(f"sqlintent-lab eval {command}: {exc}", file=sys.stderr)
        return None
    return detector, tables, progress


def run(args) -> int:
    from sqlintent_lab.evaluation.datasets import DatasetFormatError
    from sqlintent_lab.verdict.evalscore import known_model_scores, verdict_scores

    opened = open_inputs(args, "detect")
    if opened is None:
        return 2
    detector, tables, progress = opened
    results = []
    all_items = {}
    for path in args.data:
        try:
            col = collect(path, args.db_dir, tables, args.limit, beams=False, progress=progress)
        except (DatasetFormatError, OSError) as exc:
            print(f"sqlintent-lab eval detect: {exc}", file=sys.stderr)
            return 2
        secs = score_items(col.items, detector, args.db_dir, tables, args.batch_size, progress,
                           known_model_scores(args, col.items))
        secs += verdict_scores(args, col.items, detector, progress)
        metrics = detection_metrics(col.items, args.seed)
        n = len(col.items)
        res = {"file": Path(path).name, **col.counts, "scored": n,
               "correct_rate": float(np.mean([it.label for it in col.items])) if n else None,
               "graph_path_rate": float(np.mean([it.graph for it in col.items])) if n else None,
               "scoring_seconds": round(secs, 1), "metrics": metrics,
               "paper": PAPER.get(_parser_key(path) or "")}
        results.append(res)
        all_items[Path(path).name] = col.items
        if progress:
            m = metrics.get("model") or {}
            progress(f"{Path(path).name}: {n} answers, AUC model {m.get('auc', float('nan')):.4f}")
    report = {"provider": detector.provider, "model": detector.describe(), "files": results,
              "command": "sqlintent-lab eval detect " + " ".join(sys.argv[3:]) if len(sys.argv) > 3 else None}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=2, default=_json_default), encoding="utf-8")
    table = markdown_table(results)
    if args.md:
        Path(args.md).write_text(table, encoding="utf-8")
    if args.details:
        with open(args.details, "w", encoding="utf-8") as fh:
            for name, items in all_items.items():
                for it in items:
                    fh.write(json.dumps({"file": name, "id": it.example_id, "db_id": it.db_id, "label": it.label,
                                         "graph": it.graph, "scores": it.scores, "sql": it.sql}) + "\n")
    if args.plots:
        write_plots(all_items, Path(args.plots))
    if not args.quiet:
        print(table)
    return 0


def _json_default(o):
    if isinstance(o, (np.floating, np.integer)):
        return o.item()
    return str(o)


def _pct(x) -> str:
    return "-" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{100 * x:.1f}"


def markdown_table(results: list[dict]) -> str:
    """Rows per file and method in the layout of the paper's Table 2 (plus Tables 5 and 7)."""
    head = ("| file | method | n | pos P | pos R | pos F1 | neg P | neg R | neg F1 | Acc | AUC | answered@95 "
            "| interactions->95 |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    rows = []
    for r in results:
        for m in r["metrics"]:
            rep = r["metrics"].get(m)
            if rep is None:
                continue
            rows.append(f"| {r['file']} | {m} | {rep['n']} | {_pct(rep['pos_precision'])} | "
                        f"{_pct(rep['pos_recall'])} | {_pct(rep['pos_f1'])} | {_pct(rep['neg_precision'])} | "
                        f"{_pct(rep['neg_recall'])} | {_pct(rep['neg_f1'])} | {_pct(rep['accuracy'])} | "
                        f"{_pct(rep['auc'])} | {rep['answered_at_95']} | {rep['interactions_to_95']} |")
        if r.get("paper"):
            p = r["paper"]
            rows.append(f"| {r['file']} | paper CodeBERT+GAT | - | {p['pos_precision']} | {p['pos_recall']} | "
                        f"{p['pos_f1']} | {p['neg_precision']} | {p['neg_recall']} | {p['neg_f1']} | "
                        f"{p['accuracy']} | {p['auc']} | {p['answered_at_95']} | {p['interactions_to_95']} |")
    return head + "\n".join(rows) + "\n"


def save_plot(plt, fig, ax, title: str, out: Path) -> Path:
    """Finish a plot of the evaluation (title, legend, layout), write it to ``out`` as PNG and close it."""
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def write_plots(all_items: dict, folder: Path) -> list[Path]:
    """ROC and precision-vs-answered plots, one PNG each per file (all methods on one plot)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("sqlintent-lab eval: matplotlib is not installed; no plots written", file=sys.stderr)
        return []
    from sqlintent.detector.metrics import precision_curve, roc_auc, roc_curve

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, items in all_items.items():
        if not items:
            continue
        y = [it.label for it in items]
        stem = Path(name).stem
        for kind in ("roc", "precision"):
            fig, ax = plt.subplots(figsize=(5, 4))
            for m in methods_of(items):
                s = [it.scores[m] for it in items]
                if kind == "roc":
                    fpr, tpr = roc_curve(y, s)
                    ax.plot(fpr, tpr, label=f"{m} (AUC {100 * roc_auc(y, s):.1f})")
                else:
                    k, prec = precision_curve(y, s)
                    ax.plot(k, prec, label=m)
            if kind == "roc":
                ax.plot([0, 1], [0, 1], ":", color="grey")
                ax.set_xlabel("false positive rate")
                ax.set_ylabel("true positive rate")
            else:
                ax.axhline(0.95, ls=":", color="grey")
                ax.set_xlabel("questions answered (highest scores first)")
                ax.set_ylabel("precision")
            written.append(save_plot(plt, fig, ax, stem, folder / f"{stem}.{kind}.png"))
        verdicts = [m for m in methods_of(items) if m.startswith("verdict")]
        if verdicts:
            from sqlintent_lab.verdict.evalscore import reliability_plot

            written.append(reliability_plot(plt, items, y, verdicts, stem, folder))
    return written
