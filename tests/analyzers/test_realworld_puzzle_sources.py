"""What the PostgreSQL and DuckDB sources of tools/realworld add to the framework: the answer-key judge of the
Advent of SQL puzzles, the mechanical alias fix for answers written for PostgreSQL 16+, and the view bodies of
the CS50 view problem sets. No server is needed: results are given as the judge receives them."""
from __future__ import annotations

import sys

from conftest import ROOT

sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks")]

from realworld import judge, pg  # noqa: E402
from realworld.sources import aosql2024  # noqa: E402
from realworld.sources._views import view_bodies  # noqa: E402


def _q(key):
    return next(q for q in aosql2024.Q if q.key == key)


def test_a_puzzle_answer_with_the_submitted_value_on_its_first_row_is_ok():
    ref = judge.Result(["production_date", "toys", "prev", "change", "pct"], [("2017-03-20", 2327, 3, 2324, 77466.67)])
    report = judge.Result(["d", "pct"], [("2017-03-20", 77466.6667), ("2011-03-26", 12.0)])
    assert aosql2024.answer_judge(_q("5"), ref, report)[0] == "ok"


def test_a_puzzle_answer_with_another_first_row_is_left_for_a_person():
    ref = judge.Result(["production_date", "toys", "prev", "change", "pct"], [("2017-03-20", 2327, 3, 2324, 77466.67)])
    nulls_first = judge.Result(["d", "pct"], [("2011-03-25", None), ("2017-03-20", 77466.67)])
    label, reason, _ = aosql2024.answer_judge(_q("5"), ref, nulls_first)
    assert label == "unjudged" and reason.startswith("judge:")


def test_every_gap_must_be_listed_once_for_the_missing_ids_puzzle():
    ref = judge.Result(["s", "e"], [(997, 1001), (3761, 3765)])
    arrays = judge.Result(["s", "e", "ids"], [(997, 1001, "[997, ...]"), (3761, 3765, "[3761, ...]")])
    assert aosql2024.answer_judge(_q("23"), ref, arrays)[0] == "ok"
    assert aosql2024.answer_judge(_q("23"), ref, judge.Result(["s", "e"], [(997, 1001)]))[0] == "unjudged"


def test_a_subquery_without_alias_gets_one_and_other_statements_are_left_as_written():
    assert pg.alias_subqueries("select x from (select 1 as x) where x > 0") == \
        "SELECT x FROM (SELECT 1 AS x) AS subquery_1 WHERE x > 0"
    kept = "select x from (select 1 as x) t -- a comment"
    assert pg.alias_subqueries(kept) == kept
    assert pg.alias_subqueries("select from where") == "select from where"


def test_the_answer_of_a_view_problem_is_the_select_of_its_create_view():
    text = ('DROP VIEW IF EXISTS "rural";\n-- the view\nCREATE VIEW IF NOT EXISTS "rural" AS\n'
            'SELECT * FROM "census"\nWHERE "locality" LIKE \'%rural%\';\nSELECT * FROM "rural";\n')
    assert list(view_bodies(text)) == [("rural", 'SELECT * FROM "census"\nWHERE "locality" LIKE \'%rural%\'')]


def test_a_puzzle_whose_answer_is_several_rows_needs_each_of_them_in_order():
    ref = judge.Result(["a", "b", "skill"], [(4153, 3611, "Gift sorting"), (10497, 1016, "Gift wrapping")])
    right = judge.Result(["x"], [("4153,3611,Gift sorting",), ("10497,1016,Gift wrapping",)])
    wrong_second = judge.Result(["a", "b", "skill"], [(4153, 3611, "Gift sorting"), (97297, 1016, "Gift wrapping")])
    assert aosql2024.answer_judge(_q("7"), ref, wrong_second)[0] == "unjudged"
    assert aosql2024.answer_judge(_q("7"), ref, judge.Result(["a", "b", "skill"], ref.rows[:1]))[0] == "unjudged"
    assert aosql2024.answer_judge(_q("7"), ref, right)[0] == "unjudged"  # a string is not its parts
