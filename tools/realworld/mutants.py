"""A mutation set for training (never for a rule's precision): mutants of correct real answers, wrong by construction.

    python tools/realworld/mutants.py [--out /work/ext/mutants/mutants.jsonl] [--corpora /work/ext/corpora]
                                      [--shared ../shared] [--per-answer 3] [--only KEY,...] [--seed 1]
                                      [--max-share 0.25]

Every statement labelled ``ok`` in the labelled real-world corpora (``realworld_dev`` A and B, and the corpora
tools/realworld/build.py writes) is parsed (sqlglot, in its engine's dialect) and edited once per mutant by an
operator that copies a mistake seen in the labelled wrong answers (dropped filter, ``>`` for ``>=``, COUNT for
COUNT DISTINCT, SUM for COUNT, a LEFT JOIN's condition moved into WHERE, a wrong join key, a GROUP BY column
dropped, DISTINCT dropped, a sort flipped under LIMIT, ...). A mutant is kept only when it runs on the answer's
own database and its result differs from the original's (multisets; lists where the original orders and
limits); up to ``--per-answer`` are drawn per answer with the operators' weights (``WEIGHTS``: how often each
kind of mistake was labelled in realworld_dev/B and the new sources) over how many answers each applies to, and no
operator keeps more than ``--max-share`` of all mutants (a dropped filter applies to almost every answer). Each
line of the JSONL output: ``{"id", "corpus", "file", "line", "engine", "database", "intent", "sql", "original",
"operator", "label", "label_by"}`` with ``label`` 0 for a mutant and 1 for the original it came from
(``operator`` empty; ``sql`` is the original as sqlglot writes it, in the mutants' style, ``original`` as its
author wrote it).
The output is written outside the repository; the counts go into benchmarks/realworld_labels/mutants.md.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks"), str(ROOT)]

import sqlglot  # noqa: E402
from sqlglot import exp  # noqa: E402

from realworld import judge  # noqa: E402

# Mistake kinds and how often they were labelled wrong (realworld_dev/B's categories plus the new sources'):
# a weight is the number of labelled wrong answers of that kind (a floor of 2 for kinds the catalogue names).
WEIGHTS = {
    "drop_filter": 14,  # missing or extra filter, explicit condition missing
    "cmp_boundary": 19,  # comparison operator, range end
    "group_by_drop": 19,  # wrong GROUP BY (a column missing from it)
    "wrong_join_key": 6,  # wrong join / join key, wrong column in a join
    "count_distinct": 6,  # COUNT vs COUNT DISTINCT
    "sum_count": 5,  # wrong aggregate
    "drop_distinct": 5,  # missing DISTINCT / duplicates
    "flip_order": 4,  # wrong sort direction (under a LIMIT)
    "left_to_inner": 2,  # NULL handling: unmatched rows lost
    "left_join_nullified": 2,  # a LEFT JOIN's right-side condition in WHERE
    "and_or": 2,  # AND for OR
    "limit_ties": 14,  # LIMIT 1 drops ties (the row with the maximum by ORDER BY ... LIMIT 1)
    "null_eq": 2,  # = NULL for IS NULL (Brass and Goldberg)
}
DIALECT = {"sqlite": "sqlite", "postgres": "postgres", "duckdb": "duckdb"}


def engine_of(database: str) -> str:
    if database.startswith(("postgresql://", "postgres://")):
        return "postgres"
    return "duckdb" if database.endswith((".duckdb", ".ddb")) else "sqlite"


# --- operators: each yields the mutated trees of one kind of mistake, one edit each ----------------------
def _conjuncts(cond: exp.Expression) -> list[exp.Expression]:
    return list(cond.flatten()) if isinstance(cond, exp.And) else [cond]


def drop_filter(tree, schema=None):
    for i in range(len(list(tree.find_all(exp.Where)))):
        where = list(tree.find_all(exp.Where))[i]
        parts = _conjuncts(where.this)
        for j in range(len(parts)):
            copy = tree.copy()
            w = list(copy.find_all(exp.Where))[i]
            rest = [p for k, p in enumerate(_conjuncts(w.this)) if k != j]
            if rest:
                w.set("this", exp.and_(*rest))
            else:
                w.pop()
            yield copy


_FLIP = {exp.GT: exp.GTE, exp.GTE: exp.GT, exp.LT: exp.LTE, exp.LTE: exp.LT}


def cmp_boundary(tree, schema=None):
    for kind, other in _FLIP.items():
        for i in range(len(list(tree.find_all(kind)))):
            copy = tree.copy()
            node = list(copy.find_all(kind))[i]
            node.replace(other(this=node.this.copy(), expression=node.expression.copy()))
            yield copy


def count_distinct(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Count))):
        copy = tree.copy()
        target = list(copy.find_all(exp.Count))[i]
        arg = target.this
        if isinstance(arg, exp.Distinct) and len(arg.expressions) == 1:
            target.set("this", arg.expressions[0].copy())
        elif isinstance(arg, exp.Column):
            target.set("this", exp.Distinct(expressions=[arg.copy()]))
        else:
            continue
        yield copy


def sum_count(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Sum))):
        copy = tree.copy()
        target = list(copy.find_all(exp.Sum))[i]
        target.replace(exp.Count(this=target.this.copy()))
        yield copy
    for i, node in enumerate(list(tree.find_all(exp.Count))):
        if not isinstance(node.this, exp.Column):
            continue
        copy = tree.copy()
        target = list(copy.find_all(exp.Count))[i]
        target.replace(exp.Sum(this=target.this.copy()))
        yield copy


def drop_distinct(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Select))):
        if node.args.get("distinct") is None:
            continue
        copy = tree.copy()
        list(copy.find_all(exp.Select))[i].set("distinct", None)
        yield copy


def _is_left(join: exp.Join) -> bool:
    return (join.args.get("side") or "").upper() == "LEFT"


def left_to_inner(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Join))):
        if not _is_left(node):
            continue
        copy = tree.copy()
        j = list(copy.find_all(exp.Join))[i]
        j.set("side", None)
        j.set("kind", None)
        yield copy


def left_join_nullified(tree, schema=None):
    """A LEFT JOIN's extra ON condition moved into the WHERE: the unmatched rows it kept are filtered away."""
    for i, node in enumerate(list(tree.find_all(exp.Join))):
        on = node.args.get("on")
        if not _is_left(node) or on is None or len(_conjuncts(on)) < 2:
            continue
        for k in range(len(_conjuncts(on))):
            copy = tree.copy()
            j = list(copy.find_all(exp.Join))[i]
            parts = _conjuncts(j.args["on"])
            moved = parts[k]
            if isinstance(moved, exp.EQ) and all(isinstance(s, exp.Column) for s in (moved.this, moved.expression)):
                continue  # the key stays in the ON
            j.set("on", exp.and_(*[p.copy() for n, p in enumerate(parts) if n != k]))
            select = j.find_ancestor(exp.Select)
            if select is None:
                continue
            select.where(moved.copy(), append=True, copy=False)
            yield copy


def wrong_join_key(tree, schema=None):
    """One side of a join's equality replaced by another column of the same table."""
    if not schema:
        return
    aliases = {}
    for t in tree.find_all(exp.Table):
        aliases[(t.alias_or_name or "").lower()] = t.name.lower()
    for i, node in enumerate(list(tree.find_all(exp.Join))):
        on = node.args.get("on")
        if on is None:
            continue
        for k, part in enumerate(_conjuncts(on)):
            if not (isinstance(part, exp.EQ) and isinstance(part.expression, exp.Column)):
                continue
            col = part.expression
            table = aliases.get((col.table or "").lower())
            cols = schema(table) if table else None
            if not cols:
                continue
            for other in sorted(c for c in cols if c.lower() != col.name.lower())[:3]:
                copy = tree.copy()
                j = list(copy.find_all(exp.Join))[i]
                p = _conjuncts(j.args["on"])[k]
                p.expression.set("this", exp.to_identifier(other))
                yield copy


def group_by_drop(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Group))):
        if len(node.expressions) < 2:
            continue
        for k in range(len(node.expressions)):
            copy = tree.copy()
            g = list(copy.find_all(exp.Group))[i]
            g.set("expressions", [e.copy() for n, e in enumerate(g.expressions) if n != k])
            yield copy


def flip_order(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Select))):
        order = node.args.get("order")
        if order is None or node.args.get("limit") is None:
            continue
        copy = tree.copy()
        o = list(copy.find_all(exp.Select))[i].args["order"]
        first = o.expressions[0]
        first.set("desc", not first.args.get("desc"))
        yield copy


def and_or(tree, schema=None):
    for i, node in enumerate(list(tree.find_all(exp.Where))):
        if not isinstance(node.this, exp.And):
            continue
        copy = tree.copy()
        w = list(copy.find_all(exp.Where))[i]
        w.set("this", exp.Or(this=w.this.this.copy(), expression=w.this.expression.copy()))
        yield copy


def _tables(select: exp.Select, outer_only: bool = False) -> set[str]:
    """The table names a SELECT reads in its FROM and joins (not in its subqueries when ``outer_only``)."""
    out = set()
    for part in [select.args.get("from_") or select.args.get("from"), *(select.args.get("joins") or [])]:
        if part is not None and isinstance(part.this, exp.Table):
            out.add(part.this.name.lower())
    return out


def limit_ties(tree, schema=None):
    """``WHERE x = (SELECT MAX(x) ...)`` answered as ``ORDER BY x DESC LIMIT 1``: the ties are lost."""
    for i, where in enumerate(list(tree.find_all(exp.Where))):
        select = where.parent
        if not isinstance(select, exp.Select) or select.args.get("limit") is not None:
            continue
        for k, part in enumerate(_conjuncts(where.this)):
            if not isinstance(part, exp.EQ) or not isinstance(part.expression, exp.Subquery):
                continue
            inner = part.expression.this
            agg = inner.expressions[0] if isinstance(inner, exp.Select) and len(inner.expressions) == 1 else None
            if not isinstance(agg, (exp.Max, exp.Min)) or not isinstance(part.this, exp.Column):
                continue
            if any(inner.args.get(a) is not None for a in ("where", "group", "joins")) or \
                    _tables(inner) != _tables(select, outer_only=True):
                continue  # only the maximum over the very rows the outer query reads
            copy = tree.copy()
            w = list(copy.find_all(exp.Where))[i]
            sel = w.parent
            rest = [p.copy() for n, p in enumerate(_conjuncts(w.this)) if n != k]
            if rest:
                w.set("this", exp.and_(*rest))
            else:
                w.pop()
            sel.set("order", exp.Order(expressions=[exp.Ordered(this=part.this.copy(),
                                                                  desc=isinstance(agg, exp.Max))]))
            sel.set("limit", exp.Limit(expression=exp.Literal.number(1)))
            yield copy


def null_eq(tree, schema=None):
    """``x IS NULL`` written ``x = NULL`` (never true)."""
    for i, node in enumerate(list(tree.find_all(exp.Is))):
        if not isinstance(node.expression, exp.Null):
            continue
        copy = tree.copy()
        target = list(copy.find_all(exp.Is))[i]
        target.replace(exp.EQ(this=target.this.copy(), expression=exp.Null()))
        yield copy


OPERATORS: dict[str, Callable] = {
    "drop_filter": drop_filter, "cmp_boundary": cmp_boundary, "group_by_drop": group_by_drop,
    "wrong_join_key": wrong_join_key, "count_distinct": count_distinct, "sum_count": sum_count,
    "drop_distinct": drop_distinct, "flip_order": flip_order, "left_to_inner": left_to_inner,
    "left_join_nullified": left_join_nullified, "and_or": and_or, "limit_ties": limit_ties, "null_eq": null_eq,
}


def mutants(sql: str, engine: str, schema=None) -> list[tuple[str, str]]:
    """Every (operator, mutated SQL) of one statement; [] when sqlglot cannot parse it."""
    dialect = DIALECT[engine]
    try:
        tree = sqlglot.parse_one(sql, read=dialect)
    except Exception:  # noqa: BLE001 - sqlglot raises several kinds; an unparsed answer gets no mutant
        return []
    if tree is None:
        return []
    out, seen = [], {tree.sql(dialect=dialect)}
    for name, op in OPERATORS.items():
        try:
            for m in op(tree, schema):
                text = m.sql(dialect=dialect)
                if text not in seen:
                    seen.add(text)
                    out.append((name, text))
        except Exception:  # noqa: BLE001 - an operator that meets an unexpected tree shape yields nothing
            continue
    return out


def _ordered(sql: str, engine: str) -> bool:
    try:
        tree = sqlglot.parse_one(sql, read=DIALECT[engine])
    except Exception:  # noqa: BLE001
        return False
    return bool(tree and tree.args.get("order") is not None)


def candidates(sql: str, run, engine: str, schema=None) -> list[tuple[str, str]]:
    """Every mutant of ``sql`` that runs and answers differently on ``run``'s database."""
    base = run.run(sql)
    if base.error or base.rows is None:
        return []
    ordered = _ordered(sql, engine)
    good = []
    for name, text in mutants(sql, engine, schema):
        got = run.run(text)
        if got.error or got.rows is None:
            continue
        if not judge.same(base, got, ordered):
            good.append((name, text))
    return good


def draw(good: list[tuple[str, str]], rng: random.Random, per_answer: int, weights: dict[str, float]):
    """Up to ``per_answer`` of ``good``, drawn with ``weights`` per operator, a different kind each while any
    other kind is left."""
    good, out = list(good), []
    while good and len(out) < per_answer:
        pick = rng.choices(range(len(good)), [weights.get(n, 0) or 1e-9 for n, _ in good])[0]
        out.append(good.pop(pick))
        good = [g for g in good if g[0] != out[-1][0]] or good
    return out


def kept(sql: str, run, engine: str, schema=None, rng: random.Random | None = None, per_answer: int = 3):
    """The mutants of ``sql`` that run and answer differently, at most ``per_answer``, drawn with WEIGHTS."""
    return draw(candidates(sql, run, engine, schema), rng or random.Random(1), per_answer, WEIGHTS)


def balance(drawn: list, max_share: float, rng: random.Random) -> list:
    """Drop mutants of any operator above ``max_share`` of all mutants (at random), until none is: the easy
    edits (a dropped filter applies to most answers) would otherwise drown the kinds of mistake WEIGHTS says
    are as common."""
    drawn = [(base, list(picked)) for base, picked in drawn]
    while True:
        counts: dict[str, int] = {}
        for _, picked in drawn:
            for name, _ in picked:
                counts[name] = counts.get(name, 0) + 1
        total = sum(counts.values())
        over = {n: c - int(max_share * total) for n, c in counts.items() if c > max_share * total + 1}
        if not over or total == 0:
            return drawn
        for name, excess in over.items():
            where = [(i, j) for i, (_, picked) in enumerate(drawn) for j, (n, _) in enumerate(picked) if n == name]
            for i, j in sorted(rng.sample(where, min(excess, len(where))), reverse=True):
                del drawn[i][1][j]


def rendered(sql: str, engine: str) -> str:
    """The statement as sqlglot writes it: the originals are given in the mutants' style, so that a model cannot
    tell a mutant by its formatting."""
    try:
        return sqlglot.parse_one(sql, read=DIALECT[engine]).sql(dialect=DIALECT[engine])
    except Exception:  # noqa: BLE001
        return sql


def _schema_of(run, engine: str):
    cache: dict[str, list[str] | None] = {}

    def columns(table: str):
        if table not in cache:
            r = run.run(f'SELECT * FROM "{table}" LIMIT 0') if table.replace("_", "").isalnum() else None
            cache[table] = None if r is None or r.error else list(r.columns or [])
        return cache[table]
    return columns


def answers(shared: Path, corpora: Path, only: list[str] | None):
    """(corpus, file, line, intent, sql, database) of every ok-labelled statement of the labelled corpora."""
    from realworld_corpora import all_corpora
    from sqlintent.document import parse_document

    for corpus in all_corpora(shared, corpora, only):
        if corpus.kind != "labelled" or not corpus.real_world:
            continue
        for unit in corpus.units:
            db = unit.overrides.get("database")
            if not db:
                continue
            doc = parse_document(unit.text)
            lines = unit.text.split("\n")
            for st in doc.statements:
                line = unit.text.count("\n", 0, st.span.start) + 1
                if unit.labels.get(line) != "ok":
                    continue
                intent = next((ln.split("intent:", 1)[1].strip() for ln in reversed(lines[:line - 1])
                               if "-- intent:" in ln), "")
                yield corpus.name, unit.uid, line, intent, st.text.strip().rstrip(";"), db


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/work/ext/mutants/mutants.jsonl"))
    ap.add_argument("--corpora", type=Path, default=Path("/work/ext/corpora"))
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--per-answer", type=int, default=3)
    ap.add_argument("--only", help="comma-separated corpus names (substrings)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--max-share", type=float, default=0.25,
                    help="at most this share of the mutants from one operator (1 keeps every drawn mutant)")
    args = ap.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    runners: dict[str, tuple | None] = {}
    counts: dict[str, dict[str, int]] = {}
    found = []  # pass 1: every answer's kept mutants
    for corpus, uid, line, intent, sql, db in answers(args.shared, args.corpora,
                                                       args.only.split(",") if args.only else None):
        engine = engine_of(db)
        if db not in runners:
            try:
                run = judge.runner(engine, db, args.timeout)
            except Exception as exc:  # noqa: BLE001 - a database not built here: its answers are skipped
                print(f"skipped {corpus} {db}: {exc}", file=sys.stderr)
                runners[db] = None
            else:
                runners[db] = (run, _schema_of(run, engine))
        if runners[db] is None:
            continue
        run, schema = runners[db]
        counts.setdefault(corpus, {"answers": 0, "with_mutant": 0})["answers"] += 1
        good = candidates(sql, run, engine, schema)
        if good:
            found.append(({"corpus": corpus, "file": uid, "line": line, "engine": engine, "database": db,
                           "intent": intent, "original": sql, "label_by": "construction"}, good))
    for pair in runners.values():
        if pair is not None:
            pair[0].close()
    # pass 2: draw with each operator's weight over how often it applies, so the kinds follow WEIGHTS overall
    avail: dict[str, int] = {}
    for _, good in found:
        for name in {n for n, _ in good}:
            avail[name] = avail.get(name, 0) + 1
    weights = {n: WEIGHTS[n] / avail[n] for n in avail}
    drawn = [(base, draw(good, rng, args.per_answer, weights)) for base, good in found]
    drawn = balance(drawn, args.max_share, rng)
    n = 0
    with args.out.open("w", encoding="utf-8") as fh:
        for base, picked in drawn:
            if not picked:
                continue
            c = counts[base["corpus"]]
            c["with_mutant"] += 1
            fh.write(json.dumps({**base, "id": f"{base['file']}:{base['line']}",
                                 "sql": rendered(base["original"], base["engine"]), "operator": "",
                                 "label": 1}) + "\n")
            for name, text in picked:
                n += 1
                c[name] = c.get(name, 0) + 1
                fh.write(json.dumps({**base, "id": f"{base['file']}:{base['line']}:{name}:{n}", "sql": text,
                                     "operator": name, "label": 0}) + "\n")
    print("available (answers an operator applies to): " + json.dumps(avail, sort_keys=True))
    total: dict[str, int] = {}
    for corpus, c in sorted(counts.items()):
        print(f"{corpus}: {c}")
        for k, v in c.items():
            total[k] = total.get(k, 0) + v
    print(f"total: {total}; {n} mutants written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
