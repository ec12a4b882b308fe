"""What the oracle guards of issue 37 cost a clean repository: Spider dev's gold queries, one file per database
(each question as its intent), checked with ``CI=true`` (stored values hidden) by two checkouts; prints, per
database, the findings only one of them reports.

    python benchmarks/bench_oracle_recall.py --before /path/to/old/checkout            # against this one
    python benchmarks/bench_oracle_recall.py --before OLD --config cap20.toml          # another cap

``--config`` is passed to this checkout's run only (e.g. ``[probes] max_findings_per_column = 20``).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
FINDING = re.compile(r"^\S+?:(\d+):(\d+): ([A-Z]{3}\d{3}) ", re.M)


def _findings(code: Path, sql: Path, db: Path, extra: list[str]) -> set[tuple]:
    env = dict(os.environ, PYTHONPATH=str(code), CI="true", SQLINTENT_CACHE_DIR=str(sql.parent / ".cache"))
    env.pop("SQLINTENT_SHOW_VALUES", None)
    out = subprocess.run([sys.executable, "-m", "sqlintent", "check", str(sql), "--db", str(db), "--no-model",
                          "--no-cache", *extra], env=env, capture_output=True, text=True, timeout=3600).stdout
    return set(FINDING.findall(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, required=True, help="the other checkout (PYTHONPATH)")
    ap.add_argument("--spider", type=Path, default=HERE.parent / "shared" / "data" / "spider")
    ap.add_argument("--config", type=Path, help="a config file for this checkout's run")
    args = ap.parse_args()
    by_db = defaultdict(list)
    for x in json.loads((args.spider / "dev.json").read_text(encoding="utf-8")):
        by_db[x["db_id"]].append(x)
    extra = ["--config", str(args.config.resolve())] if args.config else []
    lost = gained = statements = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, rows in sorted(by_db.items()):
            db = args.spider / "database" / name / f"{name}.sqlite"
            if not db.is_file():
                continue
            sql = Path(tmp) / f"{name}.sql"
            sql.write_text("".join(f"-- intent: {' '.join(r['question'].split())}\n{r['query'].strip().rstrip(';')};\n\n"
                                   for r in rows), encoding="utf-8")
            statements += len(rows)
            old = _findings(args.before, sql, db, [])
            new = _findings(HERE, sql, db, extra)
            only_old = {f for f in old - new}
            only_new = {f for f in new - old}
            lost += len(only_old)
            gained += len(only_new)
            print(f"{name:32} findings before {len(old):4}  after {len(new):4}  only before {len(only_old):3}  "
                  f"only after {len(only_new):3} {sorted(c for *_, c in only_new)}", flush=True)
    print(f"{len(by_db)} databases, {statements} statements: {lost} findings only before, {gained} only after")


if __name__ == "__main__":
    main()
