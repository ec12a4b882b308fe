"""``sqlintent-lab eval signals`` on a small hand-labelled file, and on real parser output when ../shared exists."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import build_shop

TINY_TABLES = [{
    "db_id": "tiny",
    "table_names_original": ["a", "b"], "table_names": ["a", "b"],
    "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [1, "id"], [1, "a_id"]],
    "column_names": [[-1, "*"], [0, "id"], [0, "name"], [1, "id"], [1, "a id"]],
    "column_types": ["text", "number", "text", "number", "number"],
    "primary_keys": [1, 3], "foreign_keys": [[4, 1]],
}]


def _write_inputs(tmp: Path) -> tuple[Path, Path, Path]:
    db_dir = tmp / "dbs"
    (db_dir / "shop").mkdir(parents=True)
    build_shop(db_dir / "shop" / "shop.sqlite")
    tables = tmp / "tables.json"
    tables.write_text(json.dumps(TINY_TABLES), encoding="utf-8")
    lines = [
        # wrong: the first candidate does not execute and is dropped; the second misspells the value
        {"id": "1", "db_id": "shop", "question": "names of customers in Boston",
         "gold": "SELECT name FROM customers WHERE city = 'Boston'",
         "candidates": ["SELECT nme FROM customers", "SELECT name FROM customers WHERE city = 'boston'"]},
        # right, no signal
        {"id": "2", "db_id": "shop", "question": "how many orders are there?",
         "gold": "SELECT count(*) FROM orders", "candidates": ["SELECT COUNT(*) FROM orders"]},
        # a ready label: right, but grouped without an aggregate (a false positive of SIG001)
        {"id": "3", "db_id": "shop", "question": "which cities do customers live in?",
         "sql": "SELECT city FROM customers GROUP BY city", "label": 1},
        # no database for it: skipped and counted
        {"id": "4", "db_id": "nowhere", "question": "q", "gold": "SELECT 1", "candidates": ["SELECT 1"]},
        # a ready label without a database: scored with the schema from tables.json only
        {"id": "5", "db_id": "tiny", "question": "names of a joined with b",
         "sql": "SELECT a.name FROM a JOIN b ON a.id = b.id", "label": 0},
    ]
    data = tmp / "data.jsonl"
    data.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return data, db_dir, tables


def test_eval_signals_counts_and_metrics(tmp_path, lab_cli):
    data, db_dir, tables = _write_inputs(tmp_path)
    out = tmp_path / "metrics.json"
    proc = lab_cli("eval", "signals", "--data", str(data), "--db-dir", str(db_dir), "--tables", str(tables),
               "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    m = json.loads(out.read_text())
    c = m["counts"]
    assert (c["examples"], c["scored"], c["wrong"], c["correct"]) == (5, 4, 2, 2)
    assert (c["skipped_missing_db"], c["schema_only"], c["first_candidate_dropped"]) == (1, 1, 1)
    s = m["signals"]
    assert (s["SIP001"]["fired"], s["SIP001"]["precision"], s["SIP001"]["recall"]) == (1, 1.0, 0.5)
    assert (s["SIR001"]["fired"], s["SIR001"]["precision"]) == (1, 1.0)
    assert (s["SIG001"]["fired"], s["SIG001"]["precision"], s["SIG001"]["recall"]) == (1, 0.0, 0.0)
    assert (s["SIJ001"]["fired"], s["SIJ001"]["precision"]) == (1, 1.0)
    assert s["SIQ002"]["fired"] == 0 and s["SIQ002"]["precision"] is None
    assert m["union"] == {"fired": 3, "true_positive": 2, "precision": 0.6667, "recall": 1.0}
    assert all(v["internal_errors"] == 0 for v in s.values())
    assert "SIP001" in proc.stdout and "(union)" in proc.stdout


def test_eval_signals_rejects_a_malformed_file(tmp_path, lab_cli):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "question": "no sql here"}\n', encoding="utf-8")
    proc = lab_cli("eval", "signals", "--data", str(bad), "--out", str(tmp_path / "m.json"))
    assert proc.returncode == 2
    assert "bad.jsonl:1" in proc.stderr


def test_eval_signals_on_real_parser_output(shared, tmp_path, lab_cli):
    data = shared / "data" / "eval" / "spider_dev.smbop.beam.jsonl"
    out = tmp_path / "m.json"
    proc = lab_cli("eval", "signals", "--data", str(data), "--db-dir", str(shared / "data" / "spider" / "database"),
               "--out", str(out), "--limit", "60", "--quiet")
    assert proc.returncode == 0, proc.stderr
    m = json.loads(out.read_text())
    c = m["counts"]
    assert c["examples"] == 60
    assert c["scored"] + c["skipped_missing_db"] + c["no_executable_candidate"] + c["gold_errors"] == 60
    assert c["wrong"] + c["correct"] == c["scored"] > 40
    for s in m["signals"].values():
        assert s["internal_errors"] == 0
        assert s["true_positive"] <= s["fired"]
    assert m["union"]["fired"] >= max(s["fired"] for s in m["signals"].values())
