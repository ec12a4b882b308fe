"""What an intent asks for, as data: the result of :func:`sqlintent.intent.parse_intent`.

Every item keeps the words of the intent that produced it (``words``) and their character span in the
intent, so a finding can say which words drove it.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Cue:
    """A stretch of the intent that asks for something: its kind, its words and where they are."""

    kind: str  # e.g. "count", "avg", "max", "negation", "distinct", "group", "existence", "order"
    words: str  # the intent's own words, as written
    start: int
    end: int
    value: object = None  # kind-specific detail (a direction, a number, a noun ...)


@dataclass(frozen=True)
class Superlative:
    """"the most ...", "top 3", "youngest", "first 20": a ranking with a direction and a size."""

    words: str
    start: int
    end: int
    direction: str | None  # "max", "min", or None when the word alone does not settle it (youngest, latest)
    size: int | None  # the number of rows asked for (top 3 -> 3); None when unstated (the most -> 1)
    by_count: bool = False  # "the most X" over a count of rows ("most number of", "with the most flights")


@dataclass(frozen=True)
class Comparison:
    """"more than 10", "at least 3", "12 or more", "before 1990", "between 3 and 5"."""

    words: str
    start: int
    end: int
    op: str  # ">", ">=", "<", "<=", "=", "between"
    numbers: tuple[float, ...]
    counted: str | None = None  # "with more than 2 car makers": the counted noun ("makers"), else None
    # per number, every number a query may write for it ("200 million": 200000000 or 200; "15%": 15 or 0.15)
    readings: tuple[tuple[float, ...], ...] = ()

    def readings_of(self, i: int) -> tuple[float, ...]:
        return self.readings[i] if i < len(self.readings) and self.readings[i] else (self.numbers[i],)


@dataclass(frozen=True)
class Value:
    """A value the intent names: a quoted string, a number, an id, a date or a proper noun."""

    text: str
    start: int
    end: int
    kind: str  # "quoted", "number", "date", "proper", "adjective" (a capitalised adjective: Asian, French)
    readings: tuple[float, ...] = ()  # a number's readings ("3 million": 3000000 or 3), see intent.quantity


@dataclass(frozen=True)
class IntentModel:
    """What an intent asks for (see the module docstring of :mod:`sqlintent.intent`)."""

    text: str
    words: tuple[str, ...] = ()  # lower-cased word tokens
    stems: frozenset[str] = frozenset()  # crude stems of the content words (for schema linking)
    aggregates: tuple[Cue, ...] = ()  # kind: count, avg, sum, max, min
    superlatives: tuple[Superlative, ...] = ()
    comparisons: tuple[Comparison, ...] = ()
    plain_values: tuple[Value, ...] = ()  # quoted strings, numbers, dates (no tags needed)
    negations: tuple[Cue, ...] = ()
    existence: tuple[Cue, ...] = ()  # "is there any", "does any", "whether"
    absence: tuple[Cue, ...] = ()  # "without", "have no", "do not have", "never": asks for what has none
    grouping: tuple[Cue, ...] = ()  # "for each", "per", "by" (value: the grouped noun)
    set_words: tuple[Cue, ...] = ()  # "both ... and", "either ... or", "but not"
    distinct: tuple[Cue, ...] = ()  # "different", "distinct", "unique"
    ordering: tuple[Cue, ...] = ()  # "sorted by", "in descending order" (value: "asc" / "desc" / None)
    truncated: bool = False  # the text was longer than MAX_CHARS and was cut
    # spans whose values ask for no filter (asides, facts, quoted SQL, examples ...: sqlintent.intent.context)
    context: tuple[tuple[int, int], ...] = ()
    sentences: int = 1
    # the proper nouns and capitalised adjectives, parsed with spaCy's tags on first use (sqlintent.intent.parse)
    named: object = field(default=None, repr=False)

    @property
    def values(self) -> tuple[Value, ...]:
        """Every value the intent names, in text order: :attr:`plain_values` and the proper nouns and
        capitalised adjectives (reading those may load spaCy once: ask :attr:`plain_values` when they do
        not matter, and :meth:`named_values` only when they do)."""
        named = self.named_values()
        if not named:
            return self.plain_values
        return tuple(sorted(self.plain_values + named, key=lambda v: v.start))

    def named_starts(self) -> tuple[int, ...]:
        """Where in :attr:`text` a named value can start, read without spaCy (a capital letter outside the
        plain values, not a leading question word): empty means :meth:`named_values` is empty."""
        return self.named.starts() if self.named is not None else ()

    def named_values(self) -> tuple[Value, ...]:
        """Proper nouns ("Paris", "New York") and capitalised adjectives ("Asian"), tagged by spaCy."""
        return self.named.values() if self.named is not None else ()

    @property
    def asks_count(self) -> bool:
        return any(c.kind == "count" for c in self.aggregates)

    def cue_words(self, *cues) -> list[str]:
        return [c.words for c in cues]


@dataclass
class Mentions:
    """Schema items an intent names (see :func:`sqlintent.intent.schema_link.mentions`)."""

    tables: dict[str, str] = field(default_factory=dict)  # lower table name -> the intent's words
    columns: dict[tuple[str, str], str] = field(default_factory=dict)  # (table, column) lower -> words
