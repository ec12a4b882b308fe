"""Bodies of valid SQL for benchmarks/bench_valid_sql.py: each yields (corpus, database, dialect, sql) groups.

A statement counts as valid only once the database itself accepted it: SQLite compiles it (``EXPLAIN``, on the
corpus's own database or one built from its CREATE TABLE file), DuckDB prepares it after the test file's setup
statements ran, libpg_query parses it. ``database`` is what sqlintent is given: ("database", path) or
("schema", ddl path) or None.
"""
from __future__ import annotations

import csv
import json
import re
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Group:
    corpus: str
    source: tuple[str, str] | None  # ("database", path) / ("schema", path) / None
    dialect: str
    statements: list[str] = field(default_factory=list)
    refused: int = 0  # statements of the corpus the database itself refused (not counted)


def _sqlite_accepts(conn: sqlite3.Connection, sql: str) -> bool:
    text = sql.strip().rstrip(";")
    try:
        conn.execute("EXPLAIN " + text).fetchall()
        return True
    except (sqlite3.Error, sqlite3.Warning, ValueError):
        return False


def _sqlite_group(corpus: str, path: Path, statements: list[str], source=None) -> Group:
    g = Group(corpus, source or ("database", str(path)), "sqlite")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        for sql in statements:
            if _sqlite_accepts(conn, sql):
                g.statements.append(sql)
            else:
                g.refused += 1
    finally:
        conn.close()
    return g


def _gold(path: Path) -> dict[str, list[str]]:
    by_db: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "\t" in line:
            sql, db = line.rsplit("\t", 1)
            by_db.setdefault(db.strip(), []).append(sql)
    return by_db


def spider(shared: Path, which: str = "dev", limit: int = 0):
    root = shared / "data" / "spider"
    for db, sqls in sorted(_gold(root / f"{which}_gold.sql").items()):
        path = root / "database" / db / f"{db}.sqlite"
        if path.exists():
            yield _sqlite_group(f"spider-{which}", path, sqls[:limit] if limit else sqls)


def bird(shared: Path, limit: int = 0):
    root = shared / "data" / "bird_dev"
    for db, sqls in sorted(_gold(root / "dev_gold.sql").items()):
        ddl = root / "schemas" / f"{db}.sql"
        if not ddl.exists():
            continue
        with tempfile.NamedTemporaryFile(suffix=".sqlite", delete=False) as tmp:
            built = Path(tmp.name)
        conn = sqlite3.connect(built)
        conn.executescript(ddl.read_text(encoding="utf-8"))
        conn.close()
        yield _sqlite_group("bird-dev", built, sqls[:limit] if limit else sqls, ("schema", str(ddl)))
        built.unlink()


def realworld(shared: Path, part: str):
    from sqlintent.document import parse_document

    root = shared / "data" / "realworld_dev" / part
    wanted: dict[str, set[int]] = {}
    with open(root / "labels.csv", newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["label"] == "ok":
                wanted.setdefault(row["file"], set()).add(int(row["line"]))
    by_db: dict[Path, list[str]] = {}
    for rel, lines in sorted(wanted.items()):
        path = root / rel
        toml = path.parent / "sqlintent.toml"
        if not toml.exists():
            continue
        m = re.search(r'^database\s*=\s*"([^"]+)"', toml.read_text(encoding="utf-8"), re.MULTILINE)
        if not m:
            continue
        text = path.read_text(encoding="utf-8")
        for st in parse_document(text).statements:
            if text.count("\n", 0, st.span.start) + 1 in lines:
                by_db.setdefault((toml.parent / m.group(1)).resolve(), []).append(st.text)
    for db, sqls in sorted(by_db.items()):
        yield _sqlite_group(f"realworld-{part}", db, sqls)


def slt_records(text: str, engine: str):
    """(kind, sql) of a sqllogictest file's records that apply to ``engine`` (sqlite or duckdb)."""
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.split("\n") if ln.strip() and not ln.startswith("#")]
        skip = False
        while lines and lines[0].split()[0] in ("skipif", "onlyif", "mode", "loop", "endloop", "require",
                                                 "load", "hash-threshold", "halt", "foreach", "endfor"):
            word, *rest = lines.pop(0).split()
            if word == "skipif" and rest and rest[0] == engine or word == "onlyif" and rest and rest[0] != engine:
                skip = True
            if word in ("require", "load", "loop", "foreach", "halt"):
                skip = True
        if skip or not lines:
            continue
        head = lines[0].split()
        if head[0] not in ("statement", "query"):
            continue
        body = []
        for ln in lines[1:]:
            if ln.strip() == "----":
                break
            body.append(ln)
        sql = "\n".join(body).strip()
        if sql and "${" not in sql:
            yield ("setup" if head[0] == "statement" and len(head) > 1 and head[1] == "ok" else
                   "query" if head[0] == "query" else "error"), sql


_SCHEMA_CHANGE = re.compile(r"\s*(CREATE|DROP|ALTER)\b", re.IGNORECASE)
_TEMP = re.compile(r"^(\s*CREATE\s+(?:OR\s+REPLACE\s+)?)TEMP(?:ORARY)?\s+", re.IGNORECASE)


def _snapshots(records, open_db, accepts, execute, corpus, dialect, tmpdir: Path):
    """Run a test file's setup in order and yield a Group per schema state: the queries accepted since the
    last schema change, checked against a copy of the database as it was when they ran."""
    import shutil

    built = tmpdir / "db"
    conn, g, n = open_db(built), None, 0
    for kind, sql in records:
        if kind == "setup":
            if g is not None and g.statements and _SCHEMA_CHANGE.match(sql):
                conn.close()
                n += 1
                snap = tmpdir / f"snap{n}"
                shutil.copy(built, snap)
                g.source = ("database", str(snap))
                yield g
                g, conn = None, open_db(built)
            try:
                execute(conn, _TEMP.sub(r"\1", sql))
            except Exception:  # noqa: BLE001 - a setup statement this engine refuses: its queries tell
                pass
        elif kind == "query":
            g = g or Group(corpus, None, dialect)
            if accepts(conn, sql):
                g.statements.append(sql)
            else:
                g.refused += 1
    conn.close()
    if g is not None and g.statements:
        g.source = ("database", str(built))
        yield g


def _sqlite_execute(conn, sql):
    conn.execute(sql)
    conn.commit()


def sqllogictest(root: Path, limit_files: int = 0, per_file: int = 0, pattern: str = "**/*.test"):
    files = sorted((root / "test").glob(pattern))
    for path in files[:limit_files] if limit_files else files:
        records = [(k, s) for k, s in slt_records(path.read_text(encoding="utf-8", errors="replace"), "sqlite")
                   if k == "query" or re.match(r"\s*(CREATE|INSERT|DROP|UPDATE|DELETE|REPLACE)\b", s, re.IGNORECASE)]
        if per_file:
            records = [r for r in records if r[0] == "setup"] + [r for r in records if r[0] == "query"][:per_file]
        with tempfile.TemporaryDirectory() as tmpdir:
            yield from _snapshots(records, lambda p: sqlite3.connect(p), _sqlite_accepts, _sqlite_execute,
                                  "sqllogictest", "sqlite", Path(tmpdir))


def _duckdb_accepts(conn, sql: str) -> bool:
    import duckdb

    try:
        if len(conn.extract_statements(sql)) != 1:
            return False
        conn.execute("PREPARE bench_q AS " + sql)
        conn.execute("DEALLOCATE bench_q")
        return True
    except duckdb.Error:
        return False


def duckdb_tests(root: Path, limit_files: int = 0):
    import duckdb

    files = sorted((root / "test" / "sql").rglob("*.test"))
    for path in files[:limit_files] if limit_files else files:
        text = path.read_text(encoding="utf-8", errors="replace")
        if re.search(r"^(require|load|loop|foreach|concurrentloop)\b", text, re.MULTILINE):
            continue  # extensions, loops over variables, persistent files: outside a slice's reach
        with tempfile.TemporaryDirectory() as tmpdir:
            yield from _snapshots(
                slt_records(text, "duckdb"),
                lambda p: duckdb.connect(str(p), config={"enable_external_access": False}),
                _duckdb_accepts, lambda c, sql: c.execute(sql), "duckdb-tests", "duckdb", Path(tmpdir))


def pg_regress(root: Path, limit_files: int = 0):
    from pglast.parser import ParseError, split

    files = sorted((root / "test" / "sql" / "postgres_regress").glob("*.sql"))
    g = Group("pg-regress", None, "postgres")
    for path in files[:limit_files] if limit_files else files:
        text = path.read_text(encoding="utf-8", errors="replace")
        text = re.sub(r"^\\.*$", "", text, flags=re.MULTILINE)  # psql meta-commands
        try:
            parts = split(text, with_parser=False)
        except Exception:  # noqa: BLE001 - a file libpg_query cannot split: left out
            continue
        for sql in parts:
            try:
                from pglast.parser import parse_sql

                parse_sql(sql)
                g.statements.append(sql)
            except ParseError:
                g.refused += 1
    yield g


def load_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))
