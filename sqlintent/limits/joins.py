"""A sqlglot parser that reads a chain of ON-less JOINs in linear time.

Why sqlglot is exponential there (sqlglot 30, ``Parser._parse_join``): after the table of a JOIN that has
no ON, USING or join method, the parser tries the nested-join form ``a JOIN b JOIN c ON .. ON ..`` by
parsing every following join (recursively, each trying the same) and looking for an ON after them; when
none comes it backtracks and parses the same joins again as siblings. Each join of an ON-less chain thus
parses the rest of the chain twice: 2**n work (18 joins 2.4 s, 20 joins 34 s).

The attempt at a given token is deterministic, so its outcome is remembered. A failed attempt is
remembered with the joins it read: the second attempt at the same place answers "no nested joins" at once
(which is exactly what the backtracking ends with), and an attempt whose list of joins reaches a place
where an attempt already failed takes that attempt's joins and goes on after them, as reading them again
would give the same joins (the list is read the same way from the same token). Each join of a chain is
then read a bounded number of times: linear work (tests/engine/test_limits_engine.py counts the join parses),
where memoising the failures alone left it quadratic (100 joins 5,152 join parses). The tree is the same
as sqlglot's (tested against it). (Upstream: the nested-join attempt in ``_parse_join`` re-parses after
each retreat; reported as exponential parsing of ON-less JOIN chains.)
"""
from __future__ import annotations

import sys
from functools import lru_cache

from sqlglot.parser import Parser
from sqlglot.tokens import TokenType

_NESTED_CALLER = Parser._parse_join.__code__
_AFTER_NESTED = (TokenType.ON, TokenType.USING)


def _parse_joins(self, alias_tokens=None):
    if sys._getframe(1).f_code is not _NESTED_CALLER:  # a join list after FROM: parse it as usual
        return _BASE_PARSE_JOINS(self, alias_tokens)
    memo = self.__dict__.get("_sqlintent_failed")
    if memo is None or memo[0] is not self._tokens:
        memo = (self._tokens, {})  # the token stream, and {(index, alias tokens): (joins, end index)}
        self._sqlintent_failed = memo
    failed = memo[1]
    tokens_key = id(alias_tokens) if alias_tokens is not None else None
    key = (self._index, tokens_key)
    if key in failed:
        return iter(())
    joins = []
    while True:  # Parser._parse_joins's loop, taking a failed attempt's joins where one started
        known = failed.get((self._index, tokens_key))
        if known is not None:
            joins.extend(known[0])
            self._retreat(known[1])
            break
        join = self._parse_join(alias_tokens=alias_tokens)
        if join is None:
            break
        joins.append(join)
    if not (joins and self._curr is not None and self._curr.token_type in _AFTER_NESTED):
        failed[key] = (joins, self._index)
    return iter(joins)


_BASE_PARSE_JOINS = Parser._parse_joins


@lru_cache(maxsize=None)
def linear_join_parser(parser_class: type) -> type:
    """``parser_class`` (a dialect's sqlglot Parser) with the memo above; itself when sqlglot changed shape."""
    if not issubclass(parser_class, Parser) or parser_class._parse_joins is not _BASE_PARSE_JOINS:
        return parser_class
    return type(parser_class)(parser_class.__name__, (parser_class,), {"_parse_joins": _parse_joins,
                                                                       "__module__": __name__})


def parse_all(sql: str, read: str) -> list:
    """``sqlglot.parse(sql, read=read)`` with the linear-join parser (every statement, None for empty ones)."""
    from sqlglot.dialects.dialect import Dialect

    reader = Dialect.get_or_raise(read)
    return linear_join_parser(reader.parser_class)(dialect=reader).parse(reader.tokenize(sql), sql)
