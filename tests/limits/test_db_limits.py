"""A probe's result is read a row at a time and no further than its caps: a query of a thousand 16 MB blobs
hands back nothing and says it was cut, without the driver having copied them all first."""
import sqlite3

from sqlintent.db.limits import cap_rows, fetch_capped
from sqlintent.db.sqlite import run_select


class _Cursor:
    def __init__(self, rows):
        self.rows, self.handed = list(rows), 0

    def fetchone(self):
        if not self.rows:
            return None
        self.handed += 1
        return self.rows.pop(0)


def test_reading_stops_at_the_byte_cap_not_at_the_row_cap():
    cur = _Cursor([("x" * 1_000_000,)] * 1001)
    rows = fetch_capped(iter(cur.fetchone, None), 1000, max_bytes=3_500_000)
    assert cur.handed == 3 + 1  # the row that crossed the cap is the last one read
    kept, truncated = cap_rows(rows, 1000, max_bytes=3_500_000)
    assert len(kept) == 3 and truncated


def test_reading_stops_one_past_the_row_cap():
    cur = _Cursor([(i,) for i in range(5000)])
    assert len(fetch_capped(iter(cur.fetchone, None), 1000)) == 1001 and cur.handed == 1001


def test_a_thousand_huge_blobs_come_back_as_a_cut_empty_result(tmp_path):
    conn = sqlite3.connect(tmp_path / "x.sqlite")
    result = run_select(conn, "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c LIMIT 1001) "
                              "SELECT zeroblob(16000000) AS b FROM c", timeout_s=10)
    assert result.rows == [] and result.truncated
