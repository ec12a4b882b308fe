"""The detector at run time: ONNX Runtime + tokenizers + numpy (no torch).

>>> det = Detector.load()                       # the model bundled in sqlintent/detector_model/
>>> det.score([("How many heads are older than 56?", "SELECT count(*) FROM head WHERE age > 56")])
[DetectorScore(score=0.87..., graph=True, ...)]

* Loading is lazy: :meth:`Detector.load` only checks that the files are there; the ONNX session, the
  tokenizer and the question parser start on the first ``score``.
* Provider: ``auto`` picks ``CUDAExecutionProvider`` when onnxruntime-gpu is installed and a GPU answers,
  else ``CPUExecutionProvider``; :attr:`Detector.provider` (and :meth:`Detector.describe`) say which.
* An int8 (dynamically quantised) model runs one pair at a time, since its activation scales are computed
  over the whole batch; fp32 models run whole batches.
* Threads: ONNX Runtime's thread counts come from :mod:`sqlintent.threads` (``threads`` overrides the
  intra-op count).
* Thread-safe: start-up happens once under a lock; pair preparation (spaCy, ANTLR) runs under a lock;
  ``InferenceSession.run`` may be called from several threads.
* A pair whose SQL graph cannot be built is scored by the encoder-only head (``graph=False``).
* Two input interfaces, told apart by the model file's input names: the dense one (``*_init``
  float[nodes, batch x seq], ``*_membership`` float[batch, nodes]) that ``sqlintent-lab export`` writes, and the
  sparse one (``*_init_indices``/``*_init_values``, ``*_node_graph``/``*_node_weight``) that
  ``python -m sqlintent_lab.model_export.sparse_inputs`` rewrites it into; :meth:`Detector.featurize` builds
  whichever the model reads (:attr:`Detector.sparse_inputs`).
"""
from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from sqlintent.detector.featurize import Features, PreparedPair, featurize, load_tokenizer, prepare_pair

__all__ = ["Detector", "DetectorScore", "DetectorUnavailable", "default_model_dir", "detector_from_settings"]

CONFIG_NAME = "detector.json"
REQUIRED = ("model.onnx", "tokenizer.json", CONFIG_NAME)


class DetectorUnavailable(RuntimeError):
    """The model files are missing or unreadable, or ONNX Runtime is not installed."""


def default_model_dir() -> Path:
    """The bundled model directory (``sqlintent/detector_model/``)."""
    return Path(__file__).resolve().parent.parent / "detector_model"


@dataclass(frozen=True)
class DetectorScore:
    """One pair's score: the probability that the query is correct for the question.

    ``graph`` is False when the SQL (or question) graph could not be built and the encoder-only head
    scored the pair; ``sql_text`` is the normalised SQL the model read; ``score_cls`` is the encoder-only
    head's score (always computed).
    """

    score: float
    graph: bool
    sql_text: str
    score_cls: float
    note: str | None = None


class Detector:
    """A loaded (lazily started) error detector. Build with :meth:`load`."""

    def __init__(self, directory: Path, provider: str = "auto", threads: int | None = None):
        self.directory = Path(directory)
        self.requested_provider = provider
        self.threads = threads
        self._lock = threading.Lock()
        self._prep_lock = threading.Lock()
        self._session = None
        self._tokenizer = None
        self._config: dict | None = None
        self.provider: str | None = None  # set when the session starts
        self.sparse_inputs: bool | None = None  # the model's graph inputs are sparse; set when it starts
        self.pairs_run = 0  # pairs this detector has run through the model (one per pair in each run)

    # -- construction ------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | os.PathLike | None = None, provider: str = "auto",
             threads: int | None = None) -> "Detector":
        """A detector for the model in ``path`` (default: the bundled model); nothing heavy starts yet.

        Raises:
            DetectorUnavailable: a file is missing (the message names it and how to get a model).
        """
        if provider not in ("auto", "cpu", "cuda"):
            raise ValueError(f"provider must be auto, cpu or cuda, not {provider!r}")
        directory = Path(path) if path else default_model_dir()
        missing = [n for n in REQUIRED if not (directory / n).is_file()]
        if missing:
            raise DetectorUnavailable(
                f"no detector model in {directory}: missing {', '.join(missing)}. Train and export one "
                f"(`sqlintent-lab train --config ...` then `sqlintent-lab export --checkpoint ... --out {directory}`), "
                f"or point model.path at a directory holding model.onnx, tokenizer.json and {CONFIG_NAME}")
        return cls(directory, provider, threads)

    @property
    def config(self) -> dict:
        if self._config is None:
            try:
                self._config = json.loads((self.directory / CONFIG_NAME).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise DetectorUnavailable(f"cannot read {self.directory / CONFIG_NAME}: {exc}") from exc
            from sqlintent.graphs import vocab

            try:
                vocab.check_compatible(self._config.get("vocab", {"names": []}))
            except ValueError as exc:
                raise DetectorUnavailable(f"{self.directory}: {exc}") from exc
        return self._config

    def _start(self) -> None:
        if self._session is not None:
            return
        with self._lock:
            if self._session is not None:
                return
            cfg = self.config
            try:
                import onnxruntime as ort
            except ImportError as exc:
                raise DetectorUnavailable("onnxruntime is not installed (pip install onnxruntime)") from exc
            available = ort.get_available_providers()
            providers = ["CPUExecutionProvider"]
            if self.requested_provider in ("auto", "cuda") and "CUDAExecutionProvider" in available:
                providers = ["CUDAExecutionProvider", "CPUExecutionProvider"]
            elif self.requested_provider == "cuda":
                raise DetectorUnavailable("provider 'cuda' requested but CUDAExecutionProvider is not available "
                                          "(install onnxruntime-gpu instead of onnxruntime)")
            from sqlintent.threads import session_options

            opts = session_options(ort, self.threads)  # thread counts: see sqlintent.threads
            try:
                session = ort.InferenceSession(str(self.directory / "model.onnx"), sess_options=opts,
                                               providers=providers)
            except Exception as exc:  # noqa: BLE001 - a CUDA start failure falls back to CPU
                if providers[0] == "CUDAExecutionProvider" and self.requested_provider == "auto":
                    session = ort.InferenceSession(str(self.directory / "model.onnx"), sess_options=opts,
                                                   providers=["CPUExecutionProvider"])
                else:
                    raise DetectorUnavailable(f"cannot load {self.directory / 'model.onnx'}: {exc}") from exc
            self.provider = session.get_providers()[0]
            self._tokenizer = load_tokenizer(str(self.directory / "tokenizer.json"), int(cfg["max_length"]))
            self._inputs = [i.name for i in session.get_inputs()]
            self.sparse_inputs = "q_init_indices" in self._inputs
            self._session = session

    def describe(self) -> str:
        """One line: model directory, weights, provider (starts the session)."""
        self._start()
        exp = self.config.get("export", {})
        return (f"detector {self.config.get('variant')} ({exp.get('weights', '?')}) from {self.directory} "
                f"on {self.provider}")

    # -- scoring -----------------------------------------------------------------------------------
    def prepare(self, question: str, sql: str, dialect: str | None = "sqlite",
                schema: Mapping[str, Sequence[str]] | None = None, question_graph=None) -> PreparedPair:
        """Normalise the SQL and build both graphs (what :meth:`score` does first).

        ``question_graph``: a function from the whitespace-folded question to its graph (or None), e.g. a
        lookup into graphs parsed in a batch (``sqlintent.detector.scoring.question_graphs``).
        """
        with self._prep_lock:
            return prepare_pair(question, sql, dialect, schema, normalise=self.config.get("normalise", True),
                                question_graph=question_graph)

    @property
    def per_pair(self) -> bool:
        """True when the model must see one pair per run to give batch-independent scores.

        Dynamically quantised (int8) models compute each activation's quantisation scale over the whole
        input tensor, so a pair's score would depend on the other pairs (and the padding) in its batch;
        such models run pair by pair.
        """
        exp = self.config.get("export", {})
        return bool(exp.get("per_pair", exp.get("weights") == "int8"))

    def run_prepared(self, pairs: Sequence[PreparedPair], mask_spans=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(graph scores, encoder-only scores, graph_ok) for prepared pairs (one run, or one per pair)."""
        self._start()
        if self.per_pair and len(pairs) > 1:
            parts = [self.run_prepared([p], None if mask_spans is None else [mask_spans[i]])
                     for i, p in enumerate(pairs)]
            return tuple(np.concatenate([part[k] for part in parts]) for k in range(3))  # type: ignore[return-value]
        feats = self.featurize(pairs, mask_spans)
        score, score_cls = self._session.run(["score", "score_cls"], self.feed(feats))
        self.pairs_run += len(pairs)
        return np.asarray(score, dtype=np.float64), np.asarray(score_cls, dtype=np.float64), feats.graph_ok

    def run_masked(self, pair: PreparedPair, mask_spans) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """What ``run_prepared([pair] * len(mask_spans), mask_spans)`` returns, for one pair under several
        masks. A model that runs pair by pair reads the same arrays for every variant but the masked
        ``input_ids``, so the pair is featurised once and only those are rebuilt for each run."""
        if not (self.per_pair and mask_spans):
            return self.run_prepared([pair] * len(mask_spans), mask_spans)
        from sqlintent.detector.featurize import mask_ids

        feats = self.featurize([pair])
        feed = self.feed(feats)
        g, c = [], []
        for spans in mask_spans:
            ids = feats.arrays["input_ids"]
            if spans:
                ids = ids.copy()
                mask_ids(ids[0], feats.token_seq[0], feats.token_offsets[0], spans,
                         self.config.get("mask_token_id"))
            score, score_cls = self._session.run(["score", "score_cls"], {**feed, "input_ids": ids})
            self.pairs_run += 1
            g.append(np.asarray(score, dtype=np.float64))
            c.append(np.asarray(score_cls, dtype=np.float64))
        return np.concatenate(g), np.concatenate(c), np.repeat(feats.graph_ok, len(mask_spans))

    def featurize(self, pairs: Sequence[PreparedPair], mask_spans=None) -> Features:
        """One batch of prepared pairs in the input form this model reads (dense or sparse)."""
        self._start()
        return featurize(pairs, self._tokenizer, mask_spans=mask_spans,
                         mask_token_id=self.config.get("mask_token_id"),
                         num_types=len(self.config.get("vocab", {}).get("names", [])) or None,
                         sparse_inputs=bool(self.sparse_inputs))

    def feed(self, feats: Features) -> dict[str, np.ndarray]:
        """The arrays of ``feats`` this model's session takes, by input name."""
        return {n: feats.arrays[n] for n in self._inputs}

    def score(self, pairs: Sequence[tuple[str, str]], dialect: str | None = "sqlite",
              schema: Mapping[str, Sequence[str]] | None = None, batch_size: int = 16) -> list[DetectorScore]:
        """Score ``(question, sql)`` pairs in batches of ``batch_size``."""
        prepared = [self.prepare(q, s, dialect, schema) for q, s in pairs]
        return self.score_prepared(prepared, batch_size)

    def score_prepared(self, prepared: Sequence[PreparedPair], batch_size: int = 16) -> list[DetectorScore]:
        out: list[DetectorScore] = []
        for i in range(0, len(prepared), batch_size):
            chunk = prepared[i : i + batch_size]
            g, c, ok = self.run_prepared(chunk)
            for p, gs, cs, k in zip(chunk, g, c, ok):
                use_graph = bool(k) and self.config.get("variant") != "cls"
                why = (p.sql_error or "").splitlines()[0][:120] if p.sql_error else ""
                note = None if k else (f"SQL graph unavailable ({why}); encoder-only score"
                                       if p.sql_graph is None else "question graph unavailable; encoder-only score")
                out.append(DetectorScore(float(gs if use_graph else cs), use_graph, p.sql_text, float(cs), note))
        return out

    def score_one(self, question: str, sql: str, dialect: str | None = "sqlite",
                  schema: Mapping[str, Sequence[str]] | None = None) -> float:
        """The score of one pair."""
        return self.score([(question, sql)], dialect, schema)[0].score


def detector_from_settings(settings, base_dir: str | os.PathLike | None = None) -> Detector | None:
    """The detector a ``Config.model`` section asks for, or None when ``enabled`` is false.

    Raises DetectorUnavailable when it is enabled but the model cannot be found.
    """
    if not getattr(settings, "enabled", True):
        return None
    path = getattr(settings, "path", None)
    if path and base_dir is not None and not os.path.isabs(path):
        path = os.path.join(base_dir, path)
    return Detector.load(path, provider=getattr(settings, "provider", "auto"))
