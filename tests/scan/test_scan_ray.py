"""`sqlintent scan --ray` on a real local Ray cluster (2 workers): the same rows as in-process, a killed
worker loses nothing, a half-written output resumes."""
from __future__ import annotations

import os
import signal
import threading
import time

import pytest

pytestmark = pytest.mark.slow  # a Ray cluster per test: `.ci/run` runs them (-m slow, the ray extra)
pytestmark = pytest.mark.slow  # a Ray cluster per test: `.ci/run` runs them (-m slow, the ray extra)
ray = pytest.importorskip("ray")
pytest.importorskip("pyarrow")

from scan_support import ROOT, assert_same_rows, by_id, no_model_config, write_log  # noqa: E402
from sqlintent.scan import ScanOptions, read_output, scan  # noqa: E402

ROWS = 1500


@pytest.fixture(scope="module")
def cluster():
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, object_store_memory=200 * 1024 * 1024, include_dashboard=False,
             log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def log_and_reference(tmp_path_factory, shop_db):
    d = tmp_path_factory.mktemp("scanray")
    log = d / "log.jsonl"
    write_log(log, ROWS - 1, seed=7, extra=[{"id": "nosql", "sql": "", "intent": "nothing"}])
    ref = d / "ref.jsonl"
    summary = scan(no_model_config(), ScanOptions(str(log), str(ref), db_dir=str(shop_db.parent), jobs=1,
                                                  progress=False))
    assert summary.rows == ROWS
    return log, by_id(read_output(str(ref)))


def _ray_scan(log, out, shop_db, **kw):
    return scan(no_model_config(), ScanOptions(str(log), str(out), db_dir=str(shop_db.parent), ray="auto",
                                               workers=2, batch_rows=32, progress=False, **kw))


def test_ray_gives_the_same_rows_as_in_process(cluster, log_and_reference, shop_db, tmp_path):
    log, ref = log_and_reference
    out = tmp_path / "out.parquet"
    summary = _ray_scan(log, out, shop_db)
    assert summary.rows == ROWS and summary.mode == "Ray, 2 actors"
    got = by_id(read_output(str(out)))
    assert_same_rows(got, ref)
    assert sum(len(r["findings"]) for r in got.values()) > ROWS / 2  # the log is not all clean
    assert got["nosql"]["codes"] == ["SIX003"] and got["nosql"]["error"] == "the row has no SQL"


def _parent(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return int(fh.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def _ours(pid: int) -> bool:
    """True when the process descends from this one (our cluster's raylet), not another job's Ray."""
    me = os.getpid()
    for _ in range(16):
        pid = _parent(pid)
        if pid == me:
            return True
        if pid <= 1:
            return False
    return False


def _scan_actor_pids() -> set[int]:
    pids = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                cmd = fh.read()
        except OSError:
            continue
        if b"ScanActor" in cmd and _ours(int(entry)):
            pids.add(int(entry))
    return pids


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the actor processes through /proc")
def test_a_killed_worker_loses_no_row(cluster, log_and_reference, shop_db, tmp_path):
    log, ref = log_and_reference
    out = tmp_path / "out.jsonl"
    killed: list[int] = []
    written_at_kill: list[int] = []

    def killer():
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not killed:
            n = sum(1 for _ in open(out)) if out.exists() else 0
            pids = _scan_actor_pids()
            if n >= 64 and pids:  # mid-run: some rows written, the actors busy with the rest
                pid = min(pids)
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                written_at_kill.append(n)
                return
            time.sleep(0.05)

    t = threading.Thread(target=killer)
    t.start()
    summary = _ray_scan(log, out, shop_db)
    t.join()
    assert killed, "no actor process was found to kill"
    assert written_at_kill[0] < ROWS
    got = by_id(read_output(str(out)))  # each id once
    assert summary.rows == ROWS
    assert_same_rows(got, ref)


def test_ray_resumes_a_half_written_output(cluster, log_and_reference, shop_db, tmp_path):
    import json

    log, ref = log_and_reference
    out = tmp_path / "out.jsonl"
    half = list(ref.values())[: ROWS // 2]
    with open(out, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in half)
        fh.write('{"id": "q00')  # cut short
    summary = _ray_scan(log, out, shop_db)
    assert (summary.skipped, summary.rows) == (ROWS // 2, ROWS - ROWS // 2)
    got = by_id(read_output(str(out)))
    assert_same_rows(got, ref)


# A statement that kills the actor checking it, every time: the hook below runs in each actor process (a
# sitecustomize on the actors' PYTHONPATH, given through the scan's runtime environment), counts the deaths
# in a file and ends the process with os._exit, as a crash in native code or the out-of-memory killer would.
_HOOK = '''
import os
from sqlintent.scan import checker

_real = checker.RowChecker.check_batch


def check_batch(self, rows):
    if any("KILL_THE_ACTOR" in (r.get("sql") or "") for r in rows):
        with open(os.environ["SCAN_TEST_DEATHS"], "a") as fh:
            fh.write("%d %d\\n" % (os.getpid(), len(rows)))
        os._exit(7)
    return _real(self, rows)


checker.RowChecker.check_batch = check_batch
'''


def test_a_row_that_kills_every_actor_is_written_as_six003_after_bounded_retries(cluster, log_and_reference,
                                                                                shop_db, tmp_path):
    import json

    log, ref = log_and_reference
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(_HOOK)
    deaths = tmp_path / "deaths.txt"
    poisoned = tmp_path / "poisoned.jsonl"
    lines = open(log, encoding="utf-8").readlines()
    killer = {"id": "killer", "sql": "SELECT 'KILL_THE_ACTOR' AS x FROM customers", "intent": "x", "db": "shop"}
    lines.insert(100, json.dumps(killer) + "\n")
    poisoned.write_text("".join(lines), encoding="utf-8")
    pythonpath = os.pathsep.join([str(hook), str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    env = {"env_vars": {"PYTHONPATH": pythonpath, "SCAN_TEST_DEATHS": str(deaths)}}
    out = tmp_path / "out.jsonl"
    summary = _ray_scan(poisoned, out, shop_db, max_retries=1, runtime_env=env)
    got = by_id(read_output(str(out)))
    # the run ended, every row is there once; the killer row is SIX003, every other row as in-process
    assert summary.rows == ROWS + 1 and summary.failures == 2  # the killer and the row without SQL
    row = got.pop("killer")
    assert row["codes"] == ["SIX003"] and "Ray actor checking this row died, 2 times out of 2" in row["error"]
    assert_same_rows(got, ref)
    # bounded: its batch of 32 was tried twice (1 + max_retries), then the row alone twice
    died = [int(line.split()[1]) for line in deaths.read_text().splitlines()]
    assert sorted(died) == [1, 1, 32, 32]
