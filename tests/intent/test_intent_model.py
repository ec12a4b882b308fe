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


@pytest.mark.parametrize("text,op,readings", [
    ("countries with a population of at least 200 million", ">=", (200000000.0, 200.0)),
    ("areas over 5,000,000 km^2", ">", (5000000.0,)),
    ("products under $20", "<", (20.0,)),
    ("items costing less than 50 pence", "<", (50.0, 0.5)),
    ("a discount of more than 15%", ">", (15.0, 0.15)),
    ("films from 2010 or later", ">=", (2010.0,)),
    ("winners since the year 2000, including 2000", ">=", (2000.0,)),
    ("before 1990 (exclusive)", "<", (1990.0,)),
    ("above 2, including 2", ">=", (2.0,)),
    ("twenty-five or more", ">=", (25.0,)),
])
def test_quantities_in_comparisons(text, op, readings):
    (c,) = parse_intent(text).comparisons
    assert (c.op, c.readings[0]) == (op, readings)


@pytest.mark.parametrize("text", [
    "the average price, to 1 decimal place",
    "the average price rounded to 2 decimals",
    "populations more than three times that of any neighbour",
    "a fee less than 1/50th of the monthly cost",
    "show these 3 columns: name, age and city",
    "a timestamp for 1 a.m. on 2012-08-31",
])
def test_numbers_that_are_no_values(text):
    m = parse_intent(text)
    assert [v.text for v in m.plain_values if v.kind == "number"] == []
    assert m.comparisons == ()


def test_context_sentences_facts_and_quoted_sql():
    m = parse_intent("Wagner's Ring cycle has an imposing 173 tracks. List the top 10 albums.")
    assert [v.text for v in m.plain_values] == []
    m = parse_intent("Consider the query: SELECT name FROM t WHERE id = 149. Show the names of stops in 'Leith'.")
    assert [v.text for v in m.plain_values] == ["Leith"]
    m = parse_intent("A 'title track' has a `song` that is the same as its album's `title`. List the title tracks.")
    assert [v.text for v in m.plain_values] == []


def test_a_definition_with_a_condition_keeps_its_values():
    m = parse_intent("An order is late if its status is 'delayed'. List the late orders.")
    assert [v.text for v in m.plain_values] == ["delayed"]


def test_alternatives_or_and_bracketed_forms():
    from sqlintent.intent.context import alternative_groups

    text = "services that connect stops 115 and 137 ('Haymarket' and 'Leith')"
    m = parse_intent(text)
    vals = [v for v in m.plain_values]
    assert [v.text for v in vals] == ["115", "137", "Haymarket", "Leith"]
    assert len(set(alternative_groups(text, vals))) == 1
    text = "orders with status 'shipped' or 'pending' from 'Boston'"
    vals = parse_intent(text).plain_values
    groups = alternative_groups(text, vals)
    assert groups[0] == groups[1] != groups[2]


def test_tie_rules_and_guarantees_set_no_threshold():
    m = parse_intent("Find each user's distance. If two or more users traveled the same distance, order them by name.")
    assert m.comparisons == ()
    m = parse_intent("Find the top customer. The test cases are generated so that exactly one customer is on top.")
    assert m.comparisons == ()


def test_different_to_is_no_distinctness():
    assert parse_intent("guests have different costs to members").distinct == ()
    assert [c.words for c in parse_intent("the different cities").distinct] == ["different"]
