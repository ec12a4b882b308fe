"""Write sqlintent/analyzers/measured.json from the benchmark outputs (the figures `sqlintent rule` prints).

    python benchmarks/bench_realworld.py --state runs/realworld_state.jsonl --json runs/realworld.json
    python tools/intent_labels.py                                           # Spider dev figures (optional)
    python benchmarks/bench_intent.py --json runs/measure_all.json
    python benchmarks/bench_gold_firing.py --json runs/gold_firing.json
    python tools/update_measured.py --realworld runs/realworld.json [--intent runs/measure_all.json
                                    --gold runs/gold_firing.json] [--keep-missing]

Per rule (schema 2): per corpus of bench_realworld, the firings on ok / wrong / debatable answers
(``corpora``; the corpus sizes once, at the top); and, from the Spider dev benchmarks, fired, precision, recall
and gold-clean precision on the six dev files combined (bench_intent's "all" scope) and the share of Spider dev
and KaggleDBQA gold queries it fires on (bench_gold_firing). Without ``--intent``/``--gold`` the Spider figures
already stored are kept (they need the label cache of tools/intent_labels.py). The policy
(sqlintent/analyzers/policy.py) reads the result.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COMMANDS = [
    "python tools/realworld_corpus.py     # the external corpora, from fetched snapshots (see its docstring)",
    "python tools/realworld/build.py --label   # the sources of tools/realworld/sources (fetch them first)",
    "python benchmarks/bench_realworld.py --state runs/realworld_state.jsonl --json runs/realworld.json",
    "python tools/intent_labels.py",
    "python benchmarks/bench_intent.py --json runs/measure_all.json",
    "python benchmarks/bench_gold_firing.py --json runs/gold_firing.json",
    ("python tools/update_measured.py --realworld runs/realworld.json --intent runs/measure_all.json "
     "--gold runs/gold_firing.json"),
]
SPIDER_KEYS = ("fired", "precision", "recall", "precision_gold_clean", "spider_gold_firing_pct",
               "kaggledbqa_gold_firing_pct")


def build(realworld: dict, intent: dict | None, gold: dict | None, old: dict) -> dict:
    from sqlintent.analyzers import all_rules

    corpora = {name: {k: c[k] for k in ("kind", "real_world", "statements", "ok", "wrong", "debatable")}
               for name, c in sorted(realworld["corpora"].items())}
    dev = (intent or {}).get("per_file", {}).get("all", {})
    rules = {}
    for r in all_rules().rules:
        if r.check is None and r.code != "SIV001":
            continue
        prev = old.get("rules", {}).get(r.code, {})
        entry = {k: prev.get(k) for k in SPIDER_KEYS} if intent is None else {
            "fired": dev.get(r.code, {}).get("fired", 0), "precision": dev.get(r.code, {}).get("precision"),
            "recall": dev.get(r.code, {}).get("recall"),
            "precision_gold_clean": dev.get(r.code, {}).get("precision_gold_clean")}
        if gold is not None:
            for key, name in (("spider_gold_firing_pct", "spider"), ("kaggledbqa_gold_firing_pct", "kaggledbqa")):
                entry[key] = gold.get(name, {}).get("per_rule", {}).get(r.code, {}).get("rate_pct", 0.0)
        elif intent is not None:
            for key in ("spider_gold_firing_pct", "kaggledbqa_gold_firing_pct"):
                entry[key] = prev.get(key)
        entry["corpora"] = {}
        for name, c in sorted(realworld["corpora"].items()):
            f = c["rules"].get(r.code)
            if f and (f["fired_ok"] or f["fired_wrong"] or f["fired_debatable"]):
                entry["corpora"][name] = [f["fired_ok"], f["fired_wrong"], f["fired_debatable"]]
        rules[r.code] = entry
    return {"schema": 2, "commands": COMMANDS, "corpora": corpora, "rules": rules}


def keep_missing(out: dict, old: dict) -> None:
    """Keep the stored figures of the corpora this run did not check (their sizes and per-rule firings), so
    a run over some corpora (the fetched ones whose snapshots are at hand) adds to the file, not replaces it."""
    for name, sizes in old.get("corpora", {}).items():
        if name in out["corpora"]:
            continue
        out["corpora"][name] = sizes
        for code, entry in out["rules"].items():
            prev = old.get("rules", {}).get(code, {}).get("corpora", {}).get(name)
            if prev:
                entry["corpora"][name] = prev
    out["corpora"] = dict(sorted(out["corpora"].items()))
    for entry in out["rules"].values():
        entry["corpora"] = dict(sorted(entry["corpora"].items()))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--realworld", type=Path, required=True, help="bench_realworld.py --json output")
    ap.add_argument("--intent", type=Path, help="bench_intent.py --json output (Spider dev parser files)")
    ap.add_argument("--gold", type=Path, help="bench_gold_firing.py --json output")
    ap.add_argument("--keep-missing", action="store_true",
                    help="keep the figures of corpora the stored file has and this run lacks (a partial run)")
    ap.add_argument("--out", type=Path, default=ROOT / "sqlintent" / "analyzers" / "measured.json")
    args = ap.parse_args(argv)
    old = json.loads(args.out.read_text(encoding="utf-8")) if args.out.is_file() else {}
    def load(p):
        return json.loads(p.read_text(encoding="utf-8")) if p else None

    out = build(load(args.realworld), load(args.intent), load(args.gold), old)
    if args.keep_missing:
        keep_missing(out, old)
    args.out.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(out['rules'])} rules, {len(out['corpora'])} corpora)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
