"""Structural rewrites for training data, their execution labels, per-kind balancing and the database split."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from sqlintent.db import open_sqlite_readonly
from sqlintent_lab.evaluation.execution import ExecutionLabeller
from sqlintent_lab.model_export.dataset import BuildConfig, Record, _balance, assign_splits
from sqlintent.detector.normalise import normalise_sql
from sqlintent_lab.model_export.synth import SchemaInfo, ValueProbe, rewrites

TABLES = {
    "tables": {"person": ["id", "name", "age", "city", "birth_city"], "pet": ["pet_id", "owner_id", "kind", "weight"],
               "vet": ["vet_id", "pet_id", "visit_year"]},
    "column_types": {"person": ["number", "text", "number", "text", "text"],
                     "pet": ["number", "number", "text", "number"], "vet": ["number", "number", "number"]},
    "primary_keys": [("person", "id"), ("pet", "pet_id"), ("vet", "vet_id")],
    "foreign_keys": [(("pet", "owner_id"), ("person", "id")), (("vet", "pet_id"), ("pet", "pet_id"))],
}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("synth") / "zoo.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, city TEXT, birth_city TEXT);
        CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES person(id), kind TEXT, weight REAL);
        CREATE TABLE vet (vet_id INTEGER PRIMARY KEY, pet_id INTEGER REFERENCES pet(pet_id), visit_year INTEGER);
        INSERT INTO person VALUES (1, 'ann', 60, 'Paris', 'Lyon'), (2, 'bob', 60, 'Rome', 'Paris'),
                                  (3, 'cid', 30, 'Paris', 'Paris'), (4, 'dan', 20, 'Oslo', 'Oslo');
        INSERT INTO pet VALUES (10, 1, 'dog', 10), (11, 1, 'cat', 4), (12, 3, 'dog', 12), (13, 4, 'fish', 1);
        INSERT INTO vet VALUES (100, 10, 2020), (101, 10, 2021), (102, 12, 2021);
    """)
    conn.commit()
    conn.close()
    return path


@pytest.fixture(scope="module")
def schema() -> SchemaInfo:
    return SchemaInfo.from_tables_entry(TABLES)


def _rewrite(db, schema, gold, question="q", seed=0):
    norm = normalise_sql(gold, schema.plain())
    conn = open_sqlite_readonly(db)
    out = rewrites(norm, question, schema, ValueProbe(conn), random.Random(seed))
    lab = ExecutionLabeller()
    labelled = [(kind, sql, lab.label_on(db, gold, sql).label) for kind, sql in out]
    lab.close()
    conn.close()
    return norm, labelled


def _by_kind(labelled):
    out = {}
    for kind, sql, label in labelled:
        out.setdefault(kind, []).append((sql, label))
    return out


def test_gold_is_never_among_its_rewrites(db, schema):
    for gold in ("SELECT name FROM person WHERE city = 'Paris'", "SELECT count(*) FROM pet",
                 "SELECT T1.name FROM person AS T1 JOIN pet AS T2 ON T1.id = T2.owner_id WHERE T2.kind = 'dog'"):
        norm, labelled = _rewrite(db, schema, gold)
        assert labelled and norm not in {sql for _, sql, _ in labelled}
        assert len({sql for _, sql, _ in labelled}) == len(labelled)


def test_superlative_rewrite_is_labelled_by_the_data(db, schema):
    # two people share the highest age: the MAX subquery returns both, the gold one -> wrong
    _, labelled = _rewrite(db, schema, "SELECT name FROM person ORDER BY age DESC LIMIT 1")
    [(sql, label)] = _by_kind(labelled)["superl.limit_to_minmax"]
    assert sql == "SELECT person.name FROM person WHERE person.age = (SELECT MAX(person.age) FROM person)"
    assert label == 0
    # the lowest age is unique -> the same rewrite is right
    _, labelled = _rewrite(db, schema, "SELECT name FROM person ORDER BY age ASC LIMIT 1")
    [(sql, label)] = _by_kind(labelled)["superl.limit_to_minmax"]
    assert "MIN(person.age)" in sql and label == 1


def test_join_rewrites_follow_foreign_keys(db, schema):
    _, labelled = _rewrite(db, schema, "SELECT T2.kind FROM person AS T1 JOIN pet AS T2 ON T1.id = T2.owner_id "
                                       "WHERE T1.city = 'Paris'")
    kinds = _by_kind(labelled)
    [(child, label)] = kinds["join.extra_child"]
    assert "JOIN vet ON pet.pet_id = vet.pet_id" in child
    assert label == 0  # pet 10 has two visits: a duplicated row
    [(to_in, label)] = kinds["subq.join_to_in"]
    assert to_in == ("SELECT pet.kind FROM pet WHERE pet.owner_id IN "
                     "(SELECT person.id FROM person WHERE person.city = 'Paris')")
    assert label == 1


def test_value_rewrites_are_grounded_in_question_and_data(db, schema):
    _, labelled = _rewrite(db, schema, "SELECT name FROM person WHERE city = 'Paris'",
                           question="Who lives in paris?")
    kinds = _by_kind(labelled)
    # the sibling column that also holds 'Paris'
    [(sib, label)] = kinds["filter.sibling_column"]
    assert sib == "SELECT person.name FROM person WHERE person.birth_city = 'Paris'" and label == 0
    forms = kinds.get("value.question_form", []) + kinds.get("value.question_form_like", [])
    [(form, label)] = forms
    assert "'paris'" in form or "'%paris%'" in form
    # SQLite's = is case-sensitive, LIKE is not
    assert label == (1 if "LIKE" in form else 0)


def test_group_by_name_instead_of_id(db, schema):
    _, labelled = _rewrite(db, schema, "SELECT T1.name, count(*) FROM person AS T1 JOIN pet AS T2 "
                                       "ON T1.id = T2.owner_id GROUP BY T1.id")
    [(sql, label)] = _by_kind(labelled)["group.id_to_name"]
    assert sql.endswith("GROUP BY person.name") and label == 1  # names are unique here


def test_and_to_intersect(db, schema):
    _, labelled = _rewrite(db, schema, "SELECT name FROM person WHERE city = 'Paris' AND age > 50")
    [(sql, label)] = _by_kind(labelled)["setop.and_to_intersect"]
    assert " INTERSECT " in sql and label == 1


def _rec(i, kind, label, db="d"):
    return Record(f"r{i}", db, f"q{i}", f"SELECT {i}", label, "spider_synth", kind)


def test_balance_caps_each_family_and_drops_one_label_families():
    recs = [_rec(i, "join.extra_parent", 1) for i in range(90)] + \
           [_rec(100 + i, "join.extra_child", 0) for i in range(10)] + \
           [_rec(200 + i, "select.add_column", 0) for i in range(50)] + \
           [_rec(300 + i, "gold", 1) for i in range(5)]
    cfg = BuildConfig(shared=Path("."), out_dir=Path("."), max_kind_share=0.6, min_kind_count=5)
    stats: dict = {}
    out = _balance(recs, cfg, stats, {})
    join = [r for r in out if r.kind.startswith("join.")]
    assert len([r for r in join if r.label == 0]) == 10
    assert 0.4 <= sum(r.label for r in join) / len(join) <= 0.6
    assert not [r for r in out if r.kind == "select.add_column"]
    assert stats["per_family"]["select"]["note"].startswith("dropped")
    assert stats["per_kind"]["join.extra_parent"]["raw_share_correct"] == 1.0
    assert len([r for r in out if r.kind == "gold"]) == 5
    assert out == _balance(recs, cfg, {}, {})  # deterministic


def test_split_is_by_database_and_deterministic():
    recs = [Record(f"r{i}", f"db{i % 30}", "q", "s", i % 2, "spider_synth", "gold") for i in range(300)] + \
           [Record(f"b{i}", f"bird{i % 7}", "q", "s", i % 2, "bird_real", "real") for i in range(70)]
    val = assign_splits(recs, seed=3, val_share=0.1)
    assert len(val["spider"]) == 3 and len(val["bird"]) == 1
    splits_of: dict[str, set[str]] = {}
    for r in recs:
        splits_of.setdefault(r.db_id, set()).add(r.split)
    assert all(len(s) == 1 for s in splits_of.values())
    assert assign_splits(recs, seed=3, val_share=0.1) == val
    assert assign_splits(recs, seed=4, val_share=0.1) != val
