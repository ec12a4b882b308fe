"""The verdict on real-world statements (issue 32, item 4): their inputs, source folds and held-out figures.

The labelled real-world corpora (``benchmarks/realworld_corpora.py``: ``realworld_dev`` A and B and the corpora
that ``tools/realworld_corpus.py`` builds from fetched repositories) are checked file by file as ``check``
does, with the folder's database; the verdict's inputs of each statement labelled ``ok`` (1) or ``wrong`` (0)
are cached as one JSON line (``debatable`` is left out). A *source* is a problem set answered by several
authors (SQLZoo, pgexercises, LeetCode, Northwind, dbt): a fold leaves one source out entirely, so no question
is on both sides. ``tools/verdict_realworld.py`` runs it; docs/verdict.md ("Real-world pairs") has the rule
and the figures. Nothing of ``data/eval`` is read.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

# corpus name (benchmarks/realworld_corpora.py) -> source; a corpus not listed is not read
SOURCES = {
    "A/sqlzoo_aa": "sqlzoo",
    "A/pgexercises": "pgexercises",
    "ext_pgx_rexes": "pgexercises",
    "ext_pgx_tlgs": "pgexercises",
    "B/leetcode": "leetcode",
    "ext_leetcode_cm2908": "leetcode",
    "B/northwind": "northwind",
    "ext_dbt_jaffle": "dbt",
}
LABEL = {"ok": 1, "wrong": 0}


def source_of_corpus(name: str) -> str | None:
    """The source a corpus belongs to: a listed name, or by prefix for fetched corpora added later
    (``ext_pgx_*`` pgexercises, ``ext_leetcode_*`` LeetCode, ``ext_dbt_*`` dbt); None: not a training source."""
    if name in SOURCES:
        return SOURCES[name]
    for prefix, src in (("ext_pgx_", "pgexercises"), ("ext_leetcode_", "leetcode"), ("ext_dbt_", "dbt"),
                        ("ext_sqlzoo_", "sqlzoo"), ("ext_northwind_", "northwind")):
        if name.startswith(prefix):
            return src
    return None


def _db_id(overrides: dict) -> str:
    """A database's name: the stem of its file (LeetCode has one per problem), or of its first schema file."""
    path = overrides.get("database") or (overrides.get("schema_files") or [""])[0]
    return Path(path).stem or "none"


def collect_units(corpora, out: Path, progress=None) -> int:
    """Append the verdict inputs of every labelled (ok / wrong) statement of ``corpora`` not yet in ``out``.

    One engine per database (the file's folder settings, ``SIM001`` off as in
    :func:`sqlintent_lab.verdict.collect._config`); each file is checked whole, as a user would. A templated
    file (a dbt model) is left out: its statement's text is not the file's. Returns how many were added."""
    from sqlintent_lab.verdict.collect import _config, done_ids
    from sqlintent.workspace.engine_store import EnginesBySettings

    done = done_ids(out)
    engines = EnginesBySettings(_config)  # one engine per database's settings
    added, t0 = 0, time.time()
    try:
        with out.open("a", encoding="utf-8") as fh:
            for corpus in corpora:
                src = source_of_corpus(corpus.name)
                if src is None:
                    continue
                for unit in corpus.units:
                    want = {ln: lab for ln, lab in unit.labels.items() if lab in LABEL}
                    if not want or all(f"{unit.uid}:{ln}" in done for ln in want):
                        continue
                    for rec in _unit_records(unit, src, want, engines):
                        if rec["id"] not in done:
                            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
                            done.add(rec["id"])
                            added += 1
                    fh.flush()
                if progress:
                    progress(f"{corpus.name}: {added} statements so far, {time.time() - t0:.0f}s")
    finally:
        engines.close()
    return added


def _unit_records(unit, source: str, want: dict[int, str], engines) -> list[dict]:
    try:
        eng = engines.engine_for(unit.overrides)
    except ValueError as exc:
        raise ValueError(f"{unit.uid}: {exc}") from None
    result = eng.check_text(unit.text, unit.path)
    if result.document is None or result.templated is not None:
        return []
    out = []
    for st in result.document.statements:
        line = unit.text.count("\n", 0, st.span.start) + 1
        if line not in want or not st.intent:
            continue
        v = eng.verdict(st)
        if v is None:
            continue
        out.append({"id": f"{unit.uid}:{line}", "source": source, "corpus": unit.corpus,
                    "db_id": _db_id(unit.overrides), "intent": st.intent, "sql": st.text,
                    "label": LABEL[want[line]], "inputs": v.inputs.to_dict()})
    return out


def load(path: Path) -> list[dict]:
    """The cached statements with their features (:func:`sqlintent_lab.verdict.train.load_records`; their
    source is the one each record was written with)."""
    from sqlintent_lab.verdict.train import load_records

    return load_records([path])


def source_folds(records: list[dict]):
    """Leave one source out: ``(source, train indices, test indices)`` for each source (sorted)."""
    sources = sorted({r["source"] for r in records})
    for s in sources:
        test = [i for i, r in enumerate(records) if r["source"] == s]
        train = [i for i, r in enumerate(records) if r["source"] != s]
        yield s, train, test


def _auc(y, p):
    from sqlintent.detector.metrics import roc_auc

    y = np.asarray(y)
    return float(roc_auc(y, np.asarray(p))) if 0 < y.sum() < len(y) else None


def within_database_auc(records: list[dict], probs) -> tuple[float | None, int]:
    """Mean of per-database AUCs over the databases that have both labels, and how many there are."""
    by: dict[str, list[int]] = {}
    for i, r in enumerate(records):
        by.setdefault(r["db_id"], []).append(i)
    aucs = [a for idx in by.values()
            if (a := _auc([records[i]["label"] for i in idx], [probs[i] for i in idx])) is not None]
    return (float(np.mean(aucs)) if aucs else None), len(aucs)


def figures(records: list[dict], scorers: dict[str, np.ndarray]) -> dict:
    """Per source, within database and pooled: AUC of each scorer (and ECE of the probabilities)."""
    from sqlintent_lab.verdict.train import ece

    y = np.array([r["label"] for r in records])
    src = np.array([r["source"] for r in records])
    out: dict = {"statements": int(len(y)), "share_correct": float(y.mean()) if len(y) else None,
                 "databases": len({r["db_id"] for r in records}), "scorers": {}}
    for name, p in scorers.items():
        p = np.asarray(p, dtype=np.float64)
        wdb, ndb = within_database_auc(records, p)
        f = {"pooled_auc": _auc(y, p), "within_db_auc": wdb, "within_db_databases": ndb, "by_source": {}}
        if name != "length":
            f["ece"] = ece(y, p)
        for s in sorted(set(src)):
            m = src == s
            sub = [r for r, k in zip(records, m) if k]
            sw, sn = within_database_auc(sub, p[m])
            f["by_source"][s] = {"statements": int(m.sum()), "wrong": int((y[m] == 0).sum()), "auc": _auc(y[m], p[m]),
                                 "within_db_auc": sw, "within_db_databases": sn}
        out["scorers"][name] = f
    return out


def length_score(records: list[dict]) -> np.ndarray:
    """Fewer tokens of the normalised query = more likely right (the baseline every verdict must beat)."""
    return np.array([-r["features"].get("sql.tokens", 0.0) for r in records])


def shipped_probabilities(records: list[dict], model_path=None) -> np.ndarray:
    """The probabilities of a verdict.json as it is (the rules it was trained with only)."""
    from sqlintent_lab.verdict.train import features_of_record
    from sqlintent.verdict.model import VerdictModel
    from sqlintent.verdict.step import model_codes

    m = VerdictModel.load(model_path)
    return np.array([m.probability(features_of_record(r, model_codes(m))) for r in records])


def leave_one_source_out(base: list[dict], rw: list[dict], recipe: dict, seed: int = 13, folds: int = 5,
                         progress=None) -> np.ndarray:
    """Held-out probabilities of each real-world statement: for each source, the recipe (its learner and the
    cross-fitted isotonic map, :func:`sqlintent_lab.verdict.train._fit_calibrated`) is fitted on ``base``
    (the existing training inputs) and the other sources' statements, and scores the held-out source."""
    from sqlintent_lab.verdict.train import _fit_calibrated, _folds, drop_filter, sample_weights

    keep = drop_filter(recipe.get("drop"))
    pred = np.full(len(rw), np.nan)
    for s, train, test in source_folds(rw):
        recs = base + [rw[i] for i in train]
        names = sorted({n for r in recs for n in r["features"] if keep(n)})
        X = np.array([[r["features"].get(n, 0.0) for n in names] for r in recs], dtype=np.float64)
        y = np.array([r["label"] for r in recs], dtype=np.int64)
        w = sample_weights(recs, recipe.get("source_weight"), recipe.get("label_rate"))
        model = _fit_calibrated(X, y, _folds(recs, folds, seed), names, recipe.get("C", 0.05), seed, folds,
                                "isotonic", w, recipe.get("learner", "logistic"))
        Xt = np.array([[rw[i]["features"].get(n, 0.0) for n in names] for i in test], dtype=np.float64)
        pred[test] = model.calibrate(1 / (1 + np.exp(-model.logit(Xt))))
        if progress:
            progress(f"held out {s}: {len(test)} statements, trained on {len(recs)}")
    return pred
