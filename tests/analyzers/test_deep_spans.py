"""Spans of deeply nested subqueries: computed in one pass (linear), the same as one node at a time.

A 190-deep IN chain from fuzzing spent most of its check in SIQ002, asking each subquery's span by walking
its whole subtree and re-scanning the text before and after it (quadratic); these tests pin the spans.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from sqlglot import exp

from sqlintent import sqlast
from sqlintent.analyzers.signals_util.report import node_spans, subquery_span
from sqlintent.config import Config
from sqlintent.engine import Engine

sys.path.insert(0, str(Path(__file__).parent.parent))
import fuzz_strategies as fs

CASES = [
    "SELECT * FROM (  select   DISTINCT a FROM t) x",
    "SELECT (SELECT 'a(' || \"b)\" FROM t) x, (select all 1) y",
    "SELECT * FROM t WHERE a IN (SELECT b FROM u WHERE c = '(' ) AND d IN ( (SELECT 1) )",
    "SELECT (((SELECT 1)))",
    fs.NESTERS["in"](60),
    fs.NESTERS["from"](60),
    fs.NESTERS["subqueries"](60),
]


@pytest.mark.parametrize("sql", CASES)
def test_one_pass_spans_equal_the_spans_one_node_at_a_time(sql):
    tree = sqlast.parse(sql)
    spans, closes = node_spans(tree), {}
    for node in tree.walk():
        assert spans.get(id(node)) == sqlast.node_span(node)
    for sel in tree.find_all(exp.Select):
        assert subquery_span(sql, sel, spans=spans, closes=closes) == subquery_span(sql, sel)


def test_a_deep_in_chain_reports_every_subquery_with_its_parentheses(shop_db):
    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False}})
    assert not problems
    sql = fs.NESTERS["in"](150)
    result = Engine(config).check_text(sql + ";\n", "deep.sql")
    [f] = [f for f in result.findings if f.code == "SIQ002"]
    assert f.message == "150 subqueries (nested 150 deep) exceed the threshold of 3"
    spans = [c.span for c in f.report.problematic_clauses]
    assert len(spans) == 150
    for outer, inner in zip(spans, spans[1:]):  # each subquery holds the next, parentheses included
        assert sql[outer.start] == "(" and sql[outer.end - 1] == ")"
        assert outer.start < inner.start and inner.end < outer.end
    assert sql[spans[-1].start:spans[-1].end] == "(SELECT customer_id FROM orders WHERE customer_id IN (1))"
