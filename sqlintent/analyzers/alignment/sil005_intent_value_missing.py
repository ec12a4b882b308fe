"""A value the intent names (a quoted string, a number, a date, a proper noun the database stores) that the
query never uses.

What it does:
    Takes the values the intent model reads from the intent: quoted strings, numbers and dates that are not
    part of a ranking or comparison phrase, and proper nouns (capitalised words spaCy tags as names) that
    some text column of the database stores (up to case and spacing; this needs a database). The rule fires
    when such a value appears in none of the query's literals (compared up to case and spacing, numbers as
    numbers). The finding names the missing value. Needs an intent.

Why is this bad?
    A value the intent names is almost always a filter. A query without it answers the question for every
    row ("customers in Paris" without ``city = 'Paris'``), or filters on a neighbouring value instead.

Example:
    -- intent: names of customers in Boston
    SELECT name FROM customers WHERE state = 'MA'

Use instead:
    -- intent: names of customers in Boston
    SELECT name FROM customers WHERE city = 'Boston'

Fix safety:
    No automatic fix: the column to compare with the value is for the author to choose; the message names
    the columns that store it.
"""
from __future__ import annotations

import re

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.value_keys import by_key
from sqlintent.intent.words import stem
from sqlintent.analyzers.signals_util.values import fold, value_index
from sqlintent.disclosure import shown_values
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import select_list_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.intent.context import alternative_groups
from sqlintent.intent.lexicon import SQL_WORDS

DESCRIPTION = "Missing value: the intent names a value that no literal of the query uses."


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or not (intent.plain_values or intent.named_starts()):
        return  # no value (named_starts empty: no proper noun or adjective either)
    strings = [fold(s) for s, _ in f.strings]
    numbers = {v for v, _ in f.numbers} | {n for n in (_number(s) for s in strings) if n is not None}
    numbers |= {float(s[:4]) for s in strings if re.match(r"\d{4}-\d", s)}  # the years of date literals
    values = _values(ctx, intent, strings)
    groups = alternative_groups(intent.text, values)
    missing: list[tuple[object, str]] = []
    for v in values:
        target = fold(v.text)
        if not target or _sql_word(v):
            missing.append((None, ""))
            continue
        if any(_contains(s, target) or _contains(target, s) for s in strings if s):
            missing.append((None, ""))
            continue
        if v.kind == "number" and _names_column(ctx, v):
            missing.append((None, ""))
            continue
        if _number_used(v, numbers) or (v.kind in ("number", "date") and _named_or_duration(ctx, intent.text, v)):
            missing.append((None, ""))
            continue
        if v.kind in ("proper", "adjective"):
            if ctx.database is None or ctx.schema is None:
                missing.append((None, ""))
                continue
            stored, holders = _stored_form(value_index(ctx, RULE).by_folded, target, v.kind == "adjective")
            if not holders or any(_contains(s, stored) or _contains(stored, s) for s in strings if s):
                missing.append((None, ""))
                continue
            where = ", ".join(sorted(f"{t}.{c}" for t, c in holders)[:3])
            if stored != target and shown_values([stored], True):  # its stored spelling, where values may show
                where = f"'{stored}' in {where}"
        else:
            where = ""
        missing.append((v, where))
    for i, (v, where) in enumerate(missing):
        if v is None:
            continue
        if any(missing[j][0] is None for j in range(len(values)) if groups[j] == groups[i] and j != i):
            continue  # "A or B", "London Road (149)": another form of the value is used
        if by_key(ctx, RULE, v, f):
            continue  # the query names the row by its key ("movie_id = 11768" for 'Casablanca')
        span = _span(ctx, f)
        hint = f" (stored in {where})" if where else ""
        report = error_report(RULE, DESCRIPTION, [("filter", span)],
                              f"Filter on '{v.text}'{hint}, or say in the intent why it is not needed")
        yield ctx.finding(RULE, span, f"the intent names '{v.text}'{hint} but the query never uses it",
                          confidence=confidence(0.65), report=report,
                          data={**word_span_data(v), "value": v.text, "kind": v.kind})
        return


_DURATION = re.compile(r"\s+(?:days?|weeks?|months?|years?|hours?|minutes?|seconds?)\b", re.I)
_DATE_CODE = re.compile(r"\b(?:date|datetime|julianday|strftime|datediff|date_add|date_sub|interval|dateadd|"
                        r"timestampdiff|now|current_date)\b|'\d{4}-\d{2}-\d{2}", re.I)


def _named_or_duration(ctx, text: str, v) -> bool:
    """"tiv_2016": the number is part of a name the intent spells; "a period of 30 days": a duration, which a
    query writes in date arithmetic (``date('2019-07-27', '-29 days')``) or as a date literal."""
    n = re.escape(v.text)
    if re.search(r"[A-Za-z0-9]_" + n + r"(?![\w])|(?<![\w])" + n + r"_[A-Za-z]", text):
        return True
    return bool(_DURATION.match(text, v.end) and _DATE_CODE.search(ctx.sql))


def _sql_word(v) -> bool:
    """'AND', "GROUP BY": SQL words quoted in the question name no value."""
    return v.text.isupper() and all(w in SQL_WORDS for w in v.text.lower().split())


def _number_used(v, numbers: set) -> bool:
    """A number of the intent in any of its readings ("200 million": 200000000 or 200), or a year the query
    writes as a date bound ("in 2016": ``>= '2016-01-01'``, ``year > 2015``)."""
    reads = v.readings or ((_number(v.text),) if _number(v.text) is not None else ())
    if any(r in numbers for r in reads):
        return True
    if v.kind == "date" and re.fullmatch(r"\d{4}", v.text):
        year = int(v.text)
        return (year - 1) in numbers or (year + 1) in numbers
    return False


def _values(ctx, intent, strings):
    """The intent's values in text order, without its proper nouns and adjectives where none of them can fire
    (so their spaCy tags are not read, and a run without the model need not load spaCy): without a database
    (they need one), or when every stored value a capitalised stretch of the intent could name is used by
    one of the query's literals (each such value is skipped below whatever its tags). The database's value
    index is built for this (once per database and engine; the loop below builds it anyway for the first
    proper noun): reading a small database's text columns costs less than loading spaCy (0.4-0.75 s a
    process), and most intents name no value the query leaves out."""
    if ctx.database is None or ctx.schema is None:
        return intent.plain_values
    starts = intent.named_starts()
    if not starts:
        return intent.plain_values  # no capital where a named value could start: there is none
    idx = value_index(ctx, RULE)
    if not any(not any(_contains(s, c) or _contains(c, s) for s in strings if s)
               for c in _stored_candidates(intent.text, starts, idx.by_folded)):
        return intent.plain_values
    return intent.values


_MAX_SCAN = 400_000  # characters folded while looking for stored candidates; past it, read the tags


_longest_seen: list = [None, -1, 0]  # (index dict, its size, its longest key): one index at a time


def _longest(by_folded: dict) -> int:
    seen = _longest_seen
    if seen[0] is not by_folded or seen[1] != len(by_folded):
        seen[:] = [by_folded, len(by_folded), max((len(k) for k in by_folded), default=0)]
    return seen[2]


def _token_end(text: str, e: int) -> bool:
    """Whether a token of ``text`` can end at ``e``: the text's end, a letters-to-other boundary, or where
    letters meet digits (spaCy splits "10km"); never inside a run of letters ("Ca" of "Caribbean")."""
    if e >= len(text) or not text[e].isalnum() or not text[e - 1].isalnum():
        return True
    return text[e - 1].isdigit() != text[e].isdigit()


def _stored_candidates(text: str, starts, by_folded: dict):
    """Every stored (folded) value a proper noun or capitalised adjective of ``text`` could be or name
    (:func:`_stored_form`): a named value starts at one of ``starts`` (``IntentModel.named_starts``) and is
    a run of whole tokens, so its folded text ends where a token can end (:func:`_token_end`); an
    adjective is the first word, and the places it names are :func:`_root_forms` of it. Past the scan
    budget, one impossible candidate (so the caller reads the tags)."""
    longest = _longest(by_folded)
    budget = _MAX_SCAN
    n = len(text)
    for p in starts:
        w = p
        while w < n and text[w].isalnum():
            w += 1
        yield from (form for form in _root_forms(fold(text[p:w])) if form in by_folded)
        for e in range(p + 1, n + 1):
            if not _token_end(text, e):
                continue
            word = fold(text[p:e])
            budget -= len(word)
            if budget < 0:
                yield "\x00"  # matched by no literal
                return
            if len(word) > longest + 2:
                break
            if word in by_folded:
                yield word


def _contains(haystack: str, needle: str) -> bool:
    """``needle`` equals ``haystack`` or is a whole word (or LIKE pattern part) of it."""
    needle = needle.strip("%_ ")
    haystack = haystack.strip("%_ ")
    if not needle or not haystack:
        return False
    if needle == haystack or stem(needle) == stem(haystack):
        return True
    return re.search(r"(?<![a-z0-9])" + re.escape(needle) + r"(?![a-z0-9])", haystack) is not None and \
        (len(needle) >= 2 or "%" in haystack)


def _names_column(ctx, v) -> bool:
    """"line 1", "address 2": the number is part of a column's name (line_1), not a value."""
    m = re.search(r"([A-Za-z]+)\s*$", ctx.intent[:v.start])
    if m is None or ctx.schema is None:
        return False
    name = f"{m.group(1)}_{v.text}".lower()
    alt = f"{m.group(1)}{v.text}".lower()
    return any(c.name.lower() in (name, alt) for t in ctx.schema.tables.values() for c in t.columns)


_ROOT_ENDINGS = ("ian", "ean", "ese", "ish", "an", "n", "i", "")


def _root_forms(word: str):
    """The places an adjective may name, in the order they are tried: its roots (the word less one of the
    endings, at least 3 letters) and each root with a place's ending (Asian -> asia, French -> france)."""
    for ending in _ROOT_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            root = word[: len(word) - len(ending)]
            yield from (root, root + "a", root + "e", root + "ia", root + "y")


def _stored_form(by_folded: dict, word: str, adjective: bool):
    """(stored folded value, holders) for ``word``, or for the place an adjective names (Asian -> asia)."""
    if word in by_folded:
        return word, by_folded[word]
    if not adjective:
        return word, None
    for cand in _root_forms(word):
        if cand in by_folded:
            return cand, by_folded[cand]
    return word, None


def _span(ctx, f):
    if f.top is not None and f.top.args.get("where") is not None:
        from sqlintent.analyzers.signals_util.report import keyword_span

        return keyword_span(ctx.sql, f.top.args["where"].this, "WHERE", ctx.whole_span())
    return select_list_span(ctx, f)


RULE = Rule("SIL005", "intent-value-missing", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
