"""The engine stores: one engine per key, the least recently used closed past a bound; the server's config
key read from file stamps, the config files read again only when one of them changed."""
from __future__ import annotations

import os

import pytest

from sqlintent.workspace import engine_store as engines
from sqlintent.workspace.engine_store import ConfigStamps, Engines


class _Fake:
    def __init__(self, name):
        self.name, self.closed = name, False

    def close(self):
        self.closed = True


def test_engines_are_built_once_per_key_and_the_oldest_closed_past_the_limit():
    store, built = Engines(limit=2), []

    def build(name):
        built.append(name)
        return _Fake(name)

    a = store.get("a", lambda: build("a"))
    assert store.get("a", lambda: build("a2")) is a and built == ["a"]
    b = store.get("b", lambda: build("b"))
    store.get("a", lambda: build("a3"))  # a is now the most recently used
    c = store.get("c", lambda: build("c"))
    assert b.closed and not a.closed and not c.closed
    assert {e.name for e in store.engines()} == {"a", "c"}
    fresh = store.replace("a", lambda: build("a4"))  # e.g. its database file went away
    assert store.get("a", lambda: build("a5")) is fresh and not a.closed  # a check may still hold the old one
    store.forget()  # the server's settings changed: new engines, the old ones left to their checks
    assert store.engines() == [] and not fresh.closed and not c.closed
    kept = store.get("a", lambda: build("a6"))
    store.close()
    assert kept.closed and store.engines() == []


def test_the_config_chain_is_read_again_only_when_a_stamp_moves(tmp_path, monkeypatch):
    reads = []
    real = engines.config_chain
    monkeypatch.setattr(engines, "config_chain", lambda p: reads.append(p) or real(p))
    (tmp_path / "sqlintent.toml").write_text('dialect = "sqlite"\n')
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    stamps = ConfigStamps()
    first = stamps.key(sub)
    for _ in range(5):
        assert stamps.key(sub) == first
    assert len(reads) == 1  # not once per check
    (tmp_path / "sqlintent.toml").write_text('dialect = "duckdb"\n')
    os.utime(tmp_path / "sqlintent.toml", ns=(1, 1))  # a different stamp even within the clock's resolution
    second = stamps.key(sub)
    assert second != first and len(reads) == 2
    (sub.parent / "sqlintent.toml").write_text('dialect = "postgres"\n')  # a nearer config appears
    third = stamps.key(sub)
    assert third != second and str(sub.parent / "sqlintent.toml") in str(third)
    (sub.parent / "pyproject.toml").write_text("[project]\nname = 'x'\n")  # not a config: the same key
    assert stamps.key(sub) == third


def test_engines_by_settings_one_per_settings_and_problems_named(tmp_path):
    """A benchmark's or a training set's units carry their folder's settings as a table: equal settings share
    one engine (and every engine one detector registry); a bad setting is refused with its name."""
    from sqlintent.workspace.engine_store import EnginesBySettings

    engines = EnginesBySettings()
    try:
        a = engines.engine_for({"select": ["SIS"], "model": {"enabled": False}})
        assert engines.engine_for({"model": {"enabled": False}, "select": ["SIS"]}) is a
        b = engines.engine_for({"select": ["SIL"], "model": {"enabled": False}})
        assert b is not a and {r.code[:3] for r in b.rules} == {"SIL"}
        with pytest.raises(ValueError, match="probes"):
            engines.engine_for({"probes": {"timeout_ms": "soon"}})
    finally:
        engines.close()
