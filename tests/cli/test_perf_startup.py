"""What a check does not do: import heavy libraries it does not need, or split a file twice."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from sqlintent.config import Config
from sqlintent.engine import Engine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cli_modules import run_cli

ROOT = Path(__file__).resolve().parents[2]


def test_one_file_without_the_model_imports_nothing_heavy(tmp_path):
    """A statement without joins and an intent with nothing capitalised: no spaCy (the intent model's tags are
    not needed), no networkx (no Steiner tree to compute), no numpy, no multiprocessing (no --jobs)."""
    import sqlite3

    con = sqlite3.connect(tmp_path / "db.sqlite")
    con.executescript("CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, age INT);"
                      "CREATE TABLE song (id INTEGER PRIMARY KEY, singer_id INT REFERENCES singer(id), title TEXT);"
                      "INSERT INTO singer VALUES (1, 'Ann', 30), (2, 'Bob', 40);")
    con.close()
    (tmp_path / "q.sql").write_text("-- intent: how many singers are older than 35?\n"
                                    "SELECT count(*) FROM singer WHERE age > 35;\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), SQLINTENT_CACHE_DIR=str(tmp_path / "cache"))
    proc, heavy = run_cli(["check", "q.sql", "--db", "db.sqlite", "--no-model"], cwd=tmp_path, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert heavy == set(), proc.stderr


def test_a_join_tree_check_imports_nothing_heavy(tmp_path):
    """A join the Steiner tree judges (three used tables, one table too many: SIJ002 fires) imports no
    networkx either: the tree is computed in pure Python (tests/detector/test_steiner.py compares it with networkx)."""
    import sqlite3

    con = sqlite3.connect(tmp_path / "db.sqlite")
    con.executescript(
        "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INT REFERENCES customers(id));"
        "CREATE TABLE returns (id INTEGER PRIMARY KEY, order_id INT REFERENCES orders(id));"
        "CREATE TABLE order_items (id INTEGER PRIMARY KEY, order_id INT REFERENCES orders(id),"
        " product_id INT REFERENCES products(id), quantity INT);")
    con.close()
    (tmp_path / "q.sql").write_text(
        "-- intent: names of customers and of the products they ordered more than 2 of\n"
        "SELECT c.name, p.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.id\n"
        "JOIN returns AS r ON r.order_id = o.id JOIN order_items AS i ON i.order_id = r.order_id\n"
        "JOIN products AS p ON p.id = i.product_id WHERE i.quantity > 2;\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), SQLINTENT_CACHE_DIR=str(tmp_path / "cache"))
    proc, heavy = run_cli(["check", "q.sql", "--db", "db.sqlite", "--no-model"], cwd=tmp_path, env=env, timeout=300)
    assert "SIJ002" in proc.stdout and "returns is not needed" in proc.stdout, proc.stdout + proc.stderr
    assert heavy == set(), proc.stderr


def test_join_graph_components_and_table_graph():
    """The join graph's key components are networkx' connected components of the key-column graph; its
    table graph, built on demand for the Steiner tree, has the schema's tables in order."""
    import networkx as nx

    from sqlintent.analyzers.signals_util.joingraph import build_join_graph, steiner_tables
    from sqlintent.schema.ddl import parse_ddl
    from sqlintent.schema.model import Schema

    schema = Schema.from_tables(parse_ddl("""
        CREATE TABLE a (id INT PRIMARY KEY);
        CREATE TABLE b (id INT PRIMARY KEY, a_id INT REFERENCES a(id));
        CREATE TABLE c (id INT PRIMARY KEY, b_id INT REFERENCES b(id), a_id INT REFERENCES a(id));
        CREATE TABLE d (id INT PRIMARY KEY, c_id INT REFERENCES c(id));
        CREATE TABLE e (x INT);
        CREATE TABLE f (id INT PRIMARY KEY, f_id INT REFERENCES f(id));
    """, "sqlite"))
    jg = build_join_graph(schema)
    cols = nx.Graph()
    for t, c, rt, rc in schema.foreign_key_pairs():
        cols.add_edge((t, c), (schema.table(rt).name.lower(), rc))
    comps = list(nx.connected_components(cols))
    assert len(set(jg.component.values())) == len(comps)
    for comp in comps:
        assert len({jg.component[n] for n in comp}) == 1
    assert jg.valid_pair(("b", "a_id"), ("c", "a_id")) and not jg.valid_pair(("b", "a_id"), ("d", "c_id"))
    assert jg._adj is None  # not built until a Steiner tree needs it
    assert steiner_tables(jg, {"a"}) == {"a"} and jg._adj is None
    assert list(jg.adjacency) == ["a", "b", "c", "d", "e", "f"]
    assert steiner_tables(jg, {"a", "d"}) == {"a", "c", "d"}
    assert steiner_tables(jg, {"a", "e"}) is None


def test_a_batch_splits_each_file_once_and_scores_a_templates_rendered_statements(tmp_path, monkeypatch):
    import sqlintent.engine.core as engine_module
    from sqlintent.workspace.batch import check_batch

    calls = []
    real = engine_module.parse_document

    def counting(text, **kw):
        calls.append(text)
        return real(text, **kw)

    monkeypatch.setattr(engine_module, "parse_document", counting)
    cfg, problems = Config().with_overrides({"templater": "jinja", "model": {"enabled": False}})
    assert not problems
    engine = Engine(cfg)
    assert engine.needs_model  # the model rules are on: the batch is prepared ahead of the check
    scored = []
    monkeypatch.setattr(engine, "prefetch_scores", lambda stmts: scored.append(list(stmts)))
    files = {"a.sql": "-- intent: every order\nselect * from {{ 'orders' }};\n",
             "b.sql": "-- intent: how many orders?\nselect count(*) from orders;\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    reports = check_batch([str(tmp_path / n) for n in files], engine)
    assert [r.statements for r in reports] == [1, 1]
    assert len(calls) == 2  # one split per file, reused by the check
    batch = scored[0]  # the batch's statements, scored before any file is checked (then each file's own call)
    assert [s.text for s in batch] == ["select * from orders", "select count(*) from orders"]
    assert [s.intent for s in batch] == ["every order", "how many orders?"]
