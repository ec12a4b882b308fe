"""Schema items an intent names: tables and columns matched by their name's words.

Names are split into words (snake_case and camelCase: ``first_name``, ``FirstName`` -> first, name) and
reduced to crude stems (plural and verb endings: cities -> city), the same measure the value-ambiguity
signal uses (:mod:`sqlintent.intent.words`). A table or column is mentioned when every
word of its name (ignoring ``id`` and one-letter words) is among the intent's stems. The vocabulary of a
schema is computed once per schema object and kept in the engine's shared cache.
"""
from __future__ import annotations

from sqlintent.intent.words import stem, words
from sqlintent.intent.model import IntentModel, Mentions


def vocabulary(ctx) -> dict[str, set[tuple[str, str]]]:
    """stem -> {(table, column)} for every word of every column name ("" column: the table's own name)."""
    schema = ctx.schema
    if schema is None:
        return {}
    cache = ctx.shared.intent_vocabulary
    key = id(schema)
    if key not in cache:
        cache.clear()
        vocab: dict[str, set[tuple[str, str]]] = {}
        for t in schema.tables.values():
            for w in words(t.name):
                vocab.setdefault(w, set()).add((t.name.lower(), ""))
            for c in t.columns:
                for w in words(c.name):
                    vocab.setdefault(w, set()).add((t.name.lower(), c.name.lower()))
        cache[key] = vocab
    return cache[key]


def names_schema_item(ctx, word: str) -> bool:
    """True when ``word`` (any form) is a word of some table or column name."""
    return stem(word) in vocabulary(ctx)


def is_column_name(ctx, phrase: str) -> bool:
    """True when some column's whole name is a word of ``phrase`` in any form ("4 cylinders" ->
    cars_data.cylinders): the column stores the number, nothing needs counting."""
    if ctx.schema is None:
        return False
    targets = {stem(w) for w in phrase.split()}
    for t in ctx.schema.tables.values():
        for c in t.columns:
            if stem(c.name.lower()) in targets:
                return True
            cw = set(words(c.name))
            if cw & targets and cw & _COUNTISH:
                return True  # number_products, num_of_staff: the count is stored
    return False


_COUNTISH = {"number", "num", "count", "total", "amount", "qty"}


def mentions(intent: IntentModel, schema) -> Mentions:
    """The tables and columns whose every name word the intent uses."""
    out = Mentions()
    if schema is None:
        return out
    have = intent.stems
    for t in schema.tables.values():
        tw = [w for w in words(t.name) if len(w) > 1]
        if tw and all(w in have for w in tw):
            out.tables[t.name.lower()] = " ".join(tw)
        for c in t.columns:
            cw = [w for w in words(c.name) if len(w) > 1]
            if cw and all(w in have for w in cw):
                out.columns[(t.name.lower(), c.name.lower())] = " ".join(cw)
    return out
