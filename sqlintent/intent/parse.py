"""Read an intent into an :class:`~sqlintent.intent.model.IntentModel` (spaCy parse + the lexicon's patterns).

The text is cut to :data:`MAX_CHARS` characters first (a checked file is hostile input: a huge comment must
not stall the parser). The spaCy pipeline is the one the detector's question graph loads
(:func:`sqlintent.graphs.question_graph.default_parser`); when spaCy or its model cannot load, the model is
built from the patterns alone and proper nouns are guessed from capitalisation. Parses are cached by text
(the last :data:`CACHE_SIZE` intents): an editor re-checks a query far more often than its intent changes.
"""
from __future__ import annotations

import re
from functools import lru_cache

from sqlintent.intent import context as C
from sqlintent.intent import lexicon as L
from sqlintent.intent import quantity as Q
from sqlintent.intent.model import Comparison, Cue, IntentModel, Superlative, Value

MAX_CHARS = 2000
CACHE_SIZE = 2048
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*|\d+(?:\.\d+)?")
_SENT = re.compile(r"[.?!;]+(?:\s+|$)")
_spacy_failed = False


def parse_intent(text: str | None) -> IntentModel | None:
    """The intent model of ``text`` (cached by text); None for an empty intent."""
    if not text or not text.strip():
        return None
    return _parse(text[:MAX_CHARS])


@lru_cache(maxsize=CACHE_SIZE)
def _parse(text: str) -> IntentModel:
    return _build(text)


def _tokens(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, text, fine tag) per token; tags from spaCy (:mod:`sqlintent.intent.tagger`: cached, or
    parsed now), or "" when it is unavailable."""
    global _spacy_failed
    if not _spacy_failed:
        from sqlintent.intent import tagger

        toks = tagger.tokens(text)
        if toks is not None:
            return toks
        _spacy_failed = True  # no spaCy or no model: patterns only
    return _word_tokens(text)


def _word_tokens(text: str) -> list[tuple[int, int, str, str]]:
    return [(m.start(), m.end(), m.group(0), "") for m in _WORD.finditer(text)]


def _cue(kind: str, m: re.Match, value=None, group: int = 0) -> Cue:
    return Cue(kind, m.group(group), m.start(group), m.end(group), value)


def _build(text: str) -> IntentModel:
    """Everything but the proper nouns and adjectives, which need spaCy's tags: those are read when a rule
    first asks for :attr:`IntentModel.values` (:func:`named_values`)."""
    from sqlintent.intent.words import words as stem_words

    lower = [w.lower() for _, _, w, _ in _word_tokens(text)]
    not_values = Q.not_values(text)
    supers = _superlatives(text)
    context = C.value_context(text) + not_values
    comparison_context = C.comparison_context(text)
    found = _comparisons(text)
    comps = [c for c in found if not C.inside(not_values, c.start + len(c.words) - 1)
             and not C.inside(comparison_context, c.start) and not L.OTHERS_AFTER.match(text, c.end)]
    taken = [(s.start, s.end) for s in supers] + [(c.start, c.end) for c in found]

    def inside(m):
        return any(a <= m.start() < b for a, b in taken)

    aggs = []
    for kind, pat in (("count", L.COUNT), ("avg", L.AVG), ("sum", L.SUM), ("max", L.MAX), ("min", L.MIN)):
        for m in pat.finditer(text):
            before = text[max(0, m.start() - 25):m.start()].lower()
            if kind == "count" and re.search(r"\b(?:most|least|fewest|largest|smallest|highest|lowest|greatest|by|"
                                             r"the same|of|order of|in)\s+(?:the\s+)?$", before):
                continue  # "the most number of", "sorted by the number of": a ranking, not the answer
            if kind in ("max", "min") and inside(m):
                continue
            aggs.append(_cue(kind, m))
    asides = C.asides(text)

    def aside(c) -> bool:
        return any(a <= c.start < b for a, b in asides)

    negs = [_cue("negation", m) for m in L.NEGATION.finditer(text)
            if not L.NEGATED_COMPARISON.match(text[m.end():m.end() + 40])]
    negs = [c for c in negs if not aside(c) and not _inside_name(text, c) and not C.inside(context, c.start)
            and not L.NOT_A_NEGATION.match(text, c.start)]
    absence = [_cue("absence", m) for m in L.ABSENCE.finditer(text) if m.group(0).strip()]
    exist = [_cue("existence", m) for m in L.EXISTENCE.finditer(text)]
    group = [_cue("group", m) for m in L.GROUPING.finditer(text)]
    distinct = [_cue("distinct", m) for m in L.DISTINCT.finditer(text)
                if not L.DIFFERENT_FROM.match(text, m.end())]  # "different costs to members": a comparison
    sets = [_cue("set", m) for m in L.SET_WORDS.finditer(text)]
    order = []
    for m in L.ORDERING.finditer(text):
        tail = text[max(0, m.start() - 12):m.end() + 60]
        direction = "desc" if L.DESC_WORDS.search(tail) else "asc" if L.ASC_WORDS.search(tail) else None
        order.append(_cue("order", m, direction))
    sentences = max(1, len([s for s in _SENT.split(text) if s.strip()]))
    plain, spans = _plain_values(text, taken + not_values)
    return IntentModel(
        text=text, words=tuple(lower), stems=frozenset(stem_words(text)), aggregates=tuple(aggs),
        superlatives=tuple(supers), comparisons=tuple(comps),
        plain_values=tuple(sorted((v for v in plain if not C.inside(context, v.start)), key=lambda v: v.start)),
        named=_Named(text, tuple(spans), tuple(context)), context=tuple(context),
        negations=tuple(negs), existence=tuple(exist), absence=tuple(absence), grouping=tuple(group),
        set_words=tuple(sets), distinct=tuple(distinct), ordering=tuple(order), sentences=sentences)


def _inside_name(text: str, c: Cue) -> bool:
    """"No Child Left Behind": a capitalised cue inside a sentence is part of a name."""
    if not c.words[:1].isupper():
        return False
    before = text[:c.start].rstrip()
    return bool(before) and before[-1] not in ".?!;:"


def _superlatives(text: str) -> list[Superlative]:
    out = []
    for m in L.SUPERLATIVE.finditer(text):
        if m.group(1):  # top 3, first 20
            word, size = m.group(1).lower(), L.number_value(m.group(2))
        elif m.group(3):  # 3 youngest
            word, size = m.group(0).split()[-1].lower(), L.number_value(m.group(3))
        else:
            word, size = m.group(4).lower(), None
        wstart = m.start(4) if m.group(4) else m.start()
        if text[max(0, wstart - 3):wstart].lower() == "at ":
            continue  # "at least 3", "at most 5": comparisons
        if word == "most" and re.match(r"\s+(?:of|[a-z]+ly)\b", text[m.end():], re.I):
            continue  # "most of", "most likely"
        if word in ("first", "last") and size is None:
            continue
        after = text[m.end():m.end() + 40]
        by_count = bool(word in ("most", "least", "fewest") and L.BY_COUNT_AFTER.match(after))
        out.append(Superlative(m.group(0), m.start(), m.end(), L.SUPERLATIVES.get(word), int(size) if size else None,
                               by_count))
    return out


def _comparisons(text: str) -> list[Comparison]:
    out = []
    def counted(m) -> str | None:
        """A number followed by a plural noun and preceded by have/with: a count of members."""
        if not L.COUNTED_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
            return None
        nouns = re.match(r"((?:\s+[a-z][a-z-]*){1,3})", text[m.end():], re.I)
        if nouns is None:
            return None
        seen = []
        for w in nouns.group(1).split():
            wl = w.lower()
            if wl in ("years", "year", "days", "dollars", "percent", "and", "or", "than", "the", "in", "of"):
                return None
            seen.append(wl)
            if wl.endswith("s") and len(wl) > 3:
                return " ".join(seen)
        return None

    negate = {">": "<=", ">=": "<", "<": ">=", "<=": ">", "=": "!="}

    def bound(op: str, m) -> str:
        """"since 2000, including 2000", "before 1990 (exclusive)": the words after the number settle it."""
        after = text[m.end():m.end() + 30]
        if L.INCLUSIVE_AFTER.match(after):
            return {">": ">=", "<": "<="}.get(op, op)
        if L.EXCLUSIVE_AFTER.match(after):
            return {">=": ">", "<=": "<"}.get(op, op)
        return op

    def add(m, op, groups):
        reads = tuple(Q.readings(m.group(g)) for g in groups)
        if all(reads):
            out.append(Comparison(m.group(0), m.start(), m.end(), op, tuple(r[0] for r in reads), counted(m), reads))

    for pat, pat_op in L.COMPARISON:
        for m in pat.finditer(text):
            op = pat_op
            if any(c.start <= m.start() < c.end for c in out):
                continue
            if re.search(r"(?:\bnot|n't|\bno)\s+(?:be\s+|been\s+|have\s+)?$", text[max(0, m.start() - 12):m.start()], re.I) \
                    and not m.group(0).lower().startswith(("less", "more", "fewer")):
                op = negate[op]  # "not higher than 4": <= 4 ("no more than" is its own pattern)
            add(m, bound(op, m), (1,))
    for m in L.OR_MORE.finditer(text):
        add(m, ">=" if m.group(2).lower() in L.OR_MORE_UP else "<=", (1,))
    for m in L.BETWEEN.finditer(text):
        add(m, "between", (1, 2))
    # "no less than 3000" holds "less than 3000": keep the outer reading only
    out = [c for c in out if not any(o is not c and o.start <= c.start and c.end <= o.end and
                                     (o.end - o.start) > (c.end - c.start) for o in out)]
    return sorted(out, key=lambda c: c.start)


def _plain_values(text: str, taken) -> tuple[list[Value], list[tuple[int, int]]]:
    """Quoted strings, dates and numbers (no tags needed), and the spans they take."""
    out: list[Value] = []
    spans: list[tuple[int, int]] = []
    for m in L.QUOTED.finditer(text):
        g = next(i for i in range(1, 5) if m.group(i) is not None)
        out.append(Value(m.group(g), m.start(g), m.end(g), "quoted"))
        spans.append((m.start(), m.end()))

    def free(a: int) -> bool:
        return not any(s <= a < e for s, e in spans)

    for m in L.DATE.finditer(text):
        if free(m.start()):
            out.append(Value(m.group(0), m.start(), m.end(), "date"))
            spans.append((m.start(), m.end()))
    for m in L.NUMBER.finditer(text):
        prev = re.search(r"([A-Za-z]+)\s*$", text[:m.start()])
        if prev is not None and prev.group(1)[:1].isupper() and prev.start() > 0:
            continue  # "Title 1", "Route 66": part of a name
        if free(m.start()) and not any(a <= m.start() < b or a < m.end() <= b for a, b in taken):
            out.append(Value(m.group(0), m.start(), m.end(), "number", Q.readings(m.group(0))))
            spans.append((m.start(), m.end()))
    return out, spans


class _Named:
    """The proper nouns and capitalised adjectives of an intent, parsed (with spaCy's tags) on first use."""

    __slots__ = ("text", "spans", "asides", "_values", "_lock")

    def __init__(self, text: str, spans, asides):
        import threading

        self.text, self.spans, self.asides = text, spans, asides
        self._values: tuple[Value, ...] | None = None
        self._lock = threading.Lock()

    def values(self) -> tuple[Value, ...]:
        if self._values is None:
            with self._lock:
                if self._values is None:
                    self._values = tuple(v for v in _named_values(self.text, self.spans)
                                         if not any(a <= v.start < b for a, b in self.asides))
        return self._values

    def starts(self) -> tuple[int, ...]:
        """Where a named value can start (:func:`named_starts`); no tags read."""
        return named_starts(self.text, self.spans)

    def __eq__(self, other):  # models compare by text (the parse is a function of it)
        return isinstance(other, _Named) and other.text == self.text

    def __hash__(self):
        return hash(self.text)

    def __repr__(self):
        return f"_Named({self.text[:40]!r})"


_SENTENCE_QUESTION_WORD = re.compile(r"(?:^|(?<=[ ])[A-Za-z0-9]+[?!;:] )([A-Z][a-z]*) ")


def named_starts(text: str, spans=()) -> tuple[int, ...]:
    """Where a named value of ``text`` can start, whatever spaCy's tags: at a capital letter outside the
    spans the plain values take (quoted strings, dates, numbers), except a question word that opens a
    sentence ("What ...", "... evaluations? Give me ...": the text's first word, or a word after a plain
    word ending in ? ! ; or :, which spaCy splits off as a token of its own; such a word is never a value,
    see :func:`_named_values`). A named value is a run of capitalised tokens whose first token starts
    outside those spans; empty: the text has none, and its tags need not be read."""
    skip = {m.start(1) for m in _SENTENCE_QUESTION_WORD.finditer(text) if m.group(1).lower() in L.QUESTION_WORDS}
    return tuple(i for i, c in enumerate(text)
                 if i not in skip and c.isupper() and not any(a <= i < b for a, b in spans))


def needs_tags(text: str, spans=()) -> bool:
    """Whether spaCy's tags can change ``text``'s named values (see :func:`named_starts`)."""
    return bool(named_starts(text, spans))


def _named_values(text: str, spans) -> list[Value]:
    """Proper nouns (runs of capitalised words spaCy tags NNP/NNPS, not a sentence's first question word) and
    capitalised adjectives (JJ), outside the spans the plain values take."""
    if not needs_tags(text, spans):
        return []
    out: list[Value] = []
    tokens = _tokens(text)

    def free(a: int) -> bool:
        return not any(s <= a < e for s, e in spans)

    run: list[tuple[int, int, str, str]] = []
    sentence_start = True

    def flush():
        if run:
            a, b = run[0][0], run[-1][1]
            if free(a):
                out.append(Value(text[a:b], a, b, "proper"))
        run.clear()

    for tok in tokens:
        start, end, word, tag = tok
        is_cap = word[:1].isupper() and not word.isupper() or (word.isupper() and len(word) > 1 and word.isalpha()
                                                                and word.lower() not in L.SQL_WORDS)
        proper = is_cap and (tag in ("NNP", "NNPS") or (not tag)) and not (
            sentence_start and word.lower() in L.QUESTION_WORDS)
        if proper and not (sentence_start and not tag):
            run.append(tok)
        else:
            flush()
            if is_cap and tag == "JJ" and not sentence_start and free(start):
                out.append(Value(word, start, end, "adjective"))  # "Asian", "European": a stored value's adjective
        sentence_start = word in (".", "?", "!", ";", ":")
    flush()
    return out
