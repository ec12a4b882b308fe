"""Markdown tables of the measurements, for docs/intent.md (from bench_intent and bench_gold_firing JSON).

    python tools/intent_report.py runs/measure_all.json runs/gold_firing.json

Per rule on the six files combined (fired, precision, recall, gold-clean fired and precision, Spider dev and
KaggleDBQA gold firing), then per file (fired / precision / gold-clean precision / recall per rule).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _p(v) -> str:
    return "-" if v is None else f"{v:.1f}%"


def main(argv=None) -> int:
    argv = argv if argv is not None else sys.argv[1:]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    m = json.loads(Path(argv[0]).read_text())
    g = json.loads(Path(argv[1]).read_text())
    from sqlintent.analyzers import get_rule

    per = m["per_file"]
    allc = per["all"]
    out = ["| code | severity | fired | precision | recall | gold-clean fired | gold-clean precision | "
           "Spider dev gold firing | KaggleDBQA gold firing |", "|---|---|---|---|---|---|---|---|---|"]
    for code in sorted(c for c in allc if c != "any"):
        r = allc[code]
        rule = get_rule(code)
        sg = g.get("spider", {}).get("per_rule", {}).get(code, {}).get("rate_pct", 0.0)
        kg = g.get("kaggledbqa", {}).get("per_rule", {}).get(code, {}).get("rate_pct", 0.0)
        out.append(f"| {code} {rule.name if rule else ''} | {rule.severity.value if rule else '-'} | {r['fired']} | "
                   f"{_p(r['precision'])} | {_p(r['recall'])} | {r['fired_gold_clean']} | "
                   f"{_p(r['precision_gold_clean'])} | {sg:.2f}% | {kg:.2f}% |")
    print("\n".join(out))
    print()
    files = sorted(k for k in per if k != "all")
    codes = sorted({c for f in files for c in per[f]})
    print("| code | " + " | ".join(f.replace("spider_dev.", "").replace(".jsonl", "") for f in files) + " |")
    print("|---|" + "---|" * len(files))
    for code in codes:
        cells = []
        for f in files:
            r = per[f].get(code)
            cells.append("-" if r is None else
                         f"{r['fired']} / {_p(r['precision'])} / {_p(r['precision_gold_clean'])} / {_p(r['recall'])}")
        print(f"| {code} | " + " | ".join(cells) + " |")
    print()
    for k in ("sil_cached_ms_median", "sil_cached_ms_mean", "intent_first_parse_ms_median"):
        if m.get(k) is not None:
            print(f"- {k}: {m[k]:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
