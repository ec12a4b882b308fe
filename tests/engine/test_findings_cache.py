"""Statement findings kept on disk: a re-run with nothing changed runs no rule and prints the same thing; a
changed database, config or query is checked again; what ran out of time is not kept; a bad row is ignored."""
from __future__ import annotations

import io
import json
import os
import sqlite3
from contextlib import redirect_stdout

import pytest

from sqlintent.cache import ScoreStore
from sqlintent.cache.findings import from_json, to_json
from sqlintent.cli import main
from sqlintent.engine import Engine
from sqlintent.engine.phases import Phases


def _check(args, cache, monkeypatch) -> tuple[int, str]:
    monkeypatch.setenv("SQLINTENT_CACHE_DIR", str(cache))
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["check", *args, "--format", "json", "--no-model"])
    return code, out.getvalue()


@pytest.fixture
def ws(tmp_path, example_workspace):
    import shutil

    d = tmp_path / "ws"
    shutil.copytree(example_workspace, d, ignore=shutil.ignore_patterns("__pycache__"))
    return d


def _count_rule_runs(monkeypatch) -> list:
    calls = []
    real = Phases._run_rules

    def counting(self, *a, **k):
        calls.append(1)
        return real(self, *a, **k)

    monkeypatch.setattr(Phases, "_run_rules", counting)
    return calls


def test_a_rerun_with_nothing_changed_runs_no_rule_and_prints_the_same(ws, tmp_path, monkeypatch):
    monkeypatch.chdir(ws)
    cache = tmp_path / "cache"
    first = _check(["queries"], cache, monkeypatch)
    assert first[0] == 1 and '"SIJ001"' in first[1]
    calls = _count_rule_runs(monkeypatch)
    assert _check(["queries"], cache, monkeypatch) == first
    assert calls == []  # every statement's findings came from the cache
    assert _check(["queries", "--no-cache"], cache, monkeypatch) == first
    assert calls  # --no-cache checks everything


def test_a_changed_database_config_or_query_is_checked_again(ws, tmp_path, monkeypatch):
    monkeypatch.chdir(ws)
    cache = tmp_path / "cache"
    base = _check(["queries"], cache, monkeypatch)
    calls = _count_rule_runs(monkeypatch)
    # the data: one customer left in London, so "= (SELECT customer_id ... city = 'London')" no longer
    # compares with a subquery of several rows
    with sqlite3.connect(ws / "shop.sqlite") as conn:
        conn.execute("DELETE FROM customers WHERE city = 'London' AND customer_id > "
                     "(SELECT min(customer_id) FROM customers WHERE city = 'London')")
    st = os.stat(ws / "shop.sqlite")
    os.utime(ws / "shop.sqlite", ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    changed = _check(["queries"], cache, monkeypatch)
    assert calls and changed != base
    assert changed == _check(["queries", "--no-cache"], cache, monkeypatch)
    # the config
    calls.clear()
    config = ws / "sqlintent.toml"
    config.write_text('ignore = ["SIJ001"]\n' + config.read_text())
    ignored = _check(["queries"], cache, monkeypatch)
    assert calls and '"SIJ001"' not in ignored[1]
    # one query: only its statement is checked again
    calls.clear()
    _check(["queries"], cache, monkeypatch)
    assert calls == []
    reports = ws / "queries" / "reports.sql"
    reports.write_text(reports.read_text() + "\n-- intent: every customer\nSELECT name FROM customerz;\n")
    edited = _check(["queries"], cache, monkeypatch)
    assert "customerz" in edited[1] and len(calls) == 1


def test_a_phase_that_ran_out_of_time_is_not_kept(ws, tmp_path, monkeypatch):
    from sqlintent.limits import DeadlineExceeded

    monkeypatch.chdir(ws)
    cache = tmp_path / "cache"

    def too_slow(self, *a, **k):
        raise DeadlineExceeded(0.0)

    with monkeypatch.context() as m:
        m.setattr(Phases, "_run_rules", too_slow)
        slow = _check(["queries/reports.sql"], cache, monkeypatch)
    assert '"SIS006"' in slow[1]
    again = _check(["queries/reports.sql"], cache, monkeypatch)
    assert '"SIS006"' not in again[1] and '"SIJ001"' in again[1]


def test_a_bad_row_is_ignored(ws, tmp_path, monkeypatch):
    monkeypatch.chdir(ws)
    cache = tmp_path / "cache"
    first = _check(["queries"], cache, monkeypatch)
    store = ScoreStore(cache)
    conn = store._conn()
    rows = conn.execute("SELECT key, value FROM scores").fetchall()
    kept = [(k, json.loads(v)) for k, v in rows if "f" in json.loads(v)]
    assert kept
    bad = [{"f": "not a list"}, {"f": [{"c": "SIJ001"}]}, {"f": [dict(kept[0][1]["f"][0] if kept[0][1]["f"] else
                                                                       {}, s=["a", 1])]}, {"f": None}]
    for (key, _), value in zip(kept, bad * len(kept)):
        conn.execute("UPDATE scores SET value = ? WHERE key = ?", (json.dumps(value), key))
    assert _check(["queries"], cache, monkeypatch) == first


def test_findings_round_trip_and_malformed_values_are_refused(shop_db):
    from sqlintent.config import Config
    from tests.conftest import EXAMPLES

    cfg, _ = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False}})
    sql = (EXAMPLES / "queries" / "reports.sql").read_text()
    eng = Engine(cfg)
    doc_findings = []
    for stmt in eng.prepare(sql)[1].statements:
        found = eng.check_statement(stmt)
        value = to_json(found)
        assert value is not None
        assert from_json(json.loads(json.dumps(value))) == found
        doc_findings.extend(found)
    assert any(f.fix for f in doc_findings) and any(f.report for f in doc_findings)
    for bad in (None, {}, [1], [{"c": 1}], "x", [{**to_json(doc_findings[:1])[0], "v": "fatal"}]):
        assert from_json(bad) is None


def test_an_engine_keeps_results_only_in_the_store_it_is_given(shop_db, tmp_path, monkeypatch):
    from sqlintent.config import Config
    from tests.conftest import EXAMPLES

    cfg, _ = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False}})
    sql = (EXAMPLES / "queries" / "reports.sql").read_text()
    found = Engine(cfg, score_store=ScoreStore(tmp_path)).check_text(sql, "reports.sql").findings
    assert found
    calls = _count_rule_runs(monkeypatch)
    later = Engine(cfg)
    later.use_store(ScoreStore(tmp_path))  # as check hands its store to the resolver's engines
    assert later.check_text(sql, "reports.sql").findings == found
    assert calls == []  # every statement's findings came from the store
    assert Engine(cfg).check_text(sql, "reports.sql").findings == found
    assert calls  # an engine given no store checks everything
