"""Statements without semicolons: where a new query starts on a new line, cut there.

Real query files often hold one query per question, separated by blank lines and comments but no ``;``.
A scanned segment is cut before a top-level ``SELECT`` (or a ``WITH`` that opens a CTE) that starts a
line, when the segment already holds a complete top-level query before it: a ``SELECT`` or ``VALUES`` at
depth 0 whose last token does not ask for more (``UNION``, ``AS``, ``,``, ``=``, ``WHERE`` ... do). The
first part is marked ``missing_terminator``; the ``missing-semicolon`` rule reports it as a hint whose
fix inserts the ``;``. Anything else is left whole, so a genuine syntax error is reported where it is.
"""
from __future__ import annotations

import re
from dataclasses import replace

_SELECT = re.compile(r"select", re.I)
_CTE = re.compile(r"with\s+(?:recursive\s+)?(?:\w+|\"[^\"]+\"|`[^`]+`)\s*(?:\(|as\b)", re.I)
_QUERY_START = re.compile(r"select|values", re.I)
_GOES_ON = frozenset("""
    UNION ALL DISTINCT EXCEPT INTERSECT MINUS AS AND OR NOT IN EXISTS ANY SOME FROM WHERE ON USING BY
    HAVING JOIN SELECT THEN ELSE WHEN CASE LIKE ILIKE IS BETWEEN INTO VALUES SET TABLE VIEW RETURN
    RETURNS BEGIN LATERAL OVER PARTITION WINDOW QUALIFY LIMIT OFFSET DO INSERT UPDATE DELETE CREATE
    EXPLAIN ANALYZE TOP RECURSIVE WITH ESCAPE COLLATE FETCH ORDER GROUP INNER LEFT RIGHT FULL OUTER CROSS
    NATURAL INSTEAD ALSO""".split())
_OPERATOR_END = tuple("(,=<>+-*/|%&^~!.:")


def _word_end(token: str) -> str:
    m = re.search(r"(\w+)$", token)
    return m.group(1).upper() if m else ""


def _goes_on(token: str, kind: str) -> bool:
    """Does a query ending with this token still expect more?"""
    if kind in ("string", "ident"):
        return False
    if token.endswith(_OPERATOR_END):
        return True
    return _word_end(token) in _GOES_ON


def cut_points(text: str, tokens: list[tuple[int, int, str]]) -> list[int]:
    """Indexes into ``tokens`` (start, end, kind from :func:`sqlintent.sqltext.tokens`) where a new
    statement starts (see the module docstring)."""
    cuts = []
    depth = 0
    complete = False  # a top-level SELECT/VALUES has been seen since the last cut
    for k, (a, b, kind) in enumerate(tokens):
        tok = text[a:b]
        if k and depth == 0 and complete and kind == "word" and "\n" in text[tokens[k - 1][1]:a] \
                and (_SELECT.fullmatch(tok) or _CTE.match(text, a)) \
                and not _goes_on(text[tokens[k - 1][0]:tokens[k - 1][1]], tokens[k - 1][2]):
            cuts.append(k)
            complete = False
        if kind in ("string", "ident"):
            continue
        if depth == 0 and kind == "word" and _QUERY_START.fullmatch(tok):
            complete = True
        if kind == "punct":
            depth = max(0, depth + (tok == "(") - (tok == ")"))
    return cuts


def split_segments(text: str, segments: list) -> list:
    """Segments cut where a new query starts without a ``;`` before it."""
    out = []
    for seg in segments:
        tokens = getattr(seg, "tokens", None) or []
        cuts = cut_points(text, tokens)
        if not cuts:
            out.append(seg)
            continue
        bounds = [0, *cuts, len(tokens)]
        pieces = []
        for i in range(len(bounds) - 1):
            toks = tokens[bounds[i]:bounds[i + 1]]
            pieces.append(replace(seg, code_start=toks[0][0], code_end=toks[-1][1], comments=[], tokens=toks,
                                  unterminated=None, missing_terminator=i < len(bounds) - 2))
        for c in seg.comments:  # leading comments go with the query below them; trailing ones stay
            i = 0
            while i + 1 < len(pieces) and c.span.start >= pieces[i].code_end and \
                    "\n" in text[pieces[i].code_end:c.span.start]:
                i += 1
            while i + 1 < len(pieces) and c.span.start >= pieces[i + 1].code_start:
                i += 1
            pieces[i].comments.append(c)
        if seg.unterminated is not None:
            at = seg.unterminated[1]
            target = next((p for p in reversed(pieces) if p.code_start <= at), pieces[0])
            target.unterminated = seg.unterminated
        out.extend(pieces)
    return out
