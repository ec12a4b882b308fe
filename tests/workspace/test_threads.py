"""sqlintent.threads: one plan for BLAS, ONNX Runtime and spaCy threads, applied before numpy loads."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sqlintent import threads


def test_plan_shares_the_cores_between_jobs(monkeypatch):
    monkeypatch.delenv(threads.ORT_ENV, raising=False)
    assert threads.plan(1, cpus=2) == threads.ThreadPlan(blas=1, ort_intra=2)
    assert threads.plan(2, cpus=2).ort_intra == 1
    assert threads.plan(3, cpus=2).ort_intra == 1
    assert threads.plan(1, cpus=64).ort_intra == 4  # more threads do not pay for one small model
    monkeypatch.setenv(threads.ORT_ENV, "3")
    assert threads.plan(2, cpus=2).ort_intra == 3


def _run(code: str, env_extra: dict | None = None) -> dict:
    import os

    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    env.update(env_extra or {})
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_check_command_limits_blas_before_numpy_loads_and_keeps_a_users_setting():
    code = ("import json, os, sys\n"
            "from sqlintent.cli import main\n"
            "main(['check', '--no-model', '-'])\n"
            "print(json.dumps({'blas': os.environ.get('OPENBLAS_NUM_THREADS'), 'omp': os.environ.get('OMP_NUM_THREADS')}))")
    got = subprocess.run([sys.executable, "-c", code], input="SELECT 1;\n", capture_output=True, text=True,
                         env={k: v for k, v in __import__("os").environ.items() if not k.endswith("_NUM_THREADS")},
                         timeout=120)
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout.strip().splitlines()[-1]) == {"blas": "1", "omp": "1"}
    kept = _run("import json, os\nfrom sqlintent import threads\nthreads.configure()\n"
                "print(json.dumps({'blas': os.environ['OPENBLAS_NUM_THREADS']}))", {"OPENBLAS_NUM_THREADS": "3"})
    assert kept == {"blas": "3"}


def test_the_question_parser_loads_without_torch():
    pytest.importorskip("spacy")
    got = _run("import json, sys, importlib.util\n"
               "from sqlintent.graphs.question_graph import SpacyParser\n"
               "words = SpacyParser().parse('How many singers are there?')\n"
               "print(json.dumps({'torch': 'torch' in sys.modules, 'words': len(words),"
               " 'installed': importlib.util.find_spec('torch') is not None}))")
    assert got["words"] == 6
    assert got["torch"] is False
    if got["installed"]:  # torch is still importable afterwards
        _run("import json\nfrom sqlintent.graphs.question_graph import SpacyParser\n"
             "SpacyParser().parse('How many?')\nimport torch\nprint(json.dumps({'ok': True}))")


def test_session_options_follow_the_plan():
    ort = pytest.importorskip("onnxruntime")
    opts = threads.session_options(ort, threads=1)
    assert opts.intra_op_num_threads == 1 and opts.inter_op_num_threads == 1
    assert opts.get_session_config_entry("session.intra_op.allow_spinning") == "0"
