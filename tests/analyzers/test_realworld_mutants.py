"""The mutation set's operators (tools/realworld/mutants.py) on a tiny database made here: each copies one kind of
mistake, and a mutant is kept only where it runs and answers differently from the original."""
from __future__ import annotations

import sqlite3
import sys

import pytest
from conftest import ROOT

sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks")]

from realworld import judge, mutants  # noqa: E402


@pytest.fixture()
def run(tmp_path):
    path = tmp_path / "shop.db"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, amount INTEGER, status TEXT);
        INSERT INTO customers VALUES (1, 'ann', 'Oslo'), (2, 'bob', 'Rome'), (3, 'cid', 'Oslo');
        INSERT INTO orders VALUES (10, 1, 5, 'paid'), (11, 1, 5, 'open'), (12, 2, 7, 'paid'), (13, 2, 3, 'paid');
    """)
    con.commit()
    con.close()
    r = judge.runner("sqlite", str(path))
    yield r
    r.close()


def _ops(sql, run):
    return {name: text for name, text in mutants.kept(sql, run, "sqlite", mutants._schema_of(run, "sqlite"),
                                                       per_answer=50)}


def test_a_comparison_bound_a_dropped_filter_and_or_for_and_are_kept_where_the_rows_change(run):
    got = _ops("SELECT id FROM orders WHERE amount >= 5 AND status = 'paid'", run)
    assert "amount > 5" in got["cmp_boundary"]
    assert "WHERE" in got["drop_filter"] and got["drop_filter"].count("=") <= 2
    assert " OR " in got["and_or"]
    for text in got.values():  # every kept mutant answers differently on this data
        assert not judge.same(run.run("SELECT id FROM orders WHERE amount >= 5 AND status = 'paid'"),
                              run.run(text), False)


def test_count_distinct_and_sum_for_count_are_mutants_only_when_the_result_changes(run):
    got = _ops("SELECT customer_id, COUNT(DISTINCT amount) FROM orders GROUP BY customer_id", run)
    assert "COUNT(amount)" in got["count_distinct"]  # customer 1 has two orders of 5
    # on a column without repeats inside a group COUNT DISTINCT answers the same: no mutant
    assert "count_distinct" not in _ops("SELECT customer_id, COUNT(DISTINCT id) FROM orders GROUP BY customer_id",
                                        run)
    assert "SUM(amount)" in _ops("SELECT customer_id, COUNT(amount) FROM orders GROUP BY customer_id",
                                 run)["sum_count"]


def test_a_left_joins_condition_moved_into_where_loses_the_unmatched_rows(run):
    sql = ("SELECT c.name, COUNT(o.id) FROM customers c LEFT JOIN orders o "
           "ON o.customer_id = c.id AND o.status = 'paid' GROUP BY c.name")
    got = _ops(sql, run)
    assert "WHERE o.status = 'paid'" in got["left_join_nullified"]
    assert "LEFT JOIN" not in got["left_to_inner"]
    assert len(run.run(got["left_join_nullified"]).rows) == 2  # cid, with no order, is gone


def test_a_wrong_join_key_uses_another_column_of_the_same_table(run):
    got = _ops("SELECT c.name, o.amount FROM customers c JOIN orders o ON o.customer_id = c.id", run)
    assert "ON o.customer_id = c." in got["wrong_join_key"] and "c.id" not in got["wrong_join_key"]


def test_a_statement_that_does_not_parse_or_run_gives_no_mutant(run):
    assert mutants.kept("SELECT FROM WHERE", run, "sqlite") == []
    assert mutants.kept("SELECT nope FROM orders WHERE amount > 1", run, "sqlite") == []


def test_the_original_is_given_in_the_mutants_style_so_formatting_does_not_tell_them_apart(run):
    sql = "select id from orders where amount>=5"
    got = _ops(sql, run)
    assert mutants.rendered(sql, "sqlite") == "SELECT id FROM orders WHERE amount >= 5"
    assert got["cmp_boundary"] == "SELECT id FROM orders WHERE amount > 5"


def test_a_corpus_folder_naming_a_postgresql_url_keeps_the_url(tmp_path):
    from realworld_corpora import _folder_overrides

    (tmp_path / "sqlintent.toml").write_text('database = "postgresql://ro@127.0.0.1:5432/db"\n', encoding="utf-8")
    assert _folder_overrides(tmp_path)["database"] == "postgresql://ro@127.0.0.1:5432/db"


def test_no_operator_keeps_more_than_its_share_of_the_mutants():
    import random

    drawn = [({"n": i}, [("drop_filter", f"a{i}"), ("cmp_boundary", f"b{i}")] if i < 5 else [("drop_filter", f"a{i}")])
             for i in range(20)]
    kept = mutants.balance(drawn, 0.5, random.Random(1))
    names = [n for _, picked in kept for n, _ in picked]
    assert names.count("cmp_boundary") == 5 and names.count("drop_filter") <= 6


def test_the_maximum_by_limit_1_loses_the_ties_and_equals_null_finds_nothing(run):
    got = _ops("SELECT id FROM orders WHERE customer_id = (SELECT MIN(customer_id) FROM orders)", run)
    assert got["limit_ties"].startswith("SELECT id FROM orders ORDER BY customer_id")  # orders 10 and 11 tie
    assert got["limit_ties"].endswith("LIMIT 1")
    assert "limit_ties" not in _ops("SELECT id FROM orders WHERE amount = (SELECT MAX(amount) FROM orders)", run)
    sql = "SELECT c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL"
    assert _ops(sql, run)["null_eq"].endswith("WHERE o.id = NULL")
