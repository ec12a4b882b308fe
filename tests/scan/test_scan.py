"""`sqlintent scan` in-process: input formats, output rows, resume, crashes as SIX003, the model's score."""
from __future__ import annotations

import json
import os

import pytest

from scan_support import assert_same_rows, by_id, no_model_config, write_log
from sqlintent.scan import ScanOptions, read_output, scan


def _scan(tmp_path, src, out, db_dir, **kw):
    opts = ScanOptions(str(src), str(out), db_dir=str(db_dir), progress=False, **kw)
    return scan(kw.pop("config", None) or no_model_config(), opts)


def test_cli_scan_writes_one_row_per_statement_with_findings_at_their_place(tmp_path, shop_db, cli):
    log = tmp_path / "log.jsonl"
    rows = write_log(log, 120, extra=[
        {"id": "typo", "sql": "SELECT nmae FROM customers", "intent": "customer names", "db": "shop"},
        {"id": "clean", "sql": "SELECT name FROM customers", "intent": "customer names", "db": "shop"},
        {"id": "nodb", "sql": "SELECT name FROM customers", "intent": "customer names", "db": "../etc/passwd"},
    ])
    out = tmp_path / "out.jsonl"
    proc = cli("scan", str(log), "--out", str(out), "--db-dir", str(shop_db.parent), "--no-model", "-j", "1")
    assert proc.returncode == 0, proc.stderr
    assert f"scanned {len(rows)} rows" in proc.stderr
    assert "failures: none" in proc.stderr
    got = by_id(read_output(str(out)))
    assert set(got) == {r["id"] for r in rows}
    typo = got["typo"]
    (f,) = [f for f in typo["findings"] if f["code"] == "SIS003"]
    assert "SELECT nmae FROM customers"[f["start"]:f["end"]] == "nmae" and "did you mean 'name'" in f["message"]
    assert typo["max_severity"] == "error" and typo["score"] is None and typo["verdict"] is None
    assert got["clean"]["findings"] == [] and got["clean"]["max_severity"] is None
    # a database name from the input is never a path: the row is checked without a database
    assert "no database or schema named '../etc/passwd'" in proc.stderr
    assert not any(f["code"] == "SIS003" for f in got["nodb"]["findings"])
    # the summary counts what the rows hold
    counted = sum(len(r["findings"]) for r in got.values())
    assert f"findings: {counted:,} (" in proc.stderr


def test_csv_and_parquet_inputs_and_parquet_output_give_the_same_rows(tmp_path, shop_db):
    log = tmp_path / "log.jsonl"
    rows = write_log(log, 60)
    ref = by_id(read_output(str(_out(tmp_path, "ref.jsonl", log, shop_db))))
    csv_path = tmp_path / "log.csv"
    import csv

    with open(csv_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    assert_same_rows(by_id(read_output(str(_out(tmp_path, "csv.jsonl", csv_path, shop_db)))), ref)
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "log.parquet")
    out = _out(tmp_path, "out.parquet", tmp_path / "log.parquet", shop_db)
    assert os.path.isdir(out)
    assert_same_rows(by_id(read_output(str(out))), ref)


def _out(tmp_path, name, src, shop_db, **kw):
    out = tmp_path / name
    _scan(tmp_path, src, out, shop_db.parent, jobs=1, **kw)
    return out


def test_resume_skips_rows_already_written_and_drops_a_cut_line(tmp_path, shop_db):
    log = tmp_path / "log.jsonl"
    write_log(log, 200)
    ref = by_id(read_output(str(_out(tmp_path, "ref.jsonl", log, shop_db))))
    out = tmp_path / "out.jsonl"
    first = _scan(tmp_path, log, out, shop_db.parent, jobs=1, limit=90)
    assert first.rows == 90
    with open(out, "a", encoding="utf-8") as fh:  # a run killed in the middle of a line
        fh.write('{"id": "q000090", "group": "g0')
    second = _scan(tmp_path, log, out, shop_db.parent, jobs=2)
    assert (second.skipped, second.rows) == (90, 110)
    assert_same_rows(by_id(read_output(str(out))), ref)


def test_a_crash_becomes_a_six002_row_and_the_scan_goes_on(tmp_path, shop_db, monkeypatch):
    import sqlintent.engine.core as core  # where the engine splits a row's SQL (check_text's path)

    real = core.parse_document

    def boom(text, **kw):
        if "BOOM" in text:
            raise RecursionError("maximum recursion depth exceeded")
        return real(text, **kw)

    monkeypatch.setattr(core, "parse_document", boom)
    log = tmp_path / "log.jsonl"
    write_log(log, 30, extra=[{"id": "bad", "sql": "SELECT 1 AS BOOM", "intent": "one"}])
    with open(log, "a", encoding="utf-8") as fh:
        fh.write("{not json\n")
    summary = _scan(tmp_path, log, tmp_path / "out.jsonl", shop_db.parent, jobs=1)
    got = by_id(read_output(str(tmp_path / "out.jsonl")))
    assert len(got) == 32 and summary.failures == 2
    assert got["bad"]["codes"] == ["SIX003"] and "RecursionError" in got["bad"]["error"]
    assert got["31"]["codes"] == ["SIX003"] and "not JSON" in got["31"]["error"]
    assert all(r["error"] is None for k, r in got.items() if k not in ("bad", "31"))


def test_a_row_that_kills_its_worker_process_is_written_as_six002(tmp_path, shop_db, monkeypatch):
    from sqlintent.scan import checker

    real = checker.RowChecker._check_row

    def die(self, row, *parsed):
        if "KILLME" in row["sql"]:
            os._exit(9)  # what a crash in native code looks like from outside
        return real(self, row, *parsed)

    monkeypatch.setattr(checker.RowChecker, "_check_row", die)  # the forked workers inherit it
    log = tmp_path / "log.jsonl"
    rows = write_log(log, 150, extra=[{"id": "killer", "sql": "SELECT 'KILLME'", "intent": "x"}])
    summary = _scan(tmp_path, log, tmp_path / "out.jsonl", shop_db.parent, jobs=2, batch_rows=16, max_retries=1)
    got = by_id(read_output(str(tmp_path / "out.jsonl")))
    assert set(got) == {r["id"] for r in rows}
    assert got["killer"]["codes"] == ["SIX003"]
    assert "worker process died while checking this row, 2 times out of 2" in got["killer"]["error"]
    assert summary.failures == 1


def test_bad_column_is_a_usage_error(tmp_path, cli):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"query_text": "SELECT 1"}) + "\n")
    proc = cli("scan", str(log), "--out", str(tmp_path / "o.jsonl"), "--no-model")
    assert proc.returncode == 2 and "no SQL column" in proc.stderr and "query_text" in proc.stderr
    proc = cli("scan", str(log), "--out", str(tmp_path / "o.jsonl"), "--sql-column", "query_text",
               "--intent-column", "nope", "--no-model")
    assert proc.returncode == 2 and "no column 'nope'" in proc.stderr


def test_model_scores_every_row_with_an_intent_as_the_detector_does(tmp_path, shop_db):
    from sqlintent.config import Config
    from sqlintent.detector.runtime import Detector
    from sqlintent.document import parse_document

    log = tmp_path / "log.jsonl"
    rows = write_log(log, 8, extra=[{"id": "nointent", "sql": "SELECT name FROM customers", "db": "shop"}])
    config = Config()
    config.ignore = ["SIV001"]  # SIM001 alone: beside the verdict it is folded into SIV001 (issue 39)
    summary = scan(config, ScanOptions(str(log), str(tmp_path / "out.jsonl"), db_dir=str(shop_db.parent),
                                       jobs=1, progress=False))
    assert summary.rows == len(rows)
    got = by_id(read_output(str(tmp_path / "out.jsonl")))
    assert got["nointent"]["score"] is None
    from sqlintent.db import connect

    cols = {t.name: [c.name for c in t.columns] for t in connect(str(shop_db)).schema().tables.values()}
    det = Detector.load()
    for r in rows[:8]:
        (stmt,) = parse_document(r["sql"]).statements  # the statement (a leading comment is not part of it)
        (want,) = det.score([(r["intent"], stmt.text)], "sqlite", cols)
        row = got[r["id"]]
        assert row["score"] == pytest.approx(want.score, abs=1e-5)
        assert ("SIM001" in row["codes"]) == (want.score < config.model.threshold)


def test_ray_actors_share_the_cluster_gpus_and_use_cuda_only_then():
    from sqlintent.config import Config
    from sqlintent.scan.on_ray import plan

    class Cluster:  # what ray.cluster_resources() answers on a cluster of 16 CPUs and 2 GPUs
        def __init__(self, res):
            self.res = res

        def cluster_resources(self):
            return self.res

    n, gpus, cfg = plan(Cluster({"CPU": 16.0, "GPU": 2.0}), Config(), 0, None)
    assert (n, gpus, cfg.model.provider) == (16, 0.125, "cuda")
    off, _ = Config().with_overrides({"model": {"enabled": False}})
    n, gpus, cfg = plan(Cluster({"CPU": 16.0, "GPU": 2.0}), off, 0, None)
    assert (n, gpus, cfg.model.provider) == (16, 0.0, "cpu")
    n, gpus, cfg = plan(Cluster({"CPU": 4.0}), Config(), 2, None)
    assert (n, gpus, cfg.model.provider) == (2, 0.0, "cpu")


def test_the_verdict_column_holds_the_engines_verdict_when_there_is_one(tmp_path, shop_db):
    from sqlintent.config import Config
    from sqlintent.document import parse_document
    from sqlintent.engine import Engine

    if not hasattr(Engine, "verdict"):
        pytest.skip("this version has no verdict (sqlintent/verdict/)")
    log = tmp_path / "log.jsonl"
    rows = write_log(log, 6)
    config, _ = Config().with_overrides({"database": str(shop_db)})
    scan(config, ScanOptions(str(log), str(tmp_path / "out.jsonl"), jobs=1, progress=False))
    got = by_id(read_output(str(tmp_path / "out.jsonl")))
    engine = Engine(config)
    for r in rows:
        (stmt,) = parse_document(r["sql"]).statements
        stmt.intent = r["intent"]
        v = engine.verdict(stmt)
        want = None if v is None or v.probability is None else v.probability
        assert got[r["id"]]["verdict"] == (None if want is None else pytest.approx(want, abs=1e-5))
    assert any(got[r["id"]]["verdict"] is not None for r in rows), "no row has a verdict"


class _FakeCluster:  # what ray.cluster_resources() answers
    def __init__(self, res):
        self.res = res

    def cluster_resources(self):
        return self.res


@pytest.mark.parametrize("gpus", [1.0, 0.0])
def test_a_gpu_actor_starts_its_detector_on_the_cuda_provider_a_cpu_actor_does_not(gpus, tmp_path, shop_db,
                                                                                    monkeypatch):
    """No GPU here: onnxruntime is made to list CUDAExecutionProvider and its sessions record the providers
    they were asked for (the model then runs on the CPU provider underneath). This checks the choice the
    actor makes, from the cluster's resources to the session's providers, not that a GPU runs the model."""
    ort = pytest.importorskip("onnxruntime")
    pa = pytest.importorskip("pyarrow")
    from sqlintent.config import Config
    from sqlintent.scan.on_ray import SEQ, ScanActor, plan

    asked: list[list[str]] = []
    real_session = ort.InferenceSession

    class RecordingSession:
        def __init__(self, path, sess_options=None, providers=None):
            asked.append(list(providers))
            self._providers = list(providers)
            self._real = real_session(path, sess_options=sess_options, providers=["CPUExecutionProvider"])

        def get_providers(self):
            return self._providers

        def __getattr__(self, name):
            return getattr(self._real, name)

    monkeypatch.setattr(ort, "get_available_providers", lambda: ["CUDAExecutionProvider", "CPUExecutionProvider"])
    monkeypatch.setattr(ort, "InferenceSession", RecordingSession)
    n, per_actor, actor_config = plan(_FakeCluster({"CPU": 4.0, "GPU": gpus}), Config(), 0, None)
    assert (n, per_actor) == (4, gpus / 4)
    actor = ScanActor(actor_config, db_dir=str(shop_db.parent))
    rows = write_log(tmp_path / "log.jsonl", 6)
    batch = pa.Table.from_pylist(rows).append_column(SEQ, pa.array(range(len(rows)), pa.int64()))
    got = actor(batch).to_pylist()
    assert [r["id"] for r in got] == [r["id"] for r in rows]
    assert [r[SEQ] for r in got] == list(range(len(rows)))
    assert all(r["score"] is not None for r in got)  # the detector ran for every row
    want = ["CUDAExecutionProvider", "CPUExecutionProvider"] if gpus else ["CPUExecutionProvider"]
    assert asked == [want]  # one session per actor, on the provider its resources call for
    assert actor.checker.detector.provider == want[0]
