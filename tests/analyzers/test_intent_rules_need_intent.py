"""A rule about the intent never fires on a statement without one (issue 32: SIL009 warned 346 times on
sqllogictest, which has no intents). The engine decides it from the rule's ``needs``, for every such rule."""
from __future__ import annotations

import json

from sqlintent.analyzers import all_rules
from sqlintent.engine.selection import runs_on

JOIN = "SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id;\n"


def _codes_by_line(proc) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for file in json.loads(proc.stdout)["files"]:
        for f in file["findings"]:
            out.setdefault(f["location"]["start"]["line"], set()).add(f["code"])
    return out


def test_a_join_that_repeats_rows_warns_only_under_an_intent(cli, shop_db, tmp_path):
    sql = tmp_path / "q.sql"
    sql.write_text(JOIN + "\n-- intent: names of customers who placed an order\n" + JOIN, encoding="utf-8")
    proc = cli("check", "--db", str(shop_db), "--format", "json", "--no-cache", "--select", "SIL,SII",
               str(sql))
    assert proc.returncode in (0, 1), proc.stderr
    by_line = _codes_by_line(proc)
    assert "SIL009" in by_line.get(4, set()), by_line  # the statement with an intent
    assert "SIL009" not in by_line.get(1, set()), by_line  # the same statement without one
    assert "SII001" in by_line.get(1, set())  # what it gets instead: the hint that its intent is missing


def test_without_intents_no_rule_about_the_intent_fails_ci(cli, shop_db, tmp_path):
    sql = tmp_path / "plain.sql"
    sql.write_text(JOIN + "SELECT name FROM customers WHERE city = 'Nowhere at all';\n", encoding="utf-8")
    proc = cli("check", "--db", str(shop_db), "--no-cache", str(sql))
    assert "SIL0" not in proc.stdout, proc.stdout


def test_every_intent_rule_declares_it():
    """The SIL family reads the intent: each says so in ``needs``, so the engine can skip it without one."""
    sil = [r for r in all_rules().rules if r.code.startswith("SIL")]
    assert sil and all("intent" in r.needs for r in sil), [r.code for r in sil if "intent" not in r.needs]
    assert all(not runs_on(r, None) and not runs_on(r, "  ") and runs_on(r, "names of customers") for r in sil)
    assert runs_on(all_rules().by_code("SIS001"), None)
