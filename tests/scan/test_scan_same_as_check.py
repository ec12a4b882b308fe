"""`scan` checks a row as `check` checks a file (``Engine.check_text``): noqa comments, per-file-ignores and
messages are the same for a statement whether it comes from a table or from a .sql file."""
from __future__ import annotations

import json

from scan_support import by_id, write_log
from sqlintent.scan import read_output


def _scan_cli(cli, tmp_path, log, db_dir, *extra):
    out = tmp_path / f"{log.stem}.out.jsonl"
    proc = cli("scan", str(log), "--out", str(out), "--db-dir", str(db_dir), "--no-model", "-j", "1", *extra)
    assert proc.returncode == 0, proc.stderr
    return by_id(read_output(str(out)))


def test_a_noqa_comment_in_a_row_silences_its_code(tmp_path, shop_db, cli):
    log = tmp_path / "log.jsonl"
    rows = write_log(log, 200)
    first = _scan_cli(cli, tmp_path, log, shop_db.parent)
    hits = [r for r in rows if "SIP001" in first[r["id"]]["codes"]][:5]
    assert hits, "the generated log has rows with SIP001"
    quiet = tmp_path / "quiet.jsonl"
    quiet.write_text("".join(json.dumps(dict(r, sql=r["sql"].rstrip().rstrip(";") + " -- noqa: SIP001")) + "\n"
                             for r in hits))
    again = _scan_cli(cli, tmp_path, quiet, shop_db.parent)
    for r in hits:
        assert "SIP001" not in again[r["id"]]["codes"], again[r["id"]]
        assert set(again[r["id"]]["codes"]) == set(first[r["id"]]["codes"]) - {"SIP001"}


def test_per_file_ignores_apply_to_the_table_being_scanned(tmp_path, shop_db, cli):
    log = tmp_path / "log.jsonl"
    write_log(log, 0, extra=[{"id": "typo", "sql": "SELECT nmae FROM customers", "db": "shop"}])
    (tmp_path / "sqlintent.toml").write_text('[per-file-ignores]\n"log.jsonl" = ["SIS003"]\n')
    got = _scan_cli(cli, tmp_path, log, shop_db.parent)
    assert "SIS003" not in got["typo"]["codes"]
    (tmp_path / "sqlintent.toml").write_text('[per-file-ignores]\n"other.jsonl" = ["SIS003"]\n')
    log2 = tmp_path / "log2.jsonl"
    log2.write_text(log.read_text())
    assert "SIS003" in _scan_cli(cli, tmp_path, log2, shop_db.parent)["typo"]["codes"]


def test_scan_and_check_give_a_statement_the_same_findings(tmp_path, shop_db, cli):
    log = tmp_path / "log.jsonl"
    rows = [r for r in write_log(log, 120, seed=3) if r.get("intent") and ";" not in r["sql"].rstrip().rstrip(";")]
    scanned = _scan_cli(cli, tmp_path, log, shop_db.parent)
    files = tmp_path / "files"
    files.mkdir()
    header = {}
    for r in rows:
        head = f"-- intent: {r['intent']}\n"
        header[r["id"]] = len(head)
        (files / f"{r['id']}.sql").write_text(head + r["sql"], encoding="utf-8")
    proc = cli("check", str(files), "--db", str(shop_db), "--no-model", "--no-cache", "--format", "json",
               "--min-severity", "hint")
    assert proc.returncode in (0, 1), proc.stderr
    checked = {}
    for f in json.loads(proc.stdout)["files"]:
        rid = f["path"].rsplit("/", 1)[-1][:-4]
        checked[rid] = sorted((x["code"], x["message"], x["span"]["start"] - header[rid]) for x in f["findings"])
    assert checked.keys() == {r["id"] for r in rows}
    with_findings = 0
    for r in rows:
        got = sorted((x["code"], x["message"], x["start"]) for x in scanned[r["id"]]["findings"])
        assert got == checked[r["id"]], r
        with_findings += bool(got)
    assert with_findings >= 10
