"""Build the real-world corpora of tools/realworld/sources from fetched snapshots (see tools/realworld/__init__.py).

    python tools/realworld/build.py --list
    python tools/realworld/build.py [--only KEY,...] [--label] [--mirror /work/.mirror] [--out /work/ext/corpora]
    python tools/realworld/build.py --fetch-list KEY      # the owner/name@commit lines to fetch first
    python tools/realworld/build.py --summary             # per source: statements and labels (label files)

Per source: the database under OUT/<key>/, the answers under OUT/<key>/queries/<author>.sql with
queries/sqlintent.toml, a build log OUT/<key>/build.log (repositories missing, fixes applied, near-copies
dropped, statements per author) and, with --label, benchmarks/realworld_labels/<key>.csv (+ .json).
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks"), str(ROOT)]

from realworld import judge, labels  # noqa: E402
from realworld.snapshot import normalised  # noqa: E402
from realworld.source import BuildContext, Source  # noqa: E402

LABELS_DIR = ROOT / "benchmarks" / "realworld_labels"


def author_slug(repo: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", repo.replace("/", "__"))


def build(source: Source, mirror: Path, out: Path, log=print) -> dict:
    """Write the corpus and judge it: {"rows": label rows, "log": lines, "authors": n}."""
    from realworld_corpora import sql_hash

    base = out / source.key
    (base / "queries").mkdir(parents=True, exist_ok=True)
    for old in (base / "queries").glob("*.sql"):
        old.unlink()
    ctx = BuildContext(mirror, base, source)
    notes: list[str] = []
    database = source.build_db(ctx)
    run = judge.runner(source.engine, database)
    refs = {}
    for q in source.questions:
        refs[q.key] = run.run(q.reference)
        if refs[q.key].error:
            raise SystemExit(f"{source.key}: the reference of question {q.key} fails: {refs[q.key].error}")
    seen: dict[tuple[str, str], str] = {}
    per_author: dict[str, list] = {}
    for repo in source.repos:
        snap = ctx.snapshot(repo)
        if not snap.exists():
            notes.append(f"missing snapshot {repo.name}@{repo.commit} (fetch github:{repo.name})")
            continue
        for ans in source.extract(snap, source):
            if source.question(ans.question) is None:
                continue
            sql = ans.sql
            for fix in source.fixes:
                fixed = fix.apply(sql)
                if fixed != sql:
                    notes.append(f"fix {repo.name}:{ans.origin}: {fix.why}")
                    sql = fixed
            key = (ans.question, normalised(sql))
            if key in seen:
                notes.append(f"near-copy dropped {repo.name}:{ans.origin} (same as {seen[key]})")
                continue
            seen[key] = f"{repo.name}:{ans.origin}"
            per_author.setdefault(repo.name, []).append((ans.question, sql))
    order = {q.key: i for i, q in enumerate(source.questions)}
    rows = []
    for author, answers in sorted(per_author.items()):
        fname = f"queries/{author_slug(author)}.sql"
        commit = next(r.commit for r in source.repos if r.name == author)
        lines = [f"-- built by sqlintent tools/realworld/build.py from {author}@{commit} ({source.key})", ""]
        for qkey, sql in sorted(answers, key=lambda a: order[a[0]]):
            q = source.question(qkey)
            lines.append(f"-- intent: {' '.join(q.intent.split())}")
            first = len(lines) + 1
            body = sql.split("\n")
            lines.extend(body)
            if "--" in lines[-1]:
                lines.append(";")
            else:
                lines[-1] += ";"
            lines.append("")
            got = run.run(sql)
            label, reason, category = (source.judge(q, refs[qkey], got) if source.judge
                                       else judge.judge(refs[qkey], got, q.ordered))
            if label == "wrong" and not source.keep_failing:
                del lines[first - 2:]
                continue
            rows.append({"file": fname, "line": first, "sha": sql_hash(sql), "label": label, "reason": reason,
                         "category": category, "question": qkey, "author": author})
        (base / fname).write_text("\n".join(lines), encoding="utf-8")
    run.close()
    (base / "queries" / "sqlintent.toml").write_text(f'database = "{database}"\n{source.toml_extra}', encoding="utf-8")
    notes.append(f"{len(rows)} statements from {len(per_author)} authors")
    (base / "build.log").write_text("\n".join(notes) + "\n", encoding="utf-8")
    return {"rows": rows, "log": notes, "authors": len(per_author)}


def meta(source: Source, authors: int) -> dict:
    return {"source": source.url, "kind": "labelled", "engine": source.engine, "licence": source.licence,
            "authors": authors, "note": source.title, "repos": [f"{r.name}@{r.commit}" for r in source.repos]}


def summary(sources: dict) -> None:
    """One line per source from its label file: statements, ok / wrong (running) / debatable / unjudged, authors."""
    print(f"{'source':22}{'engine':>9}{'stmts':>7}{'ok':>6}{'wrong':>6}{'running':>8}{'deb':>5}{'unjudged':>9}"
          f"{'authors':>8}")
    total = dict.fromkeys(("stmts", "ok", "wrong", "running", "debatable", "unjudged"), 0)
    for key, src in sources.items():
        rows = labels.read(LABELS_DIR / f"{key}.csv")
        if not rows:
            continue
        n = labels.counts(rows)
        running = sum(r["label"] == "wrong" and not r["reason"].startswith("judge: does not run") for r in rows)
        line = {"stmts": len(rows), "ok": n.get("ok", 0), "wrong": n.get("wrong", 0), "running": running,
                "debatable": n.get("debatable", 0), "unjudged": n.get("unjudged", 0)}
        for k, v in line.items():
            total[k] += v
        print(f"{key:22}{src.engine:>9}{line['stmts']:>7}{line['ok']:>6}{line['wrong']:>6}{running:>8}"
              f"{line['debatable']:>5}{line['unjudged']:>9}{len({r['file'] for r in rows}):>8}")
    print(f"{'total':22}{'':>9}{total['stmts']:>7}{total['ok']:>6}{total['wrong']:>6}{total['running']:>8}"
          f"{total['debatable']:>5}{total['unjudged']:>9}")


def main(argv=None) -> int:
    from realworld.sources import all_sources

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirror", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--out", type=Path, default=Path("/work/ext/corpora"))
    ap.add_argument("--only", help="comma-separated source keys")
    ap.add_argument("--label", action="store_true", help="write benchmarks/realworld_labels/<key>.csv")
    ap.add_argument("--list", action="store_true", help="list the sources")
    ap.add_argument("--fetch-list", metavar="KEY", help="print the repositories of a source to fetch")
    ap.add_argument("--summary", action="store_true", help="per source: statements, labels, authors (label files)")
    args = ap.parse_args(argv)
    sources = all_sources()
    if args.list:
        for k, s in sources.items():
            print(f"{k:24} {s.engine:8} {len(s.questions):3} questions {len(s.repos):3} repositories  {s.title}")
        return 0
    if args.summary:
        summary(sources)
        return 0
    if args.fetch_list:
        for r in sources[args.fetch_list].repos:
            print(f"github:{r.name}@{r.commit}")
        return 0
    for key, source in sources.items():
        if args.only and key not in args.only.split(","):
            continue
        res = build(source, args.mirror, args.out)
        rows = res["rows"]
        if args.label:
            path = LABELS_DIR / f"{key}.csv"
            rows = labels.merge(rows, labels.read(path))
            labels.write(path, rows, meta(source, res["authors"]))
        missing = sum(1 for n in res["log"] if n.startswith("missing"))
        print(f"{key}: {len(rows)} statements, {res['authors']} authors, {labels.counts(rows)}"
              + (f", {missing} repositories not fetched" if missing else ""), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
