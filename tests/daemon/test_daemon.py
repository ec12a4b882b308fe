"""`sqlintent check --daemon`: the same output as a process of its own, from a resident process that keeps
the model loaded, picks up edits, retires when its code changes, and refuses an unsafe socket directory."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or sys.platform == "win32",
                                reason="the daemon needs Unix sockets")


@pytest.fixture
def daemon_dir():
    d = Path(tempfile.mkdtemp(prefix="sqd-"))  # short: a Unix socket path holds ~100 bytes
    os.chmod(d, 0o700)
    yield d
    _cli(["daemon", "stop"], _env(d), cwd=d)
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def workspace(tmp_path, example_workspace):
    """A copy of the example workspace (its config, database and queries) that a test may edit."""
    ws = tmp_path / "ws"
    shutil.copytree(example_workspace, ws, ignore=shutil.ignore_patterns("__pycache__"))
    return ws


def _env(daemon_dir: Path, **extra) -> dict:
    env = dict(os.environ, SQLINTENT_DAEMON_DIR=str(daemon_dir), **extra)
    env.pop("SQLINTENT_DAEMON", None)
    env.setdefault("SQLINTENT_CACHE_DIR", str(daemon_dir / "cache"))
    return env


def _cli(args, env, cwd, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sqlintent", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, input=stdin, timeout=300)


def _pid(env, cwd) -> int | None:
    out = _cli(["daemon", "status"], env, cwd).stdout
    return int(out.split("pid ")[1].split(",")[0]) if "pid " in out else None


def _wait_exit(pid: int, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    pytest.fail(f"daemon {pid} still runs")


def _same(a: subprocess.CompletedProcess, b: subprocess.CompletedProcess) -> None:
    assert (a.returncode, a.stdout) == (b.returncode, b.stdout)


def test_check_through_the_daemon_prints_what_a_process_of_its_own_prints(daemon_dir, workspace):
    env = _env(daemon_dir)
    alone = _cli(["check", "queries", "--format", "json", "--no-cache"], env, workspace)
    assert alone.returncode == 1 and '"SIJ001"' in alone.stdout
    first = _cli(["check", "queries", "--format", "json", "--no-cache", "--daemon"], env, workspace)
    _same(first, alone)
    pid = _pid(env, workspace)
    assert pid is not None
    second = _cli(["check", "queries", "--format", "json", "--no-cache", "--daemon"], env, workspace)
    _same(second, alone)
    assert _pid(env, workspace) == pid  # served by the same resident process
    text_alone = _cli(["check", "queries/reports.sql", "--no-cache"], env, workspace)
    text = _cli(["check", "queries/reports.sql", "--no-cache"], dict(env, SQLINTENT_DAEMON="1"), workspace)
    _same(text, text_alone)
    assert "queries/reports.sql:" in text.stdout  # paths as given, relative to the client's directory


def test_the_daemon_reads_edits_between_runs(daemon_dir, workspace):
    env = _env(daemon_dir)
    before = _cli(["check", ".", "--format", "json", "--no-model", "--daemon"], env, workspace)
    assert '"SIJ001"' in before.stdout  # the example's wrong join
    config = workspace / "sqlintent.toml"
    config.write_text('ignore = ["SIJ001"]\n' + config.read_text())
    (workspace / "queries" / "extra.sql").write_text("-- intent: every customer\nSELECT name FROM customerz;\n")
    after = _cli(["check", ".", "--format", "json", "--no-model", "--daemon"], env, workspace)
    assert '"SIJ001"' not in after.stdout
    assert "customerz" in after.stdout
    _same(after, _cli(["check", ".", "--format", "json", "--no-model"], env, workspace))


def test_usage_errors_and_missing_files_come_back_as_from_a_process(daemon_dir, workspace):
    env = _env(daemon_dir)
    for args in (["check", "--format", "nope"], ["check", "no/such/file.sql"], ["check", "--select", "XYZ9"]):
        alone = _cli(args + ["--no-model"], env, workspace)
        via = _cli(args + ["--no-model", "--daemon"], env, workspace)
        assert (via.returncode, via.stdout, via.stderr) == (alone.returncode, alone.stdout, alone.stderr)
        assert via.returncode == 2


def test_stdin_and_no_daemon_check_in_their_own_process(daemon_dir, workspace):
    env = _env(daemon_dir, SQLINTENT_DAEMON="1")
    sql = (workspace / "queries" / "reports.sql").read_text()
    piped = _cli(["check", "-", "--stdin-filename", "queries/r.sql", "--no-model"], env, workspace, stdin=sql)
    # SIJ001 is info by severity policy v2 (docs/rules.md): reported, and the run passes
    assert piped.returncode == 0 and "SIJ001 [info]" in piped.stdout
    off = _cli(["check", "queries", "--no-model", "--no-daemon"], env, workspace)
    assert off.returncode == 1
    assert not list(daemon_dir.glob("*.sock")) and _pid(env, workspace) is None


def test_a_daemon_running_other_code_is_replaced(daemon_dir, workspace):
    from sqlintent.daemon import protocol

    env = _env(daemon_dir)
    _cli(["daemon", "start"], env, workspace)
    old = _pid(env, workspace)
    assert old is not None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(next(daemon_dir.glob("*.sock"))))
    protocol.send(sock, {"op": "status", "fingerprint": "other-code"})
    assert protocol.receive(sock) == {"stale": True}
    sock.close()
    deadline = time.monotonic() + 10
    while list(daemon_dir.glob("*.sock")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not list(daemon_dir.glob("*.sock"))  # it retired
    again = _cli(["check", "queries", "--no-model", "--daemon"], env, workspace)
    assert again.returncode == 1 and "SIJ001" in again.stdout
    new = _pid(env, workspace)
    assert new is not None and new != old


def test_garbage_on_the_socket_does_not_stop_the_daemon(daemon_dir, workspace):
    env = _env(daemon_dir)
    _cli(["daemon", "start"], env, workspace)
    path = str(next(daemon_dir.glob("*.sock")))
    for payload in (b"\x00" * 8, b"\x00\x00\x00\x00\x00\x00\x00\x05hello", b"\xff" * 8, b"junk"):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
        s.sendall(payload)
        s.shutdown(socket.SHUT_WR)
        s.recv(100)
        s.close()
    via = _cli(["check", "queries", "--no-model", "--daemon"], env, workspace)
    assert via.returncode == 1 and "SIJ001" in via.stdout


def test_stop_status_and_idle_exit(daemon_dir, workspace):
    env = _env(daemon_dir, SQLINTENT_DAEMON_IDLE="1")
    status = _cli(["daemon", "status"], env, workspace)
    assert status.returncode == 1 and "not running" in status.stdout
    assert _cli(["daemon", "start"], env, workspace).returncode == 0
    pid = _pid(env, workspace)
    assert pid is not None
    _wait_exit(pid)  # gone after a second without a request (a status request would count as one)
    env = _env(daemon_dir)
    _cli(["daemon", "start"], env, workspace)
    stop = _cli(["daemon", "stop"], env, workspace)
    assert stop.returncode == 0 and "stopped" in stop.stdout
    assert _pid(env, workspace) is None


def test_a_socket_directory_others_may_write_is_refused(workspace):
    d = Path(tempfile.mkdtemp(prefix="sqd-"))
    try:
        os.chmod(d, 0o777)
        env = _env(d)
        alone = _cli(["check", "queries", "--no-model"], env, workspace)
        via = _cli(["check", "queries", "--no-model", "--daemon"], env, workspace)
        assert (via.returncode, via.stdout) == (alone.returncode, alone.stdout)
        assert "may be written by other users" in via.stderr and "checking in this process" in via.stderr
        assert not list(d.glob("*.sock"))
    finally:
        shutil.rmtree(d, ignore_errors=True)


def test_jobs_on_the_daemons_warm_workers(daemon_dir, workspace):
    queries = workspace / "queries"
    text = (queries / "reports.sql").read_text()
    for i in range(10):
        (queries / f"copy{i}.sql").write_text(text)
    env = _env(daemon_dir)
    alone = _cli(["check", "queries", "--format", "json", "--no-cache"], env, workspace)
    for _ in range(2):  # the second run reuses the workers
        via = _cli(["check", "queries", "--format", "json", "--no-cache", "--daemon", "--jobs", "2"], env, workspace)
        _same(via, alone)


def test_run_in_place_restores_the_directory_and_environment(tmp_path, monkeypatch):
    from sqlintent.commands import run
    from sqlintent.daemon.server import run_in_place

    monkeypatch.setenv("SQLINTENT_TEST_KEEP", "kept")
    cwd = os.getcwd()
    code, out, err = run_in_place(["check", "--format", "nope"], str(tmp_path), {"ONLY": "this"}, runner=run)
    assert code == 2 and "invalid choice" in err
    assert os.getcwd() == cwd and os.environ.get("SQLINTENT_TEST_KEEP") == "kept" and "ONLY" not in os.environ
    code, out, err = run_in_place(["check"], str(tmp_path / "missing"), {}, runner=run)
    assert code == 2 and "cannot enter the working directory" in err


def test_a_daemon_whose_socket_was_deleted_exits(daemon_dir, workspace):
    env = _env(daemon_dir)
    _cli(["daemon", "start"], env, workspace)
    pid = _pid(env, workspace)
    next(daemon_dir.glob("*.sock")).unlink()  # e.g. a cleaned /tmp: no client can reach it any more
    _wait_exit(pid)


def test_clients_at_once_each_get_their_own_answer(daemon_dir, workspace):
    env = _env(daemon_dir)
    (workspace / "other.sql").write_text("-- intent: every customer\nSELECT name FROM customerz;\n")
    args = [["check", "queries", "--format", "json", "--no-model"], ["check", "other.sql", "--no-model"]]
    alone = [_cli(a, env, workspace) for a in args]
    procs = [subprocess.Popen([sys.executable, "-m", "sqlintent", *args[i % 2], "--daemon"], cwd=workspace, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(6)]
    for i, p in enumerate(procs):
        out, _ = p.communicate(timeout=300)
        assert (p.returncode, out) == (alone[i % 2].returncode, alone[i % 2].stdout)
