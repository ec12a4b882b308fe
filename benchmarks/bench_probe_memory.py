"""Peak memory of one hostile SQLite probe: a thousand 16 MB blobs, which the row and byte caps must stop
before the driver copies them (docs/security.md, "Known limits").

    python benchmarks/bench_probe_memory.py

Prints the rows handed back, whether the result was cut, and this process's peak resident memory before
and after the probe (``resource.getrusage``; Linux reports kilobytes).
"""
from __future__ import annotations

import resource
import sqlite3
import tempfile
import time
from pathlib import Path

from sqlintent.db.sqlite import run_select

QUERY = ("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c LIMIT 1001) "
         "SELECT zeroblob(16000000) AS b FROM c")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        conn = sqlite3.connect(Path(d) / "x.sqlite")
        before = _peak_mb()
        t = time.perf_counter()
        result = run_select(conn, QUERY, timeout_s=10)
        print(f"rows {len(result.rows)}, cut {result.truncated}, {time.perf_counter() - t:.2f} s; "
              f"peak RSS {before:.0f} MB before the probe, {_peak_mb():.0f} MB after")


if __name__ == "__main__":
    main()
