"""One hostile statement never loses a file: deep nesting, exponential parses, slow rules, huge intents.

The cases come from issue 12 (fuzzing on main): each made the whole file "could not be checked" or hang.
"""
from __future__ import annotations

import time

import pytest

from sqlintent import limits, sqlast
from sqlintent.config import Config
from sqlintent.engine import Engine

OTHER = "SELECT nme FROM customers;\n"  # the file's other statement: its SIS003 must survive

DEEP = {  # the depths at which main raised RecursionError, from the issue
    "parentheses": lambda n: "SELECT " + "(" * n + "1" + ")" * n,
    "abs": lambda n: "SELECT " + "abs(" * n + "1" + ")" * n,
    "case": lambda n: "SELECT " + "CASE WHEN 1 THEN " * n + "1" + " END" * n,
    "not": lambda n: "SELECT name FROM customers WHERE " + "NOT " * n + "1",
    "subqueries": lambda n: "SELECT " + "(SELECT " * n + "1" + ")" * n,
}
REPORTED = {"parentheses": 46, "abs": 41, "case": 51, "not": 97, "subqueries": 121}


@pytest.fixture(scope="module")
def engine(shop_db):
    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False}})
    assert not problems
    return Engine(config)


def _codes(findings, index):
    return [(f.code, f.message) for f in findings if f.statement_index == index]


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_nesting_reported_by_fuzzing_is_checked_and_the_file_kept(engine, kind):
    result = engine.check_text(DEEP[kind](REPORTED[kind]) + ";\n" + OTHER, "deep.sql")
    assert result.error is None
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)
    # the deep statement itself is checked: no give-up, no internal error
    assert not [f for f in result.findings if f.code == "SIS006" or (f.data or {}).get("internal_error")]


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_nesting_up_to_the_documented_limit_is_checked(engine, kind):
    depth = limits.MAX_NESTING_DEPTH if kind != "not" else limits.MAX_NESTING_DEPTH - 1
    sql = DEEP[kind](depth)
    assert limits.nesting_depth(sql) <= limits.MAX_NESTING_DEPTH
    result = engine.check_text(sql + ";\n" + OTHER, "deep.sql")
    assert not [f for f in result.findings if f.code == "SIS006" or (f.data or {}).get("internal_error")]
    assert _codes(result.findings, 1)[-1][0] == "SIS003"


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_nesting_past_the_limit_is_one_clear_finding(engine, kind):
    sql = DEEP[kind](limits.MAX_NESTING_DEPTH + 5)
    result = engine.check_text(sql + ";\n" + OTHER, "deep.sql")
    mine = [f for f in result.findings if f.statement_index == 0 and f.code != "SII001"]
    assert [(f.code, f.severity.value) for f in mine] == [("SIS006", "warning")]
    depth = limits.nesting_depth(sql)
    assert mine[0].message == (f"too deeply nested to check ({depth} levels; "
                               f"the limit is {limits.MAX_NESTING_DEPTH})")
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def test_a_rule_that_recurses_too_deep_is_one_finding_not_an_internal_error(engine, monkeypatch):
    from sqlintent.analyzers.schema import sis003_unknown_column as unknown_column

    def boom(ctx):
        def down(n):
            return down(n + 1)
        down(0)
        yield from ()

    rule = next(r for r in engine.phases.fast_rules if r.code == "SIS003")
    monkeypatch.setattr(engine.phases, "fast_rules", [r if r is not rule else
                                                      type(rule)(**{**rule.__dict__, "check": boom})
                                                      for r in engine.phases.fast_rules])
    engine.statement_cache.clear()
    result = engine.check_text("SELECT name FROM customers WHERE id = 3;\n", "deep.sql")
    assert [f.code for f in result.findings if f.code != "SII001"] == ["SIS006"]
    assert "too deeply nested" in result.findings[-1].message
    assert unknown_column  # the real rule is untouched
    engine.statement_cache.clear()


def _joins(n: int) -> str:
    return "SELECT * FROM customers " + " ".join(f"JOIN orders o{i}" for i in range(n))


@pytest.mark.parametrize("sql", [
    _joins(12),
    "SELECT * FROM a JOIN b JOIN c ON c.x = b.x ON b.y = a.y",
    "SELECT * FROM a JOIN b JOIN c JOIN d ON 1 ON 2 ON 3 JOIN e",
    "SELECT * FROM a LEFT JOIN (b JOIN c) ON 1 JOIN d USING (x) JOIN e, f JOIN g",
    "SELECT * FROM a JOIN (SELECT * FROM b JOIN c JOIN d) s JOIN e ON 1",
    # a nested join that closes after a chain whose inner attempts failed: their joins are reused
    "SELECT * FROM a JOIN b JOIN c JOIN d JOIN e ON 1 JOIN f ON 2 ON 3, g JOIN h USING (x)",
    "SELECT * FROM a JOIN b LEFT JOIN c JOIN (d JOIN e) JOIN f ON 1 CROSS JOIN g JOIN h ON 2 JOIN i",
])
@pytest.mark.parametrize("dialect", ["sqlite", "postgresql", "duckdb"])
def test_join_chains_parse_to_the_same_tree_as_sqlglot(sql, dialect):
    import sqlglot

    assert sqlast.parse(sql, dialect) == sqlglot.parse_one(sql, read=sqlast.dialect_name(dialect))


def test_join_chain_parsing_is_linear_not_exponential(monkeypatch):
    """Counted join parses, not wall time: sqlglot alone doubles them with every ON-less JOIN."""
    from sqlglot.parser import Parser

    calls = []
    original = Parser._parse_join
    monkeypatch.setattr(Parser, "_parse_join", lambda self, *a, **k: calls.append(1) or original(self, *a, **k))
    counts = {}
    for n in (20, 100, 500):
        calls.clear()
        tree = sqlast.parse(_joins(n))
        assert len(tree.args["joins"]) == n
        counts[n] = len(calls)
    # linear: a bounded number of parses per join (about 2); sqlglot alone would need 2**80 times more for
    # 100 joins, and remembering failed attempts only (the first version) 5,152 parses, quadratic
    assert counts[100] <= 3 * 100 and counts[500] <= 3 * 500, counts


def test_a_chain_of_100_joins_is_checked(engine):
    result = engine.check_text("-- intent: everything\n" + _joins(100) + ";\n" + OTHER, "joins.sql")
    assert result.error is None
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def _counting_probes(monkeypatch, database, fail=None):
    """Count ``database.run_select`` calls by probe text (and make each raise ``fail`` if given)."""
    import collections

    calls = collections.Counter()
    original = database.run_select

    def run_select(sql, **kwargs):
        calls[sql] += 1
        if fail is not None:
            raise fail
        return original(sql, **kwargs)

    monkeypatch.setattr(database, "run_select", run_select)
    return calls


def _issue12(n, digits, mix=None):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import fuzz_strategies as fs

    return fs.mixed_joins(n, " - " + "9" * digits, *([mix] if mix else []))


@pytest.mark.parametrize("intent", ["", "-- intent: the customers and their orders\n"])
def test_a_statement_runs_each_probe_text_once(engine, monkeypatch, intent):
    """Issue 12: SIR001 and SIL009 both run the statement itself; an empty result of 9 ON joins took SQLite
    1.6 s each time (3.2 s a statement). Counted probes, not time: the second rule gets the first's result."""
    engine.statement_cache.clear()
    sql = _issue12(6, 1000, "JJ")  # empty at once: its last ON cannot hold
    calls = _counting_probes(monkeypatch, engine.database)
    result = engine.check_text(intent + sql + ";\n" + OTHER, "joins.sql")
    assert calls[sql] == 1 and max(calls.values()) == 1, calls
    assert ("SIR001", "the query returns no rows") in _codes(result.findings, 0)
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def test_a_failed_probe_is_run_once_and_reported_for_each_rule_that_asked(engine, monkeypatch):
    import sqlite3

    engine.statement_cache.clear()
    sql = "SELECT c.name FROM customers c JOIN orders o ON o.customer_id = c.customer_id"
    calls = _counting_probes(monkeypatch, engine.database, sqlite3.OperationalError("disk I/O error"))
    # SIL009 reads the intent: it runs (and asks for the probe) only on a statement with one
    result = engine.check_text("-- intent: names of customers with an order\n" + sql + ";\n", "probe.sql")
    assert calls[sql] == 1 and max(calls.values()) == 1, calls
    failed = {f.data["rule"]: f.message for f in result.findings if f.code == "SIX001"}
    assert failed == {"SIR001": "abnormal-result: probe failed: SQLite error (a disk I/O error)",
                      "SIL009": "join-duplicates: probe failed: SQLite error (a disk I/O error)"}


def test_the_fuzzed_2s_join_chain_costs_one_probe_timeout_and_is_checked(shop_db, monkeypatch):
    """Issue 12's 2.0 s statement: 35 joins mixing ON, CROSS, NATURAL and comma joins, the last ON minus a
    3,000-digit number. Its result is empty and SQLite (which keeps CROSS JOIN's order) tests that ON in its
    innermost loop: the probe of the statement runs to its timeout (here 0.1 s) and no other probe runs."""
    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False},
                                                "probes": {"timeout_ms": 100}})
    assert not problems
    engine = Engine(config)
    engine.check_text("SELECT 1;\n", "warm.sql")
    sql = _issue12(35, 3000)
    calls = _counting_probes(monkeypatch, engine.database)
    result = engine.check_text(sql + ";\n" + OTHER, "joins.sql")
    assert dict(calls) == {sql: 1}
    assert _codes(result.findings, 0) == [
        ("SII001", "query has no intent comment ('-- intent: ...')"),
        ("SIX001", "abnormal-result: probe skipped: query ran past 0.1s and was interrupted")]
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def test_a_statements_probes_share_one_time_limit(shop_db, monkeypatch):
    """probes.timeout_ms bounds a statement's probes together: each distinct probe runs with what the ones
    before it left, and once that is spent the rest are skipped (SIX001), so a hostile statement cannot make
    each of many probes stop just under the limit. Probes are made slow (0.15 s each) and counted."""
    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False},
                                                "probes": {"timeout_ms": 400}})
    assert not problems
    engine = Engine(config)
    engine.check_text("SELECT 1;\n", "warm.sql")
    limits_seen = []

    def slow(sql, *, timeout_s, max_rows):
        limits_seen.append(timeout_s)
        time.sleep(0.15)
        from sqlintent.db import QueryResult

        return QueryResult(("n",), [(1,)], False, 0.15)

    monkeypatch.setattr(engine.database, "run_select", slow)
    sql = ("SELECT * FROM orders WHERE status = 'a' AND customer_id = 1 AND order_id = 2 AND status <> 'b' "
           "AND customer_id <> 3 AND order_id <> 4")
    result = engine.check_text(sql + ";\n" + OTHER, "budget.sql")
    assert 1 <= len(limits_seen) <= 3, limits_seen  # 0.4 s shared: at most three 0.15 s probes start
    assert limits_seen[0] == pytest.approx(0.4)
    assert all(b < a for a, b in zip(limits_seen, limits_seen[1:])), limits_seen  # each gets what is left
    skipped = [f.message for f in result.findings if f.code == "SIX001" and f.statement_index == 0]
    assert skipped and all("probes used their 0.4 s" in m for m in skipped), skipped
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def test_a_limit_too_large_for_a_float_is_checked(engine):
    """Fuzzing (seed range 6000-6168) found LIMIT 3 followed by 310 nines: float() of it is infinity, and the
    intent checks' facts took int() of that, so every SIL rule failed with an internal error (SIX) on it."""
    engine.statement_cache.clear()
    sql = ("-- intent: which customers placed the most orders? show the top three\n"
           "SELECT c.name, count(*) AS n FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id "
           "GROUP BY c.customer_id ORDER BY n DESC LIMIT 3" + "9" * 310)
    result = engine.check_text(sql + ";\n" + OTHER, "limit.sql")
    assert not [f.message for f in result.findings if "internal error" in f.message]
    size = [f.message for f in result.findings if f.code == "SIL002" and f.statement_index == 0]
    assert size == ["the intent asks for 'the top three' (3 rows) but the query has a LIMIT of another size"], size
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def _spin(*_):
    """A parse or rule that computes forever (CPU-bound)."""
    while True:
        pass


def _sleep(*_):
    """A parse or rule that waits forever (blocked, using no CPU)."""
    while True:
        time.sleep(0.001)


@pytest.mark.parametrize("how,budget,expected", [
    # computing: stopped by its CPU budget, however long a loaded machine takes to give it that much CPU
    ("spin", 600.0, "not checked: parsing it ran past 0.2 s of CPU time"),
    # blocked: uses no CPU, stopped by the wall-clock backstop (here 2 times the budget)
    ("sleep", 2.0, "not checked: parsing it ran past 0.4 s of wall-clock time"),
])
def test_a_parse_past_its_deadline_is_reported_once_and_skipped(engine, monkeypatch, how, budget, expected):
    from sqlintent.limits import bounded

    real, endless = sqlast.parse_trees, {"spin": _spin, "sleep": _sleep}[how]

    def parse(sql, dialect="sqlite"):
        return endless() if "forever" in sql else real(sql, dialect)

    monkeypatch.setattr(sqlast, "parse_trees", parse)  # the engine's parse of a statement
    monkeypatch.setattr(limits, "PARSE_DEADLINE_S", 0.2)
    monkeypatch.setattr(bounded, "WALL_BACKSTOP_FACTOR", budget)
    engine.statement_cache.clear()
    result = engine.check_text("SELECT forever FROM customers;\n" + OTHER, "slow.sql")
    mine = [(f.code, f.severity.value, f.message) for f in result.findings if f.statement_index == 0]
    assert ("SIS006", "warning", expected) in mine
    assert [c for c, _, _ in mine].count("SIS006") == 1
    assert not [m for m in mine if m[0] in ("SIS002", "SIS003")]  # the rules needing the parse are skipped
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)
    engine.statement_cache.clear()


@pytest.mark.parametrize("how,budget,expected", [
    ("spin", 600.0, "ran past 0.3 s of CPU time"),
    ("sleep", 2.0, "ran past 0.6 s of wall-clock time"),
])
def test_an_analysis_past_its_deadline_keeps_what_was_found(engine, monkeypatch, how, budget, expected):
    from sqlintent.limits import bounded

    endless = {"spin": _spin, "sleep": _sleep}[how]

    def check(ctx):
        endless()
        yield from ()

    rules = list(engine.phases.fast_rules)
    slow = type(rules[0])(**{**rules[0].__dict__, "code": "SIZ999", "check": check})
    monkeypatch.setattr(engine.phases, "fast_rules", rules + [slow])
    monkeypatch.setattr(limits, "ANALYSIS_DEADLINE_S", 0.3)
    monkeypatch.setattr(bounded, "WALL_BACKSTOP_FACTOR", budget)
    engine.statement_cache.clear()
    result = engine.check_text("SELECT nme FROM customers;\n", "slow.sql")
    codes = [(f.code, f.message) for f in result.findings]
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in codes
    assert ("SIS006", f"not fully checked: its analysis {expected}; the remaining checks were skipped") in codes
    engine.statement_cache.clear()


def test_a_huge_intent_is_cut_before_anything_reads_it():
    from sqlintent.document import parse_document

    doc = parse_document("-- intent: " + "list customer names " * 10_000 + "\nSELECT name FROM customers")
    from sqlintent.sqltext import MAX_INTENT_CHARS

    assert len(doc.statements[0].intent) <= MAX_INTENT_CHARS
    assert doc.statements[0].intent.startswith("list customer names list")


def test_a_lone_surrogate_in_an_intent_does_not_crash_the_model_rule(shop_db):
    from sqlintent.detector.runtime import DetectorUnavailable  # noqa: F401  (the runtime is installed)

    config, problems = Config().with_overrides({"database": str(shop_db), "select": ["SIM"]})
    assert not problems
    result = Engine(config).check_text("-- intent: names of \ud800 customers\nSELECT name FROM customers;\n")
    assert not [f for f in result.findings if (f.data or {}).get("internal_error")], result.findings
    assert {f.code for f in result.findings} <= {"SIM001"}


def test_cli_reports_a_deep_statement_and_keeps_the_files_other_findings(cli, shop_db, tmp_path):
    f = tmp_path / "deep.sql"
    f.write_text("SELECT " + "(" * 46 + "1" + ")" * 46 + ";\n" + "(" * 300 + ";\n" + OTHER)
    proc = cli("check", str(f), "--db", str(shop_db), "--no-model", "--ignore", "SII001")
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "could not be checked" not in proc.stdout
    assert "deep.sql:2:1: SIS006 [warning] too deeply nested to check " \
           "(300 levels; the limit is 200)" in proc.stdout, proc.stdout
    assert "deep.sql:3:8: SIS003" in proc.stdout
    assert "1 file or statement was not checked (SIS006)." in proc.stdout  # counted in the summary
    assert proc.returncode == 1
    # a statement that was not checked fails CI on its own (no silent pass), unless configured to pass
    f.write_text("(" * 300 + ";\n")
    proc = cli("check", str(f), "--db", str(shop_db), "--no-model", "--ignore", "SII001")
    assert "SIS006 [warning]" in proc.stdout and proc.returncode == 1, proc.stdout
    (tmp_path / "sqlintent.toml").write_text('[severity]\nSIS006 = "info"\n')
    proc = cli("check", str(f), "--db", str(shop_db), "--no-model", "--ignore", "SII001")
    assert "SIS006 [info]" in proc.stdout and proc.returncode == 0, proc.stdout


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="no fork here")
def test_a_forked_worker_process_checks_normally(shop_db):
    """--jobs may fork warm workers: the parent's bounded threads do not exist in the child. Run in a fresh
    interpreter: a fork from the test process would inherit whatever locks the suite's other threads (an
    abandoned probe inside SQLite) hold at that moment, which is not what this checks."""
    import os
    import subprocess
    import sys

    script = f"""
import os
from sqlintent.config import Config
from sqlintent.engine import Engine
config, problems = Config().with_overrides({{"database": {str(shop_db)!r}, "model": {{"enabled": False}}}})
engine = Engine(config)
engine.check_text("SELECT 1;\\n")  # the parent now has idle bounded workers
read, write = os.pipe()
pid = os.fork()
if pid == 0:  # the child: report what it found, then leave at once
    try:
        codes = [f.code for f in engine.check_text("SELECT nme FROM customers;\\n").findings]
        os.write(write, ",".join(codes).encode())
    finally:
        os._exit(0)
os.close(write)
os.waitpid(pid, 0)
print(os.read(read, 1000).decode())
"""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    proc = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60)
    codes = proc.stdout.strip().split(",")
    assert "SIS003" in codes and "SIS006" not in codes, proc.stdout + proc.stderr


def test_a_probe_that_ran_before_a_timeout_still_answers(shop_db):
    """After one probe of a statement runs past its time limit the statement's other probes are skipped, but
    a probe that already ran keeps its answer for every rule that asks for it again (SIR001 and SIL009 both
    run the statement itself): a later rule must not lose a result the statement already paid for."""
    from sqlintent.analyzers.base import StatementContext
    from sqlintent.db import QueryResult, QueryTimeout

    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False}})
    assert not problems
    calls = []

    class Database:  # a sqlintent.db.base.Database whose probes answer from here
        dialect, description, path = "sqlite", "fake", None
        superuser, privilege_problem, can_prepare = False, None, False

        def run_select(self, sql, *, timeout_s, max_rows):
            calls.append(sql)
            if sql == "SELECT slow":
                raise QueryTimeout("query ran past 2s and was interrupted")
            return QueryResult(("n",), [(1,)], False, 0.001)

        def schema(self):
            raise AssertionError("the context reads the schema it was given")

        def prepare(self, sql, *, timeout_s):
            raise NotImplementedError

        def version(self):
            return None

        def close(self):
            pass

    class Rule:
        code, name = "SIR001", "abnormal-result"

    from sqlintent.db.base import Database as Protocol

    fake = Database()
    assert isinstance(fake, Protocol)
    ctx = StatementContext("SELECT 1", intent=None, config=config, schema=None, database=fake)
    first = ctx.probe(Rule, "SELECT 1")
    assert ctx.probe(Rule, "SELECT slow") is None
    assert ctx.probe(Rule, "SELECT 1") is first and first.rows == [(1,)]
    assert ctx.probe(Rule, "SELECT 2") is None  # not run: the statement's probes are over
    assert calls == ["SELECT 1", "SELECT slow"]
    assert [f.message for f in ctx.probe_failures] == [
        "abnormal-result: probe skipped: query ran past 2s and was interrupted"]


def test_a_hex_literal_too_big_for_python_is_sqlites_syntax_error(engine):
    """Fuzzing (seed 13xxx): a hex literal of 3,700 digits made sqlglot's conversion to a decimal number
    raise ValueError (Python refuses past 4,300 digits) out of check_text, so the whole file was lost. SQLite
    refuses any hex literal past 16 significant digits: that is the statement's syntax error."""
    literal = "0x7fffffffffffffff" + "a" * 3700
    result = engine.check_text(literal + ";\n" + OTHER, "hex.sql")
    (syntax,) = [f for f in result.findings if f.code == "SIS001"]
    assert syntax.message == "syntax error: hex literal too big (SQLite reads at most 16 hex digits)"
    assert (syntax.span.start, syntax.span.end) == (0, len(literal))
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def test_a_parser_crash_is_reported_and_the_file_still_checked(engine, monkeypatch):
    """Whatever else the SQL parser raises on hostile text becomes one 'not checked' finding for that
    statement; the file's other statements are checked."""
    original = sqlast.parse_all

    def parse_all(sql, read):
        if "crash_here" in sql:
            raise KeyError("an internal table of the parser")
        return original(sql, read)

    monkeypatch.setattr(sqlast, "parse_all", parse_all)
    engine.statement_cache.clear()
    result = engine.check_text("SELECT crash_here FROM customers;\n" + OTHER, "crash.sql")
    assert result.error is None
    messages = [m for c, m in _codes(result.findings, 0) if c == "SIS006"]
    assert messages == ["not checked: the SQL parser failed on it (KeyError: 'an internal table of the parser')"]
    assert not [f for f in result.findings if (f.data or {}).get("internal_error")]
    assert ("SIS003", "unknown column 'nme'; did you mean 'name'? (SQLite: no such column: nme)") in _codes(result.findings, 1)


def test_a_files_probes_share_one_budget(shop_db):
    """probes.file_timeout_ms: ten statements whose probes each run to the statement's timeout stop being
    probed once the file's budget is spent; each of the rest says so (SIX001) and is not kept as complete."""
    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False},
                                                "probes": {"timeout_ms": 100, "file_timeout_ms": 250}})
    assert not problems
    engine = Engine(config)
    engine.check_text("SELECT 1;\n", "warm.sql")
    slow = ("-- intent: how many numbers {i}\nWITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
            "SELECT count(*) FROM r WHERE n < 0 AND n > {i};\n")
    text = "".join(slow.format(i=i) for i in range(10))
    result = engine.check_text(text, "slow.sql")
    skipped = [f for f in result.findings if f.code == "SIX001" and "the file's probes used their 0.25 s" in f.message]
    timed = [f for f in result.findings if f.code == "SIX001" and "ran past" in f.message]
    assert 2 <= len(timed) <= 4 and len(skipped) == 10 - len(timed)
    # a new check of the file has a budget of its own
    again = engine.check_text(text.replace("numbers", "values"), "slow.sql")
    assert [f for f in again.findings if f.code == "SIX001" and "ran past" in f.message]
