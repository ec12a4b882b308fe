"""One file's report, what every door shows for a checked file: ``check``'s renderers (text, JSON, SARIF,
GitHub), ``--fix``, the daemon (through ``check``). Built from the engine's
:class:`~sqlintent.engine.FileResult` (:meth:`FileReport.of`) or from why the file could not be checked.
Positions come from its :attr:`locator` (:mod:`sqlintent.workspace.lines`: the LSP's line ends)."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlintent.findings import Finding
from sqlintent.workspace.lines import LineIndex


@dataclass
class FileReport:
    path: str
    text: str | None
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    statements: int = 0

    _locator: LineIndex | None = None

    @classmethod
    def of(cls, result) -> "FileReport":
        """The report of an engine's ``FileResult`` (a skipped template has no statements)."""
        statements = len(result.document.statements) if result.document else 0
        return cls(result.path, result.text, result.findings, error=result.error, statements=statements)

    @property
    def locator(self) -> LineIndex:
        if self._locator is None:
            self._locator = LineIndex(self.text or "")
        return self._locator
