"""How many gold queries of a data set the probe guard would refuse, per database dialect; with ``--run``,
how many run through the whole SQLite probe path (guard, authorizer, limits, deadline) on their databases.

    python tools/guard_coverage.py ../shared/data/spider/dev.json query
    python tools/guard_coverage.py ../shared/data/bird_dev/dev.json SQL
    python tools/guard_coverage.py ../shared/data/spider/dev.json query --run ../shared/data/spider/database

Prints, per dialect, the number of queries refused (not probed; SIX002) with the functions named most
often, and the number the guard could not parse (never run either); with ``--run``, the outcomes of running
each query (databases at DIR/<db_id>/<db_id>.sqlite, 5 s each). docs/security.md quotes the figures.
"""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

from sqlintent.db import NotReadOnlyError, ProbeRefused, QueryTimeout, connect, ensure_select


def coverage(data: list, key: str) -> None:
    for dialect in ("sqlite", "duckdb", "postgres"):
        refused: collections.Counter = collections.Counter()
        unparsed = 0
        for item in data:
            try:
                ensure_select(item[key], dialect)
            except ProbeRefused as exc:
                refused[exc.what] += 1
            except NotReadOnlyError:
                unparsed += 1
        print(f"{dialect}: {len(data)} queries, refused {sum(refused.values())} "
              f"{dict(refused.most_common(8))}, unparsed {unparsed}")


def run(data: list, key: str, folder: Path) -> None:
    outcomes: collections.Counter = collections.Counter()
    errors: collections.Counter = collections.Counter()
    dbs: dict = {}
    for item in data:
        path = folder / item["db_id"] / f"{item['db_id']}.sqlite"
        if not path.is_file():
            outcomes["no database"] += 1
            continue
        if item["db_id"] not in dbs:
            dbs[item["db_id"]] = connect(str(path))
        try:
            dbs[item["db_id"]].run_select(item[key], timeout_s=5, max_rows=10)
            outcomes["ran"] += 1
        except QueryTimeout:
            outcomes["timeout"] += 1
        except NotReadOnlyError:
            outcomes["refused"] += 1
        except Exception as exc:  # what SQLite (or its authorizer) said
            outcomes["error"] += 1
            errors[str(exc)[:60]] += 1
    print(f"sqlite probe path: {dict(outcomes)}" + (f" errors {dict(errors.most_common(5))}" if errors else ""))


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--run"):
        print(__doc__)
        return 2
    with open(argv[0], encoding="utf-8") as fh:
        data = json.load(fh)
    coverage(data, argv[1])
    if len(argv) == 4:
        run(data, argv[1], Path(argv[3]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
