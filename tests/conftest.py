"""Shared fixtures: the example shop database, paths to ../shared, and a CLI runner."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

try:  # fuzzing profiles: "ci" (the default: fixed seed, small budget) and "long" (pytest -m fuzz --hypothesis-profile long)
    from hypothesis import HealthCheck, settings

    _slow_ok = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
                HealthCheck.function_scoped_fixture]
    settings.register_profile("ci", derandomize=True, max_examples=40, deadline=None, database=None,
                              suppress_health_check=_slow_ok, print_blob=True)
    settings.register_profile("long", derandomize=False, max_examples=20_000, deadline=None,
                              suppress_health_check=_slow_ok, print_blob=True)
    settings.load_profile(os.environ.get("SQLINTENT_HYPOTHESIS_PROFILE", "ci"))
except ImportError:  # hypothesis is a dev dependency; the fuzz tests skip without it
    pass

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def shared_dir() -> Path | None:
    """../shared next to the repository (or $SQLINTENT_SHARED), when present."""
    env = os.environ.get("SQLINTENT_SHARED")
    for cand in ([Path(env)] if env else []) + [ROOT.parent / "shared"]:
        if (cand / "data").is_dir():
            return cand
    return None


@pytest.fixture(scope="session")
def shared() -> Path:
    d = shared_dir()
    if d is None:
        pytest.skip("../shared (or $SQLINTENT_SHARED) is not present: real-data tests need it")
    return d


@pytest.fixture(scope="session")
def shop_db(tmp_path_factory) -> Path:
    """The example database, built fresh from examples/database/shop.sql."""
    spec = importlib.util.spec_from_file_location("build_db", EXAMPLES / "build_db.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.build(tmp_path_factory.mktemp("shop") / "shop.sqlite")


@pytest.fixture(scope="session")
def example_workspace(shop_db) -> Path:
    """examples/ with its database built in place (what `python examples/build_db.py` does)."""
    target = EXAMPLES / "shop.sqlite"
    if not target.exists() or target.stat().st_mtime < (EXAMPLES / "database" / "shop.sql").stat().st_mtime:
        target.write_bytes(shop_db.read_bytes())
    return EXAMPLES


def run_cli(*args: str, input: bytes | None = None, cwd: Path | None = None,
            env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run `python -m sqlintent ARGS` as a user would; returns the completed process (text output)."""
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    if env:
        full_env.update(env)
    proc = subprocess.run([sys.executable, "-m", "sqlintent", *args], input=input, capture_output=True,
                          cwd=cwd or ROOT, env=full_env, timeout=timeout)
    proc.stdout = proc.stdout.decode("utf-8", "replace")
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    return proc


@pytest.fixture
def cli():
    return run_cli


def run_lab(*args: str, cwd: Path | None = None, env: dict | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    """Run `python -m sqlintent_lab ARGS` (the lab's own program), its package found in lab/ whether or not
    it is installed; returns the completed process (text output)."""
    path = os.pathsep.join(p for p in (str(ROOT / "lab"), os.environ.get("PYTHONPATH", "")) if p)
    full_env = dict(os.environ, PYTHONPATH=path)
    full_env.pop("NO_COLOR", None)
    if env:
        full_env.update(env)
    proc = subprocess.run([sys.executable, "-m", "sqlintent_lab", *args], capture_output=True,
                          cwd=cwd or ROOT, env=full_env, timeout=timeout)
    proc.stdout = proc.stdout.decode("utf-8", "replace")
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    return proc


@pytest.fixture
def lab_cli():
    return run_lab


# Variables of the runner's own environment that change what sqlintent shows: a CI service sets CI=true, which
# turns stored values off by default (sqlintent/disclosure.py). The suite asserts a developer's terminal
# output; tests of the CI defaults set these variables themselves.
_RUNNER_ENV = ("CI", "GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "SQLINTENT_SHOW_VALUES", "SQLINTENT_DAEMON")


@pytest.fixture(scope="session", autouse=True)
def _runner_environment_left_out():
    saved = {k: os.environ.pop(k) for k in _RUNNER_ENV if k in os.environ}
    try:
        yield
    finally:
        os.environ.update(saved)


@pytest.fixture(scope="session", autouse=True)
def _private_cache_dir(tmp_path_factory):
    """Every test (and every `sqlintent` it starts) uses a cache directory of its own session, never the
    user's ~/.cache/sqlintent."""
    if "SQLINTENT_CACHE_DIR" in os.environ:
        yield
        return
    os.environ["SQLINTENT_CACHE_DIR"] = str(tmp_path_factory.mktemp("sqlintent-cache"))
    try:
        yield
    finally:
        os.environ.pop("SQLINTENT_CACHE_DIR", None)


@pytest.fixture(autouse=True)
def _registered_secrets_stay_in_their_test():
    """A test that registers a secret (tests/security/test_secrets.py registers 'zz@top', so the piece 'top')
    must not mask it in every later test's output: the registry is put back after each test."""
    from sqlintent import redact

    with redact._lock:
        before = set(redact._secrets)
    yield
    with redact._lock:
        redact._secrets.clear()
        redact._secrets.update(before)


LAB_TESTS = Path(__file__).resolve().parent / "lab"


def pytest_collection_modifyitems(config, items):
    """Every test of tests/lab/ (the lab's training, export and evaluation code) is a ``training`` test."""
    for item in items:
        if LAB_TESTS in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.training)


SECURITY_TESTS = Path(__file__).resolve().parent / "security"


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line a newcomer sees at the end: how many security tests were skipped, and why (most need a
    PostgreSQL server: SQLINTENT_TEST_PG_URL; `.ci/start_postgres.sh` starts one and says what to export)."""
    root = Path(str(config.rootpath))
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if SECURITY_TESTS in (root / r.nodeid.split("::")[0]).resolve().parents]
    if not skipped:
        return
    pg = sum(1 for r in skipped if "SQLINTENT_TEST_PG_URL" in str(getattr(r, "longrepr", "")))
    why = (f"{pg} of them need PostgreSQL: start one with .ci/start_postgres.sh and export SQLINTENT_TEST_PG_URL"
           if pg else "see the skip reasons above")
    terminalreporter.write_line(f"{len(skipped)} security test{'s' if len(skipped) != 1 else ''} skipped ({why}).",
                                yellow=True, bold=True)
