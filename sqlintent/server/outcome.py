"""What checking one version of one document produced (its own module: diagnostics and the app both use it
without importing each other)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from lsprotocol import types


@dataclass
class CheckOutcome:
    """The result of checking one version of one document (computed in a worker thread)."""

    uri: str
    version: int | None
    text: str
    findings: list = field(default_factory=list)
    diagnostics: list[types.Diagnostic] = field(default_factory=list)
    document: object = None
    engine: object = None
    generation: int = 0
    notices: list[tuple[types.MessageType, str]] = field(default_factory=list)  # shown once each
    logs: list[str] = field(default_factory=list)
    database_changed: bool = False
    seconds: float = 0.0

    @property
    def result_id(self) -> str:
        """Equal for equal diagnostics, so a pull client can be told "unchanged"."""
        payload = json.dumps([self.generation] + [[d.code, d.message, d.range.start.line, d.range.start.character,
                                                   d.range.end.line, d.range.end.character]
                                                  for d in self.diagnostics], default=str)
        return hashlib.sha1(payload.encode("utf-8")).hexdigest()[:16]
