"""The intent model reads spaCy's tags only when they can matter, from a pipeline of the tagger alone or the
persistent cache: the same intent models and findings as a full parse, and a warm run that never loads spaCy."""
from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from sqlintent.intent import parse as intent_parse
from sqlintent.intent import parse_intent, tagger

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cli_modules import run_cli

ROOT = Path(__file__).resolve().parents[2]

INTENTS = [
    "What are the names of the singers who are not French citizens?",
    "Which shop has the most employees? Give me the shop name.",
    "List the name of teachers whose hometown is not `` Little Lever Urban District '' .",
    "What is the feature type name of feature AirCon?",
    "Count the number of orchestras that have CD or DVD as their record format.",
    "How many ships ended up being 'Captured'?",
    "What are the opening year and staff number of the museum named Plaza Museum?",
    "top 3 customers in Paris, sorted by name",
    "What's the Asian country with the most people in New York and St. Louis?",
    "names of customers in Boston. 1 stands for yes",
    "how many singers are there?",
    "Show names of O'Brien's cars in 1990",
]


def _spacy_or_skip():
    pytest.importorskip("spacy")
    try:
        tagger._tagger()
    except (ImportError, OSError) as exc:
        pytest.skip(f"no spaCy model: {exc}")


def test_tagger_pipeline_gives_the_full_pipelines_tokens_and_tags():
    _spacy_or_skip()
    from sqlintent.graphs.question_graph import SpacyParser

    assert tagger.MODEL == SpacyParser.MODEL
    full = SpacyParser().nlp
    light = tagger._tagger()
    assert "parser" not in light.pipe_names and "parser" in full.pipe_names
    for text in INTENTS:
        want = [(t.idx, t.idx + len(t.text), t.text, t.tag_) for t in full(text) if not t.is_space]
        got = [(t.idx, t.idx + len(t.text), t.text, t.tag_) for t in light(text) if not t.is_space]
        assert got == want, text


def test_named_values_only_where_a_capital_can_start_one():
    """Where ``named_starts`` is empty no tags are read and no proper noun or adjective is found; where it is
    not, the tags decide (the same values as reading them for every intent)."""
    _spacy_or_skip()
    intent_parse._parse.cache_clear()
    for text in INTENTS:
        m = parse_intent(text)
        named = m.named_values()
        if not m.named_starts():
            assert named == ()
        assert all(v.start in m.named_starts() for v in named)
        assert list(m.values) == sorted(m.plain_values + named, key=lambda v: v.start)
    m = parse_intent("What are the names of the singers who are not French citizens?")
    assert [(v.text, v.kind) for v in m.values] == [("French", "adjective")]
    assert parse_intent("Which shop has the most employees? Give me the shop name.").named_starts() == ()
    assert parse_intent("How many ships ended up being 'Captured'?").named_starts() == ()  # inside quotes
    assert [v.text for v in parse_intent("top 3 customers in Paris, sorted by name").values] == ["Paris"]  # 3: part of "top 3"


def test_stored_tags_are_read_back_and_checked(tmp_path):
    _spacy_or_skip()
    from sqlintent.cache import ScoreStore

    store = ScoreStore(tmp_path)
    tagger.use_store(store)
    try:
        text = "customers of Acme Corp in Paris"
        first = tagger.tokens(text)
        assert store.writes == 1 and ("Paris", "NNP") in [(t[2], t[3]) for t in first]
        assert tagger.tokens(text) == first and store.hits == 1
        # a row that does not fit its text (tampered, or a hash collision) is ignored and re-parsed
        key = tagger._key(text)
        store.put_many({key: {"tokens": [[0, 3, "xyz", "NN"]]}})
        assert tagger.tokens(text) == first
    finally:
        tagger.use_store(None)


FILES = {
    "a.sql": "-- intent: What are the names of the customers in Paris?\nSELECT name FROM customers;\n",
    "b.sql": "-- intent: How many customers live in 'Lyon'?\nSELECT count(*) FROM customers WHERE city = 'Lyon';\n",
    "c.sql": "-- intent: Which customers are not from Paris? Give me their names.\n"
             "SELECT name FROM customers WHERE city != 'Paris';\n",
    "d.sql": "-- intent: list the customers of Acme in Berlin\nSELECT name FROM customers WHERE id > 1;\n",
}

def _check(tmp_path: Path, cache: Path, *extra: str) -> tuple[list, bool]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SQLINTENT_CACHE_DIR=str(cache))
    proc, heavy = run_cli(["check", tmp_path / "q", "--db", tmp_path / "shop.sqlite", "--format", "json",
                           "--no-model", *extra], cwd=tmp_path, env=env)
    data = json.loads(proc.stdout)
    found = sorted((Path(f["path"]).name, x["code"], x["message"]) for f in data["files"] for x in f["findings"])
    return found, "spacy" in heavy


def test_cold_and_warm_cache_give_the_same_findings_and_a_warm_run_loads_no_spacy(tmp_path):
    _spacy_or_skip()
    con = sqlite3.connect(tmp_path / "shop.sqlite")
    con.executescript("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
                      "INSERT INTO customers VALUES (1, 'Ann', 'Paris'), (2, 'Bob', 'Lyon'), (3, 'Cy', 'Berlin');")
    con.commit()
    con.close()
    (tmp_path / "q").mkdir()
    for name, text in FILES.items():
        (tmp_path / "q" / name).write_text(text)
    cache = tmp_path / "cache"
    cold, cold_spacy = _check(tmp_path, cache)
    warm, warm_spacy = _check(tmp_path, cache)
    uncached, _ = _check(tmp_path, tmp_path / "unused", "--no-cache")
    assert cold == warm == uncached
    # what the tags decide is in the findings: Paris and Berlin are proper nouns the query never uses
    missing = [(n, m) for n, c, m in cold if c == "SIL005"]
    assert ("a.sql", "the intent names 'Paris' (stored in customers.city) but the query never uses it") in missing
    assert any(n == "d.sql" and "'Berlin'" in m for n, m in missing)
    assert cold_spacy and not warm_spacy
    assert not (tmp_path / "unused").exists()


def test_a_cold_run_loads_no_spacy_when_the_query_uses_every_value_the_intent_could_name(tmp_path):
    """SIL005 reads tags only where a stored value that a capitalised stretch could name is missing from the
    query's literals: the value index is built for that (a capital inside a word, "Ca" of "Caribbean",
    starts no candidate)."""
    _spacy_or_skip()
    con = sqlite3.connect(tmp_path / "shop.sqlite")
    con.executescript("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT, code TEXT);"
                      "INSERT INTO customers VALUES (1, 'Ann', 'Paris', 'CA'), (2, 'Bob', 'Lyon', 'FR');")
    con.close()
    (tmp_path / "q").mkdir()
    (tmp_path / "q" / "a.sql").write_text("-- intent: How many customers live in Lyon?\n"
                                          "SELECT count(*) FROM customers WHERE city = 'Lyon';\n")
    (tmp_path / "q" / "b.sql").write_text("-- intent: Show the names of Caribbean customers.\n"
                                          "SELECT name FROM customers;\n")
    found, loaded = _check(tmp_path, tmp_path / "cache")
    assert not loaded
    assert not [f for f in found if f[1] == "SIL005"]
    (tmp_path / "q" / "c.sql").write_text("-- intent: How many customers live in Paris?\n"
                                          "SELECT count(*) FROM customers;\n")
    found, loaded = _check(tmp_path, tmp_path / "cache2")
    assert loaded  # Paris is stored and the query has no literal: the tags decide
    assert ("c.sql", "SIL005", "the intent names 'Paris' (stored in customers.city) but the query never uses it") \
        in found


def test_stored_candidates_include_every_value_the_tags_could_name():
    """The shortcut above is exact: each proper noun and adjective the tags give, and each form of it the
    rule looks up, is among the candidates read without tags."""
    _spacy_or_skip()
    from sqlintent.analyzers.alignment.sil005_intent_value_missing import _ROOT_ENDINGS, _stored_candidates, _stored_form
    from sqlintent.analyzers.signals_util.values import fold

    for text in INTENTS + ["Which cars did GM make in 10km of Detroit-Windsor?", "Find the French and "
                           "Italian singers of U.S. labels", "Can't Ann's Café in Côte d'Ivoire open?"]:
        model = parse_intent(text)
        named = [v for v in model.values if v.kind in ("proper", "adjective")]
        for v in named:
            word = fold(v.text)
            forms = {word}
            if v.kind == "adjective":
                for ending in _ROOT_ENDINGS:
                    root = word[: len(word) - len(ending)]
                    if word.endswith(ending) and len(root) >= 3:
                        forms |= {root, root + "a", root + "e", root + "ia", root + "y"}
            for form in forms:
                by_folded = {form: {("t", "c")}}
                assert _stored_form(by_folded, word, v.kind == "adjective")[0] == form
                assert form in set(_stored_candidates(text, model.named_starts(), by_folded)), (text, v, form)


def test_first_phase_defers_only_the_rules_that_need_tags_not_loaded_yet(tmp_path, monkeypatch):
    """The language server's first phase (``check_text(model=False)``) does not wait for spaCy: a rule that
    needs the intent's tags is skipped, the result is pending, and the second phase has its findings."""
    _spacy_or_skip()
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    con = sqlite3.connect(tmp_path / "shop.sqlite")
    con.executescript("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
                      "INSERT INTO customers VALUES (1, 'Ann', 'Paris'), (2, 'Bob', 'Lyon');")
    con.close()
    monkeypatch.setattr(tagger, "loaded", lambda: False)  # as in a fresh server
    monkeypatch.setattr(tagger, "_question_graph", lambda: None)
    tagger.use_store(None)
    intent_parse._parse.cache_clear()
    cfg, problems = Config().with_overrides({"database": str(tmp_path / "shop.sqlite"),
                                             "model": {"enabled": False}})
    assert not problems
    engine = Engine(cfg)
    text = ("-- intent: What are the names of the customers in Paris?\nSELECT name FROM customers;  -- noqa: SIL005\n"
            "-- intent: how many customers are there?\nSELECT count(*) FROM customers;\n")
    first = engine.check_text(text, "q.sql", model=False)
    assert first.pending
    from sqlintent.analyzers.engine_rules import UNUSED_NOQA

    assert not any(f.code == UNUSED_NOQA.code for f in first.findings)  # the noqa is not called unused meanwhile
    second = engine.check_text(text, "q.sql", model=True)
    assert not second.pending
    plain = text.replace("  -- noqa: SIL005", "")
    intent_parse._parse.cache_clear()  # (the parse keeps its named values once read)
    early = Engine(cfg).check_text(plain, "q.sql", model=False)
    assert early.pending and not any(f.code == "SIL005" for f in early.findings)
    whole = Engine(cfg).check_text(plain, "q.sql")
    assert any(f.code == "SIL005" and "'Paris'" in f.message for f in whole.findings)
    assert [f.code for f in engine.check_text(plain, "q.sql", model=True).findings] == \
        [f.code for f in whole.findings]


def test_the_detectors_batch_parses_are_kept_for_a_warm_run(tmp_path):
    """Tags the detector's batch parsed (a run with the model) go to the persistent cache too, so the warm
    re-run, which scores nothing and so parses nothing, need not load spaCy for them."""
    from sqlintent.cache import ScoreStore
    from sqlintent.graphs import question_graph

    text = "singers from Norway sorted by age"
    toks = [(0, 7, "singers", "NNS"), (8, 12, "from", "IN"), (13, 19, "Norway", "NNP"), (20, 26, "sorted", "VBN"),
            (27, 29, "by", "IN"), (30, 33, "age", "NN")]
    question_graph.remember_tokens(text, toks)
    store = ScoreStore(tmp_path)
    tagger.use_store(store)
    try:
        assert tagger.tokens(text) == toks and store.writes == 1
        question_graph._TOKENS.pop(text, None)  # a new process: only the disk has them
        assert tagger.tokens(text) == toks and store.hits == 1
    finally:
        tagger.use_store(None)
