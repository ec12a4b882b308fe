"""sqlintent's own ANTLR4 grammar for SQLite queries, and its entry point.

``parse_sqlite(sql)`` returns the ANTLR parse tree (a ``SQLiteParser.ParseContext``) of one SELECT
statement, or raises :class:`SqlParseError` naming the position where parsing failed. Parsing tries ANTLR's
fast SLL prediction first and re-parses with full LL prediction only when SLL fails, which gives the same
trees as LL alone (SLL either succeeds with the LL parse or fails).

The grammar files are ``SQLiteLexer.g4`` and ``SQLiteParser.g4`` next to this module; the Python parser in
``generated/`` is produced from them by ``python -m sqlintent.grammars.regenerate``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sqlintent.grammars.generated.SQLiteParser import SQLiteParser

__all__ = ["SqlParseError", "parse_sqlite", "rule_names", "parser_class", "lexer_class"]


class SqlParseError(ValueError):
    """The SQL is not a query the grammar accepts.

    Attributes:
        message: ANTLR's description of the problem.
        line: 1-based line of the offending token.
        column: 0-based column of the offending token within its line.
        offset: 0-based character offset of the offending token in the SQL (``len(sql)`` at the end).
        token: the offending token's text ('<EOF>' at the end of input).
    """

    def __init__(self, message: str, line: int, column: int, offset: int, token: str):
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.token = token
        super().__init__(f"SQL syntax error at line {line}, column {column + 1} (near {token!r}): {message}")


_cache: dict[str, Any] = {}

#: How many parses SLL prediction settled, and how many needed the full-LL second pass (for benchmarks).
STATS: dict[str, int] = {"sll": 0, "ll": 0}


def _load() -> dict[str, Any]:
    """Import the ANTLR runtime and the generated classes once (they take ~0.1 s to import)."""
    if not _cache:
        from antlr4 import CommonTokenStream, InputStream
        from antlr4.error.ErrorListener import ErrorListener
        from antlr4.error.ErrorStrategy import BailErrorStrategy, DefaultErrorStrategy
        from antlr4.error.Errors import ParseCancellationException
        from antlr4.atn.PredictionMode import PredictionMode

        from sqlintent.grammars.generated.SQLiteLexer import SQLiteLexer
        from sqlintent.grammars.generated.SQLiteParser import SQLiteParser

        class _RaisingListener(ErrorListener):
            """Turns the first syntax error into a SqlParseError (nothing is printed)."""

            def __init__(self, sql: str):
                self.sql = sql

            def syntaxError(self, recognizer, offendingSymbol, line, column, msg, e):
                if offendingSymbol is not None:
                    token = offendingSymbol.text if offendingSymbol.type != -1 else "<EOF>"
                    offset = offendingSymbol.start if offendingSymbol.type != -1 else len(self.sql)
                else:  # a lexer error: position from line/column
                    lines = self.sql.split("\n")
                    offset = sum(len(x) + 1 for x in lines[: line - 1]) + column
                    token = self.sql[offset : offset + 1]
                raise SqlParseError(msg, line, column, offset, token)

        _cache.update(
            CommonTokenStream=CommonTokenStream,
            InputStream=InputStream,
            BailErrorStrategy=BailErrorStrategy,
            DefaultErrorStrategy=DefaultErrorStrategy,
            ParseCancellationException=ParseCancellationException,
            PredictionMode=PredictionMode,
            Lexer=SQLiteLexer,
            Parser=SQLiteParser,
            Listener=_RaisingListener,
        )
    return _cache


def lexer_class():
    """The generated ``SQLiteLexer`` class."""
    return _load()["Lexer"]


def parser_class():
    """The generated ``SQLiteParser`` class."""
    return _load()["Parser"]


def rule_names() -> tuple[str, ...]:
    """The parser's rule names, in rule-index order."""
    return tuple(parser_class().ruleNames)


def parse_sqlite(sql: str) -> "SQLiteParser.ParseContext":
    """Parse one SQLite SELECT statement (optionally followed by ``;``) into an ANTLR parse tree.

    Token ``start``/``stop`` indices in the tree are character offsets into ``sql``.

    Raises:
        SqlParseError: the grammar does not accept ``sql``; the error carries the position.
    """
    c = _load()
    listener = c["Listener"](sql)

    lexer = c["Lexer"](c["InputStream"](sql))
    lexer.removeErrorListeners()
    lexer.addErrorListener(listener)
    tokens = c["CommonTokenStream"](lexer)
    tokens.fill()  # lexer errors surface here, before any parsing

    parser = c["Parser"](tokens)
    parser.removeErrorListeners()
    parser._interp.predictionMode = c["PredictionMode"].SLL
    parser._errHandler = c["BailErrorStrategy"]()
    try:
        tree = parser.parse()
        STATS["sll"] += 1
        return tree
    except c["ParseCancellationException"]:
        STATS["ll"] += 1
    # SLL could not decide (or the input is wrong): full LL, reporting the first error.
    tokens.seek(0)
    parser = c["Parser"](tokens)
    parser.removeErrorListeners()
    parser.addErrorListener(listener)
    parser._interp.predictionMode = c["PredictionMode"].LL
    parser._errHandler = c["DefaultErrorStrategy"]()
    return parser.parse()
