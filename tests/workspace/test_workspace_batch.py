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


def _kill_worker_on(monkeypatch, marker: str) -> None:
    """Checking a text with ``marker`` kills the worker process checking it, as a crash in native code or the
    out-of-memory killer would (the forked workers inherit the patch); in this process it is an error."""
    import os

    from sqlintent.engine import Engine

    parent, real = os.getpid(), Engine.check_text

    def check_text(self, text, *args, **kw):
        if marker in text:
            if os.getpid() == parent:
                raise AssertionError("checked in the test's own process, not in a worker")
            os._exit(9)
        return real(self, text, *args, **kw)

    monkeypatch.setattr(Engine, "check_text", check_text)


def test_a_file_that_kills_its_worker_is_reported_and_the_others_are_checked(tmp_path, shop_db, monkeypatch,
                                                                              capsys):
    names = [f"q{i:03}.sql" for i in range(2 * batch.MIN_FILES_PER_WORKER + 1)]
    killer = names[40]
    for name in names:
        (tmp_path / name).write_text(QUERY if name != killer else QUERY + "-- KILLME\n")
    _kill_worker_on(monkeypatch, "KILLME")
    seen = []
    monkeypatch.setattr("sqlintent.commands.check._Progress.step", lambda self, path: seen.append(path))
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)  # the progress bar counts every file
    common = [str(tmp_path), "--db", str(shop_db), "--no-model", "--no-cache", "--no-daemon", "--jobs", "2"]
    code, out = _run_check(capsys, *common, "--format", "json")
    assert code == 2  # a file was not checked: the run is incomplete, as with a file that cannot be read
    files = json.loads(out)["files"]
    assert [f["path"] for f in files] == [str(tmp_path / n) for n in names]
    assert seen == [f["path"] for f in files]  # the progress bar, in order
    died = files[40]
    assert died["findings"] == []
    assert died["error"].startswith(f"the worker process died while checking this file, "
                                    f"{batch.MAX_RETRIES + 1} times out of {batch.MAX_RETRIES + 1}")
    others = files[:40] + files[41:]
    assert all(f["error"] is None and [x["code"] for x in f["findings"]] == ["SIS003"] for f in others)
    code, text = _run_check(capsys, *common)
    assert code == 2
    assert f"{tmp_path / killer}: error: the worker process died while checking this file" in text
    assert "1 file could not be checked." in text


def test_on_the_daemons_warm_workers_a_file_that_kills_one_is_reported_and_the_pool_replaced(
        tmp_path, shop_db, monkeypatch, capsys):
    """The daemon's ``--jobs`` path in this process: its warm pools, whose workers come from a fork here (the
    daemon's fork server would not inherit the patch that kills them)."""
    import multiprocessing

    from sqlintent.commands import run
    from sqlintent.workspace import warm_pool

    monkeypatch.setattr(warm_pool, "_context", lambda: multiprocessing.get_context("fork"))
    names = [f"q{i:02}.sql" for i in range(3 * batch.MIN_FILES_PER_WARM_WORKER)]
    killer = names[5]
    for name in names:
        (tmp_path / name).write_text(QUERY if name != killer else QUERY + "-- KILLME\n")
    _kill_worker_on(monkeypatch, "KILLME")
    common = [str(tmp_path), "--db", str(shop_db), "--no-model", "--no-cache", "--no-daemon", "--jobs", "2",
              "--format", "json"]
    try:
        for _ in range(2):  # the second request runs on the pool that replaced the broken one
            code, out = run(["check", *common], warm_pools=warm_pool), capsys.readouterr().out  # as the daemon runs it
            assert code == 2
            files = json.loads(out)["files"]
            assert [f["path"] for f in files] == [str(tmp_path / n) for n in names]
            assert "the worker process died while checking this file" in files[5]["error"]
            others = files[:5] + files[6:]
            assert all(f["error"] is None and [x["code"] for x in f["findings"]] == ["SIS003"] for f in others)
        (tmp_path / killer).write_text(QUERY)
        code, out = run(["check", *common], warm_pools=warm_pool), capsys.readouterr().out
        assert code == 1 and all(f["error"] is None for f in json.loads(out)["files"])
    finally:
        warm_pool.shutdown()


@pytest.mark.parametrize("files, jobs", [(972, 2), (64, 2), (5, 2), (100, 4), (40, 1), (1, 3)])
def test_batches_keep_every_file_in_order_and_shrink_towards_the_end(files, jobs):
    """Every file once, in order; at most BATCH_FILES a batch; with workers, the last batches dealt out are
    small (so no worker waits long for another's last batch), without them full batches."""
    paths = [f"f{i}.sql" for i in range(files)]
    got = batch.batches(paths, jobs)
    assert [p for b in got for p in b] == paths
    assert all(0 < len(b) <= batch.BATCH_FILES for b in got)
    if jobs > 1:
        sizes = [len(b) for b in got]
        assert sizes == sorted(sizes, reverse=True) and sizes[-1] <= batch.MIN_TAIL_FILES
    else:
        assert all(len(b) == batch.BATCH_FILES for b in got[:-1])
