"""The daemon's detectors: each request's ``check`` loads the model from the daemon's registry, so a run over
folders with a config each loads it once, the next request not at all, a changed model file again, and a
model that failed to load is tried again (and loads once it is in place). Requests run in this process
(``run_in_place``, as the daemon runs them) with a registry whose loader counts the real loads."""
from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from sqlintent.commands import run
from sqlintent.daemon.server import run_in_place
from sqlintent.engine.selection import load_detector
from sqlintent.workspace.detectors import Detectors

BUNDLED = Path(__file__).resolve().parents[2] / "sqlintent" / "detector_model"
QUERIES = ("-- intent: how many rows have a above 0?\nSELECT count(*) FROM t WHERE a > 0;\n"
           "-- intent: the b of every row\nSELECT b FROM t;\n")


def _db(path: Path) -> None:
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y');")
    con.commit()
    con.close()


def _folders(root: Path, config: str = "") -> None:
    for name in ("one", "two"):
        d = root / name
        d.mkdir()
        _db(d / "db.sqlite")
        (d / "sqlintent.toml").write_text(f'database = "db.sqlite"\n{config}')
        (d / "q.sql").write_text(QUERIES)


def _counting(loads: list) -> Detectors:
    def load(config):
        loads.append(config.source)
        return load_detector(config)

    return Detectors(load)


def _check(root: Path, detectors, *extra: str) -> tuple[int, str]:
    env = dict(os.environ, SQLINTENT_CACHE_DIR=str(root / "cache"))
    code, out, err = run_in_place(["check", "one", "two", "--format", "json", "--no-cache", *extra],
                                  str(root), env, detectors, runner=run)
    assert "Traceback" not in err
    return code, out


def test_folders_with_a_config_each_load_the_model_once_for_every_request(tmp_path):
    _folders(tmp_path)
    loads: list = []
    detectors = _counting(loads)
    first = _check(tmp_path, detectors)
    assert len(loads) == 1  # two configs (a database each), one model setting
    assert _check(tmp_path, detectors) == first and len(loads) == 1  # the next request reuses it
    assert _check(tmp_path, None) == first  # a process of its own prints the same


def test_a_model_put_in_place_or_changed_is_loaded_again(tmp_path):
    model = tmp_path / "model"
    model.mkdir()
    _folders(tmp_path, f'[model]\npath = "{model}"\n')
    loads: list = []
    detectors = _counting(loads)
    code, out = _check(tmp_path, detectors, "--trust-config")
    assert "SIM002" in out and "the error detector is unavailable" in out
    assert len(loads) == 2  # a failure is not kept: each config's engine tries
    for name in ("model.onnx", "tokenizer.json", "detector.json"):
        shutil.copy(BUNDLED / name, model / name)
    loaded = _check(tmp_path, detectors, "--trust-config")
    assert "SIM002" not in loaded[1] and len(loads) == 3  # tried again, then shared
    assert loaded == _check(tmp_path, None, "--trust-config")
    assert _check(tmp_path, detectors, "--trust-config") == loaded and len(loads) == 3
    os.utime(model / "model.onnx", ns=(1, 1))  # a new model file (a new stamp even within the clock's resolution)
    assert _check(tmp_path, detectors, "--trust-config") == loaded and len(loads) == 4
