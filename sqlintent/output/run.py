"""What a ``check`` run produced, as the renderers see it (each file's :class:`FileReport` is
:mod:`sqlintent.workspace.result`'s)."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlintent.findings import Finding
from sqlintent.workspace.result import FileReport

__all__ = ["FileReport", "RunResult"]


@dataclass
class RunResult:
    files: list[FileReport]
    run_findings: list[Finding] = field(default_factory=list)
    rules: list = field(default_factory=list)  # the enabled rules (for SARIF's rule list)
    color: bool = False

    @property
    def findings(self) -> list[Finding]:
        return [f for fr in self.files for f in fr.findings] + list(self.run_findings)

    @property
    def errors(self) -> list[FileReport]:
        return [fr for fr in self.files if fr.error]
