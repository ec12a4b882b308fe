"""Question parses kept in the persistent cache, so a run does not load spaCy for intents it has parsed before.

The detector's score of a statement is cached by (intent, normalised query) (:mod:`sqlintent.detector.scoring`):
editing a query under an unchanged intent misses that cache, and scoring it needs the intent's question graph,
which needs spaCy's dependency parse: about 0.8 s to import and load in every process, for a parse of a few
milliseconds. The parse (the words, their universal tags, heads and punctuation flags:
:class:`sqlintent.graphs.question_graph.Word`) is therefore stored too, in the same SQLite file
(:class:`sqlintent.cache.ScoreStore`), keyed by a SHA-256 over the parser (its name and model), the versions
of sqlintent, spaCy and the spaCy model (``intent.tagger.parser_version``), this format and the text.

A stored row is checked against its text before use (spans inside the text, and for spaCy each word equal to
its span; heads inside the parse): a row that does not fit is ignored and the text is parsed again.
"""
from __future__ import annotations

import hashlib
from typing import Iterable, Mapping

__all__ = ["FORMAT", "key", "get", "put"]

#: bump when what is stored changes
FORMAT = 1


def _parser_id(parser) -> str:
    from sqlintent.intent.tagger import parser_version

    return f"{getattr(parser, 'name', type(parser).__name__)}:{getattr(parser, 'model', '')};{parser_version()}"


def key(parser, text: str) -> str:
    """The cache key of ``text``'s parse by ``parser``."""
    digest = hashlib.sha256(f"question-words;format={FORMAT};{_parser_id(parser)}\n{text}".encode()).hexdigest()
    return "question-words:" + digest


def get(store, parser, texts: Iterable[str]) -> dict:
    """``{text: [Word, ...]}`` for the texts whose parse the store holds (and that fit their text)."""
    keys = {key(parser, t): t for t in texts}
    out = {}
    for k, value in store.get_many(list(keys)).items():  # the store skips a cache it cannot read
        words = _decode(value, keys[k], exact=getattr(parser, "name", "") == "spacy")
        if words is not None:
            out[keys[k]] = words
    return out


def put(store, parser, parses: Mapping[str, list]) -> None:
    """Keep ``{text: [Word, ...]}``."""
    if not parses:
        return
    store.put_many({key(parser, t): {"words": [[w.start, w.end, w.text, w.upos, w.head, bool(w.is_punct)]
                                              for w in words]}
                    for t, words in parses.items()})  # the store skips a cache it cannot write


def _decode(value, text: str, exact: bool) -> list | None:
    from sqlintent.graphs.question_graph import Word

    try:
        rows = value["words"]
        out = []
        for start, end, word, upos, head, punct in rows:
            if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text)
                    and isinstance(word, str) and isinstance(upos, str) and isinstance(head, int)
                    and -1 <= head < len(rows) and isinstance(punct, bool)):
                return None
            if exact and text[start:end] != word:
                return None
            out.append(Word(start, end, word, upos, head, punct))
        return out
    except (TypeError, KeyError, ValueError):
        return None
