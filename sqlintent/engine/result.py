"""One checked file's result, the same for every door: ``check``'s renderers (text, JSON, SARIF, GitHub),
``--fix``, the daemon (through ``check``), the batches and their worker processes, and the language server
(:class:`sqlintent.server.outcome.CheckOutcome` holds one).

Made by :meth:`sqlintent.engine.Engine.check_text`, or by a door from why a file could not be checked
(``FileResult(path, text or None, error=...)``). Positions come from its :attr:`~FileResult.locator`
(:mod:`sqlintent.lines`: the LSP's line ends, columns in characters).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from sqlintent.document import Document
from sqlintent.findings import Finding
from sqlintent.lines import LineIndex


@dataclass
class FileResult:
    path: str | None
    text: str | None  # None: the file could not be read
    document: Document | None = None  # a templated file's: its rendered SQL (see source_document)
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None  # the file could not be checked at all (binary, unreadable, an engine bug)
    pending: bool = False  # checked with ``model=False``: some statements' model findings are still to come
    templated: object = None  # sqlintent.templating.Templated for a templated file
    statements: int | None = None  # how many statements were checked (the document's, when left out)

    _locator: LineIndex | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.statements is None:
            self.statements = len(self.document.statements) if self.document is not None else 0

    @property
    def locator(self) -> LineIndex:
        """The text's line index (built on first use): offsets to 1-based lines and columns."""
        if self._locator is None:
            self._locator = LineIndex(self.text or "")
        return self._locator

    @property
    def source_document(self) -> Document | None:
        """The document whose offsets are the file's own (None for a templated file, whose document is the
        rendered SQL: no noqa edits or name hovers there)."""
        return self.document if self.templated is None else None

    def without_document(self) -> "FileResult":
        """This result without its document and template (its statement count kept): what a batch keeps of
        each file until the run is shown (not every file's statements), and what a worker process sends
        back."""
        return replace(self, document=None, templated=None, _locator=None)
