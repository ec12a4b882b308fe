"""`sqlintent check` on the example workspace's semantic errors (examples/queries/sales.sql): each wrong
query gets the SIE finding of its actual mistake, with the database's proof where the data shows it, and
the repair as a fix."""
import json


EXPECTED = {  # first line of the statement -> the semantic-error rule that names its mistake
    5: "SIE009",   # LEFT JOIN nullified by a WHERE on orders
    12: "SIE007",  # a department's budget summed once per employee
    19: "SIE004",  # AND/OR without parentheses escapes the join condition
    23: "SIE002",  # = NULL
    26: "SIE010",  # integer division in an average
    29: "SIE008",  # a bare column outside GROUP BY
    32: "SIE012",  # GROUP BY the LEFT JOIN's optional column
    38: "SIE011",  # a LIKE pattern compared with =
    41: "SIE013",  # date arithmetic with a number on text dates
}
PATTERN_ONLY = {"SIE002"}  # wrong on its face: no probe needed


def test_each_wrong_query_gets_its_mistake_with_proof(cli, example_workspace):
    proc = cli("check", "examples/queries/sales.sql", "--format", "json", "--no-model", "--select", "SIE")
    doc = json.loads(proc.stdout)
    (f,) = doc["files"]
    text = (example_workspace / "queries" / "sales.sql").read_text()
    starts = {}
    for finding in f["findings"]:
        line = text.count("\n", 0, finding["span"]["start"]) + 1
        starts.setdefault(finding["code"], []).append((line, finding))
    for first_line, code in EXPECTED.items():
        hits = [fd for line, fd in starts.get(code, []) if first_line <= line <= first_line + 5]
        assert hits, (code, first_line, proc.stdout)
        assert hits[0]["data"]["proof"] is (code not in PATTERN_ONLY), hits[0]
    assert {fd["code"] for fd in f["findings"]} == set(EXPECTED.values())


def test_the_proof_says_how_the_answers_differ_and_offers_the_repair(cli, example_workspace):
    proc = cli("check", "examples/queries/sales.sql", "--no-model", "--select", "SIE004,SIE009,SIE002")
    out = proc.stdout
    assert "SIE004 [info] AND binds tighter than OR here; with parentheses around the OR the statement returns " \
           "1223 rows, the parenthesised one 46 rows" in out, out
    assert "SIE009 [info] o.status = 'delivered' in WHERE drops the rows the LEFT JOIN keeps without a match in o; " \
           "with it in the ON the statement returns 50 rows, the repair 60 rows" in out
    fixed = cli("check", "examples/queries/sales.sql", "--no-model", "--select", "SIE002,SIE004", "--diff",
                "--unsafe-fixes").stdout
    assert "+SELECT name FROM products WHERE discontinued_on IS NULL;" in fixed, fixed
    assert "+WHERE o.customer_id = c.customer_id AND (c.city = 'London' OR c.city = 'Paris');" in fixed
