"""Numbers as people write them in questions: separators, scales, currency, percentages, units, fractions.

A quantity has one or more *readings*, the numbers a correct query may write for it, the first being the
number itself: "1,250,000" is 1250000; "3 million" is 3000000 or 3 (a query dividing the population by a
million compares with 3); "15%" is 15 or 0.15; "50 pence" is 50 or 0.5 (pounds); "$20" is 20. Words that
look like numbers and are not values are read here too, so the intent model can leave them out: precision
phrases ("to 1 decimal place", "rounded to 2 decimals": ROUND's argument, not a filter), multipliers
("three times", "twice"), fractions ("1/50th of the cost"), exponents of units ("km^2") and the count of a
list the question gives ("these three columns: name, age and city").
"""
from __future__ import annotations

import math
import re

NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
                "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "thousand": 1000}
SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "k": 1e3, "m": 1e6, "mn": 1e6,
          "bn": 1e9}
SMALL_UNITS = {"pence": 100, "p": 100, "cents": 100, "cent": 100}  # a price in the small unit: /100 too

_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_WORDS = r"(?:twenty|thirty|forty|fifty)-(?:one|two|three|four|five|six|seven|eight|nine)|" + \
    "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# a number (digits or a word), with an optional currency sign before and a scale, percent or small unit after
QUANTITY = (r"(?:[$£€]\s?)?(?:" + _DIGITS + r"|\b(?:" + _WORDS + r")\b)"
            r"(?:\s*(?:thousand|million|billion|trillion)\b|(?<=\d)(?:k|m|mn|bn)\b(?!\^))?"
            r"(?:\s?%|\s+per\s?cent\b|\s+(?:pence|cents?)\b|(?<=\d)p\b)?")
QUANTITY_RX = re.compile(QUANTITY, re.I)

# a plain number value in the text (digits; words are values only in comparisons and sizes)
PLAIN_NUMBER = re.compile(r"(?<![\w.^/-])(?:[$£€]\s?)?(?:" + _DIGITS + r")"
                          r"(?:\s*(?:thousand|million|billion|trillion)\b|(?:k|m|mn|bn)\b)?"
                          r"(?:\s?%|\s+per\s?cent\b|\s+(?:pence|cents?)\b|p\b)?(?![\w.^/-]|,\d)"
                          r"(?!\s*(?:a\.?m\b|p\.?m\b|o'clock\b|:\d))", re.I)  # "1 a.m.": a time

# "to 1 decimal place", "rounded to 2 decimals", "2 decimal places", "round to the nearest 10"
PRECISION = re.compile(r"\b(?:(?:rounded|round(?:ing)?|correct|accurate|precise)\s+(?:it\s+|them\s+|up\s+|down\s+|"
                       r"off\s+)?to\s+(?:the\s+nearest\s+)?(?:\w+\s+)?|to\s+)?(?:" + _DIGITS + r"|\b(?:" + _WORDS +
                       r")\b)\s+(?:decimal(?:\s+(?:places?|points?|digits?))?s?|dp|d\.p\.|significant\s+"
                       r"(?:figures|digits)|places?\s+after\s+the\s+decimal(?:\s+point)?)\b|"
                       r"\bround(?:ed|ing)?\s+(?:\w+\s+){0,3}?to\s+(?:the\s+nearest\s+)?(?:" + _DIGITS + r")\b", re.I)
# "three times that of", "twice as many": a multiplier, not a threshold
MULTIPLIER = re.compile(r"\b(?:" + _DIGITS + r"|" + _WORDS + r")\s+times\b", re.I)
# "1/50th of", "2/3": a fraction
FRACTION = re.compile(r"\b\d+\s*/\s*\d+(?:st|nd|rd|th)?\b")
# "the following three columns: ...", "these 4 fields", "(name, age and city)": the size of a list given
LIST_COUNT = re.compile(r"\b(?:these|those|the following|following|the)\s+(?:" + _DIGITS + r"|" + _WORDS +
                        r")\s+(?:columns?|fields?|attributes?|values?|things|items|pieces of information|"
                        r"details)\b", re.I)


def word_value(word: str) -> float | None:
    w = word.lower()
    if w in NUMBER_WORDS:
        return float(NUMBER_WORDS[w])
    if "-" in w:
        tens, _, unit = w.partition("-")
        if tens in NUMBER_WORDS and unit in NUMBER_WORDS:
            return float(NUMBER_WORDS[tens] + NUMBER_WORDS[unit])
    return None


def readings(text: str) -> tuple[float, ...]:
    """The numbers a query may write for the quantity ``text`` (primary first); () when it is no number."""
    t = text.strip().lower()
    percent = t.endswith(("%", "percent", "per cent"))
    t = re.sub(r"\s*(?:%|per\s?cent)$", "", t)
    small = None
    m = re.search(r"(?:\s+|(?<=\d))(pence|cents?|p)$", t)
    if m:
        small = SMALL_UNITS[m.group(1)]
        t = t[:m.start()]
    t = re.sub(r"^[$£€]\s?", "", t)
    scale = 1.0
    m = re.search(r"(?:\s*(thousand|million|billion|trillion)|(?<=\d)(k|m|mn|bn))$", t)
    if m:
        scale = SCALES[m.group(1) or m.group(2)]
        t = t[:m.start()].strip()
    base = word_value(t)
    if base is None:
        try:
            base = float(t.replace(",", ""))
        except ValueError:
            return ()
    if not math.isfinite(base) or not math.isfinite(base * scale):
        return ()
    out = [base * scale]
    if scale != 1.0:
        out.append(base)  # population / 1000000 > 200
    if percent:
        out.append(base / 100)
    if small:
        out.append(base / small)
    return tuple(dict.fromkeys(out))


def number_value(text: str) -> float | None:
    """The primary reading of ``text`` (None when it is no number)."""
    r = readings(text)
    return r[0] if r else None


def spans(pattern: re.Pattern, text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def not_values(text: str) -> list[tuple[int, int]]:
    """Spans whose numbers are not values or thresholds: precision phrases, multipliers, fractions, list
    sizes."""
    return spans(PRECISION, text) + spans(MULTIPLIER, text) + spans(FRACTION, text) + spans(LIST_COUNT, text)
