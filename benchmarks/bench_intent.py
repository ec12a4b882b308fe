"""Per-rule precision/recall on the six dev files, from the label cache, with the gold query's own firing.

    python tools/intent_labels.py                       # once: label every answer (runs/intent_labels.jsonl)
    python benchmarks/bench_intent.py [--codes SIL,SIR001] [--files dinsql,c3] [--details OUT.jsonl]
                                      [--merge OLD.jsonl ...] [--json OUT.json]

For each labelled answer the selected rules run on the answer and on the gold query (same intent, same
database, probes on, as ``sqlintent-lab eval signals`` runs them: :func:`run_signals`). Per rule and per file:
fired, precision, recall over the wrong answers, gold-clean precision (examples whose gold does not fire the
rule, as ``eval signals`` reports it), and the gold firing rate (share of distinct gold queries on which it
fires: every one is a false positive). ``--merge`` adds the fired codes of earlier ``--details`` files (``PATH:SIL,SIR001`` takes only
those codes from that file), so the union of rules measured in separate runs can be reported. ``--codes`` takes codes or prefixes.
The ms per statement is the rules' own time (intent parses cached after the first, as in the engine).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "lab"))  # the lab's own package (lab/sqlintent_lab)


def _select(rules, spec: str | None):
    if not spec:
        return [r for r in rules if r.check is not None and r.code not in ("SIM001", "SII001")]
    wanted = [s.strip().upper() for s in spec.split(",") if s.strip()]
    return [r for r in rules if r.check is not None and any(r.code.startswith(w) for w in wanted)]


def measure(rows, rules, db_dir: Path, details=None, merged=None):
    from sqlintent.config import Config
    from sqlintent_lab.evaluation.signals_eval import _Sources, run_signals

    config, _ = Config().with_overrides({"probes": {"timeout_ms": 2000}, "model": {"enabled": False}})
    sources = _Sources(db_dir, {})
    measured = {x.code for x in rules}
    stats = defaultdict(lambda: defaultdict(int))  # (file|all, code) -> counters
    gold_fires: dict[str, dict[tuple, bool]] = defaultdict(dict)
    all_keys: set[tuple] = set()
    per_stmt_ms = []
    sil_cached_ms: list[float] = []
    wrong = defaultdict(int)
    for r in rows:
        database, schema, shared = sources.get(r["db_id"])
        if schema is None:
            continue
        times: dict[str, float] = {}
        findings, _ = run_signals(rules, r["sql"], r["question"], config, schema, database, shared, times)
        per_stmt_ms.append(1000 * sum(times.values()))
        gtimes: dict[str, float] = {}
        gf, _ = run_signals(rules, r["gold"], r["question"], config, schema, database, shared, gtimes)
        # the intent was parsed for the answer just above: this is the cached-intent cost of the SIL rules
        sil_cached_ms.append(1000 * sum(v for k, v in gtimes.items() if k.startswith("SIL")))
        fired = {f.code for f in findings if not f.data.get("internal_error")}
        gold = {f.code for f in gf if not f.data.get("internal_error")}
        if merged is not None:  # earlier runs' codes, except those measured again now
            old = merged.get((r["file"], r["id"]), ({}, {}))
            fired |= set(old[0]) - measured
            gold |= set(old[1]) - measured
        key = (r["db_id"], r["question"], r["gold"])
        all_keys.add(key)
        for c in gold:
            gold_fires[c][key] = True
        wrong[r["file"]] += r["label"] == 0
        wrong["all"] += r["label"] == 0
        for scope in (r["file"], "all"):
            for c in fired | {"any"} if fired else fired:
                s = stats[(scope, c)]
                s["fired"] += 1
                s["tp"] += r["label"] == 0
                if c == "any" or c not in gold:
                    s["fired_clean"] += 1
                    s["tp_clean"] += r["label"] == 0
        if details is not None:
            details.write(json.dumps({"file": r["file"], "id": r["id"], "label": r["label"], "fired": sorted(fired),
                                      "gold_fired": sorted(gold),
                                      "findings": [[f.code, f.message] for f in findings]}) + "\n")
    sources.close()
    return stats, gold_fires, wrong, (per_stmt_ms, sil_cached_ms), len(all_keys)


def _first_parse_ms(rows, n: int = 300) -> list[float]:
    """ms to parse an intent not seen before (the cache cleared), on the first ``n`` distinct questions."""
    from sqlintent.intent.parse import _parse

    out = []
    for q in list(dict.fromkeys(r["question"] for r in rows))[:n]:
        _parse.cache_clear()
        t0 = time.perf_counter()
        _parse(q)
        out.append(1000 * (time.perf_counter() - t0))
    return out


def _pct(a, b):
    return round(100 * a / b, 1) if b else None


def report(stats, gold_fires, wrong, n_gold):
    out = {}
    for (scope, code), s in sorted(stats.items()):
        gf = gold_fires.get(code, {})
        out.setdefault(scope, {})[code] = {
            "fired": s["fired"], "precision": _pct(s["tp"], s["fired"]), "recall": _pct(s["tp"], wrong[scope]),
            "fired_gold_clean": s["fired_clean"], "precision_gold_clean": _pct(s["tp_clean"], s["fired_clean"]),
            "gold_firing_rate": _pct(len(gf), n_gold) if code != "any" else None}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labels", type=Path, default=ROOT / "runs" / "intent_labels.jsonl")
    ap.add_argument("--db-dir", type=Path, default=ROOT.parent / "shared" / "data" / "spider" / "database")
    ap.add_argument("--codes", help="rule codes or prefixes (default: every rule with a check but SIM001/SII001)")
    ap.add_argument("--files", help="comma-separated substrings of the file names to keep")
    ap.add_argument("--details", type=Path)
    ap.add_argument("--merge", nargs="*", default=(),
                    help="earlier --details files, each optionally PATH:CODE,PREFIX to take only those codes")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    from sqlintent.analyzers import all_rules

    rules = _select(all_rules().rules, args.codes)
    rows = [json.loads(x) for x in args.labels.open(encoding="utf-8")]
    if args.files:
        keep = args.files.split(",")
        rows = [r for r in rows if any(k in r["file"] for k in keep)]
    merged = None
    if args.merge:
        merged = {}
        for spec in args.merge:
            path, _, only = str(spec).partition(":")
            keep = tuple(x.strip().upper() for x in only.split(",") if x.strip())
            for line in Path(path).open(encoding="utf-8"):
                d = json.loads(line)
                old = merged.setdefault((d["file"], d["id"]), (set(), set()))
                old[0].update(c for c in d["fired"] if not keep or c.startswith(keep))
                old[1].update(c for c in d["gold_fired"] if not keep or c.startswith(keep))
    details = args.details.open("w", encoding="utf-8") if args.details else None
    t0 = time.perf_counter()
    stats, gold_fires, wrong, ms, n_gold = measure(rows, rules, args.db_dir, details, merged)
    if details:
        details.close()
    res = report(stats, gold_fires, wrong, n_gold)
    ms, sil_ms = ms
    first_ms = _first_parse_ms(rows)
    print(f"{len(rows)} answers, {wrong['all']} wrong; rules {','.join(r.code for r in rules)}; "
          f"{time.perf_counter() - t0:.0f}s; rules' time per statement: median {statistics.median(ms):.2f} ms, "
          f"mean {statistics.mean(ms):.2f} ms")
    if sil_ms:
        print(f"SIL rules per statement with the intent already parsed: median {statistics.median(sil_ms):.3f} ms, "
              f"p95 {sorted(sil_ms)[int(0.95 * (len(sil_ms) - 1))]:.2f} ms, mean {statistics.mean(sil_ms):.2f} ms "
              "(probes of SIL006/SIL009 included); first parse of an intent: median "
              f"{statistics.median(first_ms):.2f} ms")
    for scope, codes in res.items():
        print(f"\n{scope} ({wrong[scope]} wrong)")
        print(f"{'code':8}{'fired':>7}{'prec':>7}{'recall':>8}{'clean':>7}{'p.clean':>8}{'gold%':>7}")
        for code, m in codes.items():
            print(f"{code:8}{m['fired']:>7}{m['precision'] or 0:>7}{m['recall'] or 0:>8}{m['fired_gold_clean']:>7}"
                  f"{m['precision_gold_clean'] or 0:>8}{m['gold_firing_rate'] if m['gold_firing_rate'] is not None else '-':>7}")
    if args.json:
        args.json.write_text(json.dumps({
            "per_file": res, "ms_median": statistics.median(ms), "ms_mean": statistics.mean(ms),
            "sil_cached_ms_median": statistics.median(sil_ms) if sil_ms else None,
            "sil_cached_ms_mean": statistics.mean(sil_ms) if sil_ms else None,
            "intent_first_parse_ms_median": statistics.median(first_ms)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
