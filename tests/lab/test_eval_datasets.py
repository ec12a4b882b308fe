"""Loading evaluation files, finding databases and reading tables.json schemas."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sqlintent_lab.evaluation.datasets import (DatasetFormatError, load_examples, load_tables, resolve_db)

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("SQLINTENT_SHARED", ROOT.parent / "shared"))
needs_shared = pytest.mark.skipif(not (SHARED / "data").is_dir(),
                                  reason="shared data (../shared or $SQLINTENT_SHARED) is absent")


def _write(tmp_path: Path, lines: list[str]) -> Path:
    p = tmp_path / "data.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_candidate_lines_keep_rank_order(tmp_path):
    p = _write(tmp_path, [json.dumps({"id": "q1", "db_id": "d", "question": "how many?", "gold": "SELECT 1",
                                      "candidates": ["SELECT 3", "SELECT 1", "SELECT 2"]})])
    [ex] = list(load_examples(p))
    assert ex.id == "q1" and ex.db_id == "d" and ex.gold == "SELECT 1"
    assert ex.candidates == ("SELECT 3", "SELECT 1", "SELECT 2")
    assert ex.labels is None


def test_labelled_lines_with_evidence_and_defaults(tmp_path):
    p = _write(tmp_path, [
        json.dumps({"sql": "SELECT a FROM t", "label": 1, "question": "q", "evidence": "a means x"}),
        "",
        json.dumps({"id": "z", "db_id": "d", "sql": "SELECT b FROM t", "label": 0}),
    ])
    a, b = list(load_examples(p))
    assert a.candidates == ("SELECT a FROM t",) and a.labels == (1,)
    assert a.intent == "q a means x" and a.id == "line-1" and a.db_id is None
    assert b.labels == (0,) and b.id == "z" and b.line == 3 and b.intent == ""


@pytest.mark.parametrize("line, words", [
    ("{not json", "not valid JSON"),
    (json.dumps({"db_id": "d", "question": "q", "candidates": ["SELECT 1"]}), "'gold'"),
    (json.dumps({"db_id": "d", "gold": "SELECT 1", "candidates": "SELECT 1"}), "list of SQL"),
    (json.dumps({"sql": "SELECT 1", "label": 2}), "'label' 1"),
    (json.dumps({"sql": "SELECT 1"}), "'label' 1"),
    (json.dumps({"question": "q"}), "either 'gold' and 'candidates' or 'sql' and 'label'"),
    ("[1, 2]", "expected a JSON object"),
])
def test_malformed_line_names_its_number(tmp_path, line, words):
    good = json.dumps({"sql": "SELECT 1", "label": 1})
    p = _write(tmp_path, [good, good, line])
    with pytest.raises(DatasetFormatError) as err:
        list(load_examples(p))
    assert f"{p}:3:" in str(err.value)
    assert words in str(err.value)


def test_resolve_db_both_layouts(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "a.sqlite").write_bytes(b"")
    (tmp_path / "b.sqlite").write_bytes(b"")
    assert resolve_db(tmp_path, "a") == tmp_path / "a" / "a.sqlite"
    assert resolve_db(tmp_path, "b") == tmp_path / "b.sqlite"
    assert resolve_db(tmp_path, "c") is None
    assert resolve_db(None, "a") is None


def test_load_tables_small(tmp_path):
    p = tmp_path / "tables.json"
    p.write_text(json.dumps([{
        "db_id": "shop", "table_names_original": ["Item", "Sale"], "table_names": ["item", "sale"],
        "column_names_original": [[-1, "*"], [0, "ItemId"], [0, "Name"], [1, "SaleId"], [1, "ItemId"]],
        "column_names": [[-1, "*"], [0, "item id"], [0, "name"], [1, "sale id"], [1, "item id"]],
        "column_types": ["text", "number", "text", "number", "number"],
        "primary_keys": [1, [3, 4]], "foreign_keys": [[4, 1]]}]))
    s = load_tables(p)["shop"]
    assert s["tables"] == {"Item": ["ItemId", "Name"], "Sale": ["SaleId", "ItemId"]}
    assert s["column_types"]["Item"] == ["number", "text"]
    assert s["primary_keys"] == [("Item", "ItemId"), ("Sale", "SaleId"), ("Sale", "ItemId")]
    assert s["foreign_keys"] == [(("Sale", "ItemId"), ("Item", "ItemId"))]


@needs_shared
def test_shared_eval_file_and_spider_layout():
    exs = list(load_examples(SHARED / "data" / "eval" / "spider_dev.smbop.beam.jsonl"))
    assert len(exs) == 1034
    assert all(ex.gold and ex.candidates for ex in exs[:50])
    db = SHARED / "data" / "spider" / "database"
    assert resolve_db(db, "concert_singer") == db / "concert_singer" / "concert_singer.sqlite"
    assert resolve_db(db, "wta_1") is None  # documented as missing
    tables = load_tables(SHARED / "data" / "spider" / "tables.json")
    assert len(tables) == 166
    assert "Name" in tables["concert_singer"]["tables"]["singer"]


@needs_shared
def test_shared_labelled_file():
    exs = []
    for ex in load_examples(SHARED / "data" / "train_real" / "bird_llm_runs.jsonl"):
        exs.append(ex)
        if len(exs) == 200:
            break
    assert all(ex.labels in ((0,), (1,)) and len(ex.candidates) == 1 for ex in exs)
    assert any(ex.evidence for ex in exs)
