"""The verdict with real-world pairs (issue 32, item 4; docs/verdict.md, "Real-world pairs").

    python tools/verdict_realworld.py collect --out runs/rw/realworld_inputs.jsonl     # resumable
    python tools/verdict_realworld.py evaluate --inputs runs/rw/train_inputs.jsonl \
        --check runs/rw/check_inputs.jsonl --realworld runs/rw/realworld_inputs.jsonl --out runs/rw/loso.json
    python tools/verdict_realworld.py train --inputs runs/rw/train_inputs.jsonl \
        --realworld runs/rw/realworld_inputs.jsonl --out-model sqlintent/verdict/verdict.json --out-dir runs/rw/train

``collect`` checks the labelled real-world corpora (``benchmarks/realworld_corpora.py``: ../shared's
realworld_dev and the corpora built under /work/ext/corpora) and caches each ok / wrong statement's verdict
inputs; ``evaluate`` gives the leave-one-source-out figures of the candidate (the shipped recipe with those
statements added to its training inputs) against the shipped verdict and length, and both selection scores;
``train`` fits the candidate on everything (only if the rule of docs/verdict.md let it ship).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(1, str(ROOT / "lab"))  # the lab's own package (lab/sqlintent_lab)
RECIPE = "trees+no_db_sql"  # the shipped recipe (sqlintent_lab.verdict.select.default_recipes)


def _recipe() -> dict:
    from sqlintent_lab.verdict.select import default_recipes

    return default_recipes(0.735)[RECIPE]


def cmd_collect(a) -> int:
    import realworld_corpora as rc

    from sqlintent_lab.verdict.realworld import collect_units, source_of_corpus

    corpora = [c for c in rc.all_corpora(Path(a.shared), Path(a.ext)) if source_of_corpus(c.name)]
    print("corpora:", ", ".join(c.name for c in corpora), flush=True)
    n = collect_units(corpora, Path(a.out), progress=lambda m: print(m, flush=True))
    print(f"{n} statements added to {a.out}")
    return 0


def cmd_evaluate(a) -> int:
    from sqlintent_lab.verdict import realworld as rw
    from sqlintent_lab.verdict.select import compare
    from sqlintent_lab.verdict.train import load_records

    base = load_records([a.inputs])
    stmts = rw.load(Path(a.realworld))
    recipe = _recipe()
    log = lambda m: print(m, flush=True)  # noqa: E731
    pred = rw.leave_one_source_out(base, stmts, recipe, progress=log)
    shipped = rw.shipped_probabilities(stmts, a.shipped)
    res = {"recipe": RECIPE, "held_out": rw.figures(stmts, {"candidate": pred, "shipped": shipped,
                                                            "length": rw.length_score(stmts)})}
    if not a.no_selection:
        check = load_records([a.check]) if a.check and Path(a.check).is_file() else None
        sel = {}
        for name, recs in (("without_realworld", base), ("with_realworld", base + stmts)):
            r = compare(recs, {RECIPE: recipe}, check=check, progress=log)[RECIPE]
            sel[name] = {k: r.get(k) for k in ("selection", "auc_natural_mean", "check_auc_no_model",
                                               "check_auc_full", "auc", "ece")}
        res["selection"] = sel
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(res, indent=1, default=float), encoding="utf-8")
    print_table(res)
    return 0


def print_table(res: dict) -> None:
    pct = lambda x: "-" if x is None else f"{100 * x:.1f}"  # noqa: E731
    h = res["held_out"]
    print(f"held-out real-world statements: {h['statements']} ({pct(h['share_correct'])}% right), "
          f"{h['databases']} databases")
    print("| scorer | within-database AUC (databases) | pooled AUC | ECE | " +
          " | ".join(f"{s} AUC" for s in h["scorers"]["shipped"]["by_source"]) + " |")
    for name, f in h["scorers"].items():
        srcs = " | ".join(pct(b["auc"]) for b in f["by_source"].values())
        e = f"{f['ece']:.3f}" if "ece" in f else "-"
        print(f"| {name} | {pct(f['within_db_auc'])} ({f['within_db_databases']}) | {pct(f['pooled_auc'])} | {e} | {srcs} |")
    for name, s in (res.get("selection") or {}).items():
        print(f"selection {name}: {pct(s['selection'])} (natural-rate {pct(s['auc_natural_mean'])}, check no-model "
              f"{pct(s['check_auc_no_model'])}, pooled {pct(s['auc'])}, ECE {s['ece']:.3f})")


def cmd_train(a) -> int:
    import tempfile

    from sqlintent_lab.verdict.train import train_all

    r = _recipe()
    with tempfile.TemporaryDirectory() as tmp:  # train_all reads plain inputs files: both sets in one
        both = Path(tmp) / "inputs.jsonl"
        both.write_text(Path(a.inputs).read_text(encoding="utf-8") + Path(a.realworld).read_text(encoding="utf-8"),
                        encoding="utf-8")
        train_all([both], Path(a.out_model), Path(a.out_dir), drop=r.get("drop", ()), recipe_name=RECIPE + "+realworld",
                  learner=r.get("learner", "logistic"))
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--shared", default=str(ROOT.parent / "shared"))
    c.add_argument("--ext", default="/work/ext/corpora")
    c.add_argument("--out", default="runs/rw/realworld_inputs.jsonl")
    e = sub.add_parser("evaluate")
    e.add_argument("--inputs", default="runs/rw/train_inputs.jsonl")
    e.add_argument("--check", default="runs/rw/check_inputs.jsonl")
    e.add_argument("--realworld", default="runs/rw/realworld_inputs.jsonl")
    e.add_argument("--shipped", default=None, help="the verdict.json to compare with (default: the shipped one)")
    e.add_argument("--no-selection", action="store_true", help="only the held-out figures")
    e.add_argument("--out", default="runs/rw/loso.json")
    t = sub.add_parser("train")
    t.add_argument("--inputs", default="runs/rw/train_inputs.jsonl")
    t.add_argument("--realworld", default="runs/rw/realworld_inputs.jsonl")
    t.add_argument("--out-model", default="runs/rw/train/verdict.json")
    t.add_argument("--out-dir", default="runs/rw/train")
    a = p.parse_args(argv)
    return {"collect": cmd_collect, "evaluate": cmd_evaluate, "train": cmd_train}[a.cmd](a)


if __name__ == "__main__":
    raise SystemExit(main())
