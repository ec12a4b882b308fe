"""Checks tried on the dev labels before (or instead of) writing them as rules, with their precision.

    python tools/intent_prototypes.py [--labels runs/intent_labels.jsonl] [--fired DETAILS] [--only NAME,...]

Each prototype is a predicate on (question, SQL, database). It is applied to every labelled answer and to
its gold query. Printed per prototype: answers flagged by label (wrong/right), precision, how many distinct
gold queries it flags (false positives by definition), and with ``--fired`` (a bench_intent ``--details``
file) how many flagged wrong answers no rule flags yet. Queries run read-only
(:func:`sqlintent.db.open_sqlite_readonly`), at most 2,000 rows. These are measuring aids (docs/intent.md,
"Checks tried and dropped"); the ones that measured well became SIL001 (several counts) and SIL009.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

import sqlglot
from sqlglot import exp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlintent.intent.words import name_score, words  # noqa: E402
from sqlintent.db import open_sqlite_readonly  # noqa: E402
from sqlintent.intent import parse_intent  # noqa: E402

DB_DIR = ROOT.parent / "shared" / "data" / "spider" / "database"
_conns: dict = {}
_DISTINCT_WORDS = re.compile(r"\b(different|distinct|unique|distinctive)\b", re.I)


def run(db: str, sql: str):
    c = _conns.get(db)
    if c is None:
        c = _conns[db] = open_sqlite_readonly(DB_DIR / db / f"{db}.sqlite")
        c.text_factory = lambda b: b.decode(errors="replace")
    try:
        return c.execute(sql).fetchmany(2000)
    except Exception:  # noqa: BLE001 - a query that fails flags nothing
        return None


def parse(sql: str):
    try:
        return sqlglot.parse_one(sql, read="sqlite")
    except Exception:  # noqa: BLE001
        return None


def plain(t) -> bool:
    return (isinstance(t, exp.Select) and not t.args.get("distinct") and not t.find(exp.Group)
            and not t.find(exp.AggFunc))


def duplicates(q, db, sql, t, joined: bool) -> bool:
    if not plain(t) or bool(t.args.get("joins")) != joined:
        return False
    res = run(db, sql)
    return bool(res) and len(res) > 1 and len(set(res)) < len(res)


def distinct_unasked(q, db, sql, t) -> bool:
    if not isinstance(t, exp.Select) or not t.args.get("distinct") or _DISTINCT_WORDS.search(q) or t.find(exp.AggFunc):
        return False
    t2 = t.copy()
    t2.set("distinct", None)
    a, b = run(db, t.sql("sqlite")), run(db, t2.sql("sqlite"))
    return a is not None and b is not None and len(a) != len(b)


def extra_columns(q, db, sql, t) -> bool:
    while isinstance(t, exp.SetOperation):
        t = t.this
    if not isinstance(t, exp.Select) or len(t.expressions) < 2:
        return False
    for it in t.expressions:
        it = it.this if isinstance(it, exp.Alias) else it
        if isinstance(it, exp.Column) and not isinstance(it.this, exp.Star) and name_score(q, it.name) == 0:
            return True
    return False


def aggregate_word_missing(q, db, sql, t) -> bool:
    asked = {c.kind for c in parse_intent(q).aggregates}
    have = {type(n).__name__.lower() for n in t.walk() if isinstance(n, exp.AggFunc)}
    return any(k in asked and k not in have for k in ("avg", "sum"))


def several_counts(q, db, sql, t) -> bool:
    m = parse_intent(q)
    if not m.asks_count or m.grouping or re.search(r"\b(each|every|per|by)\b", q, re.I):
        return False
    res = run(db, sql)
    return bool(res) and len(res) > 1 and len(res[0]) == 1


def limit_ties(q, db, sql, t) -> bool:
    if not isinstance(t, exp.Select) or t.args.get("order") is None or t.args.get("limit") is None:
        return False
    try:
        n = int(t.args["limit"].expression.this)
    except (AttributeError, ValueError):
        return False
    t2 = t.copy()
    t2.set("expressions", [e.this.copy() for e in t.args["order"].expressions])
    t2.set("distinct", None)
    t2.set("limit", None)
    res = run(db, t2.limit(n + 1).sql("sqlite"))
    return bool(res) and len(res) > n and res[n - 1] == res[n]


def _lit_mentioned(q: str, lit) -> bool:
    v = str(lit.this).strip("%").lower()
    if not v or v in q.lower():
        return True
    if lit.is_string:
        vw, qw = words(v), set(words(q))
        return bool(vw) and all(w in qw for w in vw)
    try:
        x = float(v)
    except ValueError:
        return True
    return any(float(m.group()) == x for m in re.finditer(r"\d+(?:\.\d+)?", q))


def unmentioned_filter(q, db, sql, t) -> bool:
    """A WHERE comparison whose column and literal the intent both never mention."""
    for w in t.find_all(exp.Where):
        for node in w.find_all(exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like):
            col, lit = node.this, node.expression
            if isinstance(lit, exp.Column) and isinstance(col, exp.Literal):
                col, lit = lit, col
            if isinstance(col, exp.Column) and isinstance(lit, exp.Literal) and not _lit_mentioned(q, lit) \
                    and name_score(q, col.name) == 0:
                return True
    return False


def both_one_branch(q, db, sql, t) -> bool:
    """"both A and B" asked, one SELECT with no INTERSECT, HAVING, OR or IN list."""
    if not re.search(r"\bboth (?!the\b|its\b|their\b)[\w' -]+? and\b", q, re.I):
        return False
    return (t.find(exp.Intersect) is None and t.find(exp.Having) is None and len(list(t.find_all(exp.Select))) == 1
            and t.find(exp.Or) is None and not any(len(n.expressions) >= 2 for n in t.find_all(exp.In)))


def group_unasked(q, db, sql, t) -> bool:
    """GROUP BY (no HAVING, no LIMIT) where the intent has no grouping, ranking or comparison words."""
    if not isinstance(t, exp.Select) or t.args.get("group") is None or t.args.get("having") is not None \
            or t.args.get("limit") is not None:
        return False
    m = parse_intent(q)
    return not (m.grouping or m.superlatives or m.comparisons or re.search(
        r"\b(each|every|per|by|respective(?:ly)?|corresponding|different|distinct|various|unique|all|group|their)\b",
        q, re.I))


PROTOTYPES = {
    "join duplicates (became SIL009)": lambda q, db, s, t: duplicates(q, db, s, t, True),
    "duplicates without a join": lambda q, db, s, t: duplicates(q, db, s, t, False),
    "DISTINCT not asked, removes rows": distinct_unasked,
    "selected column the intent never names": extra_columns,
    "average/total asked, no AVG/SUM": aggregate_word_missing,
    "one count asked, several returned (in SIL001)": several_counts,
    "ORDER BY ... LIMIT cuts through ties": limit_ties,
    "filter on a column the intent never mentions": unmentioned_filter,
    "both asked, one branch, no set logic": both_one_branch,
    "GROUP BY the intent does not ask for": group_unasked,
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--labels", type=Path, default=ROOT / "runs" / "intent_labels.jsonl")
    ap.add_argument("--fired", type=Path)
    ap.add_argument("--only", help="comma-separated substrings of the prototype names to run")
    args = ap.parse_args(argv)
    rows = [json.loads(x) for x in args.labels.open(encoding="utf-8")]
    fired = {}
    if args.fired:
        fired = {(d["file"], d["id"]): d["fired"] for d in map(json.loads, args.fired.open(encoding="utf-8"))}
    print(f"{'prototype':48}{'wrong':>7}{'right':>7}{'prec':>8}{'gold':>6}{'new':>6}")
    for name, pred in PROTOTYPES.items():
        if args.only and not any(k.strip() in name for k in args.only.split(",")):
            continue
        cnt, gold, new = Counter(), set(), 0
        for r in rows:
            tg = parse(r["gold"])
            if tg is not None and pred(r["question"], r["db_id"], r["gold"], tg):
                gold.add((r["db_id"], r["question"]))
            t = parse(r["sql"])
            if t is not None and pred(r["question"], r["db_id"], r["sql"], t):
                cnt[r["label"]] += 1
                new += r["label"] == 0 and not fired.get((r["file"], r["id"]))
        total = cnt[0] + cnt[1]
        print(f"{name:48}{cnt[0]:>7}{cnt[1]:>7}{(100 * cnt[0] / total if total else 0):>7.1f}%{len(gold):>6}"
              f"{new if args.fired else '-':>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
