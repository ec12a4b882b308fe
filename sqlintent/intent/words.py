"""How close a schema name is to the words of an intent (a light, dependency-free lexical measure).

Names are split into words (``first_name``, ``FirstName`` -> first, name); words are reduced to a crude
stem (plural and verb endings dropped) so "cities" matches "city" and "located" matches "location" only
through a shared prefix of at least five letters. The score of a column is the share of its name's words
found in the intent, plus half the share of its table's words: 0 means nothing in common.
"""
from __future__ import annotations

import re

_SPLIT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_STOP = {"the", "a", "an", "of", "in", "on", "for", "to", "and", "or", "by", "with", "is", "are", "what",
         "which", "who", "whose", "how", "many", "much", "that", "all", "each", "list", "show", "give", "find",
         "return", "me", "their", "its", "from", "at", "as", "be", "do", "does", "did", "there", "than", "id"}


def stem(word: str) -> str:
    w = word.lower()
    for suffix, repl in (("ies", "y"), ("sses", "ss"), ("es", ""), ("s", ""), ("ing", ""), ("ed", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: len(w) - len(suffix)] + repl
    return w


def words(text: str) -> list[str]:
    out = []
    for part in re.split(r"[^A-Za-z0-9]+", text or ""):
        for w in _SPLIT.findall(part):
            w = w.lower()
            if w and w not in _STOP:
                out.append(stem(w))
    return out


def _match(w: str, vocab: set[str]) -> bool:
    if w in vocab:
        return True
    if len(w) >= 5:
        return any(len(v) >= 5 and (v.startswith(w[:5]) and w.startswith(v[:5])) for v in vocab)
    return False


def name_score(intent: str, column: str, table: str = "") -> float:
    vocab = set(words(intent))
    cw = words(column)
    tw = words(table)
    col = sum(_match(w, vocab) for w in cw) / len(cw) if cw else 0.0
    tab = sum(_match(w, vocab) for w in tw) / len(tw) if tw else 0.0
    return col + 0.5 * tab
