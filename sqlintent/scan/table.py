"""Statement tables in (Parquet, JSONL, CSV) and findings tables out (Parquet, JSONL), with resume.

Input rows become dicts ``{id, sql, intent, db, group}`` (``error`` set when the row cannot be read).
Output rows have the columns of :data:`OUTPUT_COLUMNS`, one per input row, keyed by ``id``:

* JSONL output is one file, appended a batch at a time (each batch flushed and synced); a line cut short by
  a killed run is dropped on restart.
* Parquet output is a directory of part files (``part-NNNNNN-*.parquet``), each written under a temporary
  name and renamed when complete; read it with ``pyarrow.dataset``, pandas or DuckDB
  (``read_parquet('OUT/*.parquet')``).

On restart the ids already in the output are read and those rows are not checked again.
Parquet (in or out) needs pyarrow (``pip install 'sqlintent[scan]'``); JSONL and CSV need nothing.
"""
from __future__ import annotations

import csv
import glob
import json
import os
import re
import sys
import uuid
from typing import Iterator

OUTPUT_COLUMNS = ("id", "group", "db", "statements", "findings", "codes", "max_severity", "score",
                  "score_cls", "verdict", "error")

DEFAULT_COLUMNS = {
    "id": ("id", "query_id", "qid"),
    "sql": ("sql", "query", "statement", "predicted_sql", "SQL"),
    "intent": ("intent", "question", "comment", "title"),
    "db": ("db", "db_id", "database"),
    "group": ("group", "group_id", "question_id"),
}


class TableError(Exception):
    """The input or output cannot be read or written (printed as is)."""


def table_format(path: str, given: str | None = None) -> str:
    if given:
        return given
    low = path.lower().rstrip("/\\")
    if low.endswith((".parquet", ".pq")) or (os.path.isdir(path) and glob.glob(os.path.join(path, "*.parquet"))):
        return "parquet"
    if low.endswith(".csv") or low.endswith(".tsv"):
        return "csv"
    if low.endswith((".jsonl", ".ndjson", ".json")) or path == "-":
        return "jsonl"
    raise TableError(f"cannot tell the format of {path}: name it .parquet, .jsonl or .csv, or give --input-format")


def _pyarrow(what: str):
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet as pq
    except ImportError:
        raise TableError(f"{what} needs pyarrow: pip install 'sqlintent[scan]' (or use JSONL/CSV)") from None
    return pq


# -- input ------------------------------------------------------------------------------------------
def pick_columns(available: list[str], given: dict[str, str | None]) -> dict[str, str | None]:
    """The input column for each role: the flag's value (which must exist) or the first default present."""
    out = {}
    for role, defaults in DEFAULT_COLUMNS.items():
        name = given.get(role)
        if name:
            if name not in available:
                raise TableError(f"no column {name!r} for the {role} in the input (columns: {', '.join(available)})")
            out[role] = name
        else:
            out[role] = next((c for c in defaults if c in available), None)
    if out["sql"] is None:
        raise TableError(f"no SQL column in the input: give --sql-column (columns: {', '.join(available)})")
    return out


def _text(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value != value:  # NaN from pandas-written files
        return None
    s = value if isinstance(value, str) else str(value)
    return s if s.strip() else None


def _row(n: int, rec: dict, cols: dict) -> dict:
    rid = _text(rec.get(cols["id"])) if cols["id"] else None
    row = {"id": rid if rid is not None else str(n),
           "sql": _text(rec.get(cols["sql"])) or "",
           "intent": _text(rec.get(cols["intent"])) if cols["intent"] else None,
           "db": _text(rec.get(cols["db"])) if cols["db"] else None,
           "group": _text(rec.get(cols["group"])) if cols["group"] else None}
    if not row["sql"]:
        row["error"] = "the row has no SQL"
    return row


def read_rows(path: str, fmt: str, columns: dict[str, str | None], batch_rows: int = 1000) -> Iterator[list[dict]]:
    """Batches of input rows, in file order. Without an id column a row's id is its 0-based row number."""
    if fmt == "parquet":
        yield from _read_parquet(path, columns, batch_rows)
        return
    n = 0
    batch: list[dict] = []
    records = _read_jsonl(path) if fmt == "jsonl" else _read_csv(path)
    # the columns from the keys of the first records together, not the first alone: JSONL writers (Spark's)
    # leave out null fields, so one line may lack the id or intent that the others have
    head = []
    for item in records:
        head.append(item)
        if len(head) >= _KEY_SAMPLE:
            break
    keys: dict[str, None] = {}
    for rec, problem in head:
        if problem is None:
            keys.update(dict.fromkeys(rec))
    cols = pick_columns(list(keys), columns) if keys else None
    for rec, problem in _chain(head, records):
        if problem is None and cols is None:
            cols = pick_columns(list(rec), columns)
        if problem is not None:
            row = {"id": str(n), "sql": "", "intent": None, "db": None, "group": None, "error": problem}
        else:
            row = _row(n, rec, cols)
        batch.append(row)
        n += 1
        if len(batch) >= batch_rows:
            yield batch
            batch = []
    if batch:
        yield batch


_KEY_SAMPLE = 1000  # records read ahead to learn a JSONL or CSV file's columns


def _chain(first, rest):
    yield from first
    yield from rest


def _decoded(raw: bytes, n: int) -> tuple[str | None, str | None]:
    """A line as text, or why not (the first line may start with a UTF-8 byte-order mark)."""
    try:
        return raw.decode("utf-8-sig" if n == 1 else "utf-8"), None
    except UnicodeDecodeError as exc:
        return None, f"line {n} is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"


def _open_text(path: str):
    """CSV text: a UTF-8 byte-order mark (Excel's "CSV UTF-8") is not part of the first column's name, and a
    byte that is not UTF-8 makes its record an error row, not the end of the run."""
    if path == "-":
        sys.stdin.reconfigure(encoding="utf-8-sig", errors="surrogateescape", newline="")
        return sys.stdin
    try:
        return open(path, encoding="utf-8-sig", errors="surrogateescape", newline="")
    except OSError as exc:
        raise TableError(f"cannot read {path}: {exc.strerror or exc}") from None


def _open_binary(path: str):
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise TableError(f"cannot read {path}: {exc.strerror or exc}") from None


def _read_jsonl(path: str):
    fh = _open_binary(path)
    try:
        for n, raw in enumerate(fh, 1):
            line, problem = _decoded(raw, n)
            if problem is not None:
                yield None, problem
                continue
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError as exc:
                yield None, f"line {n} is not JSON ({exc})"
                continue
            if not isinstance(rec, dict):
                yield None, f"line {n} is not a JSON object"
                continue
            yield rec, None
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


def _read_csv(path: str):
    csv.field_size_limit(16 * 1024 * 1024)
    fh = _open_text(path)
    try:
        delimiter = "\t" if path.lower().endswith(".tsv") else ","
        reader = csv.DictReader(fh, delimiter=delimiter)
        errors_in_a_row = 0
        while True:
            try:
                rec = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:  # one bad record (a field over 16 MB...): reported, and reading goes on
                errors_in_a_row += 1
                if errors_in_a_row > 1000:
                    raise TableError(f"cannot read {path}: 1,000 records in a row are not CSV ({exc})") from None
                yield None, f"the record ending on line {reader.line_num}: {exc}"
                continue
            errors_in_a_row = 0
            if any(isinstance(v, str) and _SURROGATE.search(v) for v in rec.values()):
                yield None, f"the record ending on line {reader.line_num} is not valid UTF-8"
                continue
            yield rec, None
    except UnicodeDecodeError as exc:
        raise TableError(f"cannot read {path}: {exc}") from None
    finally:
        if fh is not sys.stdin:
            fh.close()


_SURROGATE = re.compile("[\udc80-\udcff]")  # bytes that were not UTF-8 (read with surrogateescape)


def _read_parquet(path: str, columns: dict, batch_rows: int):
    _pyarrow("Parquet input")
    import pyarrow.dataset as ds

    try:
        data = ds.dataset(path, format="parquet")
    except (OSError, ValueError) as exc:
        raise TableError(f"cannot read {path}: {exc}") from None
    cols = pick_columns(list(data.schema.names), columns)
    wanted = sorted({c for c in cols.values() if c})
    n = 0
    for rb in data.to_batches(columns=wanted, batch_size=batch_rows):
        recs = rb.to_pylist()
        yield [_row(n + i, rec, cols) for i, rec in enumerate(recs)]
        n += len(recs)


# -- output -----------------------------------------------------------------------------------------
def output_format(path: str, given: str | None = None) -> str:
    if given:
        return given
    low = path.lower().rstrip("/\\")
    if low.endswith((".csv", ".tsv")):
        raise TableError(f"--out {path}: CSV output is not written; name a .jsonl file or a .parquet folder")
    return "parquet" if low.endswith((".parquet", ".pq")) else "jsonl"


def check_output_path(path: str, fmt: str) -> None:
    """Refuse an output that cannot be one: a folder for JSONL, a file for Parquet's part files."""
    if fmt == "jsonl" and os.path.isdir(path):
        raise TableError(f"--out {path} is a folder: JSONL output is one file")
    if fmt == "parquet" and os.path.exists(path) and not os.path.isdir(path):
        raise TableError(f"--out {path} is a file: Parquet output is a folder of part files")


def done_ids(path: str, fmt: str) -> set[str]:
    """Ids already in the output (for resume); a JSONL line cut short by a crash is removed first."""
    if fmt == "jsonl":
        if not os.path.exists(path):
            return set()
        _drop_partial_line(path)
        ids = set()
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    ids.add(str(json.loads(line)["id"]))
                except (ValueError, KeyError, TypeError):
                    # another file: appending the scan's rows to it would mix them into someone's data
                    raise TableError(f"--out {path} exists and is not a scan output (line {n}): give a new path "
                                     "or the output of an earlier scan to resume") from None
        return ids
    parts = sorted(glob.glob(os.path.join(path, "part-*.parquet")))
    if not parts:
        return set()
    pq = _pyarrow("Parquet output")
    ids: set[str] = set()
    for p in parts:
        ids.update(str(v) for v in pq.read_table(p, columns=["id"]).column("id").to_pylist())
    return ids


def _drop_partial_line(path: str) -> None:
    with open(path, "rb+") as fh:
        fh.seek(0, os.SEEK_END)
        size = fh.tell()
        if size == 0:
            return
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return
        pos = size
        while pos > 0:  # back to the last newline
            step = min(65536, pos)
            fh.seek(pos - step)
            chunk = fh.read(step)
            i = chunk.rfind(b"\n")
            if i >= 0:
                fh.truncate(pos - step + i + 1)
                return
            pos -= step
        fh.truncate(0)


class Writer:
    """Appends output rows; ``write`` makes them durable (JSONL) or buffers up to ``part_rows`` (Parquet)."""

    def __init__(self, path: str, fmt: str, part_rows: int = 20000):
        self.path, self.fmt, self.part_rows = path, fmt, part_rows
        self._buffer: list[dict] = []
        if fmt == "jsonl":
            parent = os.path.dirname(os.path.abspath(path))
            os.makedirs(parent, exist_ok=True)
            self._fh = open(path, "a", encoding="utf-8")
        else:
            self._pq = _pyarrow("Parquet output")
            os.makedirs(path, exist_ok=True)
            existing = glob.glob(os.path.join(path, "part-*.parquet"))
            self._seq = len(existing)

    def write(self, rows: list[dict]) -> None:
        if not rows:
            return
        if self.fmt == "jsonl":
            self._fh.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
            self._fh.flush()
            os.fsync(self._fh.fileno())
            return
        self._buffer.extend(rows)
        if len(self._buffer) >= self.part_rows:
            self.flush()

    def flush(self) -> None:
        if self.fmt == "jsonl" or not self._buffer:
            return
        import pyarrow as pa

        table = pa.Table.from_pylist(self._buffer, schema=arrow_schema())
        name = f"part-{self._seq:06d}-{uuid.uuid4().hex[:8]}.parquet"
        tmp = os.path.join(self.path, "." + name + ".tmp")
        self._pq.write_table(table, tmp)
        os.replace(tmp, os.path.join(self.path, name))
        self._seq += 1
        self._buffer = []

    def close(self) -> None:
        self.flush()
        if self.fmt == "jsonl":
            self._fh.close()


def arrow_schema():
    import pyarrow as pa

    finding = pa.struct([("code", pa.string()), ("name", pa.string()), ("severity", pa.string()),
                         ("message", pa.string()), ("statement", pa.int32()), ("start", pa.int32()),
                         ("end", pa.int32()), ("confidence", pa.float64()), ("data", pa.string())])
    return pa.schema([("id", pa.string()), ("group", pa.string()), ("db", pa.string()),
                      ("statements", pa.int32()), ("findings", pa.list_(finding)),
                      ("codes", pa.list_(pa.string())), ("max_severity", pa.string()),
                      ("score", pa.float64()), ("score_cls", pa.float64()), ("verdict", pa.float64()),
                      ("error", pa.string())])


def read_output(path: str, fmt: str | None = None) -> list[dict]:
    """All rows of a findings table (tests, small outputs)."""
    fmt = output_format(path, fmt)
    if fmt == "jsonl":
        with open(path, encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    pq = _pyarrow("Parquet output")
    rows = []
    for p in sorted(glob.glob(os.path.join(path, "part-*.parquet"))):
        rows.extend(pq.read_table(p).to_pylist())
    return rows
