"""Write sqlintent/analyzers/measured.json from the benchmark outputs (the figures `sqlintent rule` prints).

    python tools/intent_labels.py
    python benchmarks/bench_intent.py --json runs/measure_all.json
    python benchmarks/bench_gold_firing.py --json runs/gold_firing.json
    python tools/update_measured.py runs/measure_all.json runs/gold_firing.json

Per rule: fired, precision, recall and gold-clean precision on the six dev files combined (bench_intent's
"all" scope), and the share of Spider dev and KaggleDBQA gold queries it fires on (bench_gold_firing).
Rules that never fired on the dev files are recorded with fired 0 and no precision (unmeasured).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COMMANDS = [
    "python tools/intent_labels.py",
    "python benchmarks/bench_intent.py --json runs/measure_all.json",
    "python benchmarks/bench_gold_firing.py --json runs/gold_firing.json",
    "python tools/update_measured.py runs/measure_all.json runs/gold_firing.json",
]


def main(argv=None) -> int:
    argv = argv if argv is not None else sys.argv[1:]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dev = json.loads(Path(argv[0]).read_text())["per_file"]["all"]
    gold = json.loads(Path(argv[1]).read_text())
    from sqlintent.analyzers import all_rules

    rules = {}
    for r in all_rules().rules:
        if r.check is None:
            continue
        d = dev.get(r.code, {})
        rules[r.code] = {
            "fired": d.get("fired", 0), "precision": d.get("precision"), "recall": d.get("recall"),
            "precision_gold_clean": d.get("precision_gold_clean"),
            "spider_gold_firing_pct": gold.get("spider", {}).get("per_rule", {}).get(r.code, {}).get("rate_pct", 0.0),
            "kaggledbqa_gold_firing_pct": gold.get("kaggledbqa", {}).get("per_rule", {}).get(r.code, {}).get(
                "rate_pct", 0.0),
        }
    out = {"commands": COMMANDS, "rules": rules}
    path = ROOT / "sqlintent" / "analyzers" / "measured.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path} ({len(rules)} rules)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
