"""The probe timeout on DuckDB: a runaway probe is interrupted, reported once, and the connection lives on.

DuckDB has no statement timeout of its own; sqlintent/db/duckdb.py enforces ``probes.timeout_ms`` by calling
``interrupt()`` on the connection from a watchdog thread. The slow query here is a cross join of twenty
copies of the five-row customers table: 5^20, about 10^14 rows (``range()`` would be shorter, but probes may
not call it: it is off DuckDB's allowlist). DuckDB counts about 10^10 cross-joined rows a second on a small
machine, so finishing it would take hours; coming back within 30 s can only be the timeout at work.
"""
from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import build_shop_duckdb

duckdb = pytest.importorskip("duckdb")

HUGE = ", ".join(f"customers AS c{i}" for i in range(20))  # 5^20 rows: hours of work without the timeout
SLOW_COUNT = f"SELECT count(*) FROM {HUGE}"
SLOW_PROBE = f"SELECT c0.city FROM {HUGE} GROUP BY c0.city"
FAR_BELOW_THE_QUERY = 30.0  # seconds; a generous bound, not a timing measurement


@pytest.fixture(scope="module")
def shop_duckdb(tmp_path_factory) -> Path:
    return build_shop_duckdb(tmp_path_factory.mktemp("duck_timeout") / "shop.duckdb")


def _run_bounded(db, sql: str, timeout_s: float):
    """db.run_select in a helper thread, so that a timeout that does not work fails the test, not hangs it.

    Returns (outcome, seconds): outcome is the QueryResult or the exception raised.
    """
    box: dict = {}

    def work():
        try:
            box["out"] = db.run_select(sql, timeout_s=timeout_s)
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box["out"] = exc

    start = time.monotonic()
    t = threading.Thread(target=work, daemon=True)
    t.start()
    t.join(FAR_BELOW_THE_QUERY)
    elapsed = time.monotonic() - start
    if t.is_alive():
        db._conn.interrupt()  # stop the runaway query before failing, so the run can go on
        t.join(FAR_BELOW_THE_QUERY)
        pytest.fail(f"the probe was not stopped by its {timeout_s}s timeout within {FAR_BELOW_THE_QUERY}s")
    return box["out"], elapsed


@pytest.fixture
def db(shop_duckdb):
    from sqlintent.db import connect

    database = connect(str(shop_duckdb), timeout_s=0.5)
    yield database
    database.close()


def test_a_runaway_query_is_interrupted_with_the_timeout_error(db):
    from sqlintent.db import QueryTimeout
    from sqlintent.db.duckdb import DuckDBDatabase

    assert isinstance(db, DuckDBDatabase)
    out, elapsed = _run_bounded(db, SLOW_COUNT, timeout_s=0.5)
    assert isinstance(out, QueryTimeout), out
    assert isinstance(out, TimeoutError)
    assert str(out) == "query ran past 0.5s and was interrupted"
    assert elapsed < FAR_BELOW_THE_QUERY


def test_the_connection_is_usable_after_a_timeout(db):
    from sqlintent.db import QueryTimeout

    out, _ = _run_bounded(db, SLOW_PROBE, timeout_s=0.3)
    assert isinstance(out, QueryTimeout), out
    assert "ran past 0.3s" in str(out)
    res = db.run_select("SELECT count(*) FROM customers", timeout_s=5)
    assert res.columns == ("count_star()",) and res.rows[0][0] > 0 and not res.truncated
    res = db.run_select("SELECT city FROM customers ORDER BY city LIMIT 1", timeout_s=5)
    assert len(res.rows) == 1
    # a second runaway query times out the same way: the interrupt is per query, not spent or stuck
    out, _ = _run_bounded(db, SLOW_COUNT, timeout_s=0.3)
    assert isinstance(out, QueryTimeout), out
    # and a query that finishes in time is not hit by a stale interrupt of the one before
    res = db.run_select("SELECT 42 AS answer", timeout_s=5)
    assert res.columns == ("answer",) and res.rows == [(42,)]


def _workspace(tmp_path: Path, shop_duckdb: Path, timeout_ms: int = 400) -> tuple[Path, Path]:
    db = tmp_path / "shop.duckdb"
    db.write_bytes(shop_duckdb.read_bytes())
    (tmp_path / "sqlintent.toml").write_text(
        f'dialect = "duckdb"\n\n[probes]\ntimeout_ms = {timeout_ms}\n', encoding="utf-8")
    sql = tmp_path / "slow.sql"
    sql.write_text(
        f"{SLOW_PROBE};\n"
        "SELECT c.name FROM customers AS c JOIN orders AS o ON c.customer_id = o.order_id;\n",
        encoding="utf-8")
    return db, sql


def test_check_reports_a_slow_probe_once_and_keeps_the_other_findings(tmp_path, shop_duckdb, cli):
    db, sql = _workspace(tmp_path, shop_duckdb)
    start = time.monotonic()
    proc = cli("check", str(sql), "--db", str(db), "--no-model", "--format", "json",
               timeout=FAR_BELOW_THE_QUERY * 2)
    assert time.monotonic() - start < FAR_BELOW_THE_QUERY * 2
    # SIJ001 is shown at info (severity policy v2, docs/rules.md); the statement whose probe timed out was not
    # fully checked: one SIU001 warning for the run (unchecked means failing), exit status 1
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    (file,) = report["files"]
    assert file["error"] is None and file["statements"] == 2
    findings = file["findings"]
    slow = [f for f in findings if f["code"] == "SIX001"]
    assert len(slow) == 1, findings
    assert slow[0]["severity"] == "info" and slow[0]["name"] == "probe-failed"
    # the timeout from sqlintent.toml (400 ms) is the one applied and named
    assert slow[0]["message"] == "abnormal-result: probe skipped: query ran past 0.4s and was interrupted"
    assert slow[0]["data"] == {"rule": "SIR001", "cause": "timeout"}
    assert slow[0]["location"]["start"]["line"] == 1
    # the signals that need no probe still report, on the slow statement and on the next one
    by_line = {(f["code"], f["location"]["start"]["line"]) for f in findings}
    assert ("SIG001", 1) in by_line
    assert ("SIJ001", 2) in by_line
    assert not any(f["code"] == "SIR001" for f in findings)
    assert report["summary"]["by_severity"]["info"] == 3  # SIX001, SIG001, SIJ001 (info by the severity policy)
    (unchecked,) = report["run_findings"]
    assert unchecked["code"] == "SIU001" and unchecked["severity"] == "warning"
    assert unchecked["data"] == {"cause": "timeout", "count": 1}


def test_check_text_output_names_the_timeout(tmp_path, shop_duckdb, cli):
    db, sql = _workspace(tmp_path, shop_duckdb)
    proc = cli("check", str(sql), "--db", str(db), "--no-model", "--color", "never",
               timeout=FAR_BELOW_THE_QUERY * 2)
    assert proc.returncode == 1, proc.stderr  # the statement not fully checked: SIU001, a warning
    assert "1 file or statement was not checked (SIU001)." in proc.stdout
    lines = [ln for ln in proc.stdout.splitlines() if " SIX001 " in ln]
    assert lines == [f"{sql}:1:1: SIX001 [info] abnormal-result: probe skipped: "
                     "query ran past 0.4s and was interrupted"]
    assert "SIG001 [info]" in proc.stdout and "SIJ001 [info]" in proc.stdout


def test_a_timed_out_probe_alone_fails_only_with_fail_on_info(tmp_path, shop_duckdb, cli):
    db, _ = _workspace(tmp_path, shop_duckdb)
    only = tmp_path / "only_slow.sql"
    only.write_text(f"{SLOW_PROBE};\n", encoding="utf-8")
    args = ("check", str(only), "--db", str(db), "--no-model", "--select", "SIR001,SIX001",
            "--format", "json")
    proc = cli(*args, timeout=FAR_BELOW_THE_QUERY * 2)
    # an informational finding alone does not fail the run (exit 0) ...
    assert proc.returncode == 0, proc.stderr
    findings = json.loads(proc.stdout)["files"][0]["findings"]
    assert [(f["code"], f["severity"]) for f in findings] == [("SIX001", "info")]
    assert "ran past 0.4s" in findings[0]["message"]
    # ... unless asked to (--fail-on info), and --exit-zero never fails on findings
    assert cli(*args, "--fail-on", "info", timeout=FAR_BELOW_THE_QUERY * 2).returncode == 1
    assert cli(*args, "--fail-on", "info", "--exit-zero", timeout=FAR_BELOW_THE_QUERY * 2).returncode == 0


def test_without_probes_the_slow_statement_is_never_run(tmp_path, shop_duckdb, cli):
    db, sql = _workspace(tmp_path, shop_duckdb)
    proc = cli("check", str(sql), "--db", str(db), "--no-model", "--no-probes", "--format", "json",
               timeout=FAR_BELOW_THE_QUERY * 2)
    assert proc.returncode == 0, proc.stderr  # infos only
    codes = {f["code"] for f in json.loads(proc.stdout)["files"][0]["findings"]}
    assert "SIX001" not in codes and {"SIG001", "SIJ001"} <= codes


def test_a_timeout_that_fires_before_the_query_starts_still_stops_it(db):
    """DuckDB ignores an interrupt that arrives before the query runs; the watchdog keeps interrupting."""
    from sqlintent.db import QueryTimeout

    for _ in range(10):  # a 0.1 ms timeout often fires before execute() has begun
        out, _ = _run_bounded(db, SLOW_COUNT, timeout_s=0.0001)
        assert isinstance(out, QueryTimeout), out
    assert db.run_select("SELECT 42 AS x", timeout_s=1.0).rows == [(42,)]

