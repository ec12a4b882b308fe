"""The verdict on real-world statements (sqlintent_lab.verdict.realworld, tools/verdict_realworld.py): each
labelled statement's inputs are collected as ``check`` computes them, ``debatable`` is left out, and the
leave-one-source-out folds never put a source (or a database) on both sides of a fold."""
from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import numpy as np
import pytest

from sqlintent_lab.verdict.realworld import (collect_units, figures, source_folds, source_of_corpus,
                                             within_database_auc)

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("SQLINTENT_SHARED", ROOT.parent / "shared"))
EXT = Path(os.environ.get("SQLINTENT_EXT_CORPORA", "/work/ext/corpora"))


def _rec(i, source, db, label):
    return {"id": f"{source}-{i}", "source": source, "db_id": db, "label": label, "features": {"sql.tokens": i}}


def test_each_fold_holds_out_exactly_one_source_and_every_statement_once():
    recs = [_rec(i, s, f"{s}_db{i % 2}", i % 3 != 0) for i, s in enumerate(["sqlzoo", "leetcode", "northwind"] * 5)]
    seen = []
    for held, train, test in source_folds(recs):
        assert {recs[i]["source"] for i in test} == {held}
        assert held not in {recs[i]["source"] for i in train}
        assert sorted(train + test) == list(range(len(recs)))
        seen += test
    assert sorted(seen) == list(range(len(recs)))


def test_corpora_of_one_problem_set_are_one_source():
    # several authors answering the same questions must fall in the same fold
    assert source_of_corpus("A/pgexercises") == source_of_corpus("ext_pgx_tlgs") == "pgexercises"
    assert source_of_corpus("B/leetcode") == source_of_corpus("ext_leetcode_someone") == "leetcode"
    assert source_of_corpus("spider_dev_gold") is None and source_of_corpus("bird_dev_gold") is None


def test_within_database_auc_only_counts_databases_with_both_labels():
    recs = [_rec(0, "s", "a", 1), _rec(1, "s", "a", 0), _rec(2, "s", "b", 1), _rec(3, "s", "b", 0),
            _rec(4, "s", "c", 1)]
    # database a ranked right, b ranked wrong, c has one label only
    auc, n = within_database_auc(recs, [0.9, 0.1, 0.2, 0.8, 0.5])
    assert (auc, n) == (0.5, 2)
    f = figures(recs, {"x": np.array([0.9, 0.1, 0.2, 0.8, 0.5])})
    assert f["scorers"]["x"]["within_db_auc"] == 0.5 and f["statements"] == 5


def test_collect_keeps_ok_and_wrong_statements_of_a_file_and_leaves_out_debatable(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from realworld_corpora import Corpus, Unit

    db = tmp_path / "shop.sqlite"
    con = sqlite3.connect(db)
    con.executescript("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL);"
                      "INSERT INTO item VALUES (1, 'pen', 2.5), (2, 'ink', 9.0), (3, 'pad', 4.0);")
    con.commit()
    con.close()
    text = ("-- intent: how many items are there\nSELECT COUNT(*) FROM item;\n\n"
            "-- intent: the name of the most expensive item\nSELECT name FROM item ORDER BY price LIMIT 1;\n\n"
            "-- intent: the names of all items\nSELECT name FROM item;\n")
    unit = Unit("B/northwind", "B/q/x.sql", text, {"database": str(db)}, {2: "ok", 5: "wrong", 8: "debatable"})
    out = tmp_path / "rw.jsonl"
    assert collect_units([Corpus("B/northwind", "labelled", [unit])], out) == 2
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [(r["id"], r["label"], r["source"], r["db_id"]) for r in rows] == [
        ("B/q/x.sql:2", 1, "northwind", "shop"), ("B/q/x.sql:5", 0, "northwind", "shop")]
    assert rows[1]["intent"] == "the name of the most expensive item" and "ORDER BY price" in rows[1]["sql"]
    assert rows[0]["inputs"]["has_database"] is True
    # a second run adds nothing (resumable cache)
    assert collect_units([Corpus("B/northwind", "labelled", [unit])], out) == 0


@pytest.mark.skipif(not (SHARED / "data" / "realworld_dev").is_dir(),
                    reason="needs ../shared/data/realworld_dev (the labelled real-world corpora)")
def test_real_corpora_folds_share_no_source_and_no_database():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import realworld_corpora as rc

    recs = []
    for c in rc.all_corpora(SHARED, EXT):
        src = source_of_corpus(c.name)
        for u in c.units if src else ():
            db = Path(u.overrides.get("database") or (u.overrides.get("schema_files") or [""])[0]).stem
            recs += [{"source": src, "db_id": db, "label": lab} for lab in u.labels.values() if lab != "debatable"]
    folds = list(source_folds(recs))
    assert {"sqlzoo", "pgexercises", "leetcode", "northwind"} <= {s for s, _, _ in folds}
    for held, train, test in folds:
        assert not {recs[i]["source"] for i in train} & {recs[i]["source"] for i in test}
        # the fetched LeetCode answers use B's databases: grouped with B, no database is on both sides
        assert not {recs[i]["db_id"] for i in train} & {recs[i]["db_id"] for i in test}, held
