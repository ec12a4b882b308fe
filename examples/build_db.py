"""Build examples/shop.sqlite from examples/database/shop.sql (deterministic; replaces any old file).

    python examples/build_db.py [OUTPUT]
"""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "database" / "shop.sql"


def build(output: Path = HERE / "shop.sqlite") -> Path:
    tmp = output.with_name(output.name + ".tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    try:
        conn.executescript(SCRIPT.read_text(encoding="utf-8"))
        conn.commit()
        problems = conn.execute("PRAGMA foreign_key_check").fetchall()
        if problems:
            raise SystemExit(f"foreign key violations in {SCRIPT}: {problems[:5]}")
    finally:
        conn.close()
    tmp.replace(output)
    return output


if __name__ == "__main__":
    out = build(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "shop.sqlite")
    print(f"built {out}")
