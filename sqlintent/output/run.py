"""What a ``check`` run produced, as the renderers see it (each file's result is the engine's
:class:`~sqlintent.engine.FileResult`: findings, statement count, and its line index for positions)."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlintent.findings import Finding
from sqlintent.engine.result import FileResult

__all__ = ["RunResult"]


@dataclass
class RunResult:
    files: list[FileResult]
    run_findings: list[Finding] = field(default_factory=list)
    rules: list = field(default_factory=list)  # the enabled rules (for SARIF's rule list)
    color: bool = False

    @property
    def findings(self) -> list[Finding]:
        return [f for fr in self.files for f in fr.findings] + list(self.run_findings)

    @property
    def errors(self) -> list[FileResult]:
        return [fr for fr in self.files if fr.error]
