"""What fails CI on real SQL, per corpus and per rule: the measure behind severity policy v2 (docs/rules.md).

    python benchmarks/bench_realworld.py [--shared ../shared] [--ext /work/ext/corpora] [--only A/,B/]
        [--limit N] [--state runs/realworld_state.jsonl] [--json runs/realworld.json] [--details runs/d.jsonl]

Runs the engine in-process, as ``sqlintent check`` does with the default settings (the detector and the
verdict on, probes on, no findings cache), over every corpus of ``benchmarks/realworld_corpora.py``: each file
with the database (or schema files) its folder names. A statement *fails CI* when it gets a warning or an
error. Per corpus and pooled over the real-world labelled corpora: the precision of what fails CI (wrong among
failing; debatable answers left out) with its Wilson lower bound, the share of correct queries failing CI, the
share of wrong queries failing CI, failing CI through a rule's finding ("named": not the model's, not the
database's refusal), and flagged at all (any finding but SIM001/SIV001/SII001 and hints), the share of correct
queries showing any finding (hints aside), and the verdict's AUC within each database (averaged over the
databases holding both labels). Per rule and corpus: firings on ok / wrong / debatable answers, precision with
its Wilson 95% lower bound, and the firing rate on known-good queries (ok answers, gold). Pooled over the
real-world corpora, and pooled leaving each source out. ``--state`` keeps each checked file's findings, so
a long run resumes where it stopped (a file whose text or settings changed is checked again; delete the state
after changing the rules). ``--limit N`` checks the first N files of each corpus (a slice, for CI).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

FAILS_CI = ("warning", "error")
NOT_FLAGS = frozenset({"SIM001", "SIV001", "SII001"})  # fire on nearly everything, or on the missing intent


def wilson_low(k: int, n: int) -> float | None:
    """The lower end of the Wilson score interval of k successes in n (a fraction), None when n is 0: the
    policy's own figure (sqlintent.analyzers.policy.wilson_low, in percent)."""
    from sqlintent.analyzers.policy import wilson_low as percent

    low = percent(k, n)
    return None if low is None else low / 100


def _pct(a: int, b: int) -> float | None:
    return round(100 * a / b, 2) if b else None


def _unit_key(unit) -> str:
    h = hashlib.sha256(unit.text.encode("utf-8"))
    h.update(json.dumps(unit.overrides, sort_keys=True).encode())
    return h.hexdigest()[:20]


def check_units(corpora, state_path: Path | None = None, log=print) -> list[dict]:
    """One record per labelled statement: corpus, uid, line, label, findings [[code, severity], ...], ms."""
    from sqlintent.workspace.engine_store import EnginesBySettings

    done: dict[tuple[str, str], dict] = {}
    if state_path is not None and state_path.is_file():
        for line in state_path.open(encoding="utf-8"):
            try:
                d = json.loads(line)
            except ValueError:
                continue  # a line cut short by a killed run
            done[(d["uid"], d["key"])] = d
    state = state_path.open("a", encoding="utf-8") if state_path is not None else None
    engines = EnginesBySettings()  # one engine per folder's settings, one detector for all
    records: list[dict] = []
    try:
        for corpus in corpora:
            t0, n = time.perf_counter(), 0
            for unit in corpus.units:
                key = _unit_key(unit)
                got = done.get((unit.uid, key))
                if got is None:
                    got = _check_unit(unit, key, engines)
                    if state is not None:
                        state.write(json.dumps(got) + "\n")
                        state.flush()
                for s in got["statements"]:
                    if s["line"] in unit.labels:
                        records.append({"corpus": corpus.name, "uid": unit.uid, "line": s["line"],
                                        "label": unit.labels[s["line"]], "findings": s["findings"],
                                        "p": s.get("p"), "db": _database(unit),
                                        "messages": s.get("messages", []), "sql": s.get("sql", ""),
                                        "intent": s.get("intent", ""),
                                        "ms": got["ms"] / max(1, len(got["statements"]))})
                        n += 1
            log(f"{corpus.name}: {n} statements in {time.perf_counter() - t0:.0f}s")
    finally:
        if state is not None:
            state.close()
        engines.close()
    return records


def _check_unit(unit, key: str, engines) -> dict:
    try:
        eng = engines.engine_for(unit.overrides)
    except ValueError as exc:
        raise SystemExit(f"{unit.uid}: {exc}") from None
    t0 = time.perf_counter()
    result = eng.check_text(unit.text, unit.path)
    ms = 1000 * (time.perf_counter() - t0)
    doc = result.document
    by_index: dict[int, list] = defaultdict(list)
    said: dict[int, list] = defaultdict(list)
    for f in result.findings:
        if f.statement_index is not None:
            by_index[f.statement_index].append([f.code, f.severity.value])
            said[f.statement_index].append([f.code, f.message])
    stmts = []
    for st in (doc.statements if doc is not None else []):
        line = unit.text.count("\n", 0, st.span.start) + 1 if result.templated is None else None
        stmts.append({"line": line, "findings": sorted(by_index.get(st.index, [])), "p": _probability(eng, st),
                      "messages": sorted(said.get(st.index, [])), "sql": st.text[:2000],
                      "intent": (st.intent or "")[:1000]})
    if result.templated is not None and stmts:  # a dbt model: the label is on the model's first SQL line
        stmts[-1]["line"] = min(unit.labels) if unit.labels else None
    return {"uid": unit.uid, "key": key, "ms": ms, "statements": stmts}


def _probability(eng, st) -> float | None:
    """The verdict's probability that the statement is right (None without an intent or a verdict model)."""
    try:
        v = eng.verdict(st) if st.intent else None
    except Exception:  # noqa: BLE001 - a verdict failure is the verdict's own finding, not the benchmark's
        return None
    return None if v is None or v.probability is None else round(float(v.probability), 4)


def _database(unit) -> str:
    o = unit.overrides
    return Path(o.get("database") or (o.get("schema_files") or ["none"])[0]).stem


def verdict_auc(rows: list[dict]) -> tuple[float | None, int]:
    """The verdict's AUC (right ranked above wrong) within each database, averaged over the databases that
    hold both labels; and how many do."""
    from sqlintent.detector.metrics import roc_auc

    by: dict[str, list] = defaultdict(list)
    for r in rows:
        if r["label"] in ("ok", "wrong") and r.get("p") is not None:
            by[r.get("db", "")].append((1 if r["label"] == "ok" else 0, r["p"]))
    aucs = [roc_auc([y for y, _ in v], [p for _, p in v]) for v in by.values()
            if 0 < sum(y for y, _ in v) < len(v)]
    return (round(float(statistics.mean(aucs)), 4) if aucs else None), len(aucs)


def ci_figures(rows: list[dict]) -> dict:
    """What fails CI and what shows findings, on labelled statements: counts and shares."""
    n = {lab: sum(r["label"] == lab for r in rows) for lab in ("ok", "wrong", "debatable")}

    def count(lab, pred):
        return sum(r["label"] == lab and pred(r["findings"]) for r in rows)

    def fails(fs):
        return any(s in FAILS_CI for _, s in fs)

    def named(fs):  # fails CI through a rule's finding (not the model's, not the database's refusal)
        return any(s in FAILS_CI and c not in NOT_FLAGS and not c.startswith("SIS") for c, s in fs)

    def flagged(fs):
        return any(c not in NOT_FLAGS and s != "hint" for c, s in fs)

    def shown(fs):
        return any(s != "hint" for _, s in fs)

    fail = {lab: count(lab, fails) for lab in n}
    auc, dbs = verdict_auc(rows)
    return {"ok_failing": fail["ok"], "wrong_failing": fail["wrong"], "debatable_failing": fail["debatable"],
            "precision_pct": _pct(fail["wrong"], fail["wrong"] + fail["ok"]),
            "precision_wilson_low_pct": _low_pct(fail["wrong"], fail["wrong"] + fail["ok"]),
            "ok_failing_pct": _pct(fail["ok"], n["ok"]), "wrong_failing_pct": _pct(fail["wrong"], n["wrong"]),
            "wrong_failing_named": count("wrong", named), "wrong_failing_named_pct": _pct(count("wrong", named),
                                                                                           n["wrong"]),
            "wrong_flagged_pct": _pct(count("wrong", flagged), n["wrong"]),
            "ok_flagged_pct": _pct(count("ok", flagged), n["ok"]),
            "ok_any_finding_pct": _pct(count("ok", shown), n["ok"]),
            "verdict_auc_within_db": auc, "verdict_auc_databases": dbs}


def _low_pct(k: int, n: int) -> float | None:
    low = wilson_low(k, n)
    return None if low is None else round(100 * low, 2)


def summarise(records: list[dict], corpora) -> dict:
    """Per corpus: CI figures and per-rule firings; per rule: pooled over the real-world corpora, and pooled
    leaving each corpus out."""
    from sqlintent.analyzers import all_rules

    shipped = {r.code: r.severity.value for r in all_rules().rules}
    meta = {c.name: c for c in corpora}
    out: dict = {"corpora": {}, "pooled_real_world": {}, "leave_one_out": {}}
    per = defaultdict(list)
    for r in records:
        per[r["corpus"]].append(r)
    for name, rows in per.items():
        n = {lab: sum(r["label"] == lab for r in rows) for lab in ("ok", "wrong", "debatable")}
        rules = defaultdict(lambda: {"ok": 0, "wrong": 0, "debatable": 0, "ok_failing_ci": 0, "wrong_failing_ci": 0})
        for r in rows:
            for code, sev in {c: s for c, s in r["findings"]}.items():
                rules[code][r["label"]] += 1
                if sev in FAILS_CI and r["label"] in ("ok", "wrong"):
                    rules[code][r["label"] + "_failing_ci"] += 1
        c = meta[name]
        out["corpora"][name] = {
            "kind": c.kind, "real_world": c.real_world, "note": c.note, "statements": len(rows), **n,
            "ci": ci_figures(rows),
            "ms_per_statement_median": round(statistics.median(r["ms"] for r in rows), 1) if rows else None,
            "rules": {code: _rule_figures(v, n, shipped.get(code)) for code, v in sorted(rules.items())}}
    real = [k for k, v in out["corpora"].items() if v["real_world"] and v["kind"] == "labelled"]
    pooled_rows = [r for r in records if r["corpus"] in real]
    out["pooled_ci"] = {"corpora": len(real), "statements": len(pooled_rows),
                        **{lab: sum(r["label"] == lab for r in pooled_rows) for lab in ("ok", "wrong", "debatable")},
                        "ci": ci_figures(pooled_rows)}
    codes = sorted({code for v in out["corpora"].values() for code in v["rules"]})
    for code in codes:
        out["pooled_real_world"][code] = _pooled(out["corpora"], real, code, shipped.get(code))
        out["leave_one_out"][code] = {k: _pooled(out["corpora"], [x for x in real if x != k], code,
                                                 shipped.get(code))["precision_pct"] for k in real}
    return out


def _rule_figures(v: dict, n: dict, severity: str | None) -> dict:
    judged = v["ok"] + v["wrong"]
    low = wilson_low(v["wrong"], judged)
    return {"severity": severity, "fired_ok": v["ok"], "fired_wrong": v["wrong"], "fired_debatable": v["debatable"],
            "precision_pct": _pct(v["wrong"], judged), "wilson_low_pct": None if low is None else round(100 * low, 2),
            "ok_firing_pct": _pct(v["ok"], n["ok"]), "wrong_recall_pct": _pct(v["wrong"], n["wrong"])}


def _pooled(corpora: dict, names: list[str], code: str, severity) -> dict:
    v = {"ok": 0, "wrong": 0, "debatable": 0}
    n = {"ok": 0, "wrong": 0}
    for k in names:
        r = corpora[k]["rules"].get(code)
        n["ok"] += corpora[k]["ok"]
        n["wrong"] += corpora[k]["wrong"]
        if r:
            v["ok"] += r["fired_ok"]
            v["wrong"] += r["fired_wrong"]
            v["debatable"] += r["fired_debatable"]
    return _rule_figures(v, n, severity)


def print_report(summary: dict) -> None:
    def f(x):
        return "-" if x is None else f"{x:.1f}"
    print(f"\n{'corpus':24}{'stmts':>6}{'ok':>6}{'wrong':>6}{'deb':>5} | CI: {'prec%':>6}{'low%':>6}{'ok fail%':>9}"
          f"{'wrong fail%':>12}{'named%':>7}{'wrong flag%':>12}{'ok any%':>8}{'AUC/db':>7}{'dbs':>4}{'ms/stmt':>8}")
    rows = [(name, c) for name, c in out_order(summary)]
    if summary.get("pooled_ci"):
        rows.append(("POOLED real-world", {**summary["pooled_ci"], "ms_per_statement_median": None}))
    for name, c in rows:
        ci = c["ci"]
        print(f"{name[:24]:24}{c['statements']:>6}{c['ok']:>6}{c['wrong']:>6}{c['debatable']:>5} |     "
              f"{f(ci['precision_pct']):>6}{f(ci['precision_wilson_low_pct']):>6}{f(ci['ok_failing_pct']):>9}"
              f"{f(ci['wrong_failing_pct']):>12}{f(ci['wrong_failing_named_pct']):>7}{f(ci['wrong_flagged_pct']):>12}"
              f"{f(ci['ok_any_finding_pct']):>8}{_f2(ci['verdict_auc_within_db']):>7}{ci['verdict_auc_databases']:>4}"
              f"{f(c['ms_per_statement_median']):>8}")
    for name, c in out_order(summary):
        print(f"\n{name} ({c['kind']}): per rule  fired ok / wrong / debatable, precision%, Wilson low%, "
              "ok firing%, severity")
        for code, r in c["rules"].items():
            print(f"  {code:8}{r['fired_ok']:>5}{r['fired_wrong']:>6}{r['fired_debatable']:>5}  "
                  f"{f(r['precision_pct']):>6}{f(r['wilson_low_pct']):>7}{f(r['ok_firing_pct']):>7}  {r['severity']}")
    print("\npooled over the real-world labelled corpora: fired ok / wrong, precision%, Wilson low%, "
          "leave-one-out precision% by corpus left out")
    for code, r in summary["pooled_real_world"].items():
        loo = ", ".join(f"-{k}: {f(v)}" for k, v in summary["leave_one_out"][code].items())
        print(f"  {code:8}{r['fired_ok']:>5}{r['fired_wrong']:>6}  {f(r['precision_pct']):>6}"
              f"{f(r['wilson_low_pct']):>7}  {loo}")


def _f2(x):
    return "-" if x is None else f"{x:.2f}"


def out_order(summary: dict):
    return sorted(summary["corpora"].items(), key=lambda kv: (kv[1]["kind"] != "labelled", kv[0]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--ext", type=Path, default=None, help="built external corpora (tools/realworld_corpus.py)")
    ap.add_argument("--only", help="comma-separated substrings of corpus names to run")
    ap.add_argument("--limit", type=int, help="check only the first N files of each corpus")
    ap.add_argument("--state", type=Path, help="resume file: each checked file's findings (JSON lines)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--details", type=Path, help="write each labelled statement's findings and messages (JSON lines)")
    args = ap.parse_args(argv)
    from realworld_corpora import DEFAULT_EXT, all_corpora

    corpora = all_corpora(args.shared, args.ext or DEFAULT_EXT, args.only.split(",") if args.only else None)
    if args.limit:
        for c in corpora:
            c.units = c.units[:args.limit]
    print("corpora: " + ", ".join(f"{c.name} ({c.statements()})" for c in corpora), flush=True)
    t0 = time.perf_counter()
    records = check_units(corpora, args.state, log=lambda m: print(m, flush=True))
    summary = summarise(records, corpora)
    if args.details:
        args.details.parent.mkdir(parents=True, exist_ok=True)
        with args.details.open("w", encoding="utf-8") as out:
            for r in records:
                out.write(json.dumps(r) + "\n")
    summary["seconds"] = round(time.perf_counter() - t0, 1)
    summary["command"] = "python benchmarks/bench_realworld.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print_report(summary)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
