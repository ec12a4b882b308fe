"""Data v3: mistakes people and LLMs make, as rewrites of a gold query, labelled by execution against it."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from sqlintent.db import open_sqlite_readonly
from sqlintent.detector.normalise import normalise_sql
from sqlintent_lab.evaluation.execution import ExecutionLabeller
from sqlintent_lab.model_export.synth import MISTAKE_REWRITERS, SchemaInfo, ValueProbe, rewrites

TABLES = {
    "tables": {"person": ["id", "name", "age", "city"], "pet": ["pet_id", "owner_id", "kind", "weight"]},
    "column_types": {"person": ["number", "text", "number", "text"], "pet": ["number", "number", "text", "number"]},
    "primary_keys": [("person", "id"), ("pet", "pet_id")],
    "foreign_keys": [(("pet", "owner_id"), ("person", "id"))],
}
SCHEMA = SchemaInfo.from_tables_entry(TABLES)


def _db(path: Path, stray_pet_owner: str) -> Path:
    conn = sqlite3.connect(path)
    conn.executescript(f"""
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, city TEXT);
        CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES person(id), kind TEXT, weight REAL);
        INSERT INTO person VALUES (1, 'ann', 60, 'Paris'), (2, 'bob', 30, 'Rome'), (3, 'cid', 30, 'Paris'),
                                  (4, 'dan', 20, 'Oslo');
        INSERT INTO pet VALUES (10, 1, 'dog', 10), (11, 1, 'cat', 4), (12, 3, 'dog', 12),
                               (13, {stray_pet_owner}, 'fish', 1);
    """)
    conn.commit()
    conn.close()
    return path


def _mistakes(db: Path, gold: str, seed: int = 0) -> dict[str, list[tuple[str, int | None]]]:
    norm = normalise_sql(gold, SCHEMA.plain())
    conn = open_sqlite_readonly(db)
    out = rewrites(norm, "q", SCHEMA, ValueProbe(conn), random.Random(seed), MISTAKE_REWRITERS)
    with ExecutionLabeller() as lab:
        labelled: dict[str, list[tuple[str, int | None]]] = {}
        for kind, sql in out:
            labelled.setdefault(kind, []).append((sql, lab.label_on(db, gold, sql).label))
    conn.close()
    return labelled


def test_not_in_against_not_exists_is_a_mistake_only_where_the_column_holds_null(tmp_path):
    gold = "SELECT name FROM person WHERE id NOT IN (SELECT owner_id FROM pet)"
    clean = _mistakes(_db(tmp_path / "clean.sqlite", "4"), gold)["mistake.not_in_null"]
    nulls = _mistakes(_db(tmp_path / "nulls.sqlite", "NULL"), gold)["mistake.not_in_null"]
    assert [label for _, label in clean] == [1]  # same rows as the gold: correct, not a mistake
    assert [label for _, label in nulls] == [0]  # NOT IN over a NULL is empty, NOT EXISTS is not
    assert "NOT EXISTS" in nulls[0][0].upper()


def test_a_join_count_question_yields_the_join_count_and_bound_mistakes_with_both_labels(tmp_path):
    db = _db(tmp_path / "zoo.sqlite", "4")
    got = _mistakes(db, "SELECT person.name, COUNT(*) FROM person JOIN pet ON pet.owner_id = person.id "
                        "WHERE person.age > 25 GROUP BY person.id")
    for kind in ("mistake.join_key", "mistake.join_no_condition", "mistake.bound", "mistake.count_distinct",
                 "mistake.outer_join_count", "mistake.group_by"):
        assert kind in got, kind
    assert all(label == 0 for _, label in got["mistake.join_no_condition"])  # a cross product counts more
    # >= 25 instead of > 25 keeps the same rows on this data: labelled correct
    assert [label for _, label in got["mistake.bound"]] == [1]
    labels = {label for pairs in got.values() for _, label in pairs}
    assert labels == {0, 1}


def test_superlative_and_value_mistakes(tmp_path):
    db = _db(tmp_path / "zoo.sqlite", "4")
    got = _mistakes(db, "SELECT person.name FROM person ORDER BY person.age DESC LIMIT 1")
    assert [label for _, label in got["mistake.superlative_no_limit"]] == [0]
    assert [label for _, label in got["mistake.sort_direction"]] == [0]
    assert [label for _, label in got["mistake.limit_no_order"]] == [1]  # ann is also the first row stored
    got = _mistakes(db, "SELECT person.name FROM person WHERE person.city = 'Paris'")
    (sql, label), = got["mistake.value_case"]
    assert "'Paris'" not in sql and label == 0
