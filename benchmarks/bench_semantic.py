"""The semantic-error rules (SIE) measured alone on the real-world corpora: fast, no detector.

    python benchmarks/bench_semantic.py [--shared ../shared] [--ext /work/ext/corpora] [--only A/,B/]
        [--codes SIE001,...] [--json runs/semantic.json] [--update-measured [--intent runs/measure_sie.json]]

Checks every corpus of ``benchmarks/realworld_corpora.py`` as ``bench_realworld.py`` does (each file with its
database or schema files, probes on), with only the given rules selected and the model off, so a rule's
figures come in minutes instead of hours: per corpus and rule the firings on ok / wrong / debatable answers,
pooled precision with its Wilson lower bound, per rule and tier (``SIE012:proof``: findings that carry the
database's proof, ``data["proof"]``; ``SIE012:pattern``: those that do not), and per tier over every rule
(``SIE:proof``, ``SIE:pattern``: a statement counted once per tier; ``SIE:any``: once). ``--update-measured`` writes those rules' per-corpus figures
into ``sqlintent/analyzers/measured.json`` (the other rules' entries are kept), as ``tools/update_measured.py``
would from a full ``bench_realworld.py`` run; with ``--intent`` (``bench_intent.py --codes SIE --json ...`` on
the label cache of ``tools/intent_labels.py``) their Spider dev parser-file figures too.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_realworld  # noqa: E402
from realworld_corpora import DEFAULT_EXT, all_corpora  # noqa: E402


def semantic_codes() -> list[str]:
    from sqlintent.analyzers import all_rules

    return [r.code for r in all_rules().rules if r.code.startswith("SIE")]


def narrowed(corpora, codes: list[str]):
    """The corpora with every unit checked with only ``codes`` selected and the model off."""
    out = []
    for c in corpora:
        units = [replace(u, overrides={**u.overrides, "select": codes, "model": {"enabled": False}})
                 for u in c.units]
        out.append(replace(c, units=units))
    return out


def check_units(corpora, codes: list[str]) -> list[dict]:
    """One record per labelled statement (as bench_realworld's), its findings keyed by code, code:tier and
    SIE:tier."""
    import time
    from collections import defaultdict

    from sqlintent.workspace.engine_store import EnginesBySettings

    engines = EnginesBySettings()
    records = []
    try:
        for corpus in corpora:
            t0 = time.perf_counter()
            for unit in corpus.units:
                eng = engines.engine_for(unit.overrides)
                started = time.perf_counter()
                result = eng.check_text(unit.text, unit.path)
                ms = 1000 * (time.perf_counter() - started)
                keys = defaultdict(set)
                for f in result.findings:
                    if f.statement_index is not None and f.code in codes:
                        tier = "proof" if f.data.get("proof") else "pattern"
                        keys[f.statement_index] |= {(f.code, f.severity.value), (f"{f.code}:{tier}", f.severity.value),
                                                    (f"SIE:{tier}", "info"), ("SIE:any", "info")}
                statements = result.document.statements if result.document is not None else []
                for st in statements:
                    line = unit.text.count("\n", 0, st.span.start) + 1 if result.templated is None else None
                    if result.templated is not None:
                        line = min(unit.labels) if unit.labels else None
                    if line in unit.labels:
                        records.append({"corpus": corpus.name, "uid": unit.uid, "line": line,
                                        "label": unit.labels[line], "findings": sorted(keys.get(st.index, ())),
                                        "ms": ms / max(1, len(statements))})
            print(f"{corpus.name}: {time.perf_counter() - t0:.0f}s", file=sys.stderr)
    finally:
        engines.close()
    return records


def update_measured(summary: dict, codes: list[str], command: str, intent: dict | None = None) -> None:
    path = ROOT / "sqlintent" / "analyzers" / "measured.json"
    m = json.loads(path.read_text(encoding="utf-8"))
    for code in codes:
        entry = m["rules"].setdefault(code, {k: None for k in ("fired", "precision", "precision_gold_clean", "recall",
                                                               "spider_gold_firing_pct",
                                                               "kaggledbqa_gold_firing_pct")})
        entry["corpora"] = {name: [r["fired_ok"], r["fired_wrong"], r["fired_debatable"]]
                            for name, c in summary["corpora"].items() if name in m["corpora"]
                            for cd, r in c["rules"].items() if cd == code}
        if intent is not None:
            dev = intent.get("per_file", {}).get("all", {}).get(code, {})
            entry.update({"fired": dev.get("fired", 0), "precision": dev.get("precision"),
                          "recall": dev.get("recall"), "precision_gold_clean": dev.get("precision_gold_clean"),
                          "spider_gold_firing_pct": dev.get("gold_firing_rate", 0.0)})
    before = ["python benchmarks/bench_intent.py --codes SIE --json runs/measure_sie.json"] if intent else []
    for c in (*before, command):
        if c not in m["commands"]:
            m["commands"].append(c)
    path.write_text(json.dumps(m, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--ext", type=Path, default=DEFAULT_EXT)
    ap.add_argument("--only", help="comma-separated substrings of corpus names to run")
    ap.add_argument("--codes", help="comma-separated rule codes (default: every SIE rule)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--update-measured", action="store_true")
    ap.add_argument("--intent", type=Path, help="bench_intent.py --codes SIE --json output (Spider dev parser files)")
    args = ap.parse_args(argv)
    codes = args.codes.split(",") if args.codes else semantic_codes()
    corpora = narrowed(all_corpora(args.shared, args.ext, args.only.split(",") if args.only else None), codes)
    records = check_units(corpora, codes)
    summary = bench_realworld.summarise(records, corpora)
    bench_realworld.print_report(summary)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(summary, indent=1), encoding="utf-8")
    if args.update_measured:
        intent = json.loads(args.intent.read_text(encoding="utf-8")) if args.intent else None
        update_measured(summary, codes, "python benchmarks/bench_semantic.py --update-measured"
                        + (" --intent runs/measure_sie.json" if intent else ""), intent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
