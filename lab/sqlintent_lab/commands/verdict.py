"""``sqlintent-lab verdict``: build the verdict (collect its inputs on held-out pairs, fit, calibrate) and
measure how often it fires on gold queries. See docs/verdict.md."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

# the recipe `sqlintent-lab verdict select` chose (docs/verdict.md)
DEFAULT_RECIPE = "trees+no_db_sql"


def _shipped_verdict() -> Path:
    """The product's verdict file (sqlintent/verdict/verdict.json), wherever the product is installed."""
    import sqlintent

    return Path(sqlintent.__file__).resolve().parent / "verdict" / "verdict.json"


def add_parser(sub) -> argparse.ArgumentParser:
    from sqlintent_lab.commands.build_data import _default_shared

    p = sub.add_parser("verdict", help="train the verdict (one calibrated probability per query)",
                       description="Collect the verdict's inputs on labelled pairs the shipped detector never "
                                   "trained on, fit and calibrate it, and measure it (docs/verdict.md).")
    inner = p.add_subparsers(dest="verdict_command", metavar="STEP")
    c = inner.add_parser("collect", help="run the engine on the training pairs and cache the verdict's inputs")
    c.add_argument("--shared", type=Path, default=_default_shared())
    c.add_argument("--out", type=Path, default=Path("runs/verdict/train_inputs.jsonl"))
    c.add_argument("--synth", type=Path, action="append", default=[],
                   help="build-data output (train/val.jsonl) on the detector's validation databases, e.g. "
                        "runs/data_detval/val.jsonl (repeatable)")
    c.add_argument("--cap", action="append", default=[], metavar="SOURCE=N",
                   help="at most N pairs of a source (spider_real, spider_synth, bird_real, maple_bird, maple_spider)")
    c.add_argument("--detector-data", type=Path, metavar="DIR",
                   help="the data build (train.jsonl, val.jsonl) of the detector the verdict will read, when it "
                        "is not the shipped one: pairs only on databases it did not train on, real runs on its "
                        "validation databases (default: the shipped detector's, reproduced from the v1 build)")
    c.add_argument("--natural-check", action="store_true",
                   help="collect the recipe check set instead (Qwen-agent runs on other Spider training "
                        "databases; sqlintent_lab.verdict.data.natural_check_pairs), e.g. into "
                        "runs/verdict/check_inputs.jsonl")
    c.add_argument("--all-databases", action="store_true",
                   help="pairs from every database a detector's data build may use, those it trained on too: "
                        "for a verdict on out-of-fold scores (then `verdict oof-merge`)")
    c.set_defaults(func=run_collect)
    m = inner.add_parser("oof-merge", help="put out-of-fold detector scores into collected inputs")
    m.add_argument("--inputs", type=Path, required=True, help="from collect --all-databases")
    m.add_argument("--oof", type=Path, action="append", required=True,
                   help="out-of-fold scores of tools/gpu_train.py oof-scores (repeatable: one per fold)")
    m.add_argument("--detector-data", type=Path, required=True, metavar="DIR",
                   help="the data build the detector trained on: pairs on its train.jsonl's databases take "
                        "their out-of-fold score (or are dropped), the others keep the installed detector's")
    m.add_argument("--check", type=Path, metavar="FILE",
                   help="the recipe check set (collect --natural-check): pairs on its databases are left out, so "
                        "that `verdict select --check FILE` scores the verdict on databases it never trained on")
    m.add_argument("--out", type=Path, required=True)
    m.set_defaults(func=run_oof_merge)
    d = inner.add_parser("dbs", help="the detector's validation databases (for build-data --only-db)")
    d.add_argument("--shared", type=Path, default=_default_shared())
    d.add_argument("--detector-data", type=Path, metavar="DIR", help="as for collect")
    d.add_argument("--group", choices=("spider", "bird", "all"), default="spider")
    d.add_argument("--as-args", action="store_true", help="print --only-db DB ... (for build-data)")
    d.set_defaults(func=run_dbs)
    t = inner.add_parser("train", help="fit, calibrate and write verdict.json, the ablations and a report")
    t.add_argument("--inputs", type=Path, action="append", default=[],
                   help="collected inputs (default runs/verdict/train_inputs.jsonl)")
    t.add_argument("--out-model", type=Path, default=_shipped_verdict())
    t.add_argument("--out-dir", type=Path, default=Path("runs/verdict"),
                   help="ablations, report.json and reliability.png go here")
    t.add_argument("--C", type=float, default=0.05, help="inverse L2 strength of the logistic regression")
    t.add_argument("--recipe", default=DEFAULT_RECIPE,
                   help="training recipe (features left out, source weights, label rates), one of "
                        "sqlintent_lab.verdict.select.default_recipes; chosen by `sqlintent-lab verdict select` "
                        f"(default {DEFAULT_RECIPE}; as_before: every pair and feature as they come)")
    t.set_defaults(func=run_train)
    s = inner.add_parser("select", help="compare training recipes by nested cross-validation over the training "
                                        "databases (no evaluation data)")
    s.add_argument("--inputs", type=Path, action="append", default=[])
    s.add_argument("--out", type=Path, default=Path("runs/verdict/select.json"))
    s.add_argument("--C", type=float, default=0.05)
    s.add_argument("--recipe", action="append", default=[], help="only these recipes (repeatable)")
    s.add_argument("--check", type=Path, default=Path("runs/verdict/check_inputs.jsonl"),
                   help="the natural-rate check set with databases (collect --natural-check); skipped if absent")
    s.add_argument("--baseline", type=Path, action="append", default=[], metavar="JSON",
                   help="also score this verdict.json (e.g. the shipped one) on the check set, as it is")
    s.set_defaults(func=run_select)
    g = inner.add_parser("gold", help="how often SIV001 fires on Spider dev gold queries (all correct)")
    g.add_argument("--shared", type=Path, default=_default_shared())
    g.add_argument("--cache", default="runs/verdict/eval_inputs.jsonl")
    g.add_argument("--out", type=Path, default=Path("runs/verdict/gold.json"))
    g.set_defaults(func=run_gold)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])
    return p


def _progress(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run_collect(args) -> int:
    from sqlintent.detector.runtime import Detector
    from sqlintent_lab.verdict.collect import collect
    from sqlintent_lab.verdict.data import verdict_pairs

    caps = {}
    for c in args.cap:
        k, _, v = c.partition("=")
        if not v.isdigit():
            print(f"sqlintent-lab verdict collect: --cap wants SOURCE=N, not {c!r}", file=sys.stderr)
            return 2
        caps[k] = int(v)
    if args.all_databases and (args.detector_data or args.natural_check):
        print("sqlintent-lab verdict collect: --all-databases takes pairs from every database, so it has no "
              "--natural-check set beside it, and --detector-data goes to `verdict oof-merge` instead",
              file=sys.stderr)
        return 2
    try:
        if args.all_databases:
            from sqlintent_lab.verdict.data import candidate_dbs

            dbs = candidate_dbs(args.shared)
        else:
            dbs = _detector_dbs(args)
    except FileNotFoundError as exc:
        print(f"sqlintent-lab verdict collect: {exc}", file=sys.stderr)
        return 2
    if args.natural_check:
        from sqlintent_lab.verdict.data import natural_check_pairs

        pairs = natural_check_pairs(args.shared, dbs)
    else:
        pairs = verdict_pairs(args.shared, val_jsonl=args.synth, caps=caps, detector_dbs=dbs)
    _progress(f"{len(pairs)} pairs")
    n = collect(pairs, args.out, Detector.load(), progress=_progress, every=200)
    print(f"added {n} pairs to {args.out}")
    return 0


def run_oof_merge(args) -> int:
    import json

    from sqlintent_lab.verdict.data import detector_data_dbs
    from sqlintent_lab.verdict.oof import load_scores, merge

    if args.out.resolve() == args.inputs.resolve():
        print("sqlintent-lab verdict oof-merge: --out must not be --inputs (nothing is overwritten)", file=sys.stderr)
        return 2
    check = [("--check", args.check)] if args.check else []
    for flag, path in [("--inputs", args.inputs)] + [("--oof", p) for p in args.oof] + check:
        if not path.is_file():
            print(f"sqlintent-lab verdict oof-merge: {flag} {path}: no such file", file=sys.stderr)
            return 2
    try:
        trained = detector_data_dbs(args.detector_data)["trained"]
        scores = load_scores(args.oof)
        rows = [json.loads(line) for line in args.inputs.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (FileNotFoundError, ValueError) as exc:
        print(f"sqlintent-lab verdict oof-merge: {exc}", file=sys.stderr)
        return 2
    try:
        exclude = {json.loads(line)["db_id"] for line in args.check.read_text(encoding="utf-8").splitlines()
                   if line.strip()} if args.check else set()
    except (ValueError, KeyError, TypeError) as exc:
        print(f"sqlintent-lab verdict oof-merge: --check {args.check}: not collected inputs ({exc!r})", file=sys.stderr)
        return 2
    kept, counts = merge(rows, scores, trained, exclude)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept), encoding="utf-8")
    print(f"{args.out}: {len(kept)} pairs ({counts['oof']} with an out-of-fold score, {counts['held_out']} on "
          f"databases the detector never read); {counts['dropped']} on its training databases without an "
          f"out-of-fold score, {counts['no_inputs']} without inputs"
          + (f" and {counts['excluded']} on the {len(exclude)} databases of {args.check}" if args.check else "")
          + " left out")
    return 0


def _detector_dbs(args):
    from sqlintent_lab.verdict.data import detector_data_dbs

    return detector_data_dbs(args.detector_data) if args.detector_data else None


def run_dbs(args) -> int:
    from sqlintent_lab.verdict.data import detector_validation_dbs

    try:
        dbs = _detector_dbs(args) or detector_validation_dbs(args.shared)
    except FileNotFoundError as exc:
        print(f"sqlintent-lab verdict dbs: {exc}", file=sys.stderr)
        return 2
    names = dbs["spider"] + dbs["bird"] if args.group == "all" else dbs[args.group]
    print(" ".join(f"--only-db {n}" for n in names) if args.as_args else "\n".join(names))
    return 0


def run_train(args) -> int:
    from sqlintent_lab.verdict.train import train_all

    inputs = args.inputs or [Path("runs/verdict/train_inputs.jsonl")]
    missing = [str(p) for p in inputs if not p.is_file()]
    if missing:
        print(f"sqlintent-lab verdict train: no inputs at {', '.join(missing)} (run sqlintent-lab verdict collect)",
              file=sys.stderr)
        return 2
    from sqlintent_lab.verdict.select import default_recipes, natural_rate

    recipes = default_recipes(natural_rate(inputs))
    if args.recipe not in recipes:
        print(f"sqlintent-lab verdict train: no recipe {args.recipe!r} (one of {', '.join(recipes)})", file=sys.stderr)
        return 2
    r = recipes[args.recipe]
    _progress(f"recipe {args.recipe}: {r}")
    summary = train_all(inputs, args.out_model, args.out_dir, r.get("C", args.C), progress=_progress,
                        drop=r.get("drop"), source_weight=r.get("source_weight"), label_rate=r.get("label_rate"),
                        recipe_name=args.recipe, learner=r.get("learner", "logistic"))
    print(f"wrote {args.out_model} and {args.out_dir}/report.json"
          + (f", {summary['reliability_png']}" if summary.get("reliability_png") else ""))
    return 0


def run_select(args) -> int:
    import json

    from sqlintent_lab.verdict.select import compare, default_recipes, natural_rate, table
    from sqlintent_lab.verdict.train import load_records

    inputs = args.inputs or [Path("runs/verdict/train_inputs.jsonl")]
    missing = [str(p) for p in inputs if not p.is_file()]
    if missing:
        print(f"sqlintent-lab verdict select: no inputs at {', '.join(missing)}", file=sys.stderr)
        return 2
    recipes = default_recipes(natural_rate(inputs))
    if args.recipe:
        recipes = {k: v for k, v in recipes.items() if k in args.recipe}
    check = load_records([args.check]) if args.check and args.check.is_file() else None
    res = compare(load_records(inputs), recipes, args.C, progress=_progress, check=check)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1), encoding="utf-8")
    print(table(res))
    if check and args.baseline:
        from sqlintent_lab.verdict.select import check_auc_of

        for b in args.baseline:
            print(f"{b}: check set AUC {100 * check_auc_of(b, check):.1f} (with the model: optimistic)")
    return 0


def run_gold(args) -> int:
    import json

    import numpy as np

    from sqlintent.detector.runtime import Detector
    from sqlintent_lab.evaluation.datasets import resolve_db
    from sqlintent_lab.evaluation.detect_eval import Item
    from sqlintent_lab.verdict.evalscore import load_models, score_items

    spider = args.shared / "data" / "spider"
    dev = json.loads((spider / "dev.json").read_text(encoding="utf-8"))
    db_dir = spider / "database"
    items = [Item(f"dev-{i}", ex["db_id"], ex["question"], ex["query"], 0, 1) for i, ex in enumerate(dev)
             if resolve_db(db_dir, ex["db_id"]) is not None]
    models = load_models(None, None)
    if not models:
        print("sqlintent-lab verdict gold: no verdict model", file=sys.stderr)
        return 2
    score_items(items, str(db_dir), None, Detector.load(), models, args.cache, _progress)
    p = np.array([it.scores["verdict"] for it in items])
    res = {"gold_queries": len(items), "fired_at_0.5": int((p < 0.5).sum()), "fire_rate": float((p < 0.5).mean()),
           "mean_probability": float(p.mean())}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1), encoding="utf-8")
    print(json.dumps(res))
    return 0
