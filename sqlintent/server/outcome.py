"""What checking one version of one document produced (its own module: diagnostics and the app both use it
without importing each other): the engine's :class:`~sqlintent.engine.FileResult` for the text, and what is
the server's own (the version, the diagnostics, the engine and its generation, messages for the user)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from lsprotocol import types

from sqlintent.engine.result import FileResult


@dataclass
class CheckOutcome:
    """The result of checking one version of one document (computed in a worker thread). ``result``: the
    text's (no findings while the document was not checked: no engine, excluded, too large, an engine bug);
    ``result.pending``: checked without the model, its findings follow from a second check."""

    uri: str
    version: int | None
    result: FileResult
    diagnostics: list[types.Diagnostic] = field(default_factory=list)
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
