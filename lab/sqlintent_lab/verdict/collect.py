"""Compute the verdict's inputs for labelled pairs the way ``check`` does, cached and resumable.

Each pair is checked by an :class:`~sqlintent.engine.Engine` for its database (probes on) or its schema
(no database), as ``-- intent: ...`` above the SQL; the verdict's inputs (the statement's findings, the
detector's scores, what could be read) are written as one JSON line per pair. Lines already in the output
are skipped, so an interrupted run continues where it stopped.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable, Iterable

from sqlintent.document import statement_text
from sqlintent_lab.verdict.data import Pair


def schema_from_tables_json(path: str, db_id: str):
    """A :class:`~sqlintent.schema.model.Schema` from a Spider-style tables.json entry."""
    from sqlintent.schema.model import Column, ForeignKey, Schema, Table

    t = _tables_cache(path).get(db_id)
    if t is None:
        return None
    pks = {}
    for tab, col in t["primary_keys"]:
        pks.setdefault(tab, []).append(col)
    fks = {}
    for (tab, col), (rt, rc) in t["foreign_keys"]:
        fks.setdefault(tab, []).append(ForeignKey((col,), rt, (rc,)))
    tables = []
    for name, cols in t["tables"].items():
        types = t["column_types"].get(name, [])
        tables.append(Table(name, [Column(c, types[i] if i < len(types) else "", c in pks.get(name, ()))
                                   for i, c in enumerate(cols)], tuple(pks.get(name, ())), fks.get(name, [])))
    return Schema.from_tables(tables, source=f"{Path(path).name}:{db_id}")


_TABLES: dict[str, dict] = {}


def _tables_cache(path: str) -> dict:
    if path not in _TABLES:
        from sqlintent_lab.evaluation.datasets import load_tables

        _TABLES[path] = load_tables(path)
    return _TABLES[path]


class EngineCache:
    """One engine per database or schema, the last ``keep`` used kept open (the workspace's engine store)."""

    def __init__(self, detector, config_factory: Callable | None = None, keep: int = 4):
        from sqlintent.workspace.engine_store import Engines

        self.detector = detector
        self.config_factory = config_factory
        self._engines = Engines(limit=keep)

    def get(self, database: str | None, schema: str | None, db_id: str):
        return self._engines.get((database, schema, db_id), lambda: self._build(database, schema, db_id))

    def _build(self, database: str | None, schema: str | None, db_id: str):
        from sqlintent.config import Config
        from sqlintent.engine import Engine

        cfg = self.config_factory() if self.config_factory else Config()
        if database:
            cfg.database = database
            return Engine(cfg, detector=self.detector)
        sch = None
        if schema and schema.startswith("ddl:"):
            from sqlintent.schema.ddl import load_ddl_files

            sch = load_ddl_files([schema[4:]], "sqlite")
        elif schema and schema.startswith("tables:"):
            sch = schema_from_tables_json(schema[7:], db_id)
        return Engine(cfg, schema=sch, detector=self.detector)


def inputs_for(engine, intent: str, sql: str) -> dict | None:
    """The verdict inputs of one pair (None when the statement does not parse into one statement)."""
    res = engine.check_text(statement_text(intent, sql))
    stmts = [s for s in res.document.statements if s.intent] if res.document else []
    if len(stmts) != 1:
        return None
    v = engine.verdict(stmts[0])
    if v is None:
        return None
    return v.inputs.to_dict()


def done_ids(out: Path) -> set[str]:
    """The ids of the records already in the JSON-lines file ``out`` (made with its folder when missing), so a
    killed collection resumes where it stopped; a line cut short by the kill is skipped."""
    out.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if out.is_file():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["id"])
            except (ValueError, KeyError):
                continue
    return done


def collect(pairs: Iterable[Pair], out: Path, detector, progress=None, every: int = 50) -> int:
    """Append the inputs of every pair not yet in ``out``; returns how many were added."""
    done = done_ids(out)
    todo = sorted((p for p in pairs if p.id not in done), key=lambda p: (p.database or "", p.schema or "", p.db_id))
    cache = EngineCache(detector, _config)
    added = 0
    t0 = time.time()
    with out.open("a", encoding="utf-8") as fh:
        for i, p in enumerate(todo, 1):
            eng = cache.get(p.database, p.schema, p.db_id)
            t = time.time()
            try:
                inputs = inputs_for(eng, p.intent, p.sql)
            except Exception as exc:  # noqa: BLE001 - one bad pair must not stop a long run
                inputs = None
                if progress:
                    progress(f"{p.id}: {exc!r}")
            rec = {**p.to_dict(), "inputs": inputs, "seconds": round(time.time() - t, 4)}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
            added += 1
            if i % every == 0:
                fh.flush()
                if progress:
                    progress(f"{i}/{len(todo)} pairs, {(time.time() - t0) / i:.3f} s/pair")
    return added


def _config():
    from sqlintent.config import Config

    cfg = Config()
    # the verdict reads the detector's score itself; SIM001's clause-masking explanation (which only
    # words a finding) is not needed to compute the inputs and would re-run the model several times
    cfg.ignore = ["SIM001"]
    return cfg
