"""``sqlintent-lab eval signals``: how often each database signal fires on real parser output, and how right it is.

For every example of a file (``gold`` + ``candidates`` lines, or ``sql`` + ``label`` lines) the parser's
answer is its first candidate that executes (candidates that do not execute are dropped, as the
error-detection paper does, and counted). The answer is labelled by executing it against the gold query
with :class:`~sqlintent_lab.evaluation.execution.ExecutionLabeller` (the fixed Spider evaluation, with the
exact-set-match fallback for empty gold results), or takes the label the line gives. Then every signal
rule runs on it, with the question (and evidence) as the intent, through the same rule context the engine
builds. Per signal the metrics are: how many answers it flagged, its precision (share of flagged answers
that are really wrong), its recall over the wrong answers, and its time; the same for the union of all
signals. Examples whose database is missing are skipped and counted; ``sql``/``label`` lines without a
database are scored with the schema from ``--tables`` (signals that need data then stay silent).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import OrderedDict
from pathlib import Path

SIGNAL_CODES = ("SIJ001", "SIJ002", "SIP001", "SIR001", "SIQ001", "SIQ002", "SIG001", "SIA001", "SIA002",
                "SIL001", "SIL002", "SIL003", "SIL004", "SIL005", "SIL006", "SIL007", "SIL008", "SIL009",
                "SIL010", "SIL011", "SIL012")


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "signals", help="precision and recall of the database signals on labelled parser output",
        description="Label each example's answer (first executable candidate) by execution against the gold "
                    "query, run the database signals on it, and write per-signal firing counts, precision, "
                    "recall and wall time as JSON.")
    p.add_argument("--data", required=True, help="JSONL file: gold+candidates lines, or sql+label lines")
    p.add_argument("--db-dir", help="folder of Spider-layout databases (<db_id>/<db_id>.sqlite)")
    p.add_argument("--tables", help="Spider-style tables.json: the schema when a line has no database")
    p.add_argument("--out", required=True, help="where to write the metrics (JSON)")
    p.add_argument("--limit", type=int, help="only the first N examples")
    p.add_argument("--codes", help="comma-separated signal codes (default: all nine)")
    p.add_argument("--details", help="also write one JSON line per scored example (label, findings)")
    p.add_argument("--probe-timeout-ms", type=int, default=2000, help="per-probe time limit (default 2000)")
    p.add_argument("--quiet", action="store_true", help="do not print the table")
    p.set_defaults(func=run)
    return p


def schema_from_tables(entry: dict):
    """A :class:`~sqlintent.schema.model.Schema` from one ``load_tables`` entry."""
    from sqlintent.schema.model import Column, ForeignKey, Schema, Table

    pks: dict[str, list[str]] = {}
    for t, c in entry["primary_keys"]:
        pks.setdefault(t, []).append(c)
    fks: dict[str, list[ForeignKey]] = {}
    for (t, c), (rt, rc) in entry["foreign_keys"]:
        fks.setdefault(t, []).append(ForeignKey((c,), rt, (rc,)))
    tables = []
    for name, cols in entry["tables"].items():
        types = entry["column_types"].get(name, [])
        tables.append(Table(name, [Column(c, types[i] if i < len(types) else "", c in pks.get(name, []))
                                   for i, c in enumerate(cols)], tuple(pks.get(name, [])), fks.get(name, [])))
    return Schema.from_tables(tables, source="tables.json")


class _Sources:
    """Opens each database once (a few at a time) and keeps tables.json schemas."""

    def __init__(self, db_dir, tables, max_open: int = 4):
        self.db_dir = db_dir
        self.tables = tables or {}
        self.max_open = max_open
        self._open: OrderedDict[str, object] = OrderedDict()
        self._shared: dict = {}  # db_id -> the EngineShared its statements share
        self._schemas: dict = {}  # db_id -> the schema read from tables.json

    def get(self, db_id: str | None):
        """(database or None, schema or None, the engine state its statements share) for ``db_id``."""
        from sqlintent.db import DatabaseOpenError
        from sqlintent.db.sqlite import SQLiteDatabase
        from sqlintent.engine_shared import EngineShared
        from sqlintent_lab.evaluation.datasets import resolve_db

        key = db_id or ""
        shared = self._shared.setdefault(key, EngineShared())
        if key in self._open:
            self._open.move_to_end(key)
            db = self._open[key]
            return db, db.schema(), shared
        path = resolve_db(self.db_dir, db_id)
        if path is not None:
            try:
                db = SQLiteDatabase(path)
            except DatabaseOpenError:
                db = None
            if db is not None:
                self._open[key] = db
                if len(self._open) > self.max_open:
                    _, old = self._open.popitem(last=False)
                    old.close()
                return db, db.schema(), shared
        if db_id in self.tables:
            if key not in self._schemas:
                self._schemas[key] = schema_from_tables(self.tables[db_id])
            return None, self._schemas[key], shared
        return None, None, shared

    def close(self):
        for db in self._open.values():
            db.close()
        self._open.clear()


def _choose_answer(example, labeller, db_available: bool):
    """(sql, label, label object or None, dropped_first) for an example; sql None when nothing is scorable."""
    if example.labels is not None:
        return example.candidates[0], example.labels[0], None, False
    if not db_available:
        return None, None, None, False
    dropped_first = False
    for i, cand in enumerate(example.candidates):
        lab = labeller.label(example.db_id, example.gold, cand)
        if lab.label is None and not lab.executable:
            dropped_first = dropped_first or i == 0
            continue
        return cand, lab.label, lab, dropped_first
    return None, None, None, dropped_first


def run_signals(rules, sql: str, intent: str, config, schema, database, shared, times: dict):
    """Run ``rules`` on one statement as the engine does; returns (findings, probe failures)."""
    from sqlintent.analyzers.base import StatementContext

    ctx = StatementContext(sql, intent=intent, config=config, schema=schema, database=database, shared=shared)
    tree = ctx.tree
    findings = []
    for rule in rules:
        if "schema" in rule.needs and schema is None:
            continue
        if "database" in rule.needs and database is None:
            continue
        if tree is None:
            continue
        t0 = time.perf_counter()
        try:
            findings.extend(rule.check(ctx) or ())
        except Exception as exc:  # noqa: BLE001 - counted as an internal error of the rule
            from sqlintent.findings import Finding, Span

            findings.append(Finding(rule.code, rule.name, f"internal error: {exc!r}", Span(0, 1),
                                    data={"internal_error": True}))
        times[rule.code] = times.get(rule.code, 0.0) + time.perf_counter() - t0
    return findings, ctx.probe_failures


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def evaluate(data: str, db_dir: str | None, tables_path: str | None, *, limit: int | None = None,
             codes: tuple[str, ...] = SIGNAL_CODES, probe_timeout_ms: int = 2000, details=None) -> dict:
    """Compute the signal metrics of one file (see the module docstring)."""
    from sqlintent.analyzers import all_rules
    from sqlintent.config import Config
    from sqlintent_lab.evaluation.datasets import load_examples, load_tables, resolve_db
    from sqlintent_lab.evaluation.execution import GOLD_ERROR, MISSING_DB, ExecutionLabeller

    rules = [r for r in all_rules().rules if r.code in codes]
    config, problems = Config().with_overrides({"probes": {"timeout_ms": probe_timeout_ms},
                                                "model": {"enabled": False}})
    tables = load_tables(tables_path) if tables_path else {}
    sources = _Sources(db_dir, tables)
    counts = {"examples": 0, "skipped_missing_db": 0, "gold_errors": 0, "no_executable_candidate": 0,
              "first_candidate_dropped": 0, "scored": 0, "wrong": 0, "correct": 0, "exact_match_fallback": 0,
              "schema_only": 0}
    per = {c: {"fired": 0, "true_positive": 0, "probe_failures": 0, "internal_errors": 0, "fp_gold_fires": 0,
               "fired_gold_clean": 0, "tp_gold_clean": 0}
           for c in codes}
    union = {"fired": 0, "true_positive": 0}
    times: dict[str, float] = {}
    t_label = 0.0
    start = time.perf_counter()
    with ExecutionLabeller(db_dir) as labeller:
        for ex in load_examples(data):
            if limit is not None and counts["examples"] >= limit:
                break
            counts["examples"] += 1
            db_path = resolve_db(db_dir, ex.db_id) if ex.db_id else None
            if ex.labels is None and db_path is None:
                counts["skipped_missing_db"] += 1
                continue
            t0 = time.perf_counter()
            sql, label, lab, dropped_first = _choose_answer(ex, labeller, db_path is not None)
            t_label += time.perf_counter() - t0
            counts["first_candidate_dropped"] += int(dropped_first)
            if sql is None:
                counts["no_executable_candidate"] += 1
                continue
            if label is None:
                if lab is not None and lab.status == GOLD_ERROR:
                    counts["gold_errors"] += 1
                elif lab is not None and lab.status == MISSING_DB:
                    counts["skipped_missing_db"] += 1
                continue
            database, schema, shared = sources.get(ex.db_id)
            if schema is None:
                counts["skipped_missing_db"] += 1
                continue
            if database is None:
                counts["schema_only"] += 1
            counts["scored"] += 1
            counts["wrong" if label == 0 else "correct"] += 1
            if lab is not None and lab.exact_match_fallback:
                counts["exact_match_fallback"] += 1
            findings, failures = run_signals(rules, sql, ex.intent, config, schema, database, shared, times)
            fired = {f.code for f in findings if not f.data.get("internal_error")}
            for f in findings:
                if f.data.get("internal_error"):
                    per[f.code]["internal_errors"] += 1
            for pf in failures:
                if pf.rule in per:
                    per[pf.rule]["probe_failures"] += 1
            gold_fired: set[str] = set()
            if fired and ex.gold and database is not None:
                # diagnostic: does the benchmark's own gold query show the same flaw?
                gf, _ = run_signals(rules, ex.gold, ex.intent, config, schema, database, shared, {})
                gold_fired = {f.code for f in gf if not f.data.get("internal_error")}
            for c in fired:
                per[c]["fired"] += 1
                per[c]["true_positive"] += int(label == 0)
                per[c]["fp_gold_fires"] += int(label == 1 and c in gold_fired)
                if c not in gold_fired:
                    per[c]["fired_gold_clean"] += 1
                    per[c]["tp_gold_clean"] += int(label == 0)
            if fired:
                union["fired"] += 1
                union["true_positive"] += int(label == 0)
            if details is not None:
                details.write(json.dumps({
                    "id": ex.id, "db_id": ex.db_id, "question": ex.question, "sql": sql, "label": label,
                    "fallback": bool(lab and lab.exact_match_fallback), "gold_fired": sorted(gold_fired),
                    "findings": [{"code": f.code, "message": f.message, "clause": sql[f.span.start:f.span.end]}
                                 for f in findings]}) + "\n")
    sources.close()
    wall = time.perf_counter() - start
    wrong = counts["wrong"]
    signals = {}
    for c in codes:
        p = per[c]
        signals[c] = {"name": next(r.name for r in rules if r.code == c), "fired": p["fired"],
                      "true_positive": p["true_positive"], "precision": _ratio(p["true_positive"], p["fired"]),
                      "recall": _ratio(p["true_positive"], wrong),
                      "false_positives_where_gold_fires_too": p["fp_gold_fires"],
                      # diagnostic: the same measures on the examples whose gold query does not fire it
                      "fired_gold_clean": p["fired_gold_clean"],
                      "precision_gold_clean": _ratio(p["tp_gold_clean"], p["fired_gold_clean"]),
                      "probe_failures": p["probe_failures"],
                      "internal_errors": p["internal_errors"], "time_s": round(times.get(c, 0.0), 3),
                      "ms_per_query": (round(1000 * times.get(c, 0.0) / counts["scored"], 3)
                                       if counts["scored"] else None)}
    return {
        "data": str(data), "db_dir": str(db_dir) if db_dir else None, "tables": tables_path,
        "counts": counts,
        "base_error_rate": _ratio(wrong, counts["scored"]),
        "signals": signals,
        "union": {"fired": union["fired"], "true_positive": union["true_positive"],
                  "precision": _ratio(union["true_positive"], union["fired"]),
                  "recall": _ratio(union["true_positive"], wrong)},
        "wall_time_s": round(wall, 2), "labelling_time_s": round(t_label, 2),
        "signals_time_s": round(sum(times.values()), 2),
        "config_problems": problems,
    }


def format_table(metrics: dict) -> str:
    """The metrics as a plain-text table (FP: false positives; "gold too": of those, how many on examples
    whose gold query fires the same signal; "prec clean": precision on examples whose gold does not)."""
    c = metrics["counts"]
    lines = [f"{Path(metrics['data']).name}: {c['scored']} scored ({c['wrong']} wrong, "
             f"{c['exact_match_fallback']} by exact-set fallback), {c['skipped_missing_db']} skipped (no "
             f"database), {c['no_executable_candidate']} without an executable candidate; "
             f"wall {metrics['wall_time_s']}s",
             f"{'code':<8}{'name':<28}{'fired':>6}{'prec':>8}{'recall':>8}{'ms/q':>7}{'FP':>5}{'gold too':>9}"
             f"{'prec clean':>11}"]

    def pct(v):
        return "-" if v is None else f"{100 * v:.1f}%"

    for code, s in metrics["signals"].items():
        ms = s["ms_per_query"] if s["ms_per_query"] is not None else "-"
        lines.append(f"{code:<8}{s['name']:<28}{s['fired']:>6}{pct(s['precision']):>8}{pct(s['recall']):>8}"
                     f"{ms:>7}{s['fired'] - s['true_positive']:>5}"
                     f"{s['false_positives_where_gold_fires_too']:>9}{pct(s['precision_gold_clean']):>11}")
    u = metrics["union"]
    lines.append(f"{'any':<8}{'(union)':<28}{u['fired']:>6}{pct(u['precision']):>8}{pct(u['recall']):>8}")
    return "\n".join(lines) + "\n"


def run(args) -> int:
    from sqlintent_lab.evaluation.datasets import DatasetFormatError

    if not Path(args.data).is_file():
        print(f"sqlintent-lab eval signals: no such file: {args.data}", file=sys.stderr)
        return 2
    if args.db_dir and not Path(args.db_dir).is_dir():
        print(f"sqlintent-lab eval signals: no such folder: {args.db_dir}", file=sys.stderr)
        return 2
    if args.tables and not Path(args.tables).is_file():
        print(f"sqlintent-lab eval signals: no such file: {args.tables}", file=sys.stderr)
        return 2
    codes = SIGNAL_CODES
    if args.codes:
        codes = tuple(c.strip().upper() for c in args.codes.split(",") if c.strip())
        unknown = [c for c in codes if c not in SIGNAL_CODES]
        if unknown:
            print(f"sqlintent-lab eval signals: unknown signal codes: {', '.join(unknown)}", file=sys.stderr)
            return 2
    details = open(args.details, "w", encoding="utf-8") if args.details else None
    try:
        metrics = evaluate(args.data, args.db_dir, args.tables, limit=args.limit, codes=codes,
                           probe_timeout_ms=args.probe_timeout_ms, details=details)
    except DatasetFormatError as exc:
        print(f"sqlintent-lab eval signals: {exc}", file=sys.stderr)
        return 2
    finally:
        if details is not None:
            details.close()
    metrics["command"] = "sqlintent-lab eval signals " + " ".join(
        a for a in sys.argv[3:]) if sys.argv[1:3] == ["eval", "signals"] else None
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    if not args.quiet:
        sys.stdout.write(format_table(metrics))
    return 0
