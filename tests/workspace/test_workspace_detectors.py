"""The one detector registry every door shares (sqlintent.workspace.detectors): one load per model setting,
loaded again when model.onnx changes, a failed load retried and its problem reported, none in a forked child.

The loader is injected through the registry's constructor (as a door would pass another), so the loads can be
counted; tests/daemon/test_daemon_detectors.py does the same through ``check`` and the real model."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from sqlintent.config import Config
from sqlintent.workspace.detectors import Detectors


class _Detector:
    """What the registry sees of a detector: the directory its model.onnx came from."""

    def __init__(self, directory: Path) -> None:
        self.directory = str(directory)


def _model_dir(tmp_path: Path) -> Path:
    d = tmp_path / "model"
    d.mkdir(exist_ok=True)
    (d / "model.onnx").write_bytes(b"weights")
    return d


def _config(model_dir: Path, **overrides) -> Config:
    config, problems = Config().with_overrides({"model": {"path": str(model_dir)}, **overrides})
    assert problems == []
    return config


class _Loader:
    """Loads a fake detector from the config's model directory, or fails while ``failing`` says so."""

    def __init__(self, failing: bool = False) -> None:
        self.loads: list[Config] = []
        self.failing = failing

    def __call__(self, config: Config):
        self.loads.append(config)
        if self.failing:
            return None, "the error detector is unavailable: no model.onnx; model checks are skipped"
        return _Detector(Path(config.base_dir or ".") / config.model.path), None


def test_configs_with_one_model_setting_share_one_load(tmp_path):
    loader = _Loader()
    detectors = Detectors(loader)
    model = _model_dir(tmp_path)
    one = _config(model, database=str(tmp_path / "one.sqlite"))
    two = _config(model, database=str(tmp_path / "two.sqlite"), select=["SIM"])
    first, problem = detectors.detector_for(one)
    assert problem is None and first is not None
    assert detectors.detector_for(two) == (first, None)
    assert len(loader.loads) == 1
    stricter = _config(model, model={"path": str(model), "threshold": 0.9})  # another model setting
    assert detectors.detector_for(stricter)[0] is not first and len(loader.loads) == 2


def test_a_relative_model_directory_is_each_config_folders_own(tmp_path):
    """``model.path = "model"`` in two folders names two models; one absolute path names one."""
    loader = _Loader()
    detectors = Detectors(loader)
    configs = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        _model_dir(tmp_path / name)
        config = _config(Path("model"))
        config.base_dir = tmp_path / name
        configs.append(config)
    assert detectors.detector_for(configs[0])[0] is not detectors.detector_for(configs[1])[0]
    assert len(loader.loads) == 2
    shared = _model_dir(tmp_path)
    for config in configs:
        config.model.path = str(shared)
    assert detectors.detector_for(configs[0])[0] is detectors.detector_for(configs[1])[0]
    assert len(loader.loads) == 3


def test_a_changed_model_file_is_loaded_again(tmp_path):
    loader = _Loader()
    detectors = Detectors(loader)
    model = _model_dir(tmp_path)
    config = _config(model)
    first, _ = detectors.detector_for(config)
    assert detectors.detector_for(config)[0] is first and len(loader.loads) == 1
    os.utime(model / "model.onnx", ns=(1, 1))  # a new stamp even within the clock's resolution
    second, problem = detectors.detector_for(config)
    assert problem is None and second is not first and len(loader.loads) == 2
    assert detectors.detector_for(config)[0] is second and len(loader.loads) == 2


def test_a_failed_load_is_retried_and_its_problem_reported(tmp_path):
    loader = _Loader(failing=True)
    detectors = Detectors(loader)
    config = _config(_model_dir(tmp_path))
    assert detectors.model_problem(config) is None  # no load tried yet
    detector, problem = detectors.detector_for(config)
    assert detector is None and "unavailable" in problem
    assert detectors.model_problem(config) == problem
    loader.failing = False  # the model is put in place
    detector, problem = detectors.detector_for(config)
    assert detector is not None and problem is None and len(loader.loads) == 2
    assert detectors.model_problem(config) is None


def test_nothing_loads_when_the_model_is_off_or_no_rule_reads_it(tmp_path):
    loader = _Loader()
    detectors = Detectors(loader)
    model = _model_dir(tmp_path)
    off = _config(model, model={"path": str(model), "enabled": False})
    unread = _config(model, select=["SIS"])  # no enabled rule reads the model
    assert detectors.detector_for(off) == (None, None) and detectors.detector_for(unread) == (None, None)
    assert loader.loads == [] and detectors.model_problem(off) is None


def test_engines_asking_at_once_load_the_model_once(tmp_path):
    started, release = threading.Event(), threading.Event()
    loader = _Loader()

    def slow(config):
        started.set()
        release.wait(10)
        return loader(config)

    detectors = Detectors(slow)
    config = _config(_model_dir(tmp_path))
    got = []
    threads = [threading.Thread(target=lambda: got.append(detectors.detector_for(config)[0])) for _ in range(3)]
    for t in threads:
        t.start()
    started.wait(10)
    release.set()
    for t in threads:
        t.join(10)
    assert len(loader.loads) == 1 and len(got) == 3 and got[0] is got[1] is got[2]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_starts_with_no_detector(tmp_path):
    """An ONNX Runtime session does not survive a fork: the child loads its own."""
    loader = _Loader()
    detectors = Detectors(loader)
    config = _config(_model_dir(tmp_path))
    parents, _ = detectors.detector_for(config)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report whether it loaded, then leave without running pytest's teardown
        try:
            before = len(loader.loads)
            mine, _ = detectors.detector_for(config)
            os.write(write, b"loaded" if len(loader.loads) == before + 1 and mine is not parents else b"kept")
        finally:
            os._exit(0)
    os.close(write)
    answer = os.read(read, 64)
    os.close(read)
    os.waitpid(pid, 0)
    assert answer == b"loaded"
    assert detectors.detector_for(config)[0] is parents and len(loader.loads) == 1  # the parent keeps its own


def test_the_servers_engines_share_the_registrys_detector(tmp_path):
    """The language server's registry: engines for two editor settings load the model once, and the
    problem of a failed load is what the server shows."""
    from sqlintent.server.configuration import Settings
    from sqlintent.workspace.engines import EngineRegistry

    model = _model_dir(tmp_path)
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    loader = _Loader()
    registry = EngineRegistry(Detectors(loader))
    settings = Settings()
    settings.set_init_options({"model": {"path": str(model)}})
    first, _ = registry.engine_for(tmp_path / "q.sql", settings, tmp_path)
    settings.set_workspace({"select": ["SIM"]})  # new settings: a new engine, the same model setting
    second, _ = registry.engine_for(tmp_path / "q.sql", settings, tmp_path)
    assert first.engine is not second.engine
    assert first.engine.detector is second.engine.detector is not None and len(loader.loads) == 1
    assert registry.detectors.model_problem(second.engine.config) is None
    assert sorted(map(id, registry.engines())) == sorted([id(first.engine), id(second.engine)])
    failing = EngineRegistry(Detectors(_Loader(failing=True)))
    entry, _ = failing.engine_for(tmp_path / "q.sql", settings, tmp_path)
    assert entry.engine.detector is None
    assert "unavailable" in failing.detectors.model_problem(entry.engine.config)

