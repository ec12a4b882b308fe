"""Severity policy v2 and each rule's measured figures, per corpus (docs/rules.md, "Severity policy").

- **error**: only the rules whose errors the database itself decides (:data:`CERTAIN`: the statement cannot
  run; issue 31). They are measured like the others, and their count of errors on correct queries must be 0.
- **warning** (fails CI by default) only when, measured on SQL nobody working on sqlintent wrote:
  precision at least :data:`MIN_PRECISION` with a Wilson 95% lower bound at least :data:`MIN_WILSON_LOW`,
  pooled over the real-world labelled corpora (a corpus the rule's design was read from left out:
  :data:`DESIGN_SOURCES`); gold-clean precision at least :data:`MIN_SPIDER_PRECISION` on the six Spider dev
  parser files; and firing on at most :data:`MAX_GOOD_FIRING` of the known-good queries of *every* corpus
  (correct answers, Spider and BIRD gold, known-good projects).
- **info** otherwise, and for every rule not measured.

The figures live in ``measured.json`` next to this module, written by ``tools/update_measured.py`` from
``benchmarks/bench_realworld.py``, ``benchmarks/bench_intent.py`` and ``benchmarks/bench_gold_firing.py``
(the commands are stored with them).
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

MIN_PRECISION = 90.0  # percent, pooled over the real-world labelled corpora
MIN_WILSON_LOW = 80.0  # percent, the Wilson 95% lower bound of that precision
MIN_SPIDER_PRECISION = 80.0  # percent, gold-clean precision on the six Spider dev parser files
MAX_GOOD_FIRING = 0.5  # percent of the known-good queries of each corpus
CERTAIN = frozenset({"SIS001", "SIS002", "SIS003", "SIS004", "SIS007"})  # the database decides: the statement cannot run
# corpora a rule's design was read from: left out of its pooled precision (leave one source out)
_REALWORLD_DEV_AND_EXT = ("A/sqlzoo_aa", "A/pgexercises", "B/leetcode", "B/northwind", "ext_leetcode_cm2908",
                          "ext_pgx_rexes", "ext_pgx_tlgs")
# issue 39 (2026-12-07): these rules' misfires were read on realworld_dev and the ext corpora and their readings
# fixed there, so only the sources built since (tools/realworld/sources) may earn them a severity
DESIGN_SOURCES: dict[str, tuple[str, ...]] = {
    code: _REALWORLD_DEV_AND_EXT for code in ("SIL001", "SIL002", "SIL003", "SIL004", "SIL007", "SIL008", "SIL013",
                                              "SIL016", "SIV001")}
MEASURED_PATH = Path(__file__).with_name("measured.json")


@lru_cache(maxsize=1)
def measurements() -> dict:
    """{"rules": {code: figures}, "corpora": {name: sizes}, "commands": [...]} (empty when missing)."""
    try:
        return json.loads(MEASURED_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"rules": {}, "commands": [], "corpora": {}}


def measured(code: str) -> dict | None:
    return measurements().get("rules", {}).get(code)


def wilson_low(k: int, n: int, z: float = 1.96) -> float | None:
    """Lower end of the Wilson score interval of k successes in n trials, in percent (None when n is 0)."""
    if n <= 0:
        return None
    p = k / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return round(100 * max(0.0, (centre - spread) / (1 + z * z / n)), 2)


def corpus_figures(code: str, m: dict | None = None) -> dict[str, dict]:
    """Per corpus: fired on ok / wrong / debatable answers, precision and the firing rate on its known-good
    queries (every corpus measured, 0 where the rule never fired)."""
    m = measured(code) if m is None else m
    sizes = measurements().get("corpora", {})
    fired = (m or {}).get("corpora", {})
    out = {}
    for name, size in sizes.items():
        ok, wrong, deb = fired.get(name, (0, 0, 0))
        out[name] = {"fired_ok": ok, "fired_wrong": wrong, "fired_debatable": deb,
                     "precision_pct": round(100 * wrong / (ok + wrong), 2) if ok + wrong else None,
                     "good_firing_pct": round(100 * ok / size["ok"], 2) if size.get("ok") else None}
    return out


def pooled(code: str, m: dict | None = None) -> dict:
    """Precision and its Wilson lower bound pooled over the real-world labelled corpora, without the corpora
    the rule's design came from."""
    sizes = measurements().get("corpora", {})
    left_out = DESIGN_SOURCES.get(code, ())
    ok = wrong = 0
    for name, f in corpus_figures(code, m).items():
        s = sizes[name]
        if s.get("real_world") and s.get("kind") == "labelled" and name not in left_out:
            ok += f["fired_ok"]
            wrong += f["fired_wrong"]
    return {"fired_ok": ok, "fired_wrong": wrong, "left_out": list(left_out),
            "precision_pct": round(100 * wrong / (ok + wrong), 2) if ok + wrong else None,
            "wilson_low_pct": wilson_low(wrong, ok + wrong)}


def false_errors(code: str) -> int:
    """How many correct queries (of every corpus) the rule fires on: for an error rule, false errors."""
    return sum(f["fired_ok"] for f in corpus_figures(code).values())


def policy_failures(code: str) -> list[str]:
    """Why the policy does not let ``code`` warn (empty: it may)."""
    m = measured(code)
    if not m or "corpora" not in m:
        return ["not measured on the real-world corpora"]
    why = []
    p = pooled(code, m)
    if p["precision_pct"] is None or p["precision_pct"] < MIN_PRECISION:
        why.append(f"pooled real-world precision {_pct(p['precision_pct'])} < {MIN_PRECISION:.0f}%")
    if p["wilson_low_pct"] is None or p["wilson_low_pct"] < MIN_WILSON_LOW:
        why.append(f"its Wilson lower bound {_pct(p['wilson_low_pct'])} < {MIN_WILSON_LOW:.0f}%")
    spider = m.get("precision_gold_clean")
    if spider is None or spider < MIN_SPIDER_PRECISION:
        why.append(f"Spider dev gold-clean precision {_pct(spider)} < {MIN_SPIDER_PRECISION:.0f}%")
    noisy = [f"{k} {f['good_firing_pct']:.1f}%" for k, f in corpus_figures(code, m).items()
             if f["good_firing_pct"] is not None and f["good_firing_pct"] > MAX_GOOD_FIRING]
    if noisy:
        why.append(f"fires on more than {MAX_GOOD_FIRING}% of known-good queries in " + ", ".join(noisy))
    return why


def allowed_severity(code: str) -> str:
    """The most severe level the policy allows ``code`` given its measurements."""
    if code in CERTAIN:
        return "error"
    return "warning" if not policy_failures(code) else "info"


def _pct(v) -> str:
    return "-" if v is None else f"{v:.1f}%"


def measured_line(code: str, markdown: bool = False) -> str:
    """What ``sqlintent rule CODE`` and docs/rules.md say about the rule's measurements: one line in words
    (the figures per corpus are docs/measurements.md's, :func:`measured_details`)."""
    return measured_words(code)


def measured_words(code: str) -> str:
    """How often the rule was right on real SQL written outside this project, in one line of plain words."""
    m = measured(code)
    if code in CERTAIN:
        n = false_errors(code) if m else 0
        return ("Measured: the database decides, so it never reports a statement the database accepts "
                f"({n} on the correct queries measured; docs/measurements.md).")
    if not m or "corpora" not in m:
        from sqlintent.analyzers import get_rule

        rule = get_rule(code)
        if rule is not None and rule.check is None and code != "SIV001":
            return "Measured: nothing to measure: it reports what the run itself could not do."
        return "Measured: not measured yet (it ships as info or off)."
    p = pooled(code, m)
    right, fired = p["fired_wrong"], p["fired_wrong"] + p["fired_ok"]
    if not fired:
        return ("Measured: it did not fire on the real-world queries it was measured on, so how often it is "
                "right there is not known yet (docs/measurements.md).")
    return (f"Measured: on real-world queries written outside this project, {right} of its {fired} "
            f"finding{'s' if fired != 1 else ''} pointed at a query that was wrong (about {_in_ten(right, fired)} "
            "in 10; docs/measurements.md).")


def _in_ten(k: int, n: int) -> str:
    return f"{round(10 * k / n)}" if n else "-"


def measured_details(code: str, markdown: bool = False) -> str:
    """The rule's figures for developers (docs/measurements.md): pooled and per corpus, and the policy."""
    m = measured(code)
    if not m:
        return "Measured: not measured (ships as info or off)."
    lines = []
    if "corpora" in m:
        p = pooled(code, m)
        lines.append(f"Measured on real SQL (benchmarks/bench_realworld.py): pooled over the real-world corpora "
                     f"fired on {p['fired_wrong']} wrong and {p['fired_ok']} correct answers, precision "
                     f"{_pct(p['precision_pct'])} (Wilson lower bound {_pct(p['wilson_low_pct'])}).")
        lines.append("Per corpus (fired on ok / wrong / debatable; precision; firing on known-good queries):")
        for name, f in corpus_figures(code, m).items():
            lines.append(f"{'  - ' if markdown else '  '}{name}: {f['fired_ok']} / {f['fired_wrong']} / {f['fired_debatable']}; "
                         f"{_pct(f['precision_pct'])}; {_pct(f['good_firing_pct'])}")
    lines.append(f"On the six Spider dev parser files: fired {m.get('fired', 0)}, precision "
                 f"{_pct(m.get('precision'))}, gold-clean precision {_pct(m.get('precision_gold_clean'))}, recall "
                 f"{_pct(m.get('recall'))}; fires on {_pct(m.get('spider_gold_firing_pct'))} of Spider dev gold "
                 f"queries, {_pct(m.get('kaggledbqa_gold_firing_pct'))} of KaggleDBQA gold.")
    if code in CERTAIN:
        lines.append(f"Errors on correct queries (must be 0): {false_errors(code)}.")
    else:
        why = policy_failures(code)
        lines.append("Policy v2: may warn." if not why else "Policy v2: info, because " + "; ".join(why) + ".")
    if markdown:
        lines = [ln if ln.startswith("  - ") else f"- {ln}" for ln in lines]
    return "\n".join(lines)


def policy_markdown(rules) -> str:
    """The top of docs/rules.md: what each severity means, in words (the figures: docs/measurements.md)."""
    return "\n".join([
        "# Rules", "",
        "Generated by `sqlintent rule --all --format markdown`; a test keeps this page equal to that output.", "",
        "## Severity", "",
        ("- **error**: the database itself refuses the statement (a syntax error, an unknown table or column, an "
         "ambiguous column, any other refusal): the query cannot run. It never reports a statement the database "
         "accepts."),
        (f"- **warning** (fails CI by default): the rule was measured on real-world queries written outside this "
         f"project and was right at least {MIN_PRECISION:.0f} times in 100, clearly enough to count, and it "
         f"flags almost no correct query (at most {MAX_GOOD_FIRING}% of them)."),
        "- **info**: worth a look; a rule not measured, or not yet right often enough, ships as info (or off).",
        "- **SIU001** (a warning): something the run was asked to check was not checked.", "",
        "How each rule was measured, corpus by corpus, and the commands that measure it: "
        "[measurements.md](measurements.md).", "", ""])


def measurements_markdown(rules) -> str:
    """docs/measurements.md: the severity policy's figures, for developers (``python -m
    sqlintent.analyzers.policy > docs/measurements.md``; a test keeps the page equal to this output)."""
    corpora = list(measurements().get("corpora", {}))
    lines = [
        "# Measurements", "",
        "Generated by `python -m sqlintent.analyzers.policy > docs/measurements.md`; a test keeps this page equal "
        "to that output. The rule pages ([rules.md](rules.md)) give one line of these figures in words.", "",
        "## Severity policy v2", "",
        ("- **error**: only where the database itself decides that the statement cannot run (syntax error, unknown "
        "table or column, ambiguous column: issue 31). Measured like every rule: their errors on correct queries "
        "must be 0."),
        (f"- **warning** (fails CI by default) only when the rule's precision is at least {MIN_PRECISION:.0f}% with a "
        f"Wilson 95% lower bound of at least {MIN_WILSON_LOW:.0f}%, pooled over the real-world labelled corpora "
        f"(the corpora its design was read from left out), at least {MIN_SPIDER_PRECISION:.0f}% gold-clean on the "
        f"six Spider dev parser files, and it fires on at most {MAX_GOOD_FIRING}% of the known-good queries of "
        "every corpus."),
        "- **info** otherwise; a rule not measured ships as info (or off).", "",
        ("Real-world corpora: `../shared/data/realworld_dev/A` and `B`, split by their own sources, and the corpora "
        "`tools/realworld_corpus.py` and `tools/realworld/build.py` build from public repositories fetched at "
        "named commits (labels and data cards in `benchmarks/realworld_labels/`). Known-good: their correct answers, Spider dev gold (with the questions "
        "as intents, database present), BIRD dev gold (schema files only) and the jaffle-shop dbt models. "
        "The figures are stored in `sqlintent/analyzers/measured.json`, printed by `sqlintent rule CODE`, and "
        "reproduced by:"), "",
        "```sh", *measurements().get("commands", []), "```", "",
        "| corpus | kind | statements | ok | wrong | debatable |", "|---|---|---|---|---|---|",
    ]
    for name, s in measurements().get("corpora", {}).items():
        lines.append(f"| {name} | {s.get('kind')}{'' if s.get('real_world') else ' (gold)'} | {s.get('statements')} "
                     f"| {s.get('ok')} | {s.get('wrong')} | {s.get('debatable')} |")
    lines += ["", ("Per rule: the shipped severity, the pooled real-world precision (fired on wrong / on correct "
              "answers, Wilson lower bound), the Spider dev gold-clean precision, and per corpus the firings on "
              "ok / wrong answers (its share of the corpus's known-good queries)."), "",
              "| code | severity | pooled precision | Spider dev | " + " | ".join(corpora) + " |",
              "|---|---|---|---|" + "---|" * len(corpora)]
    for r in rules:
        if r.check is None and r.code != "SIV001":
            continue
        m = measured(r.code) or {}
        p = pooled(r.code, m) if m else {"precision_pct": None, "fired_wrong": 0, "fired_ok": 0, "wilson_low_pct": None}
        cells = []
        for f in corpus_figures(r.code, m).values():
            cells.append("-" if not (f["fired_ok"] or f["fired_wrong"]) else
                         f"{f['fired_ok']}/{f['fired_wrong']} ({_pct(f['good_firing_pct'])})")
        lines.append(f"| {r.code} | {r.severity.value}{'' if r.default_enabled else ' (off)'} | "
                     f"{_pct(p['precision_pct'])} ({p['fired_wrong']}/{p['fired_ok']}, low {_pct(p['wilson_low_pct'])})"
                     f" | {_pct(m.get('precision_gold_clean'))} | " + " | ".join(cells) + " |")
    lines += ["", "## Per rule", ""]
    for r in rules:
        lines += [f"### {r.code} {r.name}", "", measured_details(r.code, markdown=True), ""]
    return "\n".join(lines)


if __name__ == "__main__":
    from sqlintent.analyzers import all_rules
    from sqlintent.frontend.figures import SECTION

    print(measurements_markdown(all_rules().rules) + SECTION, end="")
