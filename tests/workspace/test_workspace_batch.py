"""A plain `sqlintent check` picks its worker processes itself (one per idle core, when the files fill them);
`--jobs 1` keeps it in one process; the findings are the same either way."""
from __future__ import annotations

import json

import pytest

from sqlintent.workspace import batch

QUERY = "-- intent: names of customers\nSELECT nmae FROM customers;\n"


@pytest.mark.parametrize("cores,busy,files,expected", [
    (8, 0, 1000, 8),   # an idle machine: one worker per core
    (8, 5, 1000, 3),   # five cores busy: the three idle ones
    (8, 7, 1000, 1),   # one idle core: no workers
    (8, 0, 100, 3),    # 32 files per worker at least
    (8, 0, 63, 1),     # not enough files for two workers
    (2, 0, 64, 2),
    (2, 1, 64, 1),
])
def test_auto_jobs_uses_idle_cores_when_the_files_fill_them(monkeypatch, cores, busy, files, expected):
    monkeypatch.setattr("sqlintent.threads.cpu_count", lambda: cores)
    monkeypatch.setattr(batch, "busy_cores", lambda: busy)
    assert batch.auto_jobs(files) == expected


@pytest.mark.parametrize("loadavg,busy", [
    ("0.90 0.50 0.20 1/300 99", 0),    # used now and then
    ("5.70 5.00 4.00 7/300 99", 5),    # five busy, and six running now besides this process
    ("11.2 9.00 8.00 1/300 99", 0),    # the load average lags: nothing else runs now
    ("1.50 1.00 1.00 9/300 99", 1),
])
def test_busy_cores_is_the_load_average_capped_by_what_runs_now(loadavg, busy):
    assert batch.busy_from(loadavg) == busy


def _run_check(capsys, *argv):
    from sqlintent.cli import main

    code = main(["check", *argv])
    out = capsys.readouterr().out
    return code, out


def test_plain_check_runs_in_workers_and_jobs_1_does_not(tmp_path, shop_db, monkeypatch, capsys):
    for i in range(2 * batch.MIN_FILES_PER_WORKER):
        (tmp_path / f"q{i:03}.sql").write_text(QUERY)
    monkeypatch.setattr(batch, "idle_cores", lambda: 2)
    calls = []
    real = batch.run_parallel

    def spy(tasks, jobs, *args, **kw):
        calls.append(jobs)
        return real(tasks, jobs, *args, **kw)

    monkeypatch.setattr(batch, "run_parallel", spy)
    common = [str(tmp_path), "--db", str(shop_db), "--no-model", "--no-cache", "--format", "json",
              "--no-daemon"]
    code, plain = _run_check(capsys, *common)
    assert code == 1 and calls == [2]
    code, single = _run_check(capsys, *common, "--jobs", "1")
    assert code == 1 and calls == [2]  # --jobs 1: no workers
    assert plain == single
    files = json.loads(plain)["files"]
    assert len(files) == 2 * batch.MIN_FILES_PER_WORKER
    assert all([f["code"] for f in fr["findings"]] == ["SIS003"] for fr in files)
