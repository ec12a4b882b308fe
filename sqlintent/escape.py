"""Control characters out of everything sqlintent prints: identifiers, messages, intents, paths.

A checked file (or its name) is hostile: a table named ``"x\\n::error file=README.md::pwned"`` would start a
line that GitHub Actions obeys, and ESC sequences rewrite a terminal. :func:`safe_text` writes every C0 and
C1 control character, DEL, the Unicode line and paragraph separators and the bidirectional controls as a
visible escape (``\\n``, ``\\x1b``, ``\\u2028``); :func:`safe_path` does the same and puts ``./`` before a
relative name that would start a line with ``:``. JSON and SARIF escape through ``json.dumps`` instead.
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
    """``text`` with every control character written as an escape (one line, nothing a terminal obeys)."""
    text = text if isinstance(text, str) else str(text)
    return _CONTROL.sub(_escape, text)


def safe_path(path) -> str:
    """A file name for a line of output: escaped, and never starting a line with ``:`` (``./`` before it)."""
    text = safe_text(path)
    return "./" + text if text.lstrip().startswith(":") else text


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
    print("./" + line if line.lstrip().startswith(":") else line, file=sys.stderr)
