"""How many queries of each measurement file SQLite's parser refuses (SIS001 by sqlintent.sqlite_syntax), and
how many of those sqlglot reads (before SQLite judged SQLite files, those passed the syntax rule).

    python tools/sqlite_refusals.py [--shared ../shared] [--gold]

Reads the first candidate of each ../shared/data/eval file (measurement only), or with --gold the Spider
gold queries (dev and train), which must all pass.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from sqlintent import sqlast
from sqlintent.sqlite_syntax import check


def _sqlglot_reads(sql: str) -> bool:
    try:
        sqlast.parse_trees(sql, "sqlite")
        return True
    except Exception:  # noqa: BLE001 - any failure counts as not read
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    ap.add_argument("--gold", action="store_true", help="the Spider gold queries instead of the parsers' answers")
    a = ap.parse_args()
    if a.gold:
        sets = {f.name: [line.split("\t")[0].strip() for line in f.read_text().splitlines() if line.strip()]
                for f in (a.shared / "data/spider/dev_gold.sql", a.shared / "data/spider/train_gold.sql")}
    else:
        sets = {f.name: [json.loads(line)["candidates"][0] for line in f.read_text().splitlines() if line.strip()]
                for f in sorted((a.shared / "data/eval").glob("*.jsonl"))}
    for name, queries in sets.items():
        refused = [q for q in queries if check(q) is not None]
        print(f"{name}: {len(queries)} queries, SQLite refuses {len(refused)}, "
              f"of which sqlglot reads {sum(map(_sqlglot_reads, refused))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
