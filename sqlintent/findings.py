"""What a check reports: findings with codes, clause-level spans, severities, confidences, fixes and reports.

Spans are character offsets into the checked text (``[start, end)``, never empty); conversion to line and
column (or LSP's UTF-16 positions) happens only at the edges.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    HINT = "hint"

    @classmethod
    def parse(cls, value: str) -> "Severity":
        try:
            return cls(str(value).lower())
        except ValueError:
            raise ValueError(f"unknown severity {value!r}; use one of: "
                             + ", ".join(s.value for s in cls)) from None

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "info": 1, "hint": 0}[self.value]


class FixSafety(str, Enum):
    SAFE = "safe"  # keeps the query's meaning where the rule's diagnosis is right
    UNSAFE = "unsafe"  # changes what the query returns: review before applying
    # a template for the author to complete (an empty intent comment): offered as a quick fix, never
    # applied in bulk (--fix, --unsafe-fixes, the editor's fix-all), which would stack empty templates
    MANUAL = "manual"


@dataclass(frozen=True)
class Span:
    start: int
    end: int

    def __post_init__(self):
        if self.end < self.start:
            object.__setattr__(self, "end", self.start)

    def nonempty(self) -> "Span":
        return self if self.end > self.start else Span(self.start, self.start + 1)

    def shift(self, offset: int) -> "Span":
        return Span(self.start + offset, self.end + offset)

    def union(self, other: "Span") -> "Span":
        return Span(min(self.start, other.start), max(self.end, other.end))

    def to_dict(self) -> dict:
        return {"start": self.start, "end": self.end}


@dataclass(frozen=True)
class Edit:
    span: Span
    replacement: str

    def to_dict(self) -> dict:
        return {"span": self.span.to_dict(), "replacement": self.replacement}


@dataclass(frozen=True)
class Fix:
    description: str
    edits: tuple[Edit, ...]
    safety: FixSafety = FixSafety.UNSAFE

    def shift(self, offset: int) -> "Fix":
        return replace(self, edits=tuple(Edit(e.span.shift(offset), e.replacement) for e in self.edits))

    def apply(self, text: str) -> str:
        out = text
        for e in sorted(self.edits, key=lambda e: e.span.start, reverse=True):
            out = out[: e.span.start] + e.replacement + out[e.span.end:]
        return out

    def to_dict(self) -> dict:
        return {"description": self.description, "safety": self.safety.value,
                "edits": [e.to_dict() for e in self.edits]}


@dataclass(frozen=True)
class Clause:
    """A part of the query that a finding involves (a problematic clause, or related information)."""

    label: str
    span: Span

    def shift(self, offset: int) -> "Clause":
        return Clause(self.label, self.span.shift(offset))

    def to_dict(self) -> dict:
        return {"label": self.label, "span": self.span.to_dict()}


@dataclass(frozen=True)
class ErrorReport:
    """The SQLENS-style explanation of a fired signal."""

    description: str
    problematic_clauses: tuple[Clause, ...]
    correction: str
    example: str = ""

    def shift(self, offset: int) -> "ErrorReport":
        return replace(self, problematic_clauses=tuple(c.shift(offset) for c in self.problematic_clauses))

    def to_dict(self) -> dict:
        return {"description": self.description, "correction": self.correction, "example": self.example,
                "problematic_clauses": [c.to_dict() for c in self.problematic_clauses]}


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    message: str
    span: Span
    severity: Severity = Severity.WARNING
    confidence: float = 1.0
    fix: Fix | None = None
    report: ErrorReport | None = None
    related: tuple[Clause, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    path: str | None = None
    statement_index: int | None = None

    def __post_init__(self):
        if self.span.end <= self.span.start:  # never a zero-width range
            object.__setattr__(self, "span", self.span.nonempty())

    def shift(self, offset: int) -> "Finding":
        if not offset:
            return self
        return replace(
            self,
            span=self.span.shift(offset),
            fix=self.fix.shift(offset) if self.fix else None,
            report=self.report.shift(offset) if self.report else None,
            related=tuple(c.shift(offset) for c in self.related),
        )

    def sort_key(self):
        return (self.path or "", self.span.start, self.code)

    def to_dict(self, locator=None) -> dict:
        """As JSON; ``locator`` (a :class:`sqlintent.lines.LineIndex` of the file) adds ``location``."""
        d: dict[str, Any] = {
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "severity": self.severity.value,
            "confidence": round(self.confidence, 4),
            "path": self.path,
            "span": self.span.to_dict(),
        }
        if locator is not None:
            d["location"] = locator.range_dict(self.span)
        d["fix"] = self.fix.to_dict() if self.fix else None
        d["report"] = self.report.to_dict() if self.report else None
        d["related"] = [c.to_dict() for c in self.related]
        d["data"] = self.data
        return d

