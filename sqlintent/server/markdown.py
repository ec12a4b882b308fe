"""Markdown out of hostile text: names, values, messages and intents in hovers.

A table name or a stored value comes from the checked file or the database: written into Markdown as is,
a backtick ends its code span and what follows renders as a link, an image (fetched when shown) or HTML.
:func:`code` puts text in a code span fenced by one backtick more than the longest run inside it;
:func:`cell` does that for a table cell (``|`` escaped too); :func:`text` escapes every character Markdown
gives a meaning to, and breaks up what would autolink. All three write control characters as visible
escapes (:func:`sqlintent.escape.safe_text`), so nothing starts a new line or block.
"""
from __future__ import annotations

import re

from sqlintent.escape import safe_text

_TICKS = re.compile(r"`+")
# "_" inside a word makes no emphasis (CommonMark): customer_id stays as written
_SPECIAL = re.compile(r"([\\`*\[\]<>!|~&@]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")
_AUTOLINK = re.compile(r"(?i)(?<=[a-z0-9])(:)(?=//)|(?<=www)(\.)")


def code(value) -> str:
    """``value`` as one inline code span, whatever backticks it holds."""
    s = safe_text(value)
    if not s:
        return "` `"
    longest = max((len(m.group(0)) for m in _TICKS.finditer(s)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if s[0] in "` " or s[-1] in "` " else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def cell(value) -> str:
    """``value`` as a code span in a table cell (a ``|`` inside would end the cell)."""
    return code(value).replace("|", "\\|")


def text(value) -> str:
    """``value`` as plain text: the characters of emphasis, code, links, images, HTML, entities and tables
    escaped, and a scheme's ``:`` or a ``www.`` broken up, so that nothing but text can form."""
    escaped = _SPECIAL.sub(r"\\\1", safe_text(value))
    return _AUTOLINK.sub(lambda m: "\\" + m.group(0), escaped)
