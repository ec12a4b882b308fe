"""Fit the verdict: logistic regression or boosted trees (``learner``, :mod:`sqlintent_lab.verdict.boost`) on the
training databases, isotonic calibration on its out-of-fold probabilities (cross-fitting over those
databases), figures (AUC, ECE, reliability) on the test databases. Needs scikit-learn (the ``train`` extra);
the result is plain JSON that :mod:`sqlintent.verdict.model` scores with numpy.

Ablations are fitted the same way on a subset of the features: ``no_model`` (without the detector's
scores) and ``no_signals`` (without any rule's finding), so the evaluation can say what each part brings.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from sqlintent_lab.verdict.data import split_of
from sqlintent.verdict.features import all_features
from sqlintent.verdict.model import VerdictModel

ABLATIONS = {
    "full": lambda n: True,
    "no_model": lambda n: not n.removeprefix("db.").startswith("model."),
    "no_signals": lambda n: not n.removeprefix("db.").startswith(("rule.", "conf.", "findings.")),
}
BINS = 10
# sources whose pairs are a parser's answers over all its questions (label rates as they come), unlike the
# within-question contrasts (a wrong parse or a rewrite beside the gold query): the dev files are of this kind
NATURAL = ("bird_real", "maple_bird", "maple_spider", "spider_qwen")


def source_of(rec: dict) -> str:
    """The record's source; the Qwen-agent runs inside ``spider_real`` are told apart (natural label rates)."""
    src = rec.get("source", "")
    return "spider_qwen" if src == "spider_real" and str(rec.get("id", "")).startswith("qwen-") else src


def drop_filter(patterns) -> callable:
    """A feature filter that leaves out every name matching one of the shell-style ``patterns``."""
    from fnmatch import fnmatchcase

    pats = tuple(patterns or ())
    return lambda n: not any(fnmatchcase(n, pt) for pt in pats)


def sample_weights(records: list[dict], source_weight: dict[str, float] | None = None,
                   label_rate: dict[str, float] | None = None) -> np.ndarray:
    """One weight per record: ``source_weight[src]`` shares the source's total weight (1 = as many pairs as it
    has), and ``label_rate[src]`` reweights the source's right and wrong pairs so that the weighted share of
    right ones is that rate (total unchanged)."""
    w = np.ones(len(records))
    src = np.array([source_of(r) for r in records])
    y = np.array([r["label"] for r in records])
    for s_, rate in (label_rate or {}).items():
        m = src == s_
        n1, n0 = (m & (y == 1)).sum(), (m & (y == 0)).sum()
        if n1 and n0:
            w[m & (y == 1)] *= rate * m.sum() / n1
            w[m & (y == 0)] *= (1 - rate) * m.sum() / n0
    for s_, f in (source_weight or {}).items():
        w[src == s_] *= f
    return w


def features_of_record(rec: dict, codes=None) -> dict[str, float] | None:
    """Features of a collected record (``sqlintent-lab verdict collect`` output), recomputed from its inputs."""
    from sqlintent import sqlast

    inp = rec.get("inputs")
    if inp is None:
        return None
    try:
        tree = sqlast.parse(rec["sql"], "sqlite")
    except Exception:  # noqa: BLE001
        tree = None
    return all_features(intent=rec["intent"], sql=rec["sql"], tree=tree, findings=inp["findings"],
                        has_database=inp["has_database"], has_schema=inp["has_schema"], score=inp["score"],
                        score_cls=inp["score_cls"], graph=inp["graph"], normalised=inp["normalised"], codes=codes)


def load_records(paths) -> list[dict]:
    out = []
    for p in paths:
        for line in Path(p).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                feats = features_of_record(rec)
                if feats is not None:
                    rec["features"] = feats
                    rec["split"] = split_of(rec["db_id"])
                    rec["source"] = source_of(rec)
                    out.append(rec)
    return out


def ece(labels, probs, bins: int = BINS) -> float:
    """Expected calibration error over equal-width bins (weighted mean |accuracy - confidence|)."""
    y = np.asarray(labels, dtype=np.float64)
    p = np.asarray(probs, dtype=np.float64)
    idx = np.minimum((p * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        m = idx == b
        if m.any():
            total += m.sum() * abs(y[m].mean() - p[m].mean())
    return float(total / max(len(y), 1))


def reliability(labels, probs, bins: int = BINS) -> list[dict]:
    y = np.asarray(labels, dtype=np.float64)
    p = np.asarray(probs, dtype=np.float64)
    idx = np.minimum((p * bins).astype(int), bins - 1)
    return [{"bin": b, "n": int((idx == b).sum()), "mean_p": float(p[idx == b].mean()),
             "share_correct": float(y[idx == b].mean())} for b in range(bins) if (idx == b).any()]


def _folds(rs, folds: int, seed: int) -> np.ndarray:
    dbs = sorted({r["db_id"] for r in rs})
    order = np.random.default_rng(seed).permutation(len(dbs))
    fold_of = {dbs[i]: k % folds for k, i in enumerate(order)}
    return np.array([fold_of[r["db_id"]] for r in rs])


LEARNERS = ("logistic", "trees")


def fit_uncalibrated(X, y, w, names, C: float, seed: int, learner: str = "logistic") -> VerdictModel:
    """Logistic regression (standardised features, L2 ``C``) or boosted trees (``learner="trees"``,
    :mod:`sqlintent_lab.verdict.boost`) on (X, y) with sample weights ``w``, without a calibration map."""
    if learner not in LEARNERS:
        raise ValueError(f"unknown learner {learner!r} (one of {', '.join(LEARNERS)})")
    if learner == "trees":
        from sqlintent_lab.verdict.boost import fit_trees

        return fit_trees(X, y, w, names, seed)
    from sklearn.linear_model import LogisticRegression

    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale < 1e-9] = 1.0
    # weights keep their mean at 1 so that C means the same with and without them
    lr = LogisticRegression(C=C, max_iter=5000, random_state=seed).fit((X - mean) / scale, y,
                                                                      sample_weight=w / w.mean())
    return VerdictModel(names, mean, scale, lr.coef_[0].astype(np.float64), float(lr.intercept_[0]), {}, {})


def _fit_calibrated(X, y, groups_of, names, C, seed, folds, calibration, w=None, learner="logistic"):
    """:func:`fit_uncalibrated` on (X, y) and its calibration map fitted on out-of-fold probabilities."""
    from sklearn.isotonic import IsotonicRegression

    w = np.ones(len(y)) if w is None else np.asarray(w, dtype=np.float64)

    oof = np.zeros(len(y))
    for k in range(folds):
        tr = groups_of != k
        m = fit_uncalibrated(X[tr], y[tr], w[tr], names, C, seed, learner)
        oof[~tr] = 1 / (1 + np.exp(-m.logit(X[~tr])))
    model = fit_uncalibrated(X, y, w, names, C, seed, learner)
    if calibration == "isotonic":
        iso = IsotonicRegression(out_of_bounds="clip", y_min=0.0, y_max=1.0).fit(oof, y, sample_weight=w)
        # no probability beyond what the best-supported ends of the map say: the outermost steps of an
        # isotonic fit can rest on a handful of pairs (one pair can make a step of 1.0)
        lo, hi = (float(v) for v in iso.predict(np.quantile(oof, [0.01, 0.99])))
        model.calibration = {"kind": "isotonic", "x": [round(float(v), 6) for v in iso.X_thresholds_],
                             "y": [round(float(v), 6) for v in iso.y_thresholds_],
                             "clip": [round(lo, 6), round(hi, 6)]}
    else:
        from sklearn.linear_model import LogisticRegression as Platt

        z = np.log(np.clip(oof, 1e-6, 1 - 1e-6) / np.clip(1 - oof, 1e-6, 1))
        pl = Platt(C=1e6, max_iter=1000).fit(z.reshape(-1, 1), y, sample_weight=w)
        model.calibration = {"kind": "platt", "a": float(pl.coef_[0][0]), "b": float(pl.intercept_[0])}
    model.calibration["fitted_on"] = f"out-of-fold probabilities ({folds} folds of training databases)"
    return model


def fit(records: list[dict], keep=lambda n: True, C: float = 0.05, seed: int = 13, folds: int = 5,
        calibration: str = "isotonic", weights=None, learner: str = "logistic") -> tuple[VerdictModel, dict]:
    """The shipped verdict and its validation figures.

    * Shipped: the logistic regression (or the boosted trees) on every pair, calibrated (isotonic, or
      Platt) on the out-of-fold probabilities of ``folds`` fits each without one group of databases.
    * Validation: nested cross-validation over databases: for each outer group of databases, the whole
      recipe (regression and its cross-fitted calibration) is run on the other databases and scores the
      left-out ones; AUC, ECE and reliability are computed over every pair so scored (``validation``),
      and per source. The databases are those of :mod:`sqlintent_lab.verdict.data` (pairs the detector never
      trained on); nothing of the evaluation files is used.
    """
    from sqlintent.detector.metrics import roc_auc

    names = sorted({n for r in records for n in r["features"] if keep(n)})
    X = np.array([[r["features"].get(n, 0.0) for n in names] for r in records], dtype=np.float64).reshape(-1, len(names))
    y = np.array([r["label"] for r in records], dtype=np.int64)
    w = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=np.float64)
    outer = _folds(records, folds, seed)
    pred = np.zeros(len(y))
    raw = np.zeros(len(y))
    for k in range(folds):
        tr = outer != k
        sub = [r for r, t in zip(records, tr) if t]
        m = _fit_calibrated(X[tr], y[tr], _folds(sub, folds, seed + 1), names, C, seed, folds, calibration, w[tr],
                            learner)
        raw[~tr] = 1 / (1 + np.exp(-m.logit(X[~tr])))
        pred[~tr] = m.calibrate(raw[~tr])
    model = _fit_calibrated(X, y, outer, names, C, seed, folds, calibration, w, learner)
    auc = lambda yy, pp: roc_auc(yy, pp) if 0 < yy.sum() < len(yy) else None  # noqa: E731
    ms = np.array([r["features"].get("model.score", 0.0) for r in records])
    ln = np.array([-r["features"].get("sql.tokens", 0.0) for r in records])
    report = {"features": len(names), "C": C, "calibration": calibration, "learner": learner,
              "validation": {"pairs": int(len(y)), "share_correct": float(y.mean()),
                             "databases": len({r["db_id"] for r in records}), "auc": auc(y, pred),
                             "auc_uncalibrated": auc(y, raw), "ece": ece(y, pred), "ece_uncalibrated": ece(y, raw),
                             "auc_model_alone": auc(y, ms), "auc_length": auc(y, ln),
                             "reliability": reliability(y, pred),
                             "by_source": {src: _sub(records, y, pred, src) for src in sorted({r["source"] for r in records})}}}
    v = report["validation"]
    if any("score_from" in r for r in records):
        # inputs of `verdict oof-merge`: the detector's score came from a cross-fitting run ("oof:k") or, on a
        # database the detector never read, from the installed detector, as in the product ("detector")
        origin = [str(r.get("score_from", "")).split(":")[0] for r in records]
        v["by_score_from"] = {g: _sub(records, y, pred, g, origin) for g in sorted(set(origin))}
    # (a source with fewer than 30 right or 30 wrong pairs gives too noisy an AUC to count)
    nat = [b["auc"] for s_, b in v["by_source"].items() if s_ in NATURAL and b["auc"] is not None
           and min(b["pairs"] * b["share_correct"], b["pairs"] * (1 - b["share_correct"])) >= 30]
    # the selection figure: mean AUC over the natural-rate sources (a parser's answers, as on the dev files)
    v["auc_natural_mean"] = float(np.mean(nat)) if nat else None
    return model, report


def _sub(rs, y, p, src, groups=None):
    """Figures of the pairs of one source (or of one value of ``groups``, a label per pair)."""
    from sqlintent.detector.metrics import roc_auc

    m = np.array([g == src for g in (groups if groups is not None else [r["source"] for r in rs])])
    yy, pp = y[m], p[m]
    ms = np.array([r["features"].get("model.score", 0.0) for r in rs])[m]
    ln = np.array([-r["features"].get("sql.tokens", 0.0) for r in rs])[m]
    ok = 0 < yy.sum() < len(yy)
    return {"pairs": int(m.sum()), "share_correct": float(yy.mean()), "auc": roc_auc(yy, pp) if ok else None,
            "auc_model_alone": roc_auc(yy, ms) if ok else None, "auc_length": roc_auc(yy, ln) if ok else None,
            "ece": ece(yy, pp)}


def plot_reliability(report: dict, out: Path) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.plot([0, 1], [0, 1], ":", color="grey")
    rel = report["validation"]["reliability"]
    ax.plot([b["mean_p"] for b in rel], [b["share_correct"] for b in rel], "s-",
            label=f"nested CV over databases (ECE {report['validation']['ece']:.3f}, n={report['validation']['pairs']})")
    ax.set_xlabel("verdict probability (calibrated)")
    ax.set_ylabel("share of queries that are right")
    ax.set_title("verdict reliability (databases held out by nested cross-validation)", fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def train_all(inputs, out_model: Path, out_dir: Path, C: float = 0.05, progress=print,
              calibration: str = "isotonic", drop=(), source_weight=None, label_rate=None,
              recipe_name: str | None = None, learner: str = "logistic") -> dict:
    """Fit the full verdict and its ablations; write the shipped JSON, the ablations and the report."""
    import hashlib

    records = load_records(inputs)
    digest = hashlib.sha256()
    for p in inputs:
        digest.update(Path(p).read_bytes())
    import sqlintent

    det_cfg = json.loads((Path(sqlintent.__file__).resolve().parent / "detector_model" / "detector.json").read_text())
    out_dir.mkdir(parents=True, exist_ok=True)
    recipe = {"recipe": recipe_name, "learner": learner, "C": C, "drop": list(drop or ()),
              "source_weight": dict(source_weight or {}), "label_rate": dict(label_rate or {})}
    if learner == "trees":
        from sqlintent_lab.verdict.boost import SETTINGS

        recipe["trees"] = dict(SETTINGS)
    summary = {"inputs": [str(p) for p in inputs], "inputs_sha256": digest.hexdigest(), "recipe": recipe,
               "ablations": {}}
    weights = sample_weights(records, source_weight, label_rate)
    dropped = drop_filter(drop)
    for name, keep in ABLATIONS.items():
        model, rep = fit(records, lambda n, keep=keep: keep(n) and dropped(n), C, calibration=calibration,
                         weights=weights, learner=learner)
        model.meta = {"format": 1, "kind": f"{learner}+{calibration}", "ablation": name, "threshold": 0.5,
                      "trained": {"pairs": rep["validation"]["pairs"],
                                  "inputs_sha256": digest.hexdigest(), **recipe,
                                  "detector_exported_at": det_cfg.get("exported_at")},
                      "validation": {k: rep["validation"][k] for k in ("pairs", "auc", "ece")}}
        path = out_model if name == "full" else out_dir / f"verdict_{name}.json"
        path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
        summary["ablations"][name] = rep
        if progress:
            t = rep["validation"]
            progress(f"{name}: {rep['features']} features; validation {t['pairs']} pairs AUC {t['auc']:.4f} "
                     f"(model alone {t.get('auc_model_alone') or float('nan'):.4f}; natural-rate sources "
                     f"{t.get('auc_natural_mean') or float('nan'):.4f}) ECE {t['ece']:.4f} "
                     f"(uncalibrated {t['ece_uncalibrated']:.4f})")
        if name == "full":
            png = plot_reliability(rep, out_dir / "reliability.png")
            summary["reliability_png"] = str(png) if png else None
            if model.trees is None:
                summary["top_coefficients"] = sorted(
                    ((n, round(float(c), 4)) for n, c in zip(model.names, model.coef)), key=lambda x: -abs(x[1]))[:25]
            else:  # mean absolute share of the logit over the training pairs
                X = model.matrix([r["features"] for r in records])
                share = np.mean([np.abs(model.trees.shares(x)) for x in X], axis=0)
                summary["top_features"] = sorted(((n, round(float(v), 4)) for n, v in zip(model.names, share)),
                                                 key=lambda x: -x[1])[:25]
    (out_dir / "report.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return summary
