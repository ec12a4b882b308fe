"""What a real query log throws at `sqlintent scan`: lines that leave out keys, a CSV field over the limit, a
byte that is not UTF-8, Excel's byte-order mark, duplicate ids, and output paths that cannot be one. Nothing
is lost silently: a bad row is an error row and the rows after it are checked."""
from __future__ import annotations

import json

import pytest

from scan_support import no_model_config
from sqlintent.scan import ScanOptions, TableError, read_output, scan


def _rows(tmp_path, src, name="out.jsonl", **kw):
    out = tmp_path / name
    scan(no_model_config(), ScanOptions(str(src), str(out), progress=False, jobs=1, **kw))
    return {r["id"]: r for r in read_output(str(out))} if out.exists() else {}


def test_columns_come_from_every_early_line_not_the_first_alone(tmp_path):
    src = tmp_path / "log.jsonl"  # Spark leaves out null fields: line 1 has neither id nor intent
    src.write_text('{"sql": "SELECT 1"}\n{"id": "k1", "sql": "SELECT 2", "intent": "two"}\n')
    got = _rows(tmp_path, src)
    assert set(got) == {"0", "k1"}


def test_a_csv_field_over_the_limit_is_one_error_row_and_the_rest_is_read(tmp_path):
    src = tmp_path / "log.csv"
    src.write_text("id,sql\nc1,SELECT 1\nc2," + "x" * (17 * 1024 * 1024) + "\nc3,SELECT 3\nc4,SELECT 4\n")
    got = _rows(tmp_path, src)
    assert {"c1", "c3", "c4"} <= set(got)
    (bad,) = [r for r in got.values() if r["id"] not in ("c1", "c3", "c4")]
    assert "field larger than field limit" in json.dumps(bad)


def test_bytes_that_are_not_utf8_make_error_rows_and_a_bom_is_no_part_of_a_name(tmp_path):
    src = tmp_path / "log.jsonl"
    src.write_bytes('\ufeff{"id": "a", "sql": "SELECT 1"}\n'.encode() + b'{"id": "b", "sql": "SELECT \xff"}\n'
                    + b'{"id": "c", "sql": "SELECT 3"}\n')
    got = _rows(tmp_path, src)
    assert {"a", "c"} <= set(got) and "not valid UTF-8" in json.dumps(got)
    csv_src = tmp_path / "log.csv"
    csv_src.write_bytes("\ufeffid,sql\nq1,SELECT 1\n".encode() + b"q2,SELECT \xe9\nq3,SELECT 3\n")
    got = _rows(tmp_path, csv_src, "csv.jsonl")
    assert {"q1", "q3"} <= set(got)  # the ids of Excel's "CSV UTF-8", not row numbers
    assert "not valid UTF-8" in json.dumps(got)


def test_a_duplicate_id_is_reported_not_lost_on_resume(tmp_path):
    src = tmp_path / "log.jsonl"
    src.write_text("".join(json.dumps({"id": i, "sql": f"SELECT {n}"}) + "\n"
                           for n, i in enumerate(["d1", "d2", "d1", "d3"])))
    out = tmp_path / "out.jsonl"
    scan(no_model_config(), ScanOptions(str(src), str(out), progress=False, jobs=1, limit=2))
    scan(no_model_config(), ScanOptions(str(src), str(out), progress=False, jobs=1))
    rows = read_output(str(out))
    assert [r["id"] for r in rows] == ["d1", "d2", "d1#2", "d3"]
    assert "duplicate id 'd1' (first at input row 0)" in json.dumps(rows[2])
    scan(no_model_config(), ScanOptions(str(src), str(out), progress=False, jobs=1))  # nothing left to do
    assert len(read_output(str(out))) == 4


def test_outputs_that_cannot_be_one_are_refused_before_anything_is_written(tmp_path):
    src = tmp_path / "log.jsonl"
    src.write_text('{"id": "a", "sql": "SELECT 1"}\n')
    with pytest.raises(TableError, match="is the input"):
        _rows(tmp_path, src, "log.jsonl")
    assert src.read_text() == '{"id": "a", "sql": "SELECT 1"}\n'
    (tmp_path / "notes.jsonl").write_text("not json\n")
    with pytest.raises(TableError, match="is not a scan output"):
        _rows(tmp_path, src, "notes.jsonl")
    assert (tmp_path / "notes.jsonl").read_text() == "not json\n"
    with pytest.raises(TableError, match="CSV output is not written"):
        _rows(tmp_path, src, "out.csv")
    (tmp_path / "folder").mkdir()
    with pytest.raises(TableError, match="is a folder"):
        _rows(tmp_path, src, "folder")
