"""Build the external corpora of benchmarks/bench_realworld.py from fetched public repositories.

    python tools/realworld_corpus.py [--mirror /work/.mirror] [--out /work/ext/corpora] [--shared ../shared]
                                     [--label]

Each corpus is built from a repository snapshot at the commit named below (a bare git directory, as the
``fetch`` tool brings it to ``/work/.mirror/<owner>+<name>/repo``), into ``OUT/<corpus>/queries/*.sql``
(one ``-- intent:`` comment and one statement each) with a ``sqlintent.toml`` naming its database. Nothing of
it enters the repository: the repository keeps this script and the labels (``benchmarks/realworld_labels/
<corpus>.csv``: file, line, sha of the statement, label, reason).

Labels are made by running each statement on its database against a reference, as realworld_dev's README
describes: pgexercises answers against the official answer of the same question (AlisdairO/pgexercises at
the commit realworld_dev/A used; rows as multisets, in order where the official question is sorted);
LeetCode answers against realworld_dev/B's reference query on the problem's Example 1 database and 150
random instances (B/tools). ``--label`` writes the labels: ``ok`` where every comparison agrees; a statement
that differs gets ``unjudged`` (left out of the benchmark) until it is read and labelled by hand in the CSV
(hand labels are kept across rebuilds while the statement's sha is unchanged). Statements that SQLite does not
run (PostgreSQL or MySQL syntax) are left out, as in realworld_dev. The dbt corpus is known-good by
construction (a maintained example project): its models are labelled ``ok``.

The newer sources (one module each, a shared judge, labels with a mistake category, a data card per source)
are built by ``tools/realworld/build.py``; see ``tools/realworld/__init__.py``. Both write into the same
``OUT`` and label folder, and ``benchmarks/realworld_corpora.py`` reads both.
"""
from __future__ import annotations

import argparse
import csv
import html
import json
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

PGX_OFFICIAL = ("AlisdairO/pgexercises", "c226557fd393c6c977d4ec398caa5a4cec2089c4")
SOURCES = {
    "ext_pgx_tlgs": ("tlgs/pgexercises", "4f95e37b18a11b8911e047ff196efb5ea430e541"),
    "ext_pgx_rexes": ("rexes-ND/pgexercises", "b87f40dd7ff716ea13ae7f00d4cc2f9f3c6ccdc7"),
    "ext_leetcode_cm2908": ("cM2908/leetcode-sql", "602615ab0e6d0460ff792fe0d7b8ce650ce9e824"),
    "ext_dbt_jaffle": ("dbt-labs/jaffle-shop-classic", "fd7bfacae4f497ff044a6a0275268676bf1b64c3"),
}


class Snapshot:
    def __init__(self, mirror: Path, repo: str, commit: str):
        self.git = mirror / repo.replace("/", "+") / "repo"
        self.repo, self.commit = repo, commit

    def files(self) -> list[str]:
        out = subprocess.run(["git", "--git-dir", str(self.git), "ls-tree", "-r", "-z", "--name-only", self.commit],
                             check=True, capture_output=True).stdout
        return [p.decode("utf-8") for p in out.split(b"\0") if p]

    def read(self, path: str) -> str:
        return subprocess.run(["git", "--git-dir", str(self.git), "show", f"{self.commit}:{path}"], check=True,
                              capture_output=True).stdout.decode("utf-8", "replace")


def statements(text: str) -> list[str]:
    """The complete statements of a file (SQLite's own idea of where one ends), comments before them dropped."""
    out, buf = [], []
    for line in text.replace("\r\n", "\n").split("\n"):
        buf.append(line)
        if sqlite3.complete_statement("\n".join(buf)):
            out.append("\n".join(buf).strip())
            buf = []
    if "\n".join(buf).strip() and re.search(r"\bselect\b", "\n".join(buf), re.IGNORECASE):
        out.append("\n".join(buf).strip())
    return [_strip_leading_comments(s) for s in out if _strip_leading_comments(s)]


def _strip_leading_comments(sql: str) -> str:
    lines = sql.split("\n")
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith(("--", "#"))):
        lines.pop(0)
    body = "\n".join(lines).strip().rstrip(";").strip()
    return body if re.match(r"(?is)\s*(select|with)\b", body) else ""


def _runs(con, sql: str):
    try:
        cur = con.execute(sql)
        return [d[0] for d in cur.description or []], cur.fetchall()
    except sqlite3.Error:
        return None


def _write(out: Path, name: str, files: dict[str, list[tuple[str, str]]], toml: str) -> dict[str, list]:
    """Write OUT/name/queries/<file>: one ``-- intent:`` + statement per (intent, sql); return {file: [(line,
    sql)]}."""
    base = out / name / "queries"
    base.mkdir(parents=True, exist_ok=True)
    (base / "sqlintent.toml").write_text(toml, encoding="utf-8")
    where: dict[str, list] = {}
    for fname, pairs in files.items():
        lines: list[str] = [f"-- built by sqlintent tools/realworld_corpus.py from {SOURCES[name][0]}@{SOURCES[name][1]}", ""]
        for intent, sql in pairs:
            lines.append("-- intent: " + " ".join(intent.split()))
            where.setdefault(f"queries/{fname}", []).append((len(lines) + 1, sql))
            lines.extend(sql.split("\n"))
            lines[-1] += ";"
            lines.append("")
        (base / fname).parent.mkdir(parents=True, exist_ok=True)
        (base / fname).write_text("\n".join(lines), encoding="utf-8")
    return where


# --- pgexercises learners --------------------------------------------------------------------------------
def pgx_questions(mirror: Path) -> dict[str, dict]:
    """slug of the question title -> {question, query, sorted} from the official .ex files."""
    snap = Snapshot(mirror, *PGX_OFFICIAL)
    out = {}
    for path in snap.files():
        if not (path.startswith("questions/") and path.endswith(".ex")) or "/updates/" in path:
            continue
        parts = dict(re.findall(r"\|([A-Z]+)\|\n(.*?)(?=\n\|[A-Z]+\||\Z)", snap.read(path), re.DOTALL))
        q = re.sub(r"<[^>]+>", "", parts.get("QUESTION", ""))
        out[_slug(parts.get("QUESTIONNAME", ""))] = {"question": html.unescape(" ".join(q.split())),
                                                     "query": _no_cd(parts.get("QUERY", "")).strip().rstrip(";"),
                                                     "sorted": parts.get("SORTED", "0").strip() == "1"}
    return out


def _slug(title: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", title.lower().replace("'", "")))


def _no_cd(sql: str) -> str:
    return re.sub(r"\bcd\.", "", sql)  # SQLite has no schemas (as realworld_dev/A did)


def build_pgx(name: str, mirror: Path, out: Path, shared: Path) -> dict:
    questions = pgx_questions(mirror)
    snap = Snapshot(mirror, *SOURCES[name])
    db = shared / "data" / "realworld_dev" / "A" / "db" / "pgexercises_club.sqlite"
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    files: dict[str, list] = {}
    judged: dict[tuple[str, str], tuple[str, str]] = {}
    for path in sorted(snap.files()):
        if not path.startswith("solutions/") or not path.endswith(".sql") or "modifying" in path:
            continue
        slug = _slug(re.sub(r"^\d+-", "", Path(path).stem))
        q = questions.get(slug)
        if q is None:
            continue
        for sql in statements(_no_cd(snap.read(path))):
            got = _runs(con, sql)
            if got is None:
                continue  # PostgreSQL only
            ref = _runs(con, q["query"])
            same = ref is not None and _same_rows(ref[1], got[1], q["sorted"])
            fname = path.split("/")[1] + ".sql"
            files.setdefault(fname, []).append((q["question"], sql))
            judged[(fname, sql)] = ("ok", "same rows as the official answer on the club database") if same else \
                ("unjudged", "rows differ from the official answer")
    where = _write(out, name, files, f'database = "{db}"\n')
    return _labels(where, judged)


def _norm(v):
    if isinstance(v, float):
        return int(v) if v == int(v) else round(v, 4)
    return v


def _same_rows(a, b, ordered: bool) -> bool:
    a = [tuple(_norm(v) for v in r) for r in a]
    b = [tuple(_norm(v) for v in r) for r in b]
    if ordered:
        return a == b
    return sorted(map(repr, a)) == sorted(map(repr, b))


# --- LeetCode (another author's solutions to realworld_dev/B's problems) ----------------------------------
def build_leetcode(name: str, mirror: Path, out: Path, shared: Path) -> dict:
    bdir = shared / "data" / "realworld_dev" / "B"
    sys.path.insert(0, str(bdir / "tools"))
    import leetcode_reference as ref
    import recheck_leetcode as rc

    intents = {}
    for row in csv.DictReader((bdir / "labels.csv").open(encoding="utf-8")):
        m = re.search(r"/lc(\d{4})_", row["file"])
        if m:
            intents[int(m.group(1))] = row["intent"]
    snap = Snapshot(mirror, *SOURCES[name])
    files: dict[str, list] = {}
    judged = {}
    for path in sorted(snap.files()):
        m = re.match(r"(?:easy|medium|hard)/(\d+)\.", path)
        if not m or int(m.group(1)) not in intents or int(m.group(1)) not in ref.S:
            continue
        n = int(m.group(1))
        dbsql = next((bdir / "db" / "leetcode").glob(f"lc{n:04d}_*.sql"))
        schema = "\n".join(ln for ln in dbsql.read_text(encoding="utf-8").split("\n") if not ln.startswith("INSERT"))
        ex = sqlite3.connect(f"file:{dbsql.with_suffix('.sqlite')}?mode=ro", uri=True)
        # the author names tables <table>_<problem>: the problem's own names (SQLite matches them in any case)
        text = re.sub(rf"\b(\w+?)_{n}\b", r"\1", snap.read(path))
        for sql in statements(text):
            got = _runs(ex, sql)
            if got is None:
                continue
            differ = 0 if rc.same(n, rc.run(ex, ref.S[n]["ref"]), got) else 1
            rng = random.Random(1)
            for _ in range(150):
                data = ref.S[n]["gen"](rng)
                con = sqlite3.connect(":memory:")
                con.executescript(schema)
                for t, vals in data.items():
                    if vals:
                        con.executemany(f"INSERT INTO {t} VALUES ({','.join('?' * len(vals[0]))})", vals)
                a, b = _runs(con, ref.S[n]["ref"]), _runs(con, sql)
                differ += b is None or not rc.same(n, a, b)
            fname = dbsql.stem + ".sql"
            files.setdefault(fname, []).append((intents[n], sql))
            judged[(fname, sql)] = ("ok", ("same rows as realworld_dev/B's reference on Example 1 and 150 random "
                                           "instances")) if not differ else ("unjudged", f"differs on {differ} of 151 databases")
    # one folder per problem would need one config each: write one file per problem with its own toml folder
    where = {}
    for fname, pairs in files.items():
        sub = fname[:-4]
        db = bdir / "db" / "leetcode" / f"{sub}.sqlite"
        w = _write(out, name, {f"{sub}/{fname}": pairs}, "")
        (out / name / "queries" / sub / "sqlintent.toml").write_text(f'database = "{db}"\n', encoding="utf-8")
        where.update(w)
        for (f, sql), lab in list(judged.items()):
            if f == fname:
                judged[(f"{sub}/{fname}", sql)] = lab
    return _labels(where, judged)


# --- dbt: jaffle_shop (known-good models with descriptions) ---------------------------------------------
def build_dbt(name: str, mirror: Path, out: Path, shared: Path) -> dict:
    """Check the project's models as dbt users do (the model description is the intent, templated by the
    engine), on a SQLite database of its seeds and of the models built in order."""
    snap = Snapshot(mirror, *SOURCES[name])
    base = out / name
    proj = base / "queries"
    for path in snap.files():
        if path.startswith(("models/", "seeds/")) or path == "dbt_project.yml":
            (proj / path).parent.mkdir(parents=True, exist_ok=True)
            (proj / path).write_text(snap.read(path), encoding="utf-8")
    db = base / "jaffle.sqlite"
    db.unlink(missing_ok=True)
    con = sqlite3.connect(db)
    for seed in sorted((proj / "seeds").glob("*.csv")):
        rows = list(csv.reader(seed.open(encoding="utf-8")))
        con.execute(f"CREATE TABLE {seed.stem} ({', '.join(rows[0])})")
        con.executemany(f"INSERT INTO {seed.stem} VALUES ({','.join('?' * len(rows[0]))})",
                        [[int(v) if v.isdigit() else v for v in r] for r in rows[1:]])
    (proj / "sqlintent.toml").write_text(f'database = "{db}"\n', encoding="utf-8")
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    eng = Engine(Config().with_overrides({"database": str(db), "model": {"enabled": False}})[0])
    models = ["models/staging/stg_customers.sql", "models/staging/stg_orders.sql", "models/staging/stg_payments.sql",
              "models/customers.sql", "models/orders.sql"]
    where = {}
    judged = {}
    for m in models:
        _templated, doc = eng.prepare((proj / m).read_text(encoding="utf-8"), str(proj / m))
        sql = doc.statements[-1].text
        con.execute(f"CREATE VIEW {Path(m).stem} AS {sql}")
        text = (proj / m).read_text(encoding="utf-8")
        line = next(i for i, ln in enumerate(text.split("\n"), 1) if ln.strip() and not ln.strip().startswith("{%"))
        where[m] = [(line, text)]  # a template: its label names the model file's text
        judged[(m, text)] = ("ok", "a maintained dbt example project's model (builds and passes its tests)")
    con.commit()
    eng.close()
    return {"rows": _label_rows(where, judged, key=lambda f: f"queries/{f}"), "kind": "good",
            "note": "dbt-labs/jaffle-shop-classic models, description as intent, SQLite built from its seeds"}


def _labels(where: dict, judged: dict) -> dict:
    return {"rows": _label_rows(where, {(f"queries/{k[0]}", k[1]): v for k, v in judged.items()}), "kind": "labelled"}


def _label_rows(where: dict, judged: dict, key=lambda f: f) -> list[dict]:
    from realworld_corpora import sql_hash

    rows = []
    for f, items in sorted(where.items()):
        for line, sql in items:
            label, reason = judged[(f, sql)]
            rows.append({"file": key(f), "line": line, "sha": sql_hash(sql), "label": label, "reason": reason})
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirror", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--out", type=Path, default=Path("/work/ext/corpora"))
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--label", action="store_true", help="write benchmarks/realworld_labels/<corpus>.csv")
    ap.add_argument("--only", help="comma-separated corpus names")
    args = ap.parse_args(argv)
    from realworld_corpora import LABELS_DIR

    builders = {"ext_pgx_tlgs": build_pgx, "ext_pgx_rexes": build_pgx, "ext_leetcode_cm2908": build_leetcode,
                "ext_dbt_jaffle": build_dbt}
    for name, build in builders.items():
        if args.only and name not in args.only.split(","):
            continue
        res = build(name, args.mirror, args.out, args.shared)
        counts = {}
        for r in res["rows"]:
            counts[r["label"]] = counts.get(r["label"], 0) + 1
        print(f"{name}: {len(res['rows'])} statements {counts}")
        if args.label:
            _write_labels(LABELS_DIR, name, res)
    return 0


def _write_labels(dir_: Path, name: str, res: dict) -> None:
    """Write the labels, keeping hand labels (anything but ``unjudged`` where the build said ``unjudged``)."""
    dir_.mkdir(parents=True, exist_ok=True)
    path = dir_ / f"{name}.csv"
    old = {}
    if path.is_file():
        old = {(r["file"], r["sha"]): r for r in csv.DictReader(path.open(encoding="utf-8"))}
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, ["file", "line", "sha", "label", "reason"], lineterminator="\n")
        w.writeheader()
        for r in res["rows"]:
            prev = old.get((r["file"], r["sha"]))
            if prev is not None and r["label"] == "unjudged" and prev["label"] != "unjudged":
                r = {**r, "label": prev["label"], "reason": prev["reason"]}
            w.writerow(r)
    meta = {"source": "@".join(SOURCES[name]), "kind": res["kind"], "note": res.get("note", SOURCES[name][0])}
    (dir_ / f"{name}.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
