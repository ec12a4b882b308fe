"""Character offsets to lines and columns and back, the same way for every door (each checked file's
:attr:`sqlintent.engine.FileResult.locator`; the language server's positions, :mod:`sqlintent.server.convert`).

Lines end where the Language Server Protocol says they do: at ``\\n``, ``\\r\\n`` or a lone ``\\r``, so the
command line's ``file:line:col``, SARIF, GitHub annotations and the editor's diagnostics point at the same
place in a file with old Mac (CR) line ends. Columns count characters (Python string indices; the command
line reports them 1-based) or a client's code units (``utf-16``, the LSP's default, or ``utf-8``/``utf-32``).
"""
from __future__ import annotations

import bisect
import re

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

#: code units per character in each LSP position encoding (characters above U+FFFF take two UTF-16 units)
ENCODINGS = ("utf-16", "utf-8", "utf-32")


def code_units(prefix: str, encoding: str = "utf-16") -> int:
    """How many of ``encoding``'s code units ``prefix`` takes (its length for plain ASCII, in any encoding)."""
    if prefix.isascii() or encoding == "utf-32":
        return len(prefix)
    if encoding == "utf-8":
        return len(prefix.encode("utf-8", "surrogatepass"))
    return len(prefix) + sum(1 for ch in prefix if ord(ch) > 0xFFFF)


class LineIndex:
    """The line starts of one text, computed once; 0-based lines and character columns."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]
        self._lines: list[str] | None = None

    def line_of(self, offset: int) -> int:
        """The 0-based line holding ``offset`` (clamped to the text)."""
        return bisect.bisect_right(self.starts, max(0, min(offset, len(self.text)))) - 1

    def line_text(self, line: int) -> str:
        """Line ``line`` (0-based) without its line break."""
        if self._lines is not None:
            return self._lines[line]
        start = self.starts[line]
        end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    @property
    def lines(self) -> list[str]:
        """Every line without its line break."""
        if self._lines is None:
            self._lines = [self.line_text(i) for i in range(len(self.starts))]
        return self._lines

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters) of ``offset``, as the command line reports them."""
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        return line + 1, offset - self.starts[line] + 1

    def offset(self, line: int, col: int) -> int:
        """Inverse of :meth:`line_col` (1-based, clamped to the text)."""
        line = max(1, min(line, len(self.starts)))
        return min(self.starts[line - 1] + max(col, 1) - 1, len(self.text))

    def line_end(self, offset: int) -> int:
        """The offset of the end of the line holding ``offset`` (before its line break)."""
        line = self.line_of(offset)
        return self.starts[line] + len(self.line_text(line))

    def range_dict(self, span) -> dict:
        """A span's 1-based start and end (the JSON output's ``location`` and ``end_location``)."""
        sl, sc = self.line_col(span.start)
        el, ec = self.line_col(span.end)
        return {"start": {"line": sl, "column": sc}, "end": {"line": el, "column": ec}}

    def position(self, offset: int, encoding: str = "utf-16") -> tuple[int, int]:
        """0-based (line, column) of ``offset`` with the column in ``encoding``'s code units (an offset past
        a line's end, inside its line break, is its end)."""
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        line_text = self.line_text(line)
        col = min(offset - self.starts[line], len(line_text))
        return line, code_units(line_text[:col], encoding)
