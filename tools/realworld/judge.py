"""The judge shared by every source: run an answer and the reference read-only with a timeout, compare.

Results are compared as multisets of rows (as lists where the question asks for an order), after folding
numbers (an integral float is the integer, other floats are rounded to 6 places) and, when both have the same
number of columns (at most 5), allowing the columns in another order. Equal is ``ok``; everything else is
``unjudged`` with the difference as the reason, until a person reads it.
"""
from __future__ import annotations

import itertools
import sqlite3
import time
from dataclasses import dataclass
from decimal import Decimal

TIMEOUT_S = 10.0


@dataclass
class Result:
    columns: list[str] | None = None
    rows: list[tuple] | None = None
    error: str | None = None


class SqliteRunner:
    """A read-only SQLite connection that interrupts a statement after ``timeout`` seconds."""

    def __init__(self, path: str, timeout: float = TIMEOUT_S):
        self.con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self.timeout = timeout

    def run(self, sql: str) -> Result:
        deadline = time.monotonic() + self.timeout
        self.con.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10000)
        try:
            cur = self.con.execute(sql)
            rows = cur.fetchmany(200001)
            return Result([d[0] for d in cur.description or []], rows)
        except (sqlite3.Error, sqlite3.Warning, OverflowError, ValueError) as exc:
            return Result(error=f"{type(exc).__name__}: {exc}"[:200])
        finally:
            self.con.set_progress_handler(None, 0)

    def close(self) -> None:
        self.con.close()


class DuckdbRunner:
    def __init__(self, path: str, timeout: float = TIMEOUT_S):
        import duckdb

        self.con = duckdb.connect(path, read_only=True)
        self.timeout = timeout

    def run(self, sql: str) -> Result:
        import threading

        timer = threading.Timer(self.timeout, self.con.interrupt)
        timer.start()
        try:
            cur = self.con.execute(sql)
            rows = cur.fetchmany(200001)
            return Result([d[0] for d in cur.description or []], [tuple(r) for r in rows])
        except Exception as exc:  # noqa: BLE001 - duckdb raises many error types; each is a refusal
            return Result(error=f"{type(exc).__name__}: {exc}"[:200])
        finally:
            timer.cancel()

    def close(self) -> None:
        self.con.close()


class PostgresRunner:
    """A PostgreSQL connection in read-only transactions with a statement timeout (``url`` may carry
    ``options=-csearch_path=...``)."""

    def __init__(self, url: str, timeout: float = TIMEOUT_S):
        self.url, self.timeout = url, timeout
        self._connect()

    def _connect(self) -> None:
        import psycopg

        self.con = psycopg.connect(self.url, autocommit=False)
        self.con.execute(f"SET statement_timeout = {int(self.timeout * 1000)}")
        self.con.commit()

    def run(self, sql: str) -> Result:
        try:
            self.con.execute("BEGIN READ ONLY")
            cur = self.con.execute(sql)
            rows = cur.fetchmany(200001) if cur.description else []
            return Result([d.name for d in cur.description or []], [tuple(r) for r in rows])
        except Exception as exc:  # noqa: BLE001 - any refusal of the server
            return Result(error=f"{type(exc).__name__}: {str(exc).splitlines()[0]}"[:200])
        finally:
            try:
                self.con.rollback()
            except Exception:  # noqa: BLE001 - a timeout can land on the rollback itself: start afresh
                self.con.close()
                self._connect()

    def close(self) -> None:
        self.con.close()


def runner(engine: str, database: str, timeout: float = TIMEOUT_S):
    return {"sqlite": SqliteRunner, "duckdb": DuckdbRunner, "postgres": PostgresRunner}[engine](database, timeout)


def _fold(v):
    if isinstance(v, Decimal):
        v = float(v)
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, float):
        return int(v) if v.is_integer() else round(v, 6)
    if isinstance(v, (bytes, memoryview)):
        return bytes(v).hex()
    if v is not None and not isinstance(v, (int, str)):
        return str(v)  # dates, times, intervals: compared as text
    return v


def _key(row: tuple) -> str:
    return repr(row)


def same(ref: Result, got: Result, ordered: bool) -> bool:
    if ref.error or got.error or ref.rows is None or got.rows is None:
        return False
    a = [tuple(_fold(v) for v in r) for r in ref.rows]
    b = [tuple(_fold(v) for v in r) for r in got.rows]
    if len(a) != len(b):
        return False
    ncol = len(ref.columns or [])
    if ncol != len(got.columns or []):
        return False
    perms = itertools.permutations(range(ncol)) if 1 < ncol <= 5 else [tuple(range(ncol))]
    want = a if ordered else sorted(a, key=_key)
    for p in perms:
        bb = [tuple(r[i] for i in p) for r in b]
        if (bb if ordered else sorted(bb, key=_key)) == want:
            return True
    return False


def differ_reason(ref: Result, got: Result, ordered: bool) -> str:
    """One line on how the answer's result differs from the reference's."""
    if got.error:
        return f"does not run: {got.error}"
    if ref.error:
        return f"the reference fails: {ref.error}"
    if len(ref.columns or []) != len(got.columns or []):
        return f"{len(got.columns or [])} columns where the reference has {len(ref.columns or [])}"
    if len(ref.rows) != len(got.rows):
        return f"{len(got.rows)} rows where the reference has {len(ref.rows)}"
    if ordered and same(ref, got, False):
        return "the same rows in another order"
    return f"the same number of rows ({len(got.rows)}) with other values"


def judge(ref: Result, got: Result, ordered: bool) -> tuple[str, str, str]:
    """(label, reason, category) from the comparison alone; the reason starts with ``judge:``."""
    label, reason, category = _judge(ref, got, ordered)
    return label, "judge: " + reason, category


def _judge(ref: Result, got: Result, ordered: bool) -> tuple[str, str, str]:
    if got.error and ("interrupt" in got.error.lower() or "timeout" in got.error.lower()):
        return "unjudged", f"timed out: {got.error}", ""
    if got.error:
        return "wrong", f"does not run: {got.error}", "syntax or schema error"
    if same(ref, got, ordered):
        return "ok", "same result as the reference", ""
    return "unjudged", differ_reason(ref, got, ordered), ""
