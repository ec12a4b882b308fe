"""The question graph: construction from a known dependency parse, the spaCy backend on a question whose
parse was checked by hand, the parser interface, and the Stanza backend where it is installed."""
from __future__ import annotations

import numpy as np
import pytest

from sqlintent.graphs import vocab
from sqlintent.graphs.question_graph import (
    QuestionParser,
    SpacyParser,
    StanzaParser,
    Word,
    build_question_graph,
    default_parser,
    graph_from_words,
)

from graph_support import sexpr  # tests/ is on sys.path under pytest

QUESTION = "How many heads of the departments are older than 56?"

# The dependency parse of QUESTION (Universal POS; heads as word indices, -1 = root), checked by hand:
# "are" is the root (copula) with subject "heads" and complement "older"; "How" modifies "many", which
# modifies "heads"; "of the departments" attaches to "heads"; "than 56" to "older"; "?" to the root.
KNOWN = [
    ("How", 0, 3, "SCONJ", 1),
    ("many", 4, 8, "ADJ", 2),
    ("heads", 9, 14, "NOUN", 6),
    ("of", 15, 17, "ADP", 2),
    ("the", 18, 21, "DET", 5),
    ("departments", 22, 33, "NOUN", 3),
    ("are", 34, 37, "AUX", -1),
    ("older", 38, 43, "ADJ", 6),
    ("than", 44, 48, "ADP", 7),
    ("56", 49, 51, "NUM", 8),
    ("?", 51, 52, "PUNCT", 6),
]
KNOWN_TREE = ("(P_AUX (P_NOUN (P_ADJ 'How' 'many') 'heads' (P_ADP 'of' (P_NOUN 'the' 'departments'))) 'are' "
              "(P_ADJ 'older' (P_ADP 'than' '56')))")


def known_words() -> list[Word]:
    return [Word(s, e, t, pos, h, pos == "PUNCT") for t, s, e, pos, h in KNOWN]


def leaf_of(g, text: str) -> int:
    return next(i for i in g.leaf_indices() if g.labels[i] == text)


def undirected(g) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for a, b in g.edge_index.T.tolist()}


def test_graph_from_known_parse():
    g = graph_from_words(QUESTION, known_words())
    assert sexpr(g) == KNOWN_TREE
    assert g.text == QUESTION
    leaves = g.leaf_indices()
    assert [g.labels[i] for i in leaves] == ["How", "many", "heads", "of", "the", "departments", "are",
                                             "older", "than", "56"]  # "?" dropped
    for i in leaves:
        assert QUESTION[g.span[i, 0]:g.span[i, 1]] == g.labels[i]
    assert (g.node_type[leaves] == vocab.LEAF).all()
    assert g.node_type[0] == vocab.question_type("P_AUX")
    assert g.span[0].tolist() == [0, 51]

    edges = undirected(g)
    directed = {tuple(e) for e in g.edge_index.T.tolist()}
    assert all((b, a) in directed for a, b in directed)
    assert len(directed) == g.num_edges  # no duplicates
    # dependency edges between words
    for dep, head in [("heads", "are"), ("older", "are"), ("many", "heads"), ("How", "many"),
                      ("departments", "of"), ("56", "than")]:
        a, b = leaf_of(g, dep), leaf_of(g, head)
        assert (min(a, b), max(a, b)) in edges
    # sequential edges between consecutive words
    for a, b in zip(leaves[:-1], leaves[1:]):
        assert (a, b) in edges
    # not between non-consecutive, non-dependent words
    assert (leaf_of(g, "How"), leaf_of(g, "are")) not in edges
    # counts: tree edges (N-1) + dependency edges (9 kept, non-root words) + sequential (L-1), overlaps merged
    n, L = g.num_nodes, len(leaves)
    tree = {(a, b) for a, b in edges if not (g.is_leaf[a] and g.is_leaf[b])}
    assert len(tree) == n - 1
    dep_pairs = {(min(leaf_of(g, KNOWN[i][0]), leaf_of(g, KNOWN[h][0])), max(leaf_of(g, KNOWN[i][0]),
                  leaf_of(g, KNOWN[h][0]))) for i, (_, _, _, _, h) in enumerate(KNOWN) if h >= 0 and i != 10}
    seq_pairs = set(zip(leaves[:-1].tolist(), leaves[1:].tolist()))
    assert len(edges) == (n - 1) + len(dep_pairs | seq_pairs)
    assert len(seq_pairs) == L - 1


def test_spacy_parses_the_known_question():
    words = SpacyParser().parse(QUESTION)
    assert [(w.text, w.start, w.end, w.upos, w.head) for w in words] == KNOWN
    g = build_question_graph(QUESTION)
    assert sexpr(g) == KNOWN_TREE


def test_second_appendix_question():
    g = build_question_graph("Show the names of the three most recent festivals.")
    # hand-checked: "Show" is the root; "names" its object, modified by "of ... festivals"; "most recent"
    # and "three" modify "festivals"
    assert sexpr(g) == ("(P_VERB 'Show' (P_NOUN 'the' 'names' (P_ADP 'of' (P_NOUN 'the' 'three' "
                        "(P_ADJ 'most' 'recent') 'festivals'))))")


def test_several_sentences_hang_under_root():
    words = [Word(0, 4, "List", "VERB", -1), Word(5, 12, "singers", "NOUN", 0), Word(12, 13, ".", "PUNCT", 0, True),
             Word(14, 18, "Sort", "VERB", -1), Word(19, 23, "them", "PRON", 3), Word(23, 24, ".", "PUNCT", 3, True)]
    g = graph_from_words("List singers. Sort them.", words)
    assert sexpr(g) == "(ROOT (P_VERB 'List' 'singers') (P_VERB 'Sort' 'them'))"
    assert g.node_type[0] == vocab.question_type("ROOT")
    # sequential edge across the sentence boundary, no dependency edge there
    assert (leaf_of(g, "singers"), leaf_of(g, "Sort")) in undirected(g)


def test_single_word_question_is_one_leaf():
    g = graph_from_words("Singers?", [Word(0, 7, "Singers", "NOUN", -1), Word(7, 8, "?", "PUNCT", 0, True)])
    assert g.num_nodes == 1 and g.is_leaf.tolist() == [True] and g.num_edges == 0
    assert g.edge_index.shape == (2, 0)


def test_punctuation_only_question_keeps_its_words():
    g = graph_from_words("?", [Word(0, 1, "?", "PUNCT", -1, True)])
    assert g.labels == ("?",)


def test_whitespace_and_spans_with_spacy():
    q = "  Which  singers\tare older than 30 ?"
    g = build_question_graph(q)
    for i in g.leaf_indices():
        assert q[g.span[i, 0]:g.span[i, 1]] == g.labels[i]
    assert [g.labels[i] for i in g.leaf_indices()] == ["Which", "singers", "are", "older", "than", "30"]


def test_a_parse_that_is_not_a_tree_is_an_error():
    words = [Word(0, 1, "a", "NOUN", -1), Word(2, 3, "b", "NOUN", 2), Word(4, 5, "c", "NOUN", 1)]
    with pytest.raises(ValueError, match="not a tree"):
        graph_from_words("a b c", words)


def test_empty_question_is_an_error():
    with pytest.raises(ValueError):
        build_question_graph("   ")
    with pytest.raises(ValueError):
        graph_from_words("", [])


def test_parser_interface_and_single_load():
    p = default_parser()
    assert p is default_parser()
    assert isinstance(p, QuestionParser) and isinstance(StanzaParser(), QuestionParser)
    nlp = p.nlp
    p.parse("warm")
    assert p.nlp is nlp  # loaded once
    assert "ner" not in nlp.pipe_names


def test_a_custom_parser_plugs_in():
    class Flat:
        name = "flat"

        def parse(self, question: str) -> list[Word]:
            words, pos = [], 0
            for k, tok in enumerate(question.split()):
                start = question.index(tok, pos)
                pos = start + len(tok)
                words.append(Word(start, pos, tok, "NOUN", -1 if k == 0 else 0))
            return words

    g = build_question_graph("a b c", Flat())
    assert sexpr(g) == "(P_NOUN 'a' 'b' 'c')"


@pytest.mark.training  # stanza belongs to the training extra: .ci/run's second pass has it
def test_stanza_backend_when_installed():
    ok, why = StanzaParser.available()
    if not ok:
        pytest.skip(why)
    words = StanzaParser().parse(QUESTION)
    assert [w.text for w in words][:3] == ["How", "many", "heads"]
    root = [w for w in words if w.head == -1]
    assert len(root) == 1
    g = build_question_graph(QUESTION, StanzaParser())
    for i in g.leaf_indices():
        assert QUESTION[g.span[i, 0]:g.span[i, 1]] == g.labels[i]


def test_stanza_unavailable_reason_is_clear(tmp_path, monkeypatch):
    monkeypatch.setenv("STANZA_RESOURCES_DIR", str(tmp_path))
    ok, why = StanzaParser.available()
    assert not ok
    assert "stanza" in why.lower()
    with pytest.raises(RuntimeError):
        StanzaParser().parse("anything")


def test_arrays_have_the_shared_form_and_are_read_only():
    g = build_question_graph(QUESTION)
    assert g.node_type.dtype == np.int64 and g.is_leaf.dtype == bool
    assert g.span.shape == (g.num_nodes, 2) and g.edge_index.shape == (2, g.num_edges)
    with pytest.raises(ValueError):
        g.node_type[0] = 5


def test_default_parser_graphs_are_cached_per_question():
    g1 = build_question_graph("Which singers are older than 30?")
    assert build_question_graph("Which singers are older than 30?") is g1
    explicit = build_question_graph("Which singers are older than 30?", default_parser())
    assert explicit is not g1 and explicit.labels == g1.labels


def test_stanza_words_are_converted_with_sentence_offsets(tmp_path, monkeypatch):
    """The Stanza backend's conversion, run against a stand-in for the stanza module (Stanza itself is
    exercised by test_stanza_backend_when_installed where it is installed)."""
    import importlib.machinery
    import sys
    import types
    from types import SimpleNamespace as NS

    text = "List singers. Sort them."

    def word(t, upos, head, start):
        return NS(text=t, upos=upos, head=head, parent=NS(start_char=start, end_char=start + len(t)))

    class Pipeline:
        def __init__(self, lang, dir, processors, download_method, verbose):
            assert (lang, download_method) == ("en", None)
            assert dir == str(tmp_path)

        def __call__(self, question):
            assert question == text
            return NS(sentences=[
                NS(words=[word("List", "VERB", 0, 0), word("singers", "NOUN", 1, 5), word(".", "PUNCT", 1, 12)]),
                NS(words=[word("Sort", "VERB", 0, 14), word("them", "PRON", 1, 19), word(".", "PUNCT", 1, 23)]),
            ])

    fake = types.ModuleType("stanza")
    fake.__spec__ = importlib.machinery.ModuleSpec("stanza", None)
    fake.Pipeline = Pipeline
    monkeypatch.setitem(sys.modules, "stanza", fake)
    (tmp_path / "en").mkdir()
    monkeypatch.setenv("STANZA_RESOURCES_DIR", str(tmp_path))

    assert StanzaParser.available() == (True, "")
    words = StanzaParser().parse(text)
    assert [(w.text, w.start, w.end, w.upos, w.head, w.is_punct) for w in words] == [
        ("List", 0, 4, "VERB", -1, False), ("singers", 5, 12, "NOUN", 0, False), (".", 12, 13, "PUNCT", 0, True),
        ("Sort", 14, 18, "VERB", -1, False), ("them", 19, 23, "PRON", 3, False), (".", 23, 24, "PUNCT", 3, True),
    ]
    g = build_question_graph(text, StanzaParser())
    assert sexpr(g) == "(ROOT (P_VERB 'List' 'singers') (P_VERB 'Sort' 'them'))"


def test_graph_command_prints_both_graphs(capsys):
    import argparse
    import json

    from sqlintent.commands import graph as cmd

    parser = argparse.ArgumentParser()
    cmd.add_parser(parser.add_subparsers())
    args = parser.parse_args(["graph", "--question", QUESTION, "--sql", "SELECT count(*) FROM head"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["question", "sql"]
    q = out["question"]
    assert q["text"] == QUESTION and q["nodes"][0]["type"] == "q:P_AUX"
    assert [n["label"] for n in q["nodes"] if n["leaf"]][:3] == ["How", "many", "heads"]
    assert [9, 14] in [n["span"] for n in q["nodes"] if n["label"] == "heads"]

    args = parser.parse_args(["graph", "--question", "   "])
    assert args.func(args) == 2
    assert "empty" in capsys.readouterr().err
