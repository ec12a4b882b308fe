"""Fixes: the pure fix application (overlaps and stale fixes skipped and counted), --fix, --unsafe-fixes
and --diff on the command line, each followed by a re-check of the fixed text."""
import json
import sqlite3

import pytest

from sqlintent.findings import Edit, Finding, Fix, FixSafety, Span
from sqlintent.fixes import apply_fixes, fix_until_stable

TEXT = "SELECT nmae, cty FROM customers;\n"


def _f(code, start, end, new, safety=FixSafety.SAFE):
    return Finding(code, "x", "m", Span(start, end), fix=Fix("fix", (Edit(Span(start, end), new),), safety))


def test_non_overlapping_fixes_apply_together_and_overlaps_are_counted():
    a, b = _f("A1", 7, 11, "name"), _f("B1", 13, 16, "city")
    clash = _f("C1", 9, 14, "zz")
    out = apply_fixes(TEXT, [clash, b, a])
    assert out.text == "SELECT name, city FROM customers;\n"
    assert out.applied == [a, b] and out.overlapping == [clash] and out.skipped == 1


def test_stale_fixes_and_unsafe_fixes():
    outside, noop = _f("A1", 90, 95, "x"), _f("B1", 7, 11, "nmae")
    risky = _f("C1", 13, 16, "city", FixSafety.UNSAFE)
    out = apply_fixes(TEXT, [outside, noop, risky])
    assert out.text == TEXT and out.stale == [noop, outside] and out.applied == []
    assert apply_fixes(TEXT, [risky], unsafe=True).text == "SELECT nmae, city FROM customers;\n"


def test_the_same_fix_from_two_findings_is_applied_once():
    out = apply_fixes(TEXT, [_f("A1", 7, 11, "name"), _f("B1", 7, 11, "name")])
    assert out.text == "SELECT name, cty FROM customers;\n" and len(out.applied) == 2


def test_insertions_at_one_point_clash_but_touching_edits_do_not():
    out = apply_fixes("ab", [_f("A1", 1, 1, "x"), _f("B1", 1, 1, "y"), _f("C1", 0, 1, "A")])
    assert out.text == "Axb" and len(out.overlapping) == 1


def test_the_loop_rechecks_and_takes_what_became_possible():
    # a checker that offers two overlapping fixes, then (after the first) the second again, moved
    def check(text):
        if text == "abc":
            return [_f("A1", 0, 2, "X"), _f("B1", 1, 3, "Y")]
        if text == "Xc":
            return [_f("B1", 1, 2, "Y")]
        return []
    loop = fix_until_stable("abc", check)
    assert (loop.text, loop.fixed, loop.skipped, loop.passes) == ("XY", 2, 0, 2)


def test_a_fix_that_does_not_remove_its_finding_is_applied_once():
    loop = fix_until_stable("q", lambda t: [_f("A1", 0, 0, "-- x\n")])
    assert loop.text == "-- x\nq" and loop.fixed == 1 and loop.skipped == 1


@pytest.fixture
def workspace(tmp_path):
    con = sqlite3.connect(tmp_path / "db.sqlite")
    con.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT)")
    con.execute("INSERT INTO customers VALUES (1, 'Ann', 'Oslo'), (2, 'Bob', 'Oslo')")
    con.commit()
    con.close()
    (tmp_path / "sqlintent.toml").write_text('database = "db.sqlite"\n[model]\nenabled = false\n')
    # SIS003 has a safe fix (one close name); SIG001 a safe fix; SIS003 with two candidates an unsafe one
    (tmp_path / "q.sql").write_text(
        "-- intent: customer names\nSELECT nmae FROM customers;\n\n"
        "-- intent: the cities\nSELECT city FROM customers GROUP BY city;\n")
    return tmp_path


def test_fix_writes_the_file_and_the_recheck_is_clean(cli, workspace):
    proc = cli("check", "--fix", "q.sql", cwd=workspace)
    assert "Fixed 2 findings in 1 file" in proc.stderr, proc.stderr
    fixed = (workspace / "q.sql").read_text()
    assert "SELECT name FROM customers;" in fixed and "SELECT DISTINCT city FROM customers;" in fixed
    assert proc.returncode == 0 and "SIS003" not in proc.stdout
    again = cli("check", "q.sql", cwd=workspace)
    assert again.returncode == 0 and "SIS003" not in again.stdout and "SIG001" not in again.stdout


def test_diff_prints_a_unified_diff_writes_nothing_and_exits_1(cli, workspace):
    before = (workspace / "q.sql").read_text()
    proc = cli("check", "--diff", "q.sql", cwd=workspace)
    assert proc.returncode == 1
    assert proc.stdout.startswith("--- a/q.sql\n+++ b/q.sql\n")
    assert "-SELECT nmae FROM customers;\n+SELECT name FROM customers;\n" in proc.stdout
    assert (workspace / "q.sql").read_text() == before
    cli("check", "--fix", "q.sql", cwd=workspace)
    clean = cli("check", "--diff", "q.sql", cwd=workspace)
    assert clean.returncode == 0 and clean.stdout == ""


def test_unsafe_fixes_only_when_asked(cli, workspace):
    (workspace / "q.sql").write_text("-- intent: cities\nSELECT cit FROM customers;\n")
    con = sqlite3.connect(workspace / "db.sqlite")
    con.execute("ALTER TABLE customers ADD COLUMN citx TEXT")  # two close names: the fix is unsafe
    con.commit()
    con.close()
    safe = cli("check", "--fix", "q.sql", cwd=workspace)
    assert "Fixed 0 findings" in safe.stderr and "1 more with --unsafe-fixes" in safe.stderr
    assert safe.returncode == 1 and "SIS003" in safe.stdout
    unsafe = cli("check", "--fix", "--unsafe-fixes", "q.sql", cwd=workspace)
    assert "Fixed 1 finding in 1 file" in unsafe.stderr and unsafe.returncode == 0, unsafe.stderr
    assert "SELECT cit " not in (workspace / "q.sql").read_text()


def test_fix_on_stdin_prints_the_fixed_text(cli, workspace):
    proc = cli("check", "--fix", "-", "--stdin-filename", "q.sql", input=b"SELECT nmae FROM customers;\n",
               cwd=workspace)
    assert proc.stdout == "SELECT name FROM customers;\n" and proc.returncode == 0, proc.stderr


def test_plain_fix_applies_fixes_whose_evidence_is_exact(cli, shop_db, tmp_path):
    """A stored value differing only by case (SIP001) and the one declared key pair of a join (SIJ001) are
    safe fixes: plain --fix applies them, no --unsafe-fixes needed."""
    q = tmp_path / "q.sql"
    q.write_text("-- intent: how many orders have been delivered?\n"
                 "SELECT count(*) FROM orders WHERE status = 'Delivered';\n"
                 "-- intent: the names of customers with their order dates\n"
                 "SELECT c.name, o.order_date FROM orders AS o JOIN customers AS c ON o.order_id = c.customer_id;\n")
    proc = cli("check", str(q), "--db", str(shop_db), "--no-model", "--fix")
    text = q.read_text()
    assert "status = 'delivered'" in text, proc.stdout + text
    assert "ON o.customer_id = c.customer_id" in text, proc.stdout + text
    after = cli("check", str(q), "--db", str(shop_db), "--no-model", "--select", "SIP001,SIJ001")
    assert after.returncode == 0 and "SIP001" not in after.stdout and "SIJ001" not in after.stdout, after.stdout


def test_fix_on_a_template_that_does_not_render_reports_it_as_check_does(cli, tmp_path):
    """A template that cannot be rendered has no statements: ``--fix`` leaves it as it is and shows the same
    SIT001 finding and JSON as ``check`` (it used to end in an internal error)."""
    (tmp_path / "sqlintent.toml").write_text('templater = "jinja"\n[model]\nenabled = false\n')
    (tmp_path / "bad.sql").write_text("select {{ broken\n")
    plain = cli("check", "bad.sql", "--format", "json", cwd=tmp_path)
    fixed = cli("check", "bad.sql", "--fix", "--format", "json", cwd=tmp_path)
    assert "internal error" not in fixed.stdout + fixed.stderr, fixed.stdout + fixed.stderr
    assert fixed.returncode == plain.returncode == 1 and '"SIT001"' in fixed.stdout
    assert json.loads(fixed.stdout)["files"] == json.loads(plain.stdout)["files"]
    assert (tmp_path / "bad.sql").read_text() == "select {{ broken\n"


def test_a_fix_writes_a_name_that_needs_quotes_quoted(cli, tmp_path):
    """A suggested table or column whose name has a space or is a reserved word is inserted quoted, so the
    fixed query runs (it used to be inserted bare: a safe fix that broke the query)."""
    db = tmp_path / "q.sqlite"
    con = sqlite3.connect(db)
    con.executescript('CREATE TABLE "order items" ("unit price" REAL, "order" INTEGER, qty INTEGER);'
                      'INSERT INTO "order items" VALUES (2.5, 1, 3);')
    con.commit()
    q = tmp_path / "q.sql"
    q.write_text('SELECT unit_price, ordr FROM "order item";\n')
    proc = cli("check", str(q), "--db", str(db), "--no-model", "--fix", "--unsafe-fixes")
    fixed = q.read_text()
    assert fixed == 'SELECT "unit price", "order" FROM "order items";\n', proc.stdout + proc.stderr
    assert con.execute(fixed).fetchall() == [(2.5, 1)]
    con.close()
