"""Scoring statements against their intents for the engine: batched, and cached in memory and on disk.

One :class:`StatementScorer` serves an engine (a ``check`` run, a ``--jobs`` worker, a language-server
session). The engine hands it every (intent, statement) pair of a file, or of a batch of files, before the
rules run (:meth:`StatementScorer.prefetch`); the SIM001 rule then only reads (:meth:`result`).

For the pairs not cached yet, prefetch

1. parses their distinct intents in one ``nlp.pipe`` call (each intent once, however many queries share it;
   the parser runs tok2vec, tagger and parser only; an intent is cut to ``MAX_INTENT_CHARS``);
2. prepares each query (normalisation, SQL graph);
3. scores them in batches (pair by pair for a dynamically quantised model, whose activation scales depend
   on the batch, so that batching never changes a score);
4. for pairs scoring below ``model.threshold`` only (those SIM001 reports), computes the clause attribution
   (each top-level clause masked in turn; a model run pair by pair reuses the pair's score from step 3 for
   the unmasked variant and featurises the pair once for all its masks);

and keeps the results in memory and in the persistent cache (:mod:`sqlintent.cache`), keyed by
:func:`cache_key`. A pair found in either cache is not scored again: ``model_pairs`` counts the pairs that
went through the model (explanation variants included), which is how the tests check that a second run
rescores nothing.
"""
from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from typing import Mapping, Sequence

from sqlintent import __version__
from sqlintent.detector.explain import ClauseEffect, Explanation
from sqlintent.findings import Span

__all__ = ["StatementResult", "StatementScorer", "cache_key", "fold", "intent_text", "question_graphs"]

BATCH = 16  # pairs per model run for batch-independent models


def fold(text: str) -> str:
    """Whitespace folded: the form of intents and queries that keys the caches."""
    return " ".join(text.split())


#: an intent is cut to this many characters (at a space) before it is parsed and scored: the model reads at
#: most ``max_length`` (128) sub-tokens of question and query together, far fewer than this, and a hostile
#: file's megabyte-long comment must not cost a megabyte-long parse
MAX_INTENT_CHARS = 2000


def intent_text(intent: str) -> str:
    """The intent as the detector reads it: whitespace folded, cut to MAX_INTENT_CHARS."""
    text = fold(intent)
    if len(text) > MAX_INTENT_CHARS:
        text = text[:MAX_INTENT_CHARS].rsplit(" ", 1)[0]
    return text


def cache_key(model_fp: str, schema_fp: str, dialect: str, intent: str, sql: str) -> str:
    """The key of one (intent, query) result: everything the score and its explanation depend on.

    The intent is whitespace-folded (the model reads it so); the query is kept as written, stripped (its
    whitespace may sit inside a string literal).
    """
    blob = json.dumps([__version__, model_fp, schema_fp, dialect, intent_text(intent), sql.strip()],
                      ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class StatementResult:
    """The detector's result for one statement.

    ``score``: probability that the query matches its intent; ``graph``: False when the encoder-only head
    scored it (no SQL graph); ``sql_text``: the normalised query the model read; ``explanation``: the clause
    attribution, present when ``score`` is below the threshold the scorer was built with.
    """

    score: float
    graph: bool
    sql_text: str
    score_cls: float
    note: str | None
    explanation: Explanation | None

    def to_json(self) -> dict:
        d = {"s": self.score, "g": self.graph, "t": self.sql_text, "c": self.score_cls, "n": self.note}
        if self.explanation is not None:
            e = self.explanation
            d["x"] = {"s": e.score, "g": e.graph,
                      "c": [[c.label, c.span.start, c.span.end, c.masked_score, c.delta] for c in e.clauses]}
        return d

    @classmethod
    def from_json(cls, d: Mapping) -> "StatementResult":
        x = d.get("x")
        expl = None
        if x is not None:
            expl = Explanation(float(x["s"]), bool(x["g"]), str(d["t"]), tuple(
                ClauseEffect(str(lab), Span(int(a), int(b)), float(m), float(dl)) for lab, a, b, m, dl in x["c"]))
        return cls(float(d["s"]), bool(d["g"]), str(d["t"]), float(d["c"]), d.get("n"), expl)


class StatementScorer:
    """Batched, cached detector results for one detector, schema, dialect and threshold."""

    def __init__(self, detector, *, dialect: str = "sqlite", schema: Mapping[str, Sequence[str]] | None = None,
                 threshold: float = 0.5, store=None):
        self.detector = detector
        self.dialect = dialect or "sqlite"
        self.schema = schema
        self.threshold = float(threshold)
        self.store = store  # a sqlintent.cache.ScoreStore, or None for no persistent cache
        self._memory: dict[str, StatementResult] = {}
        self._lock = threading.RLock()
        self._model_fp: str | None = None
        self.schema_fp = hashlib.sha256(json.dumps(
            sorted((t, list(c)) for t, c in (schema or {}).items())).encode()).hexdigest()
        self.model_pairs = 0  # pairs run through the model by this scorer (explanation variants included)

    @property
    def model_fp(self) -> str:
        if self._model_fp is None:
            from sqlintent.cache import file_fingerprint
            from sqlintent.detector.runtime import REQUIRED

            try:
                self._model_fp = file_fingerprint([self.detector.directory / n for n in REQUIRED], self.store)
            except OSError:
                self._model_fp = "unreadable"
        return self._model_fp

    def key(self, intent: str, sql: str) -> str:
        # the threshold decides whether an explanation is stored with the result, so it is part of the key
        return cache_key(self.model_fp + f"/t={self.threshold!r}", self.schema_fp, self.dialect, intent, sql)

    # -- reading -------------------------------------------------------------------------------------
    def result(self, intent: str, sql: str) -> StatementResult:
        """The result for one pair (scored now when no prefetch or cache has it)."""
        k = self.key(intent, sql)
        hit = self._memory.get(k)
        if hit is None:
            self.prefetch([(intent, sql)])
            hit = self._memory[k]
        return hit

    # -- batch scoring -------------------------------------------------------------------------------
    def prefetch(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Score every (intent, query) pair not cached yet, in batches; results land in the caches."""
        with self._lock:
            want: dict[str, tuple[str, str]] = {}
            for intent, sql in pairs:
                k = self.key(intent, sql)
                if k not in self._memory and k not in want:
                    want[k] = (intent, sql)
            if not want:
                return
            from sqlintent.limits import paused  # a cache transaction is never interrupted half-way

            if self.store is not None:
                with paused():
                    found = self.store.get_many(want)
                for k, v in found.items():
                    try:
                        self._memory[k] = StatementResult.from_json(v)
                    except (KeyError, TypeError, ValueError):
                        continue
                    del want[k]
            if not want:
                return
            fresh = self._score(want)
            self._memory.update(fresh)
            if len(self._memory) > 20000:
                self._memory = dict(list(self._memory.items())[-10000:])
            if self.store is not None:
                with paused():
                    self.store.put_many({k: r.to_json() for k, r in fresh.items()})

    def _score(self, want: dict[str, tuple[str, str]]) -> dict[str, StatementResult]:
        from sqlintent.limits import paused  # loading and running the model do not count as analysis time

        det = self.detector
        keys = list(want)
        starter = None
        if getattr(det, "_session", True) is None:  # start ONNX Runtime while spaCy loads (2 cores, 2 jobs)
            starter = threading.Thread(target=_start_quietly, args=(det,), daemon=True)
            starter.start()
        questions = [intent_text(want[k][0]) for k in keys]
        with paused():
            graphs = question_graphs(questions, store=self.store)
            if starter is not None:
                starter.join()
        try:
            prepared = [det.prepare(q, want[k][1], self.dialect, self.schema, question_graph=graphs.get)
                        for q, k in zip(questions, keys)]
        except TypeError:  # a wrapped detector (scan's batch cache) whose prepare takes no question_graph
            prepared = [det.prepare(q, want[k][1], self.dialect, self.schema) for q, k in zip(questions, keys)]
        # shortest first: batches of similar length waste little on padding
        order = sorted(range(len(keys)), key=lambda i: len(prepared[i].question) + len(prepared[i].sql_text))
        scores = [None] * len(keys)
        for i in range(0, len(order), BATCH):
            idx = order[i: i + BATCH]
            with paused():
                batch = det.score_prepared([prepared[j] for j in idx], batch_size=len(idx))
            for j, s in zip(idx, batch):
                scores[j] = s
            self.model_pairs += len(idx)
        out = {}
        for k, p, s in zip(keys, prepared, scores):
            expl = None
            if s.score < self.threshold:
                with paused():
                    expl = _explain(det, p, s)
                # the masked variants, and the unmasked one unless its score was reused (explain_pair)
                self.model_pairs += len(expl.clauses) + (0 if _reuses_score(det) else 1)
            out[k] = StatementResult(s.score, s.graph, s.sql_text, s.score_cls, s.note, expl)
        return out


def schema_columns(schema) -> dict[str, list[str]] | None:
    """The schema as {table: [columns]} (what the SQL normaliser reads), or None."""
    if schema is None:
        return None
    try:
        return {t.name: [c.name for c in t.columns] for t in schema.tables.values()}
    except Exception:  # noqa: BLE001
        return None


def scorer_for(ctx, store=None) -> StatementScorer | None:
    """The engine's scorer for a statement context with a detector (made on first use and kept in
    ``ctx.shared.detector_scorer``, which lives as long as the engine; SIM001 and the verdict read it there),
    or None when the detector is off. ``store``: the engine's persistent cache (a
    :class:`sqlintent.cache.ScoreStore`, ``Engine.score_store``), where a new scorer keeps its scores between
    runs; None: in memory only."""
    det = ctx.detector
    if det is None:
        return None
    scorer = ctx.shared.detector_scorer
    if scorer is None or scorer.detector is not det:
        scorer = StatementScorer(det, dialect=ctx.dialect or "sqlite", schema=schema_columns(ctx.schema),
                                 threshold=float(ctx.config.model.threshold), store=store)
        ctx.shared.detector_scorer = scorer
    return scorer


def statement_score(ctx) -> StatementResult | None:
    """The detector's result for a statement context (``.score``: the probability that the query matches
    its intent, ``.graph`` whether the graph head gave it, ``.explanation`` the clause attribution when the
    score is below ``model.threshold``), or None when the model is off, the statement has no intent or does
    not parse. Read from the engine's scorer (cached per (intent, query) in memory and on disk, batched over
    a file when the engine prefetched it), so SIM001 and the verdict compute it once."""
    if ctx.detector is None or not ctx.intent or ctx.tree is None:
        return None
    scorer = ctx.shared.detector_scorer  # the engine gives a context with a detector its scorer
    if scorer is None or scorer.detector is not ctx.detector:
        return None
    return scorer.result(ctx.intent, ctx.sql)


def _start_quietly(det) -> None:
    try:
        det._start()
    except Exception:  # noqa: BLE001 - the first model run raises it again, in the caller's thread
        pass


def _reuses_score(det) -> bool:
    """Whether ``explain_pair`` takes the unmasked variant's score from the scoring run for ``det``."""
    return getattr(det, "run_masked", None) is not None and bool(det.per_pair)


def _explain(det, prepared, score) -> Explanation:
    """The clause attribution of a prepared pair whose ``DetectorScore`` is ``score`` (as
    ``explain.explain_pair`` computes it)."""
    from sqlintent.detector.explain import explain_pair

    return explain_pair(det, prepared.question, prepared.sql_text, "sqlite", prepared=prepared, base=score)


_QGRAPHS: dict[str, object] = {}
_QLOCK = threading.Lock()


def question_graphs(questions: Sequence[str], store=None) -> dict[str, object]:
    """Question graphs (or None where the parse failed) for whitespace-folded questions, each parsed once
    per process; the questions not parsed yet go through the parser in one batch.

    With ``store`` (the run's :class:`sqlintent.cache.ScoreStore`), a question's parse is also kept on disk
    (:mod:`sqlintent.detector.parse_cache`): a later run that scores a changed query under an unchanged intent
    reads the parse there and does not load spaCy (about 0.8 s a process)."""
    from sqlintent.graphs.question_graph import default_parser, graph_from_words

    with _QLOCK:
        todo = [q for q in dict.fromkeys(questions) if q not in _QGRAPHS]
        if todo:
            parser = default_parser()
            stored = {}
            if store is not None:
                from sqlintent.detector import parse_cache

                stored = parse_cache.get(store, parser, todo)
            missing = [q for q in todo if q not in stored]
            parsed = dict(zip(missing, _parse(parser, missing))) if missing else {}
            if store is not None and parsed:
                parse_cache.put(store, parser, {q: w for q, w in parsed.items() if w is not None})
            for q in todo:
                words = stored.get(q, parsed.get(q))
                try:
                    _QGRAPHS[q] = graph_from_words(q, words) if words is not None and q.strip() else None
                except Exception:  # noqa: BLE001 - no words: the encoder-only score is used
                    _QGRAPHS[q] = None
            if len(_QGRAPHS) > 8192:
                for q in list(_QGRAPHS)[:4096]:
                    del _QGRAPHS[q]
        return {q: _QGRAPHS.get(q) for q in questions}


def _parse(parser, todo: list[str]) -> list:
    """The parser's words for each text (None where it failed), in one batch when the parser has one."""
    many = getattr(parser, "parse_many", None)
    try:
        return many(todo) if many else [parser.parse(q) for q in todo]
    except Exception:  # noqa: BLE001 - fall back to one by one, so one bad text fails alone
        parses = []
        for q in todo:
            try:
                parses.append(parser.parse(q))
            except Exception:  # noqa: BLE001
                parses.append(None)
        return parses
