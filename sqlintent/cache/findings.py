"""Statement findings kept on disk, so that a re-run with nothing changed checks nothing again.

A statement's findings (each phase: the rules without the model, then the model's rules and the verdict) are
stored in the persistent cache (:class:`sqlintent.cache.ScoreStore`) under a SHA-256 of everything they
depend on: the running code (:func:`~sqlintent.cache.fingerprint.code_fingerprint`), the configuration (every
setting, and the directory relative paths resolve from), the database's identity and version (a SQLite or
DuckDB file's size and modification time), the schema files', the model's and the verdict model's files
(sizes, modification times), the statement's text and intent and the phase.

What is not stored, so that it is computed again next time: a phase that ran out of time or could not parse
(SIS006), one whose probes failed or timed out, one checked while a source or the model was unavailable
(the run's SID001/SIM002 must be said again), results against a database that has no version to key them
by (PostgreSQL), and findings whose data does not survive JSON unchanged.

Values are JSON and read back strictly: a row that is not exactly a list of well-formed findings is ignored
(a cache directory restored from elsewhere is not trusted to build anything else).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from sqlintent.findings import Clause, Edit, ErrorReport, Finding, Fix, FixSafety, Severity, Span

__all__ = ["engine_fingerprint", "statement_key", "to_json", "from_json"]


def engine_fingerprint(sources) -> str | None:
    """What an engine's findings depend on besides the statement, or None when they must not be stored.
    ``sources``: the engine's :class:`~sqlintent.engine.sources.Sources` (its config, its database's version)."""
    from sqlintent.cache.fingerprint import files_fingerprint, process_code_fingerprint

    cfg = sources.config
    if cfg.database and sources.database_version() is None:
        return None  # a server database (or one that did not open): nothing says when its data changed
    model_dir = None
    if cfg.model.enabled:
        if cfg.model.path:
            model_dir = Path(cfg.resolve(cfg.model.path) or cfg.model.path)
        else:
            import sqlintent

            model_dir = Path(sqlintent.__file__).resolve().parent / "detector_model"
    verdict = getattr(getattr(cfg, "verdict", None), "path", None)
    from sqlintent.disclosure import database_text_shown, mode

    blob = json.dumps([
        process_code_fingerprint(), mode(),  # findings name stored values by the disclosure mode
        database_text_shown(),  # and quote a database's error only outside CI (sqlintent.db.errors)
        cfg.to_dict(), str(cfg.base_dir),
        cfg.database, files_fingerprint(cfg.schema_files),
        files_fingerprint([model_dir]) if model_dir else None,
        files_fingerprint([cfg.resolve(verdict) or verdict]) if verdict else None,
    ], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def statement_key(fingerprint: str, key: tuple) -> str:
    """The disk key of an engine's in-memory statement key (text, intent, flags, database version, phase)."""
    blob = json.dumps([fingerprint, list(key)], default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def _span(s: Span) -> list:
    return [s.start, s.end]


def _clause(c: Clause) -> list:
    return [c.label, _span(c.span)]


def to_json(findings: list[Finding]) -> list | None:
    """A statement's findings as JSON values, or None when one does not round-trip exactly."""
    out = []
    for f in findings:
        if f.path is not None or f.statement_index is not None:
            return None  # statement-local findings only
        try:
            data = json.loads(json.dumps(f.data))
        except (TypeError, ValueError):
            return None
        if data != f.data:
            return None  # tuples, non-string keys ...: keep the real thing in memory only
        out.append({
            "c": f.code, "n": f.name, "m": f.message, "s": _span(f.span), "v": f.severity.value,
            "k": f.confidence, "d": f.data, "r": [_clause(c) for c in f.related],
            "x": None if f.fix is None else [f.fix.description, f.fix.safety.value,
                                             [[_span(e.span), e.replacement] for e in f.fix.edits]],
            "e": None if f.report is None else [f.report.description, [_clause(c) for c in f.report.problematic_clauses],
                                                f.report.correction, f.report.example],
        })
    return out


class _Bad(Exception):
    pass


def _int(v) -> int:
    if type(v) is not int:
        raise _Bad
    return v


def _str(v) -> str:
    if type(v) is not str:
        raise _Bad
    return v


def _list(v, n: int | None = None) -> list:
    if type(v) is not list or (n is not None and len(v) != n):
        raise _Bad
    return v


def _read_span(v) -> Span:
    a, b = _list(v, 2)
    return Span(_int(a), _int(b))


def _read_clause(v) -> Clause:
    label, span = _list(v, 2)
    return Clause(_str(label), _read_span(span))


def _read(d) -> Finding:
    if type(d) is not dict or set(d) != {"c", "n", "m", "s", "v", "k", "d", "r", "x", "e"}:
        raise _Bad
    conf = d["k"]
    if type(conf) not in (int, float) or type(d["d"]) is not dict:
        raise _Bad
    fix = None
    if d["x"] is not None:
        desc, safety, edits = _list(d["x"], 3)
        fix = Fix(_str(desc), tuple(Edit(_read_span(_list(e, 2)[0]), _str(e[1])) for e in _list(edits)),
                  FixSafety(_str(safety)))
    report = None
    if d["e"] is not None:
        desc, clauses, correction, example = _list(d["e"], 4)
        report = ErrorReport(_str(desc), tuple(_read_clause(c) for c in _list(clauses)), _str(correction),
                             _str(example))
    return Finding(_str(d["c"]), _str(d["n"]), _str(d["m"]), _read_span(d["s"]), Severity(_str(d["v"])),
                   float(conf), fix, report, tuple(_read_clause(c) for c in _list(d["r"])), d["d"])


def from_json(value) -> list[Finding] | None:
    """The findings of :func:`to_json`'s value, or None when it is not exactly that."""
    try:
        return [_read(d) for d in _list(value)]
    except (_Bad, ValueError, TypeError):
        return None
