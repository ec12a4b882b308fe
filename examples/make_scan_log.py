"""Write a generated query log for ``sqlintent scan`` from the example queries (deterministic).

    python examples/make_scan_log.py --rows 5000 --out /tmp/shop_log.jsonl [--format csv|parquet]

Each row takes a statement of examples/queries/*.sql with its intent and varies it: other numbers in its
literals, an added LIMIT, a misspelt column now and then, a comment, so that rows are not all alike. Rows
carry an id, the database name "shop" and a candidate group (the statement it came from).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

_NUM = re.compile(r"(?<![\w.])(\d+)(?![\w.])")


def base_statements() -> list[tuple[str, str]]:
    from sqlintent.document import parse_document

    out = []
    for f in sorted((HERE / "queries").glob("*.sql")):
        for st in parse_document(f.read_text(encoding="utf-8")).statements:
            if st.intent:
                out.append((st.intent, st.text))
    return out


def vary(rng: random.Random, intent: str, sql: str) -> tuple[str, str]:
    kind = rng.randrange(6)
    if kind == 0:
        sql = _NUM.sub(lambda m: str(int(m.group(1)) + rng.randrange(1, 9)), sql)
    elif kind == 1 and "LIMIT" not in sql.upper():
        sql = f"{sql}\nLIMIT {rng.randrange(1, 50)}"
    elif kind == 2:
        sql = re.sub(r"\bname\b", "nmae", sql, count=1)  # a typo the schema rules catch
    elif kind == 3:
        sql = f"/* run {rng.randrange(10**6)} */ {sql}"
    elif kind == 4:
        intent = f"{intent} (ticket {rng.randrange(1000, 9999)})"
    return intent, sql


def rows(n: int, seed: int = 0):
    rng = random.Random(seed)
    base = base_statements()
    for i in range(n):
        g = rng.randrange(len(base))
        intent, sql = vary(rng, *base[g])
        yield {"id": f"q{i:06d}", "sql": sql, "intent": intent, "db": "shop", "group": f"g{g:02d}"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=5000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--format", choices=("jsonl", "csv", "parquet"), default=None)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    fmt = args.format or Path(args.out).suffix.lstrip(".") or "jsonl"
    data = list(rows(args.rows, args.seed))
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.Table.from_pylist(data), args.out)
    elif fmt == "csv":
        import csv

        with open(args.out, "w", encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(data[0]))
            w.writeheader()
            w.writerows(data)
    else:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r) + "\n" for r in data)
    print(f"wrote {len(data)} rows to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
