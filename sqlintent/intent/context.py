"""The parts of an intent that ask for nothing: their values and thresholds are context, not filters.

Questions written for people carry more than the request: asides that explain the data ("0 stands for no"),
facts about the data ("Wagner's Ring cycle has 173 tracks", "200 million is 200,000,000"), the query the
question asks to change ("Consider the following query: SELECT ..."), examples ("(for example, id = 1)"),
terms being defined ("A 'title track' has a `song` that ..."), output formats ("formatted as 'Surname,
Firstname'"), values the result must show rather than filter on ("ensure that the Engineering department is
listed"), and tie rules ("if two or more users have the same distance, order them by name"). Each function
returns character spans of ``text``; the intent model drops the values (and, where said, the comparisons)
that start inside them. When the reading is uncertain the span is left in: a missed value is a missed
finding, a misread one is a false alarm.
"""
from __future__ import annotations

import re

from sqlintent.intent.lexicon import ASIDE

SENTENCE = re.compile(r"[.?!;]+(?=\s|$)\s*")

REQUEST_VERBS = {
    "show", "list", "find", "give", "return", "get", "select", "display", "produce", "output", "obtain", "report",
    "write", "count", "compute", "calculate", "include", "order", "sort", "print", "identify", "retrieve", "fetch",
    "determine", "name", "tell", "provide", "create", "make", "rank", "present", "generate", "how", "what",
    "which", "who", "whom", "whose", "when", "where", "why", "is", "are", "does", "do", "did", "can", "could",
    "please", "use", "change", "add", "modify", "try", "answer", "query", "work", "figure", "look", "search",
    "extract", "filter", "group", "split", "combine", "divide", "demonstrate", "delete", "update", "insert",
    "remove", "check", "compare", "summarise", "summarize", "describe", "explain", "let", "i", "we", "you", "in",
    "for", "from", "among", "of", "with", "by", "at", "after", "before", "during", "on", "each", "every", "all",
}
# sentences that point at something to look at rather than ask ("Consider the following query: ...")
_LOOK = re.compile(r"^\W*(?:consider|observe|notice|recall)\b", re.I)
# "The test cases are generated so that exactly one ...", "It is guaranteed that ...": a promise about the data
GUARANTEE = re.compile(r"\bguarantee[sd]?\b|\btest cases are (?:generated|made|designed)\b|\bit is given that\b|"
                       r"\byou (?:may|can) assume\b", re.I)
_ABOUT_QUERY = re.compile(r"^\W*(?:the|this|that|your|our|the following|the above|the previous)\s+"
                          r"(?:query|statement|sql|code|example|exercise)\b", re.I)
_FACT_VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|clocks?|gives?|contains?|holds?)\b", re.I)
_CLAUSE_WORD = re.compile(r"\b(?:if|when|whenever|unless|who|whom|whose|that|which|where|while|than|with|"
                          r"without|not|no|only)\b|\?", re.I)

_QUOTE = r"(?:'[^'\n]{1,80}'|\"[^\"\n]{1,80}\"|\u201c[^\u201d\n]{1,80}\u201d|\u2018[^\u2019\n]{1,80}\u2019)"
# "A 'title track' has ...", "An 'eponymous album' is ...": the quoted words name what is being defined
DEFINED = re.compile(r"(?:^|(?<=[.?!:;]\s))\s*(?:an?|the)\s+(" + _QUOTE + r")(?:\s+[a-z]+)?\s+"
                     r"(?:is|are|has|have|means|refers)\b", re.I)
# "formatted as 'Surname, Firstname'", "in the format 'YYYY-MM'": a template of the output, not a value
FORMAT = re.compile(r"\b(?:formatted|format(?:ted)?\s+(?:as|like)|in\s+the\s+(?:form|format)(?:\s+of)?|"
                    r"(?:form|format)\s*:|written\s+as|displayed\s+as|shown\s+as)\s*(" + _QUOTE + r")", re.I)
# "(for example, id = 1)", "(e.g. 'Paris')", "(i.e., 3000000 km2)"
EXAMPLE = re.compile(r"\(\s*(?:for\s+(?:example|instance)|e\.?\s?g\.?|i\.?\s?e\.?|say|like)\b[^()]{0,200}\)", re.I)
# "(the listed costs are per half-hour 'slot')": a parenthesised remark that states something
REMARK = re.compile(r"\((?![^()]*\b(?:whose|where|with|who|which|that)\b)[^()]{0,200}?\b(?:is|are|was|were)\b"
                    r"[^()]{0,200}\)", re.I)
# "ensure that the Engineering department is listed": a value the result must show, not a filter
SHOWN = re.compile(r"\b(?:ensure|make\s+sure|so\s+that|check\s+that)\b[^.?!;]{0,120}?\b(?:is|are|gets?|get)\s+"
                   r"(?:listed|included|shown|present|returned|displayed|output|visible)\b", re.I)
# "if two or more users traveled the same distance, ...": a tie rule; its numbers are no filter
TIE = re.compile(r"\b(?:if|when|in\s+case|should)\b[^.?!;:,]{0,100}?\b(?:same|tie|ties|tied|equal|equally)\b", re.I)
# SQL quoted in the question: from SELECT / WITH (upper case) to the first word of prose after it
_SQL_START = re.compile(r"\b(?:SELECT|WITH|UPDATE|DELETE|INSERT)\b")
_SQL_TOKEN = re.compile(r"\s*(?:[A-Z][A-Z_]*\b(?![a-z])|[a-z_][\w.]*|\d[\d.]*|'[^']*'|\"[^\"]*\"|[(),*=<>!+\-/%.;:|]+)")
_CODE = re.compile(r"`[^`\n]{1,200}`")


def sentences(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in list(SENTENCE.finditer(text)) + [None]:
        end = m.end() if m else len(text)
        if text[start:end].strip():
            out.append((start, end))
        start = end
    return out


def asides(text: str) -> list[tuple[int, int]]:
    """Sentences that explain the data rather than ask ("1 stands for yes"): their words ask for nothing."""
    return [(a, b) for a, b in sentences(text) if ASIDE.search(text[a:b])]


def guarantees(text: str) -> list[tuple[int, int]]:
    """Sentences that promise something about the data ("The test cases are generated so that exactly one
    customer ..."): a query need not test what is promised."""
    return [(a, b) for a, b in sentences(text) if GUARANTEE.search(text[a:b])]


def _first_word(s: str) -> str:
    m = re.search(r"[A-Za-z]+", s)
    return m.group(0).lower() if m else ""


def _asks(s: str) -> bool:
    return s.rstrip().endswith("?") or _first_word(s) in REQUEST_VERBS


def context_sentences(text: str) -> list[tuple[int, int]]:
    """In an intent of several sentences, those that state facts or point at a query while another sentence
    asks: "Wagner's Ring cycle has 173 tracks.", "200 million is 200,000,000.", "Consider the following query:
    ...", "The query gives ...". A sentence with a condition or a relative clause ("A country is big if ...",
    "... that have ...") may define what is asked: it is never context."""
    sents = sentences(text)
    if len(sents) < 2:
        return []
    out = []
    for a, b in sents:
        s = text[a:b]
        if _LOOK.match(s) or _ABOUT_QUERY.match(s) or (
                not _asks(s) and _FACT_VERB.search(s) and not _CLAUSE_WORD.search(s)):
            out.append((a, b))
    if not any(_asks(text[a:b]) and (a, b) not in out for a, b in sents):
        return []  # nothing else asks: the facts are the request
    return out


def sql_spans(text: str) -> list[tuple[int, int]]:
    """SQL written in the question (a query to change, a clause to use) and `code` spans."""
    out = [(m.start(), m.end()) for m in _CODE.finditer(text)]
    pos = 0
    while True:
        m = _SQL_START.search(text, pos)
        if m is None:
            break
        end = m.end()
        while True:
            t = _SQL_TOKEN.match(text, end)
            if t is None or t.end() == end:
                break
            end = t.end()
        if end - m.start() > len(m.group(0)) + 3:
            out.append((m.start(), end))
        pos = max(end, m.end())
    return out


def quoted_spans(pattern: re.Pattern, text: str) -> list[tuple[int, int]]:
    return [(m.start(1), m.end(1)) for m in pattern.finditer(text)]


def value_context(text: str) -> list[tuple[int, int]]:
    """Every span whose values are no filter the query must write (see the module docstring)."""
    return (asides(text) + guarantees(text) + context_sentences(text) + sql_spans(text) + quoted_spans(DEFINED, text)
            + quoted_spans(FORMAT, text) + [(m.start(), m.end()) for m in EXAMPLE.finditer(text)]
            + [(m.start(), m.end()) for m in REMARK.finditer(text)]
            + [(m.start(), m.end()) for m in SHOWN.finditer(text)])


def comparison_context(text: str) -> list[tuple[int, int]]:
    """Spans whose comparisons are no threshold: asides, SQL, examples and tie rules."""
    return (asides(text) + guarantees(text) + sql_spans(text) + [(m.start(), m.end()) for m in EXAMPLE.finditer(text)]
            + [(m.start(), m.end()) for m in TIE.finditer(text)])


def inside(spans, pos: int) -> bool:
    return any(a <= pos < b for a, b in spans)


_LIST_SEP = re.compile(r"^['\"\u2019\u201d\s)]*(?:,\s*(?:and|or)?|and|or|&|/)?\s*['\"\u2018\u201c\s(]*$", re.I)
_OR_SEP = re.compile(r"\bor\b|/", re.I)
_PAREN_SEP = re.compile(r"^['\"\u2019\u201d\s]*\(\s*['\"\u2018\u201c]*$")


def alternative_groups(text: str, values) -> list[int]:
    """For each value (in text order), a group number: values of one group are alternatives, any one of them
    used by the query answers them all. Two readings make alternatives: "A or B" (a list joined by "or":
    "London Road or Craiglockhart", "3 or 4") and a value with another form in brackets after it ("stops 115
    and 137 ('Haymarket' and 'Leith')", "London Road (149)"): the query may name either form."""
    n = len(values)
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i, j):
        parent[find(j)] = find(i)

    lists: list[list[int]] = []  # runs of values written as one list ("115 and 137", "A, B or C")
    grouped: list[bool] = []  # whether a run's values are alternatives
    for i in range(n):
        between = text[values[i - 1].end:values[i].start] if i else None
        if between is not None and _PAREN_SEP.match(between):
            lists[-1].append(i)  # a form in brackets: the run before it and the bracket are alternatives
            grouped[-1] = True
        elif between is not None and _LIST_SEP.match(between):
            lists[-1].append(i)
            grouped[-1] = grouped[-1] or bool(_OR_SEP.search(between))
        else:
            lists.append([i])
            grouped.append(False)
    for run, alt in zip(lists, grouped):
        if alt:
            for j in run:
                union(run[0], j)
    return [find(i) for i in range(n)]
