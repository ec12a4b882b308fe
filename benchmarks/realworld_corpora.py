"""The corpora of the real-world benchmark (benchmarks/bench_realworld.py): what is checked and how it is labelled.

A corpus is a list of *units*, one file each as a user would check it: its text, the settings it is checked
with (the database or schema files its folder names) and the label of each statement by its first SQL line
(``ok``, ``wrong`` or ``debatable``). Two kinds:

- **labelled**: real answers to published questions, each judged by running it (``realworld_dev/A`` and ``B``
  split by their own source folders, and the corpora that ``tools/realworld_corpus.py`` builds under
  ``/work/ext/corpora`` from fetched public repositories with the labels in ``benchmarks/realworld_labels/``);
- **good**: bodies of correct SQL for false-alarm rates (Spider dev gold with the questions as intents, BIRD
  dev gold on its schema only, the external known-good corpora).

Nothing here copies the data: everything is read from ``../shared`` or the built corpora at run time.
"""
from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]
LABELS_DIR = ROOT / "benchmarks" / "realworld_labels"
DEFAULT_EXT = Path("/work/ext/corpora")
LABELS = ("ok", "wrong", "debatable")


@dataclass
class Unit:
    corpus: str
    uid: str  # stable id of the file within its corpus (for resuming)
    text: str
    overrides: dict  # settings the file is checked with (database / schema_files / dialect)
    labels: dict[int, str] = field(default_factory=dict)  # first SQL line -> ok | wrong | debatable
    path: str | None = None  # the file's path when it has one (templated dbt models need it)


@dataclass
class Corpus:
    name: str
    kind: str  # "labelled" | "good"
    units: list[Unit]
    real_world: bool = True  # pooled for the policy's precision (Spider and BIRD gold are not)
    note: str = ""

    def statements(self) -> int:
        return sum(len(u.labels) for u in self.units)


def sql_hash(sql: str) -> str:
    """A statement's identity in a label file: sha256 of its text with spacing folded (first 16 hex)."""
    return hashlib.sha256(" ".join(sql.split()).encode("utf-8")).hexdigest()[:16]


def _folder_overrides(folder: Path) -> dict:
    """The database (or schema files, dialect) a corpus folder's sqlintent.toml names, as absolute paths.

    Read here rather than discovered, so the benchmark measures the rules, whatever the trust rules for
    discovered configs are."""
    toml = next((d / "sqlintent.toml" for d in (folder, *folder.parents) if (d / "sqlintent.toml").is_file()), None)
    if toml is None:
        return {}
    folder = toml.parent
    data = tomllib.loads(toml.read_text(encoding="utf-8"))
    out = {}
    if data.get("database"):
        db = data["database"]
        # a server's URL (PostgreSQL) is kept as it is; a file is resolved against the folder
        out["database"] = db if "://" in db else str((folder / db).resolve())
    if data.get("schema_files"):
        out["schema_files"] = [str((folder / p).resolve()) for p in data["schema_files"]]
    if data.get("dialect"):
        out["dialect"] = data["dialect"]
    return out


def _labelled_dir(base: Path, name_of, labels_csv: Path, prefix: str = "") -> dict[str, Corpus]:
    """Corpora from a labels.csv (file,line,...,label) under ``base``; ``name_of(file)`` picks the corpus."""
    by_file: dict[str, dict[int, str]] = {}
    for row in csv.DictReader(labels_csv.open(encoding="utf-8")):
        if row["label"] in LABELS:
            by_file.setdefault(row["file"], {})[int(row["line"])] = row["label"]
    out: dict[str, Corpus] = {}
    for rel, labels in sorted(by_file.items()):
        path = base / rel
        name = name_of(rel)
        if name is None or not path.is_file():
            continue
        unit = Unit(name, prefix + rel, path.read_text(encoding="utf-8"), _folder_overrides(path.parent), labels,
                    str(path))
        out.setdefault(name, Corpus(name, "labelled", [])).units.append(unit)
    return out


def realworld_dev(shared: Path) -> dict[str, Corpus]:
    """realworld_dev A (App Academy SQLZoo learners; pgexercises) and B (LeetCode; Northwind students)."""
    rw = shared / "data" / "realworld_dev"
    out: dict[str, Corpus] = {}
    if (rw / "A" / "labels.csv").is_file():
        out.update(_labelled_dir(rw / "A", lambda f: "A/sqlzoo_aa" if "/aa_" in f else "A/pgexercises",
                                 rw / "A" / "labels.csv", "A/"))
    if (rw / "B" / "labels.csv").is_file():
        out.update(_labelled_dir(rw / "B", lambda f: "B/northwind" if "/northwind" in f else "B/leetcode",
                                 rw / "B" / "labels.csv", "B/"))
    return out


def spider_gold(shared: Path) -> Corpus | None:
    """Spider dev gold, the question as the intent, one file per database (those present)."""
    spider = shared / "data" / "spider"
    if not (spider / "dev.json").is_file():
        return None
    by_db: dict[str, list[tuple[str, str]]] = {}
    for ex in json.loads((spider / "dev.json").read_text(encoding="utf-8")):
        by_db.setdefault(ex["db_id"], []).append((ex["question"], ex["query"]))
    units = []
    for db, pairs in sorted(by_db.items()):
        path = spider / "database" / db / f"{db}.sqlite"
        if path.is_file():
            units.append(_generated("spider_dev_gold", db, pairs, {"database": str(path)}))
    return Corpus("spider_dev_gold", "good", units, real_world=False,
                  note="Spider dev gold queries, question as intent, database present (probes on)")


def bird_gold(shared: Path) -> Corpus | None:
    """BIRD dev gold on the schema only (its CREATE TABLE files; no contents here), question as intent."""
    bird = shared / "data" / "bird_dev"
    if not (bird / "dev.json").is_file():
        return None
    by_db: dict[str, list[tuple[str, str]]] = {}
    for ex in json.loads((bird / "dev.json").read_text(encoding="utf-8")):
        by_db.setdefault(ex["db_id"], []).append((ex["question"], ex["SQL"]))
    units = []
    for db, pairs in sorted(by_db.items()):
        schema = bird / "schemas" / f"{db}.sql"
        if schema.is_file():
            units.append(_generated("bird_dev_gold", db, pairs, {"schema_files": [str(schema)]}))
    return Corpus("bird_dev_gold", "good", units, real_world=False,
                  note="BIRD dev gold (7 databases), question as intent, schema files only (no data, no probes)")


def _generated(corpus: str, uid: str, pairs, overrides: dict) -> Unit:
    """One file of (question, query) pairs: ``-- intent: question`` then the query and ';'."""
    lines: list[str] = []
    labels: dict[int, str] = {}
    for question, query in pairs:
        lines.append("-- intent: " + " ".join(question.split()))
        labels[len(lines) + 1] = "ok"
        body = query.strip().rstrip(";").strip()
        lines.extend(body.splitlines() or [""])
        lines[-1] += ";"
        lines.append("")
    return Unit(corpus, uid, "\n".join(lines) + "\n", overrides, labels)


def external(ext: Path) -> dict[str, Corpus]:
    """The corpora ``tools/realworld_corpus.py`` built from fetched repositories, with the labels kept in
    ``benchmarks/realworld_labels/<corpus>.csv`` (file, line, sha, label, reason). A statement whose text no
    longer hashes to its label's sha is left out (the build changed): the labels name what they judged."""
    out: dict[str, Corpus] = {}
    for labels_csv in sorted(LABELS_DIR.glob("*.csv")):
        name = labels_csv.stem
        base = ext / name
        if not base.is_dir():
            continue
        meta = json.loads((LABELS_DIR / f"{name}.json").read_text(encoding="utf-8")) \
            if (LABELS_DIR / f"{name}.json").is_file() else {}
        by_file: dict[str, dict[int, tuple[str, str]]] = {}
        for row in csv.DictReader(labels_csv.open(encoding="utf-8")):
            if row["label"] in LABELS:
                by_file.setdefault(row["file"], {})[int(row["line"])] = (row["label"], row["sha"])
        units = []
        for rel, rows in sorted(by_file.items()):
            path = base / rel
            if not path.is_file():
                continue
            text = path.read_text(encoding="utf-8")
            whole = sql_hash(text)  # a dbt model's label names the template's text
            labels = {line: lab for line, (lab, sha) in rows.items() if sha in (whole, _statement_sha(text, line))}
            units.append(Unit(name, f"{name}/{rel}", text, _folder_overrides(path.parent), labels, str(path)))
        kind = meta.get("kind", "labelled")
        out[name] = Corpus(name, kind, units, note=meta.get("note", ""))
    return out


def _statement_sha(text: str, line: int) -> str | None:
    """The sha of the statement whose first SQL line is ``line`` (1-based), as the engine splits the file."""
    from sqlintent.document import parse_document

    doc = parse_document(text)
    for st in doc.statements:
        if text.count("\n", 0, st.span.start) + 1 == line:
            return sql_hash(st.text)
    return None


def all_corpora(shared: Path, ext: Path = DEFAULT_EXT, only: list[str] | None = None) -> list[Corpus]:
    found: dict[str, Corpus] = {}
    found.update(realworld_dev(shared))
    for c in (spider_gold(shared), bird_gold(shared)):
        if c is not None:
            found[c.name] = c
    found.update(external(ext))
    if only:
        found = {k: v for k, v in found.items() if any(o in k for o in only)}
    return list(found.values())
