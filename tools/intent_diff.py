"""How wrong answers differ from the gold query, by kind (reproduces issue #16's analysis).

    python tools/intent_diff.py [--labels runs/intent_labels.jsonl] [--fired runs/bench_intent_details.jsonl]

Reads the cache written by ``tools/intent_labels.py``. For every wrong answer it compares the answer with the
gold query on: literal values, number of selected columns, set of tables, DISTINCT, aggregate functions,
set operations, ORDER BY / LIMIT, GROUP BY (and HAVING), negation (NOT, <>, NOT IN/EXISTS, EXCEPT). A wrong
answer usually differs in several kinds; "none" counts those that differ in none. With ``--fired`` (the
details written by ``benchmarks/bench_intent.py --details``) only the wrong answers that no signal flags are
counted, as in the issue.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

import sqlglot
from sqlglot import exp

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("literal", "columns", "tables", "distinct", "aggregate", "setop", "order_limit", "group_by", "negation")


def features(sql: str) -> dict | None:
    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
    except Exception:  # noqa: BLE001 - unparsable text is counted apart
        return None
    top = tree
    while isinstance(top, exp.SetOperation):
        top = top.this
    lits = Counter()
    for lit in tree.find_all(exp.Literal):
        v = lit.this.strip().lower()
        try:
            v = str(float(v))
        except ValueError:
            pass
        lits[v] += 1
    for col in tree.find_all(exp.Column):  # SQLite's "double-quoted" strings
        if col.this.args.get("quoted") and not col.table:
            lits[col.name.strip().lower()] += 1
    negs = sum(1 for n in tree.walk() if isinstance(n, (exp.Not, exp.NEQ, exp.Except)))
    order = tree.args.get("order") or (top.args.get("order") if isinstance(top, exp.Select) else None)
    limit = tree.args.get("limit") or (top.args.get("limit") if isinstance(top, exp.Select) else None)
    order_desc = tuple(bool(o.args.get("desc")) for o in order.expressions) if order else ()
    return {
        "literal": frozenset(lits),
        "columns": len(top.expressions) if isinstance(top, exp.Select) else 0,
        "tables": frozenset(t.name.lower() for t in tree.find_all(exp.Table)),
        "distinct": any(s.args.get("distinct") for s in tree.find_all(exp.Select)),
        "aggregate": tuple(sorted(type(a).__name__ for a in tree.find_all(exp.AggFunc))),
        "setop": tuple(sorted(type(s).__name__ for s in tree.find_all(exp.SetOperation))),
        "order_limit": (bool(order), order_desc, limit.expression.sql() if limit is not None and
                        limit.expression is not None else None),
        "group_by": (len(list(tree.find_all(exp.Group))), len(list(tree.find_all(exp.Having)))),
        "negation": negs > 0,
    }


def differences(gold: str, sql: str) -> list[str] | None:
    g, p = features(gold), features(sql)
    if g is None or p is None:
        return None
    return [k for k in KINDS if g[k] != p[k]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labels", type=Path, default=ROOT / "runs" / "intent_labels.jsonl")
    ap.add_argument("--fired", type=Path, help="details of a bench_intent run: count only unflagged answers")
    ap.add_argument("--codes", help="with --fired: the codes that count as flagging (default: any)")
    args = ap.parse_args(argv)
    fired: dict[tuple[str, str], set[str]] = {}
    if args.fired:
        for line in args.fired.open(encoding="utf-8"):
            r = json.loads(line)
            fired[(r["file"], r["id"])] = set(r["fired"])
    codes = set(args.codes.split(",")) if args.codes else None
    per_file: dict[str, Counter] = defaultdict(Counter)
    for line in args.labels.open(encoding="utf-8"):
        r = json.loads(line)
        if r["label"] != 0:
            continue
        if args.fired:
            f = fired.get((r["file"], r["id"]), set())
            if (f & codes) if codes else f:
                continue
        c = per_file[r["file"]]
        c["wrong"] += 1
        d = differences(r["gold"], r["sql"])
        if d is None:
            c["unparsable"] += 1
            continue
        c.update(d)
        if not d:
            c["none"] += 1
    cols = ("wrong", *KINDS, "none")
    print(f"{'file':40}" + "".join(f"{k[:11]:>12}" for k in cols))
    total = Counter()
    for name in sorted(per_file):
        total.update(per_file[name])
        print(f"{name:40}" + "".join(f"{per_file[name][k]:>12}" for k in cols))
    print(f"{'all':40}" + "".join(f"{total[k]:>12}" for k in cols))
    return 0


if __name__ == "__main__":
    sys.exit(main())
