"""Lexing SQL text into strings, comments, quoted identifiers and code, per dialect.

One lexer serves the document splitter (:mod:`sqlintent.document`) and the probe guard
(:mod:`sqlintent.db.guard`), so both agree on where a string or comment ends. Input is hostile: a file's
author chooses every quote, so each dialect's rules are followed as its own database reads them:

- single-quoted strings with ``''`` everywhere; backslash escapes in ``E''`` strings (PostgreSQL, DuckDB)
  and in every string of MySQL and BigQuery;
- dollar quotes ``$$ ... $$`` and ``$tag$ ... $tag$`` (PostgreSQL, DuckDB; ``$1`` is a parameter);
- double-quoted identifiers (strings in MySQL and BigQuery), backtick identifiers, ``[bracket]``
  identifiers (SQLite, T-SQL);
- ``--`` and ``/* */`` comments, nested block comments in PostgreSQL, DuckDB and T-SQL, ``#`` comments
  in MySQL and BigQuery (MySQL wants a space after ``--``).

>>> [t.text for t in tokens("SELECT E'\\\\''; x", "postgres") if t.kind != "space"]
['SELECT', "E'\\\\''", ';', 'x']
>>> [t.kind for t in tokens("SELECT /* a /* b */ c */ 1", "postgres") if t.kind != "space"]
['word', 'comment', 'word']
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterator

# How much of an intent any consumer reads (the detector's tokenizer, intent parsing, messages); longer
# intents are cut to this before anything parses them.
MAX_INTENT_CHARS = 2000

# One pattern for quoted text and comments in any dialect, without the lexer's per-dialect rules: strings,
# double-quoted, backtick and bracket identifiers, line and block comments (an unclosed one runs to the end).
# For blanking them out where a rough cut is enough (the detector's SQL normaliser, execution labelling).
QUOTED = re.compile(r"'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|/\*.*?(?:\*/|$)", re.S)

_DOLLAR_TAG = re.compile(r"\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$")
_WORD_STOP = set(" \t\r\n\f\v'\";`[]-/$#(),.*+=<>!|&%^~@:?{}\\")


@dataclass(frozen=True)
class Rules:
    """What one dialect's lexer accepts."""

    backslash_strings: bool = False  # every '...' takes backslash escapes (MySQL, BigQuery)
    escape_strings: bool = False  # E'...' takes backslash escapes (PostgreSQL, DuckDB)
    dollar_quotes: bool = False
    nested_comments: bool = False
    brackets: bool = False  # [identifier]
    backticks: bool = True
    double_quote_strings: bool = False  # "..." is a string with backslash escapes (MySQL, BigQuery)
    hash_comments: bool = False
    dash_needs_space: bool = False  # MySQL: "--" starts a comment only before whitespace


_RULES = {
    "postgres": Rules(escape_strings=True, dollar_quotes=True, nested_comments=True, backticks=False),
    "duckdb": Rules(escape_strings=True, dollar_quotes=True, nested_comments=True, backticks=False),
    "sqlite": Rules(brackets=True),
    "mysql": Rules(backslash_strings=True, double_quote_strings=True, hash_comments=True, dash_needs_space=True),
    "bigquery": Rules(backslash_strings=True, double_quote_strings=True, hash_comments=True),
    "tsql": Rules(brackets=True, nested_comments=True, backticks=False),
    "snowflake": Rules(backslash_strings=True, dollar_quotes=True),
    "spark": Rules(backslash_strings=True, double_quote_strings=True),
    "trino": Rules(),
}
# Dialect unknown or not given: the union of the quote forms, so that no form hides a semicolon.
_ANY = Rules(escape_strings=True, dollar_quotes=True, brackets=True)


def rules_for(dialect: str | None) -> Rules:
    if dialect in ("postgresql",):
        dialect = "postgres"
    return _RULES.get(dialect or "", _ANY)


@dataclass(frozen=True)
class Token:
    kind: str  # space, comment, string, ident (quoted identifier), word, semicolon, punct
    start: int
    end: int
    text: str
    block: bool = False  # a /* */ comment
    unterminated: bool = False  # a string, identifier or comment that runs to the end of the text

    @property
    def body(self) -> str:
        """A comment's text inside its delimiters."""
        if self.kind != "comment":
            return self.text
        if self.block:
            return self.text[2:-2] if not self.unterminated else self.text[2:]
        return self.text[1:] if self.text.startswith("#") else self.text[2:]

    @property
    def body_start(self) -> int:
        return self.start + (1 if self.text.startswith("#") else 2)


def _ident_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or ch == "$"


def _quoted_end(text: str, i: int, quote: str, backslash: bool) -> tuple[int, bool]:
    """End of the quoted run opened at ``i`` (the quote char): (end offset, terminated)."""
    n = len(text)
    j = i + 1
    while j < n:
        ch = text[j]
        if backslash and ch == "\\":
            j += 2
            continue
        if ch == quote:
            if j + 1 < n and text[j + 1] == quote:
                j += 2
                continue
            return j + 1, True
        j += 1
    return n, False


def _block_comment_end(text: str, i: int, nested: bool) -> tuple[int, bool]:
    n = len(text)
    if not nested:
        k = text.find("*/", i + 2)
        return (n, False) if k < 0 else (k + 2, True)
    depth, j = 1, i + 2
    while j < n:
        if text.startswith("/*", j):
            depth += 1
            j += 2
        elif text.startswith("*/", j):
            depth -= 1
            j += 2
            if depth == 0:
                return j, True
        else:
            j += 1
    return n, False


def tokens(text: str, dialect: str | None = None) -> Iterator[Token]:
    """The tokens of ``text``; concatenated they give back ``text`` exactly."""
    r = rules_for(dialect)
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            j = i + 1
            while j < n and text[j].isspace():
                j += 1
            yield Token("space", i, j, text[i:j])
            i = j
            continue
        if ch == "-" and text.startswith("--", i) and (
                not r.dash_needs_space or i + 2 >= n or text[i + 2].isspace()):
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield Token("comment", i, j, text[i:j])
            i = j
            continue
        if ch == "#" and r.hash_comments:
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield Token("comment", i, j, text[i:j])
            i = j
            continue
        if ch == "/" and text.startswith("/*", i):
            j, ok = _block_comment_end(text, i, r.nested_comments)
            yield Token("comment", i, j, text[i:j], block=True, unterminated=not ok)
            i = j
            continue
        if ch == ";":
            yield Token("semicolon", i, i + 1, ";")
            i += 1
            continue
        if ch == "'":
            j, ok = _quoted_end(text, i, "'", r.backslash_strings)
            yield Token("string", i, j, text[i:j], unterminated=not ok)
            i = j
            continue
        if ch == '"':
            j, ok = _quoted_end(text, i, '"', r.double_quote_strings and r.backslash_strings)
            yield Token("string" if r.double_quote_strings else "ident", i, j, text[i:j], unterminated=not ok)
            i = j
            continue
        if ch == "`" and r.backticks:
            j, ok = _quoted_end(text, i, "`", False)
            yield Token("ident", i, j, text[i:j], unterminated=not ok)
            i = j
            continue
        if ch == "[" and r.brackets:
            k = text.find("]", i + 1)
            j, ok = (n, False) if k < 0 else (k + 1, True)
            yield Token("ident", i, j, text[i:j], unterminated=not ok)
            i = j
            continue
        if ch == "$" and r.dollar_quotes and (i == 0 or not _ident_char(text[i - 1])):
            m = _DOLLAR_TAG.match(text, i)
            if m:
                tag = m.group(0)
                k = text.find(tag, m.end())
                j, ok = (n, False) if k < 0 else (k + len(tag), True)
                yield Token("string", i, j, text[i:j], unterminated=not ok)
                i = j
                continue
        if _ident_char(ch) or ch == "\\" or ord(ch) > 127:
            j = i + 1
            while j < n and (_ident_char(text[j]) or (ord(text[j]) > 127 and not text[j].isspace())):
                j += 1
            # a string prefix: E'..', X'..', B'..', N'..', U&'..', r'..' (no space between)
            if j < n and text[j] == "'":
                prefix = text[i:j].lower()
                if r.escape_strings and prefix == "e":
                    k, ok = _quoted_end(text, j, "'", True)
                    yield Token("string", i, k, text[i:k], unterminated=not ok)
                    i = k
                    continue
                if prefix in ("x", "b", "n", "r", "br", "rb", "u", "_utf8", "_utf8mb4", "_binary"):
                    k, ok = _quoted_end(text, j, "'", r.backslash_strings and prefix not in ("r", "br", "rb"))
                    yield Token("string", i, k, text[i:k], unterminated=not ok)
                    i = k
                    continue
            if j < n - 1 and text[i:j].lower() == "u" and text[j] == "&" and text[j + 1] in "'\"":
                quote = text[j + 1]
                k, ok = _quoted_end(text, j + 1, quote, False)
                yield Token("string" if quote == "'" else "ident", i, k, text[i:k], unterminated=not ok)
                i = k
                continue
            yield Token("word", i, j, text[i:j])
            i = j
            continue
        yield Token("punct", i, i + 1, ch)
        i += 1


def quote_ident(name: str) -> str:
    """``name`` as a double-quoted identifier (``a"b`` -> ``"a""b"``), the inverse of :func:`unquote_ident`."""
    return '"' + name.replace('"', '""') + '"'


_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@functools.cache
def _reserved() -> frozenset[str]:
    from sqlglot.dialects.duckdb import DuckDB

    # DuckDB's generator lists the standard's reserved words (SELECT, ORDER, GROUP, ...); a name among them is
    # quoted in every dialect
    return frozenset(w.upper() for w in DuckDB.Generator.RESERVED_KEYWORDS)


def sql_name(name: str, dialect: str | None = None) -> str:
    """``name`` as it must be written in ``dialect``'s SQL to mean that name: as is when it is a plain,
    unreserved identifier (that PostgreSQL would not fold to another case), else quoted (backticks in
    MySQL, BigQuery and Spark; double quotes elsewhere). What a fix inserts for a table or column."""
    folds = dialect in ("postgres", "postgresql") and name != name.lower()
    if _PLAIN_NAME.match(name) and not folds and name.upper() not in _reserved():
        return name
    if dialect in ("mysql", "bigquery", "spark"):
        return "`" + name.replace("`", "``") + "`"
    return quote_ident(name)


def unquote_ident(text: str) -> str:
    """The name inside a quoted identifier (``"a""b"`` -> ``a"b``)."""
    if len(text) >= 2 and text[0] in '"`[':
        closer = {"[": "]"}.get(text[0], text[0])
        inner = text[1:-1] if text.endswith(closer) else text[1:]
        return inner.replace(closer * 2, closer) if closer != "]" else inner
    if text[:2].lower() == "u&" and len(text) > 3:
        return text[3:-1]
    return text


def cut_intent(intent: str | None) -> str | None:
    """An intent no longer than :data:`MAX_INTENT_CHARS` (cut at a word boundary where one is near)."""
    if intent is None or len(intent) <= MAX_INTENT_CHARS:
        return intent
    cut = intent[:MAX_INTENT_CHARS]
    space = cut.rfind(" ", MAX_INTENT_CHARS - 100)
    return cut[:space] if space > 0 else cut
