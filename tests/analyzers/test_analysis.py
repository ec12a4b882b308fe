"""The per-statement analyses rules share (sqlintent/analyzers/analysis.py): declared on the rule context,
computed once per statement on first use, read-only, and never stuck on the context from outside."""
from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from sqlintent.analyzers import analysis
from sqlintent.analyzers.analysis import Analysis
from sqlintent.analyzers.base import StatementContext
from sqlintent.config import Config
from sqlintent.schema.model import Column, Schema, Table

ROOT = Path(__file__).resolve().parents[2]
SQL = "SELECT c.name, count(*) FROM customers AS c JOIN orders AS o ON o.customer_id = c.id GROUP BY c.name"


def shop() -> Schema:
    return Schema.from_tables([
        Table("customers", [Column("id", "INTEGER", primary_key=True), Column("name", "TEXT")], ("id",)),
        Table("orders", [Column("id", "INTEGER", primary_key=True), Column("customer_id", "INTEGER")], ("id",)),
    ])


def context(sql: str = SQL, schema: Schema | None = None) -> StatementContext:
    return StatementContext(sql, intent="how many orders per customer", config=Config(dialect="sqlite"),
                            schema=schema if schema is not None else shop())


def test_the_context_declares_each_shared_analysis_by_name():
    assert sorted(analysis.declared(StatementContext)) == ["intent_facts", "names_verdict", "query_model",
                                                           "resolution"]


def test_each_analysis_reads_the_statement_and_is_computed_once():
    ctx = context()
    assert not any(a.computed(ctx) for a in analysis.declared(StatementContext).values())
    assert {t.name for t in ctx.resolution.tables} == {"customers", "orders"}
    assert {b.select is ctx.tree for b in ctx.query_model.blocks} == {True}
    assert ctx.intent_facts.top_aggs == {"count"} and ctx.intent_facts.top_group
    assert ctx.names_verdict is not None and ctx.names_verdict.accepted  # SQLite's own front end
    for name in analysis.declared(StatementContext):
        assert getattr(ctx, name) is getattr(ctx, name), name  # the same object, not a second computation


def test_a_statement_without_a_query_has_no_query_analyses():
    broken = context("SELEC name FROM customers")
    assert broken.tree is None and broken.query_model is None and broken.intent_facts is None
    unknown = context(schema=Schema(tables={})).resolution.tables  # a table the schema lacks is unknown
    assert unknown and not any(t.known for t in unknown)
    no_schema = StatementContext(SQL, intent=None, config=Config(), schema=None)
    assert no_schema.query_model is None and no_schema.intent_facts is not None


def test_an_analysis_cannot_be_assigned():
    ctx = context()
    with pytest.raises(AttributeError, match="computed on first use"):
        ctx.resolution = None
    with pytest.raises(AttributeError):
        ctx.intent_facts = None


def test_computed_once_even_when_two_threads_ask_at_once():
    barrier = threading.Barrier(2)
    made = []

    def slow(ctx):
        barrier.wait(timeout=10)  # both threads compute before either stores
        made.append(object())
        return made[-1]

    class Ctx:
        value = Analysis(slow)

    ctx = Ctx()
    got = []
    threads = [threading.Thread(target=lambda: got.append(ctx.value)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(made) == 2 and got[0] is got[1] is ctx.value  # every reader gets the one result stored first


def test_no_module_sticks_private_attributes_on_a_rule_context():
    """Shared analyses are declared on the context (sqlintent/analyzers/analysis.py), not set from outside
    the class or probed for with getattr."""
    found = []
    for path in sorted((ROOT / "sqlintent").rglob("*.py")):
        if path.name == "base.py" and path.parent.name == "analyzers":
            continue  # the class itself
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bctx\._[a-z]\w*|getattr\(\s*ctx\s*,\s*[\"']_", line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []
