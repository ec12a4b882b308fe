"""How many gold queries of a data set the probe guard would refuse, per database dialect.

    python tools/guard_coverage.py ../shared/data/spider/dev.json query
    python tools/guard_coverage.py ../shared/data/bird_dev/dev.json SQL

Prints, per dialect, the number of queries refused (not probed; SIX002) with the functions named most
often, and the number the guard could not parse (never run either). docs/security.md quotes the figures.
"""
from __future__ import annotations

import collections
import json
import sys

from sqlintent.db.guard import NotReadOnlyError, ProbeRefused, ensure_select


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    path, key = argv
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
