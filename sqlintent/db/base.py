"""The database handle analyzers probe through, whatever the engine behind it."""
from __future__ import annotations

from typing import Protocol

from sqlintent.db.sqlite import QueryResult
from sqlintent.schema.model import Schema


class Database(Protocol):
    dialect: str
    description: str  # safe to print: no password

    def schema(self) -> Schema: ...

    def run_select(self, sql: str, *, timeout_s: float, max_rows: int) -> QueryResult: ...

    def version(self) -> object:
        """Changes when the data may have changed (file mtime and size for files)."""
        ...

    def close(self) -> None: ...
