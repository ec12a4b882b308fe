"""The severity policy and each rule's measured precision (docs/rules.md, "Severity policy").

- **error**: only when certain: the statement cannot run (syntax, unknown table or column, ambiguity).
- **warning** (fails CI by default): measured precision on the six dev files' gold-clean examples at least
  :data:`MIN_PRECISION` and firing on at most :data:`MAX_GOLD_FIRING` of Spider dev gold queries.
- **info** otherwise, and for every rule whose precision is not measured (or off by default).

The figures live in ``measured.json`` next to this module, written by ``tools/update_measured.py`` from
``benchmarks/bench_intent.py`` and ``benchmarks/bench_gold_firing.py`` (the commands are stored with them).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

MIN_PRECISION = 80.0  # percent, gold-clean precision on the six dev files
MAX_GOLD_FIRING = 1.0  # percent of Spider dev gold queries
CERTAIN = frozenset({"SIS001", "SIS002", "SIS003", "SIS004"})  # the statement cannot run
MEASURED_PATH = Path(__file__).with_name("measured.json")


@lru_cache(maxsize=1)
def measurements() -> dict:
    """{"rules": {code: figures}, "commands": [...]} (empty when the file is missing)."""
    try:
        return json.loads(MEASURED_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"rules": {}, "commands": []}


def measured(code: str) -> dict | None:
    return measurements().get("rules", {}).get(code)


def allowed_severity(code: str) -> str:
    """The most severe level the policy allows ``code`` given its measurements."""
    if code in CERTAIN:
        return "error"
    m = measured(code)
    if not m or m.get("precision_gold_clean") is None or m.get("spider_gold_firing_pct") is None:
        return "info"
    if m["precision_gold_clean"] >= MIN_PRECISION and m["spider_gold_firing_pct"] <= MAX_GOLD_FIRING \
            and m.get("fired", 0) >= 5:
        return "warning"
    return "info"


def measured_line(code: str) -> str:
    """One line for ``sqlintent rule CODE``, hover and the docs."""
    m = measured(code)
    if not m:
        return "Measured precision: not measured (ships as info or off)."
    def pct(v):
        return "-" if v is None else f"{v:.1f}%"
    parts = [f"Measured on the six Spider dev parser files: fired {m.get('fired', 0)}, precision "
             f"{pct(m.get('precision'))}, gold-clean precision {pct(m.get('precision_gold_clean'))}, recall "
             f"{pct(m.get('recall'))}"]
    if m.get("spider_gold_firing_pct") is not None:
        parts.append(f"fires on {pct(m['spider_gold_firing_pct'])} of Spider dev gold queries")
    if m.get("kaggledbqa_gold_firing_pct") is not None:
        parts.append(f"{pct(m['kaggledbqa_gold_firing_pct'])} of KaggleDBQA gold")
    return "; ".join(parts) + " (docs/rules.md)."
