"""Helpers of the signal tests: the small shop database they build from tests/signals_shop.sql, and a checker."""
from __future__ import annotations

import sqlite3
from pathlib import Path

SHOP_SQL = Path(__file__).resolve().parent / "signals_shop.sql"
SIGNAL_CODES = ("SIJ001", "SIJ002", "SIP001", "SIR001", "SIQ001", "SIQ002", "SIG001", "SIA001", "SIA002",
                "SIL001", "SIL002", "SIL003", "SIL004", "SIL005", "SIL006", "SIL007", "SIL008", "SIL009",
                "SIL010", "SIL011", "SIL012", "SIL013", "SIL014", "SIL015", "SIL016", "SIJ003", "SIG002", "SIG003", "SIQ003",
                "SIP002", "SIE001", "SIE002", "SIE003", "SIE004", "SIE005", "SIE006", "SIE007", "SIE008", "SIE009",
                "SIE010", "SIE011", "SIE012", "SIE013")


def build_shop(path: Path) -> Path:
    """Create the shop database at ``path`` from tests/signals_shop.sql."""
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SHOP_SQL.read_text(encoding="utf-8"))
        conn.commit()
    finally:
        conn.close()
    return path


def build_shop_duckdb(path: Path) -> Path:
    """Create the shop database as a DuckDB file at ``path`` from tests/signals_shop.sql."""
    import duckdb

    body = "\n".join(ln for ln in SHOP_SQL.read_text(encoding="utf-8").splitlines() if not ln.startswith("--"))
    con = duckdb.connect(str(path))
    try:
        for stmt in body.split(";"):
            if stmt.strip():
                con.execute(stmt)
    finally:
        con.close()
    return path


def engine_for(db: Path, codes=SIGNAL_CODES, overrides: dict | None = None):
    """An engine with the given rules selected, probing ``db``."""
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    settings = {"database": str(db), "select": list(codes), "model": {"enabled": False}}
    settings.update(overrides or {})
    config, problems = Config().with_overrides(settings)
    assert not problems, problems
    return Engine(config)


def check(engine, sql: str, intent: str | None = None):
    """(text, findings) for one statement with an optional intent comment above it."""
    text = (f"-- intent: {intent}\n" if intent else "") + sql + "\n"
    return text, engine.check_text(text, "case.sql").findings
