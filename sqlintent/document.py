"""Split a SQL file into statements with exact character spans, their intent comments and noqa directives.

The scanner reads strings, quoted identifiers and comments with :mod:`sqlintent.sqltext` (per dialect:
``''`` and ``E''`` escapes, dollar quotes with tags, nested block comments, backslash escapes in MySQL,
bracket and backtick identifiers): a semicolon inside any of them does not end a statement.

>>> doc = parse_document("-- intent: count singers\\nSELECT count(*) FROM singer; SELECT ';' -- noqa: SIR001\\n")
>>> [(s.text, s.intent) for s in doc.statements]
[('SELECT count(*) FROM singer', 'count singers'), ("SELECT ';'", None)]
>>> doc.statements[1].noqa[0].codes
('SIR001',)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlintent.findings import Span
from sqlintent.limits import clean_intent
from sqlintent.sqltext import cut_intent, tokens

# "noqa" alone: every finding; "noqa:" then a comma-separated list of rule selectors as written (codes,
# prefixes, names: the engine parses them with sqlintent.analyzers.selectors; a list that does not parse, or
# no list after the colon, suppresses nothing and is reported, never widened into a blanket noqa)
_NOQA = re.compile(r"\bnoqa\b(?:\s*(:)[ \t]*([\w-]+(?:[ \t]*,[ \t]*[\w-]+)*)?)?", re.I)
_INTENT = re.compile(r"^\s*intent\s*:\s*", re.I)


@dataclass(frozen=True)
class Comment:
    span: Span  # the whole comment, delimiters included
    body: str  # the text inside the delimiters
    body_start: int  # offset of body[0] in the document
    block: bool  # /* */ rather than --


@dataclass(frozen=True)
class NoqaDirective:
    span: Span  # the "noqa..." text inside its comment
    codes: tuple[str, ...] | None  # the selectors as written; None: every code; (): a colon and no list


@dataclass
class Statement:
    index: int
    span: Span  # first to last code character, the terminating semicolon excluded
    text: str
    intent: str | None = None
    intent_span: Span | None = None
    noqa: list[NoqaDirective] = field(default_factory=list)
    leading_comments: list[Comment] = field(default_factory=list)
    unterminated: tuple[str, int] | None = None  # (what, document offset where it started)
    missing_terminator: bool = False  # a new query follows on a later line without a ';' (sqlintent.split)

    @property
    def start(self) -> int:
        return self.span.start

    @property
    def end(self) -> int:
        return self.span.end


@dataclass
class Document:
    text: str
    statements: list[Statement]
    comments: list[Comment]


@dataclass
class _Segment:
    code_start: int = -1
    code_end: int = -1
    comments: list[Comment] = field(default_factory=list)
    unterminated: tuple[str, int] | None = None
    tokens: list[tuple[int, int, str]] = field(default_factory=list)  # code tokens (kind), for sqlintent.split
    missing_terminator: bool = False


def _scan(text: str, dialect: str | None = None) -> list[_Segment]:
    """Cut the text at top-level semicolons, recording comments and where code starts and ends.

    Strings, quoted identifiers and comments come from :func:`sqlintent.sqltext.tokens`, the lexer the
    probe guard uses too, so a semicolon inside any of them never ends a statement.
    """
    segments: list[_Segment] = []
    seg = _Segment()
    after_semicolon_line = False  # comments after ';' on the same line belong to the previous segment
    depth = 0  # PostgreSQL (as psql) reads a ';' inside parentheses as part of the statement: CREATE RULE
    # ... DO INSTEAD (DELETE ...; DELETE ...)

    for tok in tokens(text, dialect):
        if tok.kind not in ("space", "comment", "string", "ident"):
            depth = max(0, depth + tok.text.count("(") - tok.text.count(")"))
        if tok.kind == "semicolon" and depth and dialect == "postgres":
            seg.code_end = tok.end
            seg.tokens.append((tok.start, tok.end, tok.kind))
            continue
        if tok.kind == "space":
            if "\n" in tok.text:
                after_semicolon_line = False
        elif tok.kind == "comment":
            if tok.unterminated:
                seg.unterminated = seg.unterminated or ("comment", tok.start)
            c = Comment(Span(tok.start, tok.end), tok.body, tok.body_start, tok.block)
            (segments[-1].comments if after_semicolon_line and segments else seg.comments).append(c)
        elif tok.kind == "semicolon":
            segments.append(seg)
            seg, depth = _Segment(), 0
            after_semicolon_line = True
        else:
            after_semicolon_line = False
            if tok.unterminated:
                what = {"string": "dollar-quoted string" if tok.text.startswith("$") else "string",
                        "ident": "quoted identifier"}[tok.kind]
                seg.unterminated = seg.unterminated or (what, tok.start)
            if seg.code_start < 0:
                seg.code_start = tok.start
            seg.code_end = tok.end
            seg.tokens.append((tok.start, tok.end, tok.kind))
    segments.append(seg)
    return segments


def _noqa_in(comment: Comment) -> list[NoqaDirective]:
    out = []
    for m in _NOQA.finditer(comment.body):
        codes = None
        if m.group(1):
            codes = tuple(c.strip() for c in m.group(2).split(",")) if m.group(2) else ()
        out.append(NoqaDirective(Span(comment.body_start + m.start(), comment.body_start + m.end()), codes))
    return out


def _strip_block_body(body: str) -> str:
    lines = [re.sub(r"^\s*\*?\s?", "", ln) if idx else ln for idx, ln in enumerate(body.splitlines())]
    return " ".join(ln.strip() for ln in lines if ln.strip())


def _find_intent(text: str, comments: list[Comment], comment_block: bool) -> tuple[str | None, Span | None]:
    """The intent among a statement's leading comments: the last explicit ``intent:`` one, or the block."""
    intent, span = None, None
    k = 0
    while k < len(comments):
        c = comments[k]
        m = _INTENT.match(c.body)
        if not m:
            k += 1
            continue
        if c.block:
            body = c.body[m.end():]
            intent = _strip_block_body(body)
            span = Span(c.body_start + m.end(), c.body_start + len(c.body.rstrip()))
            k += 1
            continue
        parts = [c.body[m.end():].strip()]
        end = c.body_start + len(c.body.rstrip())
        k += 1
        # continuation: following -- lines on the very next lines, until a blank comment, directive or intent
        while k < len(comments):
            nxt = comments[k]
            between = text[comments[k - 1].span.end:nxt.span.start]
            if nxt.block or between.count("\n") != 1 or between.strip():
                break
            body = nxt.body.strip()
            if not body or _INTENT.match(nxt.body) or _NOQA.match(body):
                break
            parts.append(body)
            end = nxt.body_start + len(nxt.body.rstrip())
            k += 1
        intent = " ".join(p for p in parts if p)
        span = Span(c.body_start + m.end() + (len(c.body[m.end():]) - len(c.body[m.end():].lstrip())), end)
    if intent is None and comment_block and comments:
        # the contiguous run of comments directly above the statement
        run = [comments[-1]]
        for c in reversed(comments[:-1]):
            between = text[c.span.end:run[0].span.start]
            if between.count("\n") > 1 or between.strip():
                break
            run.insert(0, c)
        texts = [(_strip_block_body(c.body) if c.block else c.body.strip()) for c in run]
        texts = [t for t in texts if t and not _NOQA.match(t)]
        if texts:
            intent = " ".join(texts)
            span = Span(run[0].span.start, run[-1].span.end)
    if intent is not None and not intent.strip():
        return None, None
    return intent, span


def parse_document(text: str, *, comment_block_intent: bool = False, dialect: str | None = None) -> Document:
    """Split ``text`` into statements; see the module docstring. ``dialect`` picks the quoting rules
    (None: every form any dialect has). Intents are cut to ``sqltext.MAX_INTENT_CHARS``."""
    statements: list[Statement] = []
    all_comments: list[Comment] = []
    from sqlintent.split import split_segments

    for seg in split_segments(text, _scan(text, dialect)):
        all_comments.extend(seg.comments)
        if seg.code_start < 0:
            continue
        leading = [c for c in seg.comments if c.span.end <= seg.code_start]
        intent, ispan = _find_intent(text, leading, comment_block_intent)
        intent = cut_intent(intent)
        noqa = [d for c in seg.comments for d in _noqa_in(c)]
        statements.append(Statement(
            index=len(statements),
            span=Span(seg.code_start, seg.code_end),
            text=text[seg.code_start:seg.code_end],
            intent=clean_intent(intent) if intent else intent,  # lone surrogates replaced
            intent_span=ispan,
            noqa=noqa,
            leading_comments=leading,
            unterminated=seg.unterminated,
            missing_terminator=seg.missing_terminator,
        ))
    return Document(text, statements, all_comments)


def statement_text(intent: str, sql: str) -> str:
    """The file ``check`` reads for an (intent, SQL) pair: the intent line above the statement (how
    ``sqlintent rerank`` and the evaluations check a candidate as a user's file would be checked)."""
    intent = " ".join(intent.split())
    return f"-- intent: {intent}\n{sql.strip().rstrip(';')};\n"
