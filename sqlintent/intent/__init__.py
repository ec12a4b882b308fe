"""The intent model: what the intent comment above a statement asks for.

One entry point, :func:`parse_intent` (text -> :class:`IntentModel`, cached by text): aggregates (how many,
average, total ...), superlatives with direction and size (most, top 3, youngest), comparisons with operator
and number (more than 10, at least 3, 12 or more, before 1990, between 3 and 5), values (quoted strings,
numbers, dates, proper nouns), negation, existence and absence questions, grouping, set words, distinctness,
ordering. :func:`sqlintent.intent.schema_link.mentions` adds the schema items the intent names. The
alignment rules (``SIL``) and the intent-aware database signals read it; no rule parses the intent itself.
"""
from __future__ import annotations

from sqlintent.intent.model import Comparison, Cue, IntentModel, Mentions, Superlative, Value
from sqlintent.intent.parse import CACHE_SIZE, MAX_CHARS, parse_intent

__all__ = ["parse_intent", "IntentModel", "Cue", "Comparison", "Superlative", "Value", "Mentions",
           "MAX_CHARS", "CACHE_SIZE"]
