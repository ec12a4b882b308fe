"""Check rows of a statement table: one :class:`RowChecker` per worker process (or Ray actor).

A checker builds one :class:`~sqlintent.engine.Engine` per database the rows refer to (the run's database,
or one per name under ``db_dir``), takes the error detector once from a
:class:`~sqlintent.workspace.detectors.Detectors` (the one detector registry of every door) and shares it
between them, scores a batch's (intent, SQL) pairs in one model run, checks every row as ``check`` checks a
file (``Engine.check_text``: noqa comments, per-file-ignores, templating, redacted messages), and turns every
row into one output row (see :mod:`sqlintent.scan.table` for its columns). Nothing a row holds can fail the batch: an exception while
checking it becomes a SIX003 finding in its own output row.
"""
from __future__ import annotations

import json
import math
import os
import re
from dataclasses import replace

from sqlintent.analyzers.engine_rules import CHECK_CRASHED
from sqlintent.detector.scoring import schema_columns
from sqlintent.findings import Severity

_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.\-]{0,127}$")
_DB_SUFFIXES = (".sqlite", ".db", ".sqlite3", ".duckdb")


def resolve_db_ref(db_dir: str, ref: str) -> dict | None:
    """The config override for a row's database name under ``db_dir``, or None when there is none.

    A row's value is a bare name (hostile input: no path separators, no '..', no URL), looked up as
    ``DIR/NAME/NAME.sqlite`` (Spider's layout), ``DIR/NAME.sqlite`` (or .db, .sqlite3, .duckdb), or as
    CREATE TABLE files ``DIR/NAME/schema.sql`` / ``DIR/NAME.sql`` for schema-only checking.
    """
    if not ref or not _NAME.match(ref) or ".." in ref:
        return None
    base = os.path.abspath(db_dir)
    for cand in [os.path.join(base, ref, ref + s) for s in _DB_SUFFIXES] + \
                [os.path.join(base, ref + s) for s in _DB_SUFFIXES]:
        if os.path.isfile(cand):
            return {"database": cand}
    for cand in (os.path.join(base, ref, "schema.sql"), os.path.join(base, ref + ".sql")):
        if os.path.isfile(cand):
            return {"database": None, "schema_files": [cand]}
    return None


class _ScoreCache:
    """The run's detector, answering ``prepare`` and ``score_prepared`` from a batch scored ahead of time.

    The SIM001 rule scores one statement at a time; scoring the whole batch first runs the model on
    batches (cheaper per pair) and gives every row its score, also the rows the rule does not report.
    Everything else is the wrapped detector's.
    """

    def __init__(self, detector):
        self._det = detector
        self._prepared: dict[tuple, object] = {}
        self._scores: dict[int, object] = {}

    def __getattr__(self, name):
        return getattr(self._det, name)

    def prefetch(self, pairs: list[tuple[str, str, str, object]], batch_size: int = 16) -> None:
        """Prepare and score ``(intent, sql, dialect, schema_columns)`` pairs; failures are left out."""
        self._prepared.clear()
        self._scores.clear()
        todo = []
        for q, s, d, cols in pairs:
            key = (q, s, d)
            if key in self._prepared:
                continue
            try:
                p = self._det.prepare(q, s, d, cols)
            except Exception:  # noqa: BLE001 - the rule will meet it again and report it
                continue
            self._prepared[key] = p
            todo.append(p)
        if not todo:
            return
        try:
            scores = self._det.score_prepared(todo, batch_size)
        except Exception:  # noqa: BLE001 - scored one by one below, so one bad pair costs only itself
            scores = []
            for p in todo:
                try:
                    scores.extend(self._det.score_prepared([p]))
                except Exception:  # noqa: BLE001
                    scores.append(None)
        for p, sc in zip(todo, scores):
            if sc is not None:
                self._scores[id(p)] = sc

    def cached_score(self, q: str, s: str, d: str):
        p = self._prepared.get((q, s, d))
        return None if p is None else self._scores.get(id(p))

    def prepare(self, question, sql, dialect="sqlite", schema=None):
        p = self._prepared.get((question, sql, dialect))
        return p if p is not None else self._det.prepare(question, sql, dialect, schema)

    def score_prepared(self, prepared, batch_size: int = 16):
        missing = [p for p in prepared if id(p) not in self._scores]
        fresh = iter(self._det.score_prepared(missing, batch_size) if missing else [])
        return [self._scores[id(p)] if id(p) in self._scores else next(fresh) for p in prepared]


def _finding_row(f, offset: int, stmt_index: int) -> dict:
    conf = f.confidence if isinstance(f.confidence, (int, float)) and math.isfinite(f.confidence) else None
    return {"code": f.code, "name": f.name, "severity": f.severity.value, "message": f.message,
            "statement": stmt_index, "start": f.span.start + offset, "end": f.span.end + offset,
            "confidence": conf, "data": json.dumps(f.data, sort_keys=True, default=str) if f.data else None}


def crashed_finding(message: str, length: int = 1) -> dict:
    return {"code": CHECK_CRASHED.code, "name": CHECK_CRASHED.name, "severity": Severity.INFO.value,
            "message": message[:500], "statement": 0, "start": 0, "end": max(1, length),
            "confidence": None, "data": None}


def output_row(row: dict, findings: list[dict], statements: int, score=None, score_cls=None,
               verdict=None, error: str | None = None) -> dict:
    order = {"error": 3, "warning": 2, "info": 1, "hint": 0}
    worst = max((f["severity"] for f in findings), key=lambda s: order.get(s, 0), default=None)
    return {"id": row["id"], "group": row.get("group"), "db": row.get("db"), "statements": statements,
            "findings": findings, "codes": sorted({f["code"] for f in findings}), "max_severity": worst,
            "score": score, "score_cls": score_cls, "verdict": verdict, "error": error}


def failed_row(row: dict, why: str) -> dict:
    """The output row of a statement that could not be checked: one SIX003 finding, the error kept."""
    return output_row(row, [crashed_finding(f"not checked: {why}", len(row.get("sql") or "") or 1)], 0,
                      error=why[:500])


class RowChecker:
    """Checks batches of rows (dicts with id, sql, intent, db, group) with one engine per database."""

    def __init__(self, config, *, db_dir: str | None = None, onnx_threads: int | None = None,
                 model_batch: int = 16, max_engines: int = 128, single_threaded: bool = True,
                 path: str | None = None, detectors=None):
        """``path``: the input table's, which the rows are checked as (``per-file-ignores`` and templating
        match it as they match a checked file); ``detectors``: the
        :class:`~sqlintent.workspace.detectors.Detectors` the detector comes from (one of its own when None:
        a worker process's)."""
        from sqlintent.workspace.detectors import Detectors

        self.config = config
        self.db_dir = db_dir
        self.path = path if path and path != "-" else None
        self.model_batch = model_batch
        self.max_engines = max_engines
        self.messages: list[str] = []  # run-level problems (database or model unavailable), once each
        if single_threaded:
            from sqlintent.threads import limit_loaded_openblas

            limit_loaded_openblas(1)  # one core per scan worker: OpenBLAS's own threads only spin (docs/scan.md)
        self._detectors = detectors if detectors is not None else Detectors()
        det, problem = self._detectors.detector_for(config)
        if problem:
            self.messages.append(problem)
        if det is not None and onnx_threads:
            det.threads = onnx_threads  # read when the ONNX session starts (on the first score)
        self.detector = _ScoreCache(det) if det is not None else None
        from sqlintent.workspace.engine_store import Engines

        self._engines = Engines(limit=max_engines)  # one per database; the least recently used closed

    # -- engines -----------------------------------------------------------------------------------
    def engine_for(self, ref: str | None):
        key = ref if (self.db_dir and ref) else None
        return self._engines.get(key, lambda: self._build(key))

    def _build(self, key: str | None):
        from sqlintent.engine import Engine

        config = self.config
        if key is not None:
            override = resolve_db_ref(self.db_dir, key)
            if override is None:
                self._note(f"no database or schema named {key!r} under {self.db_dir}; its rows are checked "
                           f"without one")
                override = {"database": None, "schema_files": []}
            config, _ = config.with_overrides(override)
        eng = Engine(config, detector=self.detector)
        eng.open_sources()
        for f in eng.run_findings:
            self._note(f"{f.code} {f.message}")
        return eng

    def _note(self, message: str) -> None:
        if message not in self.messages:
            self.messages.append(message)

    def close(self) -> None:
        self._engines.close()

    # -- checking ----------------------------------------------------------------------------------
    def check_batch(self, rows: list[dict]) -> list[dict]:
        parsed = []
        for row in rows:
            if row.get("error"):
                parsed.append(None)
                continue
            try:
                eng = self.engine_for(row.get("db"))
                templated, doc = eng.prepare(row["sql"], self.path)  # rendered first when templated
                if doc is not None and row.get("intent"):
                    doc = replace(doc, statements=[replace(st, intent=row["intent"]) for st in doc.statements])
                parsed.append((eng, templated, doc))
            except Exception as exc:  # noqa: BLE001 - one row's failure stays in its row
                parsed.append(exc)
        if self.detector is not None:
            self._prefetch(parsed)
        out = []
        for row, p in zip(rows, parsed):
            if p is None:
                out.append(failed_row(row, row["error"]))
            elif isinstance(p, Exception):
                from sqlintent.db.errors import printable  # a database's message quotes values
                out.append(failed_row(row, printable(p)))
            else:
                try:
                    out.append(self._check_row(row, *p))
                except Exception as exc:  # noqa: BLE001
                    from sqlintent.db.errors import printable  # a database's message quotes values
                    out.append(failed_row(row, printable(exc)))
        return out

    def _prefetch(self, parsed) -> None:
        pairs = []
        dialect = self.config.dialect or "sqlite"
        for p in parsed:
            if isinstance(p, tuple):
                eng, _, doc = p
                if eng.detector is None or doc is None:
                    continue
                cols = schema_columns(eng.schema)
                pairs.extend((st.intent, st.text, dialect, cols) for st in doc.statements if st.intent)
        try:
            self.detector.prefetch(pairs, self.model_batch)
        except Exception:  # noqa: BLE001 - each row then scores (or fails) on its own
            pass

    def _check_row(self, row: dict, eng, templated, doc) -> dict:
        """The row checked as ``check`` checks a file (``Engine.check_text``: noqa, per-file-ignores,
        templating, redacted messages), with its score and verdict."""
        result = eng.check_text(row["sql"], self.path, prepared=(templated, doc))
        findings = [_finding_row(f, 0, f.statement_index or 0) for f in result.findings]
        scores, verdicts = [], []
        dialect = self.config.dialect or "sqlite"
        for st in doc.statements if doc is not None else ():
            if st.intent and eng.detector is not None:
                sc = self.detector.cached_score(st.intent, st.text, dialect)
                if sc is not None:
                    scores.append(sc)
            p = _verdict_of(eng, st)
            if p is not None:
                verdicts.append(p)
        findings.sort(key=lambda f: (f["start"], f["code"], f["message"]))
        worst = min(scores, key=lambda s: s.score) if scores else None
        return output_row(row, findings, len(doc.statements) if doc is not None else 0,
                          score=None if worst is None else round(worst.score, 6),
                          score_cls=None if worst is None else round(worst.score_cls, 6),
                          verdict=round(min(verdicts), 6) if verdicts else None)


def _verdict_of(engine, stmt) -> float | None:
    """The verdict's probability for a checked statement, when this engine computes one (the verdict step,
    ``Engine.verdict``, in versions that ship it); None otherwise. Never fails the row."""
    fn = getattr(engine, "verdict", None)
    if not callable(fn) or not stmt.intent:
        return None
    try:
        p = getattr(fn(stmt), "probability", None)
    except Exception:  # noqa: BLE001 - the verdict is an extra column
        return None
    return float(p) if isinstance(p, (int, float)) and math.isfinite(p) else None
