"""Control characters out of everything sqlintent prints: identifiers, messages, intents, paths.

A checked file (or its name) is hostile: a table named ``"x\\n::error file=README.md::pwned"`` would start a
line that GitHub Actions obeys, and ESC sequences rewrite a terminal. :func:`safe_text` writes every C0 and
C1 control character, DEL, the Unicode line and paragraph separators and the bidirectional controls as a
visible escape (``\\n``, ``\\x1b``, ``\\u2028``); :func:`safe_path` does the same and puts ``./`` before a
relative name that would start a line with ``:``; :func:`diff_line` escapes a line of a unified diff's body
(what a terminal would obey, nothing else). JSON and SARIF escape
through ``json.dumps``, then :func:`json_inert`. GitHub's runner also obeys ``##[cmd]`` anywhere in a line
and ``::cmd::`` at a line's start after whitespace: :func:`safe_text` writes ``##[`` escaped, and
:func:`runner_inert` makes whole lines of output inert (``sqlintent/output/__init__.py``, stderr notes).
"""
from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(m: re.Match) -> str:
    ch = m.group(0)
    named = _NAMED.get(ch)
    if named:
        return named
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(text) -> str:
    """``text`` with every control character written as an escape (one line, nothing a terminal obeys),
    and GitHub's legacy workflow-command opener ``##[`` as ``##\x5b`` (the runner obeys it anywhere in a
    line)."""
    text = text if isinstance(text, str) else str(text)
    return _CONTROL.sub(_escape, text).replace(LEGACY_COMMAND, LEGACY_SHOWN)


# GitHub's runner reads a line as a workflow command when, after trimming whitespace, it starts with ``::``
# (``::error ...::``), or when it holds ``##[`` anywhere (the legacy ``##[error]`` form)
LEGACY_COMMAND, LEGACY_SHOWN = "##[", "##\\x5b"
_LEADING_COMMAND = re.compile(r"^(\s*):(?=:)", re.MULTILINE)


def runner_inert(text: str) -> str:
    """``text`` (any number of lines) with nothing GitHub's runner would read as a workflow command: a
    ``:`` that starts a line (after whitespace) before another ``:`` is written ``\x3a``, every ``##[`` as
    ``##\x5b``. Text without either is returned unchanged; applied twice, it changes nothing more."""
    return _LEADING_COMMAND.sub(lambda m: m.group(1) + "\\x3a", text).replace(LEGACY_COMMAND, LEGACY_SHOWN)


_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def json_inert(text: str) -> str:
    """A JSON document (as ``json.dumps`` wrote it) with DEL, the C1 controls, U+2028/U+2029 and the
    bidirectional controls written as ``\\uXXXX`` escapes and every ``##[`` as ``##\\u005b``: these only
    occur inside JSON strings, so the document decodes to the same values, and no line of it is a
    workflow command or reorders what a terminal shows."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text).replace(LEGACY_COMMAND, "##\\u005b")


def safe_path(path) -> str:
    """A file name for a line of output: escaped, and never starting a line with ``:`` (``./`` before it)."""
    text = safe_text(path)
    return "./" + text if text.lstrip().startswith(":") else text


def lines_of(text: str) -> list[str]:
    """``text`` split after each ``\\n`` only, ends kept: what ``patch`` and ``git apply`` read as lines
    (``str.splitlines`` would also break at U+2028, form feeds and bare CRs)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]  # the text after the last LF: a line without one, or nothing
    return lines if lines[-1] else lines[:-1]


def diff_line(line: str) -> str:
    """One line of a unified diff with what a terminal would obey escaped: tabs and a CR just before the
    final LF (CRLF files) are kept; every other control character (ESC, C1 controls, a bare CR, DEL),
    U+2028/U+2029 and the bidirectional controls are written as :func:`safe_text` writes them. A line of
    plain text is returned unchanged, so the diff of plain text applies as is."""
    end = "\r\n" if line.endswith("\r\n") else "\n" if line.endswith("\n") else ""
    body = line[:len(line) - len(end)]
    return _CONTROL.sub(lambda m: m.group(0) if m.group(0) == "\t" else _escape(m), body) + end


def workflow_data(text: str) -> str:
    """GitHub workflow-command escaping of a message (after :func:`safe_text` where wanted)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def workflow_property(text: str) -> str:
    """GitHub workflow-command escaping of a property value (``file=``, ``title=``)."""
    return workflow_data(text).replace(":", "%3A").replace(",", "%2C")


def note(text: str, fmt: str = "text") -> None:
    """One line on stderr, escaped (and, with ``--format github``, escaped as workflow-command data too:
    GitHub reads commands from both streams)."""
    import sys

    line = safe_text(text)
    if fmt == "github":
        line = workflow_data(line)
    print(runner_inert("./" + line if line.lstrip().startswith(":") else line), file=sys.stderr)
