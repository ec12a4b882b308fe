"""The real-world corpus framework (tools/realworld) and the benchmark over it, at a CI size.

The judge and the label files are tested on a small database made here. The build and the benchmark are
tested on one committed source (CS50 SQL Views) when its snapshots are fetched (``/work/.mirror`` or
$SQLINTENT_MIRROR); without them the test is skipped and says how many snapshots are missing.
"""
from __future__ import annotations

import csv
import os
import sqlite3
import sys
from pathlib import Path

import pytest
from conftest import ROOT

sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks")]

from realworld import judge, labels  # noqa: E402

MIRROR = Path(os.environ.get("SQLINTENT_MIRROR", "/work/.mirror"))


@pytest.fixture()
def db(tmp_path):
    path = tmp_path / "t.db"
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE t (id INTEGER, name TEXT, score REAL);"
                      "INSERT INTO t VALUES (1, 'a', 1.5), (2, 'b', 2.0), (3, 'c', NULL);")
    con.commit()
    con.close()
    return str(path)


def test_the_judge_compares_multisets_and_orders_only_where_asked(db):
    run = judge.runner("sqlite", db)
    ref = run.run("SELECT name, score FROM t ORDER BY id")
    assert judge.judge(ref, run.run("SELECT score, name FROM t ORDER BY id DESC"), False)[0] == "ok"
    label, reason, _ = judge.judge(ref, run.run("SELECT name, score FROM t ORDER BY id DESC"), True)
    assert (label, reason) == ("unjudged", "judge: the same rows in another order")
    assert judge.judge(ref, run.run("SELECT name, score FROM t WHERE id < 3"), False)[1] == \
        "judge: 2 rows where the reference has 3"
    label, reason, category = judge.judge(ref, run.run("SELECT nam FROM t"), False)
    assert label == "wrong" and reason.startswith("judge: does not run:") and category


def test_the_judge_is_read_only_and_stops_a_runaway_statement(db):
    run = judge.runner("sqlite", db, timeout=0.2)
    assert run.run("DELETE FROM t").error
    slow = run.run("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
    assert slow.error and "interrupt" in slow.error.lower()
    assert judge.judge(run.run("SELECT 1"), slow, False)[0] == "unjudged"


def test_hand_labels_survive_a_rebuild_while_the_statement_is_unchanged():
    old = [{"file": "queries/a.sql", "line": "3", "sha": "s1", "label": "wrong", "reason": "a bound", "category": "c"},
           {"file": "queries/a.sql", "line": "7", "sha": "s2", "label": "ok", "reason": "judge: same", "category": ""}]
    new = [{"file": "queries/a.sql", "line": "5", "sha": "s1", "label": "unjudged", "reason": "judge: x", "category": ""},
           {"file": "queries/a.sql", "line": "9", "sha": "s3", "label": "unjudged", "reason": "judge: y", "category": ""}]
    got = labels.merge(new, old)
    assert [(r["line"], r["label"], r["reason"]) for r in got] == [("5", "wrong", "a bound"), ("9", "unjudged", "judge: y")]


def _missing(source) -> list[str]:
    from realworld.snapshot import Snapshot

    return [r.name for r in source.repos if not Snapshot(MIRROR, r.name, r.commit).exists()]


def test_a_committed_source_rebuilds_to_its_labels_and_the_benchmark_reads_it(tmp_path):
    from realworld.build import LABELS_DIR, build
    from realworld.sources import all_sources

    source = all_sources()["cs50sql_views"]
    missing = _missing(source)
    if missing:
        pytest.skip(f"{len(missing)} of {len(source.repos)} snapshots of cs50sql_views are not fetched "
                    f"(python tools/realworld/build.py --fetch-list cs50sql_views)")
    res = build(source, MIRROR, tmp_path, log=lambda _m: None)
    built = {(r["file"], r["line"]): r["sha"] for r in res["rows"]}
    committed = list(csv.DictReader((LABELS_DIR / "cs50sql_views.csv").open(encoding="utf-8")))
    assert len(committed) == len(built) >= 100
    assert all(built.get((r["file"], int(r["line"]))) == r["sha"] for r in committed)

    import bench_realworld
    import realworld_corpora

    corpora = realworld_corpora.all_corpora(ROOT / "no-shared", tmp_path, only=["cs50sql_views"])
    assert [c.name for c in corpora] == ["cs50sql_views"]
    corpora[0].units = corpora[0].units[:2]
    records = bench_realworld.check_units(corpora, None, log=lambda _m: None)
    summary = bench_realworld.summarise(records, corpora)
    ci = summary["corpora"]["cs50sql_views"]["ci"]
    assert summary["pooled_ci"]["statements"] == len(records) >= 5
    for key in ("precision_wilson_low_pct", "wrong_failing_named_pct", "ok_any_finding_pct", "verdict_auc_within_db"):
        assert key in ci
    assert all(r["p"] is None or 0 <= r["p"] <= 1 for r in records)
