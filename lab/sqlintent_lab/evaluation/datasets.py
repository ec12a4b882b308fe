"""Read evaluation files, locate their databases, and load Spider-style ``tables.json`` schemas.

Two line formats are accepted (see ``data/README.md`` of the shared data):

- candidate lists: ``{"id", "db_id", "question", "gold": SQL, "candidates": [SQL, ...]}``; the candidates
  keep the parser's rank order (the first one is its answer);
- ready labels: ``{"sql": SQL, "label": 1|0}`` with optional ``id``, ``db_id``, ``question``,
  ``evidence`` (and ``gold``), for sets whose databases are not available.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator


class DatasetFormatError(ValueError):
    """A line of an evaluation file is not in one of the accepted formats."""


@dataclass(frozen=True)
class Example:
    """One question with its candidate queries (and their ready labels, when the file gives them)."""

    id: str
    db_id: str | None
    question: str
    candidates: tuple[str, ...]
    gold: str | None = None
    labels: tuple[int, ...] | None = None  # ready labels, aligned with candidates (``sql``/``label`` lines)
    evidence: str | None = None
    line: int = 0
    extra: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def intent(self) -> str:
        """The question, with the evidence (BIRD's hint) appended when there is one."""
        if self.evidence:
            return f"{self.question} {self.evidence}".strip()
        return self.question


_KNOWN = {"id", "db_id", "question", "gold", "candidates", "sql", "label", "evidence"}


def _parse_line(obj: object, lineno: int, path: str) -> Example:
    where = f"{path}:{lineno}"
    if not isinstance(obj, dict):
        raise DatasetFormatError(f"{where}: expected a JSON object, got {type(obj).__name__}")
    ex_id = str(obj.get("id", f"line-{lineno}"))
    db_id = obj.get("db_id")
    if db_id is not None and not isinstance(db_id, str):
        raise DatasetFormatError(f"{where}: 'db_id' must be a string")
    question = obj.get("question", "")
    if not isinstance(question, str):
        raise DatasetFormatError(f"{where}: 'question' must be a string")
    evidence = obj.get("evidence")
    if evidence is not None and not isinstance(evidence, str):
        raise DatasetFormatError(f"{where}: 'evidence' must be a string")
    extra = {k: v for k, v in obj.items() if k not in _KNOWN}
    if "candidates" in obj:
        gold, cands = obj.get("gold"), obj["candidates"]
        if not isinstance(gold, str) or not gold.strip():
            raise DatasetFormatError(f"{where}: a line with 'candidates' needs a non-empty 'gold' SQL string")
        if not isinstance(cands, list) or not all(isinstance(c, str) for c in cands):
            raise DatasetFormatError(f"{where}: 'candidates' must be a list of SQL strings")
        if not isinstance(db_id, str):
            raise DatasetFormatError(f"{where}: a line with 'candidates' needs 'db_id'")
        return Example(ex_id, db_id, question, tuple(cands), gold=gold, evidence=evidence, line=lineno,
                       extra=extra)
    if "sql" in obj:
        sql, label = obj["sql"], obj.get("label")
        if not isinstance(sql, str):
            raise DatasetFormatError(f"{where}: 'sql' must be a string")
        if isinstance(label, bool) or label not in (0, 1):
            raise DatasetFormatError(f"{where}: a line with 'sql' needs 'label' 1 (correct) or 0 (wrong), "
                                     f"got {label!r}")
        gold = obj.get("gold") if isinstance(obj.get("gold"), str) else None
        return Example(ex_id, db_id, question, (sql,), gold=gold, labels=(int(label),), evidence=evidence,
                       line=lineno, extra=extra)
    raise DatasetFormatError(f"{where}: a line needs either 'gold' and 'candidates' or 'sql' and 'label' "
                             f"(keys found: {', '.join(sorted(obj)) or 'none'})")


def load_examples(path: str | Path) -> Iterator[Example]:
    """Yield the examples of a JSONL file in file order; blank lines are skipped.

    Raises DatasetFormatError naming the file and line number for bad JSON or missing fields.
    """
    p = Path(path)
    with p.open(encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise DatasetFormatError(f"{p}:{lineno}: not valid JSON ({exc.msg})") from None
            yield _parse_line(obj, lineno, str(p))


def resolve_db(db_dir: str | Path | None, db_id: str | None) -> Path | None:
    """Find the SQLite file of ``db_id``: ``<db_dir>/<db_id>/<db_id>.sqlite`` or ``<db_dir>/<db_id>.sqlite``.

    Returns None when neither exists.
    """
    if db_dir is None or not db_id:
        return None
    base = Path(db_dir)
    for cand in (base / db_id / f"{db_id}.sqlite", base / f"{db_id}.sqlite",
                 base / db_id / f"{db_id}.db", base / f"{db_id}.db"):
        if cand.is_file():
            return cand
    return None


def load_tables(path: str | Path) -> dict[str, dict]:
    """Load a Spider-style ``tables.json`` into ``{db_id: schema}``.

    Each schema is ``{"tables": {table: [column, ...]}, "column_types": {table: [type, ...]},
    "primary_keys": [(table, column), ...], "foreign_keys": [((table, column), (ref_table, ref_column)), ...]}``
    with the original (case-preserved) names.
    """
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise DatasetFormatError(f"{path}: expected a JSON list of database schemas")
    out: dict[str, dict] = {}
    for i, db in enumerate(raw):
        try:
            tnames = db.get("table_names_original") or db["table_names"]
            cols = db.get("column_names_original") or db["column_names"]
            types = db.get("column_types") or ["text"] * len(cols)
            tables: dict[str, list[str]] = {t: [] for t in tnames}
            ctypes: dict[str, list[str]] = {t: [] for t in tnames}
            index: dict[int, tuple[str, str]] = {}
            for ci, (ti, cname) in enumerate(cols):
                if ti < 0:
                    continue
                t = tnames[ti]
                tables[t].append(cname)
                ctypes[t].append(types[ci] if ci < len(types) else "text")
                index[ci] = (t, cname)
            pks: list[tuple[str, str]] = []
            for pk in db.get("primary_keys", []):
                for ci in (pk if isinstance(pk, list) else [pk]):
                    if ci in index:
                        pks.append(index[ci])
            fks = [(index[a], index[b]) for a, b in db.get("foreign_keys", []) if a in index and b in index]
            out[db["db_id"]] = {"tables": tables, "column_types": ctypes, "primary_keys": pks,
                                "foreign_keys": fks}
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise DatasetFormatError(f"{path}: schema #{i} is malformed ({exc!r})") from None
    return out
