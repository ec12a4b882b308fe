"""sqlintent installs as the README says: a wheel built in a clone, and a git URL, give a working
`sqlintent` with its bundled model, grammars and configs (no package index is involved)."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _run(*args, cwd=None, env=None, timeout=300):
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    target = tmp_path_factory.mktemp("clone") / "sqlintent"
    _run("git", "clone", "-q", str(ROOT), str(target))
    return target


def _isolation() -> list[str]:
    """Build with the environment's setuptools when it can build wheels itself (no download); else let pip
    fetch the build requirements of pyproject.toml (a fresh venv's bundled setuptools may be too old)."""
    try:
        import setuptools
        major = int(setuptools.__version__.split(".")[0])
    except Exception:
        major = 0
    return ["--no-build-isolation"] if major >= 71 else []


def _env(site: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("SQLINTENT_DOCS_URL", None)
    return env


def test_a_wheel_built_in_a_clone_runs_the_checks_and_the_bundled_model(clone, tmp_path, example_workspace):
    pip = [sys.executable, "-m", "pip"]
    _run(*pip, "wheel", "-q", "--no-deps", *_isolation(), str(clone), "-w", str(tmp_path / "dist"))
    wheel = next((tmp_path / "dist").glob("sqlintent-*.whl"))
    _run(*pip, "install", "-q", "--no-deps", "--target", str(tmp_path / "site"), str(wheel))
    env = _env(tmp_path / "site")
    where = _run(sys.executable, "-c", "import sqlintent; print(sqlintent.__file__)", env=env, cwd=tmp_path)
    assert where.stdout.strip().startswith(str(tmp_path / "site"))
    proc = subprocess.run([sys.executable, "-m", "sqlintent", "check", "--format", "json", "--select", "SIS,SIM",
                           "examples/queries/staff.sql"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    data = json.loads(proc.stdout)
    codes = {f["code"] for f in data["files"][0]["findings"]}
    assert "SIM001" in codes, proc.stderr  # the bundled model was installed and ran
    assert "SIM002" not in {f["code"] for f in data["run_findings"]}


def test_a_git_url_installs(clone, tmp_path):
    _run(sys.executable, "-m", "pip", "install", "-q", "--no-deps", *_isolation(), "--target",
         str(tmp_path / "site"), f"git+file://{clone}")
    site = tmp_path / "site"
    assert (site / "sqlintent" / "detector_model" / "model.onnx").is_file()
    assert (site / "sqlintent" / "grammars" / "generated" / "SQLiteParser.py").is_file()
    proc = _run(sys.executable, "-m", "sqlintent", "rule", "SIS003", env=_env(site), cwd=tmp_path)
    assert "unknown-column" in proc.stdout and "docs/rules.md#sis003-unknown-column" in proc.stdout
