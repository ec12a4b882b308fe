"""The words the intent model knows, as patterns (developed on Spider train questions, never on dev).

Each pattern is matched case-insensitively on the intent's text; the spans of the matches become the
"intent words" a finding quotes. See docs/intent.md for where each list came from.
"""
from __future__ import annotations

import re

from sqlintent.intent.quantity import NUMBER_WORDS, QUANTITY, number_value  # noqa: F401 - re-exported
from sqlintent.intent.quantity import PLAIN_NUMBER as NUMBER  # noqa: F401 - numbers with separators and units

_NUM = QUANTITY  # a number: digits (with separators), a number word, with currency, scale, percent or unit
NUM = _NUM


def rx(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.I)


# aggregates asked for; "count" only where it is the answer, not inside a superlative or comparison
COUNT = rx(r"\bhow many\b|(?:^|(?<=\bthe )|(?<=\btotal )|(?<=\ba )|(?<=\band )|(?<=\bcount )|(?<=\bof )|(?<=, ))"
           r"number of\b|\bcount(?:s)?\b(?! ?ry)|\bhow much\b(?= [a-z]+ (?:are|is|do|does))")
AVG = rx(r"\baverage\b|\bmean\b|\bavg\b")
SUM = rx(r"\b(?:sum|total)\b(?! number)(?! count)")
MAX = rx(r"\bmaximum\b|\bmax\b")
MIN = rx(r"\bminimum\b|\bmin\b")

# superlatives: word -> direction ("max"/"min"/None when the word alone does not say which end)
SUPERLATIVES = {
    "most": "max", "highest": "max", "largest": "max", "biggest": "max", "greatest": "max", "longest": "max",
    "heaviest": "max", "tallest": "max", "maximum": "max", "richest": "max", "best": "max", "top": "max",
    "least": "min", "fewest": "min", "lowest": "min", "smallest": "min", "shortest": "min", "lightest": "min",
    "minimum": "min", "cheapest": "min", "bottom": "min", "worst": "min",
    "oldest": None, "youngest": None, "latest": None, "earliest": None, "newest": None, "most recent": None,
    "first": None, "last": None,
}
SUPERLATIVE = rx(r"\b(?:the )?(?:(top|first|last|bottom) (" + _NUM + r")\b|(" + _NUM + r") (?:most|least|highest|"
                 r"lowest|largest|smallest|oldest|youngest|latest|earliest|newest|best|worst)\b|"
                 r"(most recent|most|least|fewest|highest|lowest|largest|smallest|biggest|greatest|longest|"
                 r"shortest|heaviest|lightest|tallest|maximum|minimum|richest|cheapest|best|worst|oldest|"
                 r"youngest|latest|earliest|newest)\b)")
BY_COUNT_AFTER = rx(r"^\s*(?:number of|amount of|count of|[a-z]+s\b(?! than))")

# comparisons: (pattern, operator); the number follows (or precedes, for "N or more")
COMPARATIVES = (
    (r"(?:more|greater|larger|higher|bigger|older|longer|heavier|taller|later|over|above|exceeding|exceeds)"
     r"(?: than)?", ">"),
    (r"(?:since)", ">="),
    (r"(?:less|fewer|smaller|lower|younger|shorter|lighter|cheaper|earlier|below|under)(?: than)?", "<"),
    (r"(?:at least|no less than|not less than|no fewer than|a minimum of|minimum of)", ">="),
    (r"(?:at most|no more than|not more than|up to|a maximum of|maximum of)", "<="),
    (r"(?:before|prior to)", "<"),
    (r"(?:after)", ">"),
    (r"(?:equal to|exactly|equals)", "="),
)
COMPARISON = [(rx(r"\b" + p + r"\s+(?:the (?:year|age|value) (?:of )?)?(" + _NUM +
                 r")(?![\w/])"), op) for p, op in COMPARATIVES]
OR_MORE = rx(r"\b(" + _NUM + r")\s+(?:or|and) (more|greater|higher|above|over|later|after|newer|older|up|beyond|"
             r"larger|bigger|longer|less|fewer|lower|below|under|earlier|before|younger|smaller|shorter)\b"
             r"(?!\s+(?:than\b|the\s+year\b|[$£€]?\d))")  # "after 2013 or before 2008": two bounds
OR_MORE_UP = ("more", "greater", "higher", "above", "over", "later", "after", "newer", "older", "up", "beyond",
              "larger", "bigger", "longer")
# "since 2000, including 2000", "before 1990 (inclusive)", "up to and including 5": the bound itself counts
INCLUSIVE_AFTER = rx(r"^\s*(?:,\s*|\(\s*)?(?:inclusive\b|including\b|and including\b|included\b|or equal\b)")
EXCLUSIVE_AFTER = rx(r"^\s*(?:,\s*|\(\s*)?(?:exclusive\b|excluding\b|not including\b|excluded\b)")
# "one or more other policyholders", "at least 1 other employee": a count that leaves the item itself out,
# which a query may write either way (> 1 counting it, >= 1 not)
OTHERS_AFTER = rx(r"\s+(?:[a-z]+\s+)?others?\b")
BETWEEN = rx(r"\bbetween\s+(?:the years\s+)?(" + _NUM + r")\s+and\s+(" + _NUM + r")(?![\w/])")
COUNTED_BEFORE = rx(r"\b(?:with|have|has|had|having|contain|contains|own|owns|hold|holds)\b[^.?!]{0,20}$")

NEGATION = rx(r"\bnot\b|n't\b|\bnever\b|\bwithout\b|\bno\b(?! (?:less|more|fewer)\b)|\bnone\b|\bexcept\b|"
              r"\bother than\b|\bexcluding\b|\bneither\b|\bnor\b|\bapart from\b")
# words that look like a negation and negate no condition: "bus no." (number), "not just the date", "don't
# worry about", "without using the OR operator" / "without a LIMIT clause" (how to write the query)
NOT_A_NEGATION = re.compile(r"no\.|no\s*#|(?:not|n't)\s+(?:just|only|necessarily)\b|(?:do\s*n't|do not|dont|n't)\s+worry\b|"
                            r"(?:without|not)\s+(?:using\s+|use\s+)?(?:an?\s+|the\s+|any\s+)?(?:(?-i:[A-Z]{2,})\b|"
                            r"subquer|sub-quer|joins?\b|(?:a\s+)?limit\b|window\s+function|cte\b|clause)", re.I)
ABSENCE = rx(r"\bwithout\b|\b(?:have|has|had|with) no\b|\b(?:do|does|did)(?: not|n't) (?:have|own|contain|hold)\b|"
             r"\bnever\b|\bnot (?:have|own|contain|hold)\b|\bno (?:[a-z]+ )?(?:at all)?\b(?=[a-z ]*\?)?")
EXISTENCE = rx(r"^\s*(?:is|are|was|were) there\b|^\s*(?:does|do|did|has|have) (?:any|anyone|anybody|some)\b|"
               r"\bwhether\b|\b(?:exist|exists)\b|\bis there any\b")
GROUPING = rx(r"\bfor (?:each|every)\b|\bper\b|\bin each\b|\bby each\b|\beach\b|\bgrouped by\b|\bbroken down by\b")
DISTINCT = rx(r"\b(?:different|distinct|distinctive|unique)\b")
DIFFERENT_FROM = rx(r"(?:\s+[a-z]+){0,2}?\s+(?:from|than|to)\b")
SET_WORDS = rx(r"\bboth\b|\beither\b|\bbut not\b|\band also\b|\bas well as\b|\bintersect(?:ion)?\b|\bunion\b")
ORDERING = rx(r"\b(?:sort|sorted|sorting|order|ordered|ordering|arrange|arranged|rank|ranked)(?: them| it| the "
              r"results?| the rows| the list)?\s+(?:by|from|according to|in(?!\s+any\s+order)(?=\s+(?:\w+\s+){0,2}(?:order|ascending|"
              r"descending|alphabetical|reverse|increasing|decreasing)\b))\b|"  # not "ordered in February 2020"
              r"\b(?:ascending|descending|alphabetical(?:ly)?|increasing|decreasing)\b")
DESC_WORDS = rx(r"\b(?:descending|decreasing|reverse|from (?:the )?(?:highest|largest|most|oldest|biggest|latest))\b")
ASC_WORDS = rx(r"\b(?:ascending|increasing|alphabetical(?:ly)?|from (?:the )?(?:lowest|smallest|least|youngest|"
               r"earliest))\b")

QUOTED = re.compile(r"(?<![A-Za-z])'([^'\n]{1,200}?)'(?![A-Za-z])|\"([^\"\n]{1,200})\"|\u201c([^\u201d\n]{1,200})\u201d|"
                    r"\u2018([^\u2019\n]{1,200})\u2019")
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?\b|\b(?:1[5-9]|20)\d{2}\b")

# SQL written in capitals inside a question ("Use COUNT and GROUP BY", "Add a HAVING clause"): never a name
SQL_WORDS = {"select", "from", "where", "group", "by", "order", "having", "join", "inner", "outer", "left", "right",
             "full", "cross", "on", "using", "count", "sum", "avg", "min", "max", "distinct", "limit", "offset",
             "union", "intersect", "except", "case", "when", "then", "else", "end", "null", "not", "and", "or",
             "in", "exists", "like", "between", "is", "as", "asc", "desc", "with", "coalesce", "round", "cast",
             "sql", "cte", "lag", "lead", "rank", "over", "partition", "ifnull", "isnull", "nvl", "all", "any"}
QUESTION_WORDS = {"what", "which", "who", "whom", "whose", "when", "where", "how", "find", "list", "show",
                  "give", "return", "count", "tell", "get", "select", "display", "name", "please", "is", "are",
                  "does", "do", "for", "in", "of", "the", "a", "an", "i", "order", "sort", "compute", "report"}


ASIDE = rx(r"\bstands? for\b|\bmeans\b|\brefers? to\b|\bdenotes?\b|\bnote that\b|\bnote\s*:|\bindicates?\b")
NEGATED_COMPARISON = rx(r"^\s*(?:(?:have|has|had|be|been|more|less|higher|lower|greater|smaller|larger|bigger|"
                        r"older|younger|longer|shorter|heavier|lighter|fewer)\b\s*){1,2}(?:than|\d)")
