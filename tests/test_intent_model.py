"""The intent model reads what an intent asks for: questions, imperatives, noun phrases, several sentences."""
from __future__ import annotations

import pytest

from sqlintent.intent import MAX_CHARS, parse_intent
from sqlintent.intent import parse as intent_parse


def kinds(cues):
    return [c.kind for c in cues]


def test_empty_intent_has_no_model():
    assert parse_intent(None) is None
    assert parse_intent("   ") is None


def test_imperative_count_per_group():
    m = parse_intent("count delivered orders per month")
    assert m.asks_count
    assert [c.words for c in m.aggregates] == ["count"]
    assert [g.words for g in m.grouping] == ["per"]


def test_noun_phrase_top_n():
    m = parse_intent("top 5 customers by revenue")
    (s,) = m.superlatives
    assert (s.words, s.direction, s.size) == ("top 5", "max", 5)
    assert not m.asks_count


def test_noun_phrase_with_a_proper_noun():
    m = parse_intent("names of customers in Paris")
    assert [(v.text, v.kind) for v in m.values] == [("Paris", "proper")]
    assert m.text[m.values[0].start:m.values[0].end] == "Paris"


def test_question_with_counted_comparison():
    m = parse_intent("How many countries have more than 2 car makers?")
    assert m.asks_count
    (c,) = m.comparisons
    assert (c.words, c.op, c.numbers, c.counted) == ("more than 2", ">", (2.0,), "car makers")


@pytest.mark.parametrize("text,op,numbers", [
    ("products that cost at least 50", ">=", (50.0,)),
    ("students with 12 or more friends", ">=", (12.0,)),
    ("films released before 1990", "<", (1990.0,)),
    ("prices between 3 and 5", "between", (3.0, 5.0)),
    ("visitors whose level is not higher than 4", "<=", (4.0,)),
    ("at most three items", "<=", (3.0,)),
])
def test_comparisons(text, op, numbers):
    (c,) = parse_intent(text).comparisons
    assert (c.op, c.numbers) == (op, numbers)


@pytest.mark.parametrize("text,direction,size", [
    ("the youngest dog", None, None),
    ("which airline has the fewest flights", "min", None),
    ("first 20 rows by date", None, 20),
    ("the 3 oldest singers", None, 3),
])
def test_superlatives(text, direction, size):
    (s,) = parse_intent(text).superlatives
    assert (s.direction, s.size) == (direction, size)


def test_at_least_is_a_comparison_not_a_superlative():
    m = parse_intent("customers with at least 3 orders")
    assert m.superlatives == ()
    assert [c.op for c in m.comparisons] == [">="]


def test_multi_sentence_intent_with_an_aside():
    m = parse_intent("Which dogs were abandoned? List their names. Note that 0 stands for no.")
    assert m.sentences == 3
    assert m.negations == ()  # the aside explains the data, it negates nothing
    assert all(v.text != "0" for v in m.values)


def test_existence_absence_and_negation():
    m = parse_intent("Is there any customer without orders?")
    assert kinds(m.existence) == ["existence"]
    assert [c.words for c in m.absence] == ["without"]
    assert [c.words for c in m.negations] == ["without"]


def test_distinct_set_and_order_words():
    m = parse_intent("the different cities of both suppliers and customers, sorted by name in descending order")
    assert [c.words for c in m.distinct] == ["different"]
    assert [c.words for c in m.set_words] == ["both"]
    assert m.ordering and all(c.value == "desc" for c in m.ordering)


def test_quoted_values_and_possessives():
    m = parse_intent("List the owner's first name and the dogs's name for breed 'BUL' and id 0970016")
    assert [(v.text, v.kind) for v in m.values] == [("BUL", "quoted"), ("0970016", "number")]


def test_parses_are_cached_by_text():
    intent_parse._parse.cache_clear()
    a = parse_intent("how many singers are there?")
    b = parse_intent("how many singers are there?")
    assert a is b
    assert intent_parse._parse.cache_info().hits == 1


def test_long_intents_are_cut_before_parsing():
    m = parse_intent("how many orders " + "and more " * 2000)
    assert len(m.text) == MAX_CHARS
    assert m.asks_count


def test_works_without_spacy(monkeypatch):
    monkeypatch.setattr(intent_parse, "_spacy_failed", True)
    intent_parse._parse.cache_clear()
    try:
        m = parse_intent("top 3 customers in Paris, sorted by name")
        assert m.superlatives[0].size == 3
        assert [v.text for v in m.values] == ["Paris"]
    finally:
        intent_parse._parse.cache_clear()


def test_a_number_too_large_for_a_float_is_no_size():
    """An intent naming "the top 3999...9" (310 digits and more: infinity as a float) made parse_intent raise
    OverflowError (int() of the size), and with it every intent check of the statement."""
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    huge = "3" + "9" * 400
    model = parse_intent(f"show the top {huge} customers by spending")
    assert [s.size for s in model.superlatives] == [None]
    config, _ = Config().with_overrides({"model": {"enabled": False}})
    result = Engine(config).check_text(f"-- intent: the top {huge} customers\nSELECT name FROM customers;\n", "q.sql")
    assert not [f.message for f in result.findings if "internal error" in f.message]
