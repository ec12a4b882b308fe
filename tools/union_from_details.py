"""Combined coverage of wrong answers: all default signals, and what fails CI (warnings and errors).

    python tools/union_from_details.py runs/final_details.jsonl [--without SIL010,SIL011,SIL012]

Reads the ``--details`` file of ``benchmarks/bench_intent.py``. For each file of the six and combined:
how many wrong answers at least one rule flags (recall) and the precision of "flagged" (raw, not
gold-clean), for (a) every default-enabled rule, (b) the rules whose default severity is warning or error
(what fails ``sqlintent check`` by default), (c) (a) without the SIL rules, for comparison, and with
``--without`` (d) (a) without the listed codes (what a set of rules adds).
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    argv = list(argv if argv is not None else sys.argv[1:])
    without: set[str] = set()
    if "--without" in argv:
        i = argv.index("--without")
        without = {c.strip().upper() for c in argv[i + 1].split(",") if c.strip()}
        del argv[i:i + 2]
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    from sqlintent.analyzers import all_rules

    rules = {r.code: r for r in all_rules().rules}
    default = {c for c, r in rules.items() if r.default_enabled}
    ci = {c for c in default if rules[c].severity.value in ("warning", "error")}
    groups = {"all default signals": default, "fails CI (warning/error)": ci,
              "default signals without SIL": {c for c in default if not c.startswith("SIL")}}
    if without:
        groups[f"default signals without {','.join(sorted(without))}"] = default - without
    stats = defaultdict(lambda: defaultdict(int))
    for line in Path(argv[0]).open(encoding="utf-8"):
        d = json.loads(line)
        for scope in (d["file"], "all"):
            stats[scope]["wrong"] += d["label"] == 0
            for g, codes in groups.items():
                if set(d["fired"]) & codes:
                    stats[scope][g + " fired"] += 1
                    stats[scope][g + " tp"] += d["label"] == 0
    print(f"CI-failing rules: {', '.join(sorted(ci))}")
    for scope in sorted(stats, key=lambda s: (s == "all", s)):
        s = stats[scope]
        parts = []
        for g in groups:
            f, tp = s[g + " fired"], s[g + " tp"]
            parts.append(f"{g}: flags {tp}/{s['wrong']} wrong ({100 * tp / max(1, s['wrong']):.1f}%) at "
                         f"{100 * tp / max(1, f):.1f}% precision ({f} fired)")
        print(f"{scope}:\n  " + "\n  ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
