"""Markdown tables of benchmarks/bench_realworld.py's JSON for the docs (docs/intent.md, "Measured on real SQL").

    python tools/realworld_tables.py runs/realworld.json [--before runs/before.json] [--codes SIL]

Prints the CI table (per corpus: precision of what fails CI, share of correct queries failing CI, share of
wrong queries failing CI and flagged at all; before and after when ``--before`` is given) and the per-rule
table (per corpus: fired on ok / wrong answers, and the firing rate on known-good queries) for the rules whose
codes start with ``--codes`` (default: every rule).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def _f(v) -> str:
    return "-" if v is None else f"{v:.1f}%"


def ci_table(after: dict, before: dict | None = None) -> str:
    cols = ["precision of what fails CI", "correct failing CI", "wrong failing CI", "wrong flagged"]
    keys = ["precision_pct", "ok_failing_pct", "wrong_failing_pct", "wrong_flagged_pct"]
    head = "| corpus | ok / wrong / debatable | " + " | ".join(cols) + " |"
    lines = [head, "|---|---|" + "---|" * len(cols)]
    for name, c in sorted(after["corpora"].items(), key=lambda kv: (kv[1]["kind"] != "labelled", kv[0])):
        b = (before or {}).get("corpora", {}).get(name)
        cells = []
        for k in keys:
            now = _f(c["ci"][k])
            cells.append(now if b is None else f"{_f(b['ci'][k])} → {now}")
        counts = f"{c['ok']} / {c['wrong']} / {c['debatable']}"
        ci = c["ci"]
        cells[0] += f" ({ci['wrong_failing']} of {ci['wrong_failing'] + ci['ok_failing']})"
        lines.append(f"| {name} | {counts} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rule_table(summary: dict, prefix: str = "") -> str:
    names = sorted(summary["corpora"], key=lambda n: (summary["corpora"][n]["kind"] != "labelled", n))
    lines = ["| code | pooled precision (wrong/ok, Wilson low) | " + " | ".join(names) + " |",
             "|---|---|" + "---|" * len(names)]
    for code, p in sorted(summary["pooled_real_world"].items()):
        if not code.startswith(prefix):
            continue
        cells = []
        for n in names:
            r = summary["corpora"][n]["rules"].get(code)
            cells.append("-" if r is None else f"{r['fired_ok']}/{r['fired_wrong']} ({_f(r['ok_firing_pct'])})")
        lines.append(f"| {code} | {_f(p['precision_pct'])} ({p['fired_wrong']}/{p['fired_ok']}, "
                     f"{_f(p['wilson_low_pct'])}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("after", type=Path)
    ap.add_argument("--before", type=Path)
    ap.add_argument("--codes", default="")
    args = ap.parse_args(argv)
    after = json.loads(args.after.read_text(encoding="utf-8"))
    before = json.loads(args.before.read_text(encoding="utf-8")) if args.before else None
    print(ci_table(after, before))
    print()
    print(rule_table(after, args.codes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
