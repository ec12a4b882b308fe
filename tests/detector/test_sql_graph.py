"""The SQL graph: hand-checked graphs (the paper's appendix E queries among them), spans, edges, dialects,
the node-type vocabulary and the ``sqlintent graph`` subcommand."""
from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from sqlintent.graphs import vocab
from sqlintent.graphs.sql_graph import SqlParseError, build_sql_graph

from graph_support import sexpr  # tests/ is on sys.path under pytest


def check_invariants(g) -> None:
    n = g.num_nodes
    assert g.node_type.shape == (n,) and g.node_type.dtype == np.int64
    assert g.is_leaf.shape == (n,) and g.is_leaf.dtype == bool
    assert g.span.shape == (n, 2) and g.span.dtype == np.int64
    assert g.edge_index.shape[0] == 2 and g.edge_index.dtype == np.int64
    assert len(g.labels) == n
    leaves = g.leaf_indices()
    # leaves: LEAF type, exact spans, text order
    assert (g.node_type[leaves] == vocab.LEAF).all()
    for i in leaves:
        s, e = g.span[i]
        assert g.text[s:e] == g.labels[i]
    assert (np.diff(g.span[leaves, 0]) > 0).all()
    # non-terminals: known types, at least two children
    edges = {tuple(e) for e in g.edge_index.T.tolist()}
    assert all((b, a) in edges for a, b in edges), "every edge goes both ways"
    tree = [(a, b) for a, b in edges if a < b and not (g.is_leaf[a] and g.is_leaf[b])]
    assert len(tree) == n - 1  # a tree over all nodes
    for i in np.nonzero(~g.is_leaf)[0]:
        assert g.node_type[i] not in (vocab.UNK, vocab.LEAF)
        assert sum(1 for a, _ in tree if a == i) >= 2
    seq = {(a, b) for a, b in edges if g.is_leaf[a] and g.is_leaf[b] and a < b}
    assert seq == set(zip(leaves[:-1].tolist(), leaves[1:].tolist()))
    # no punctuation leaves
    assert not {",", "(", ")", ";", "."} & set(g.labels[i] for i in leaves)


# ---- the paper's appendix E queries, checked by hand ---------------------------------------------

def test_appendix_e_gold_count_query():
    sql = "SELECT COUNT(*) FROM head WHERE head.age > 56"
    g = build_sql_graph(sql)
    check_invariants(g)
    assert sexpr(g) == (
        "(select_core 'SELECT' (function_call 'COUNT' '*') (from_clause 'FROM' 'head') "
        "(where_clause 'WHERE' (expr 'head.age' '>' '56')))"
    )
    assert g.labels == ("select_core", "SELECT", "function_call", "COUNT", "*", "from_clause", "FROM", "head",
                        "where_clause", "WHERE", "expr", "head.age", ">", "56")
    assert g.span[11].tolist() == [32, 40]  # head.age: one leaf over table, dot and column
    assert g.node_type[0] == vocab.sql_type("select_core")
    assert g.num_edges == 2 * (g.num_nodes - 1) + 2 * (len(g.leaf_indices()) - 1)


def test_appendix_e_order_by_limit_query():
    g = build_sql_graph("SELECT festival_detail.festival_name FROM festival_detail "
                        "ORDER BY festival_detail.year DESC LIMIT 3")
    check_invariants(g)
    assert sexpr(g) == (
        "(select_stmt (select_core 'SELECT' 'festival_detail.festival_name' (from_clause 'FROM' 'festival_detail')) "
        "(order_by_clause 'ORDER BY' (ordering_term 'festival_detail.year' 'DESC')) (limit_clause 'LIMIT' '3'))"
    )


def test_appendix_e_join_constraints_are_dropped():
    sql = ("SELECT COUNT(*) , department.name FROM management JOIN head ON management.head_ID = head.head_ID "
           "JOIN department ON management.department_ID = department.Department_ID WHERE head.age > 56 "
           "GROUP BY department.name")
    g = build_sql_graph(sql)
    check_invariants(g)
    assert sexpr(g) == (
        "(select_core 'SELECT' (result_clause (function_call 'COUNT' '*') 'department.name') "
        "(from_clause 'FROM' (join_clause 'management' 'JOIN' 'head' 'JOIN' 'department')) "
        "(where_clause 'WHERE' (expr 'head.age' '>' '56')) (group_by_clause 'GROUP BY' 'department.name'))"
    )
    assert "ON" not in g.labels and "management.head_ID" not in g.labels


def test_appendix_e_in_subquery_with_comma_join():
    g = build_sql_graph("SELECT COUNT(*) FROM department WHERE department.department_id in "
                        "(SELECT management.department_ID FROM management, head WHERE head.age = 56)")
    check_invariants(g)
    assert sexpr(g) == (
        "(select_core 'SELECT' (function_call 'COUNT' '*') (from_clause 'FROM' 'department') "
        "(where_clause 'WHERE' (expr 'department.department_id' 'in' (select_core 'SELECT' "
        "'management.department_ID' (from_clause 'FROM' (join_clause 'management' 'head')) "
        "(where_clause 'WHERE' (expr 'head.age' '=' '56'))))))"
    )


def test_appendix_e_count_distinct():
    g = build_sql_graph("SELECT COUNT(DISTINCT head.name) FROM head WHERE head.age > 56")
    assert sexpr(g).startswith("(select_core 'SELECT' (function_call 'COUNT' 'DISTINCT' 'head.name')")


def test_appendix_e_unexecutable_beam_is_a_parse_error():
    # RESDSQL's "SELECT ( DISTINCT ...)" is not SQL (SQLite says: near "DISTINCT": syntax error)
    with pytest.raises(SqlParseError) as info:
        build_sql_graph("SELECT ( DISTINCT department.department_id) from management JOIN head ON "
                        "management.head_ID = head.head_ID")
    assert info.value.offset == 9 and info.value.token == "DISTINCT"


# ---- other shapes ---------------------------------------------------------------------------------

def test_aliases_compound_using_and_spaced_qualified_names():
    sql = "SELECT T1.name FROM a AS T1 JOIN b AS T2 USING (id) WHERE T1 . x = 'y' UNION SELECT name FROM c"
    g = build_sql_graph(sql)
    check_invariants(g)
    assert sexpr(g) == (
        "(select_stmt (select_core 'SELECT' 'T1.name' (from_clause 'FROM' (join_clause (table_or_subquery 'a' "
        "'AS' 'T1') 'JOIN' (table_or_subquery 'b' 'AS' 'T2'))) (where_clause 'WHERE' (expr 'T1 . x' '=' "
        "\"'y'\"))) 'UNION' (select_core 'SELECT' 'name' (from_clause 'FROM' 'c')))"
    )


def test_quoted_qualified_names_and_star_merge():
    sql = 'SELECT "T1"."the name", [t].[c], `s`.x.y, t.* FROM main.t'
    g = build_sql_graph(sql)
    check_invariants(g)
    leaves = [g.labels[i] for i in g.leaf_indices()]
    assert leaves == ["SELECT", '"T1"."the name"', "[t].[c]", "`s`.x.y", "t.*", "FROM", "main.t"]


def test_parenthesised_expression_loses_its_parentheses_only():
    g = build_sql_graph("SELECT (a + 1) * 2 FROM t")
    assert sexpr(g) == "(select_core 'SELECT' (expr (expr 'a' '+' '1') '*' '2') (from_clause 'FROM' 't'))"


def test_case_cast_window():
    g = build_sql_graph("SELECT CASE WHEN a > 1 THEN 'x' ELSE CAST(b AS TEXT) END, "
                        "rank() OVER (PARTITION BY c ORDER BY d) FROM t")
    check_invariants(g)
    labels = set(g.labels)
    assert {"CASE", "WHEN", "THEN", "ELSE", "END", "CAST", "AS", "TEXT", "OVER", "PARTITION", "BY",
            "ORDER BY", "over_clause", "window_defn"} <= labels


def test_spans_point_into_the_sql_as_given():
    sql = "  select  T1.name\n  from  singer   AS T1 -- note\n where T1.age>20 ;"
    g = build_sql_graph(sql)
    check_invariants(g)
    assert g.text == sql
    assert [g.labels[i] for i in g.leaf_indices()] == [
        "select", "T1.name", "from", "singer", "AS", "T1", "where", "T1.age", ">", "20"]


# ---- dialects and errors -------------------------------------------------------------------------

def test_other_dialects_are_transpiled_first():
    g = build_sql_graph("SELECT TOP 3 name FROM singer ORDER BY age DESC", dialect="tsql")
    check_invariants(g)
    assert g.text == "SELECT name FROM singer ORDER BY age DESC LIMIT 3"
    assert sexpr(g).endswith("(limit_clause 'LIMIT' '3'))")

    g = build_sql_graph("SELECT name FROM singer WHERE name ILIKE 'a%'", dialect="postgres")
    check_invariants(g)
    assert "LIKE" in g.text.upper() and "ILIKE" not in g.text.upper()


def test_unreadable_sql_raises_sql_parse_error():
    with pytest.raises(SqlParseError):
        build_sql_graph("SELECT FROM WHERE")
    with pytest.raises(SqlParseError):
        build_sql_graph("SELECT a FROM (", dialect="postgres")
    with pytest.raises(SqlParseError):
        build_sql_graph("SELECT 1; SELECT 2", dialect="postgres")


# ---- vocabulary ------------------------------------------------------------------------------------

def test_vocabulary_covers_every_grammar_rule_and_is_stable():
    from sqlintent.grammars import rule_names

    assert vocab.NAMES[:2] == ("<unk>", "<leaf>") and (vocab.UNK, vocab.LEAF) == (0, 1)
    for rule in rule_names():
        assert vocab.sql_type(rule) not in (vocab.UNK, vocab.LEAF), rule
    assert vocab.sql_type("no_such_rule") == vocab.UNK
    assert len(set(vocab.NAMES)) == len(vocab.NAMES) == vocab.size()
    vocab.check_compatible(vocab.to_json())
    vocab.check_compatible({"version": 0, "names": list(vocab.NAMES[:10])})  # older prefix: compatible
    with pytest.raises(ValueError):
        vocab.check_compatible({"version": 1, "names": ["<unk>", "<leaf>", "sql:something_else"]})


# ---- every Spider dev gold query -------------------------------------------------------------------

def _shared() -> Path | None:
    for cand in (os.environ.get("SQLINTENT_SHARED"), Path(__file__).resolve().parents[2].parent / "shared"):
        if cand and Path(cand, "data", "spider", "dev.json").exists():
            return Path(cand)
    return None


def test_every_spider_dev_gold_query_builds():
    shared = _shared()
    if shared is None:
        pytest.skip("shared data (SQLINTENT_SHARED or ../shared) is not present")
    examples = json.loads((shared / "data" / "spider" / "dev.json").read_text("utf-8"))
    for ex in examples:
        check_invariants(build_sql_graph(ex["query"]))


# ---- the graph subcommand --------------------------------------------------------------------------

def test_graph_command_json_and_dot(capsys):
    import argparse

    from sqlintent.commands import graph as cmd

    parser = argparse.ArgumentParser()
    cmd.add_parser(parser.add_subparsers())
    args = parser.parse_args(["graph", "--sql", "SELECT COUNT(*) FROM head WHERE head.age > 56"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["sql"]
    assert [n["label"] for n in out["sql"]["nodes"] if n["leaf"]] == [
        "SELECT", "COUNT", "*", "FROM", "head", "WHERE", "head.age", ">", "56"]
    assert out["sql"]["nodes"][0]["type"] == "sql:select_core"

    args = parser.parse_args(["graph", "--sql", "SELECT a FROM t", "--format", "dot"])
    assert args.func(args) == 0
    dot = capsys.readouterr().out
    assert dot.startswith("digraph sqlintent {") and 'sql_0 [label="select_core"' in dot

    args = parser.parse_args(["graph", "--sql", "SELECT FROM"])
    assert args.func(args) == 1
    assert "SQL syntax error at line 1, column 8" in capsys.readouterr().err

    args = parser.parse_args(["graph"])
    assert args.func(args) == 2
