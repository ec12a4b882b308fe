"""Fit the verdict: logistic regression on the train databases, isotonic calibration on the calibration
databases, figures (AUC, ECE, reliability) on the test databases. Needs scikit-learn (the ``train`` extra);
the result is plain JSON that :mod:`sqlintent.verdict.model` scores with numpy.

Ablations are fitted the same way on a subset of the features: ``no_model`` (without the detector's
scores) and ``no_signals`` (without any rule's finding), so the evaluation can say what each part brings.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from sqlintent.verdict.data import split_of
from sqlintent.verdict.features import all_features
from sqlintent.verdict.model import VerdictModel

ABLATIONS = {
    "full": lambda n: True,
    "no_model": lambda n: not n.startswith("model."),
    "no_signals": lambda n: not n.startswith(("rule.", "conf.", "findings.")),
}
BINS = 10


def features_of_record(rec: dict, codes=None) -> dict[str, float] | None:
    """Features of a collected record (``sqlintent verdict collect`` output), recomputed from its inputs."""
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


def fit(records: list[dict], keep=lambda n: True, C: float = 0.5, seed: int = 13) -> tuple[VerdictModel, dict]:
    from sklearn.isotonic import IsotonicRegression
    from sklearn.linear_model import LogisticRegression

    from sqlintent.detector.metrics import roc_auc

    names = sorted({n for r in records for n in r["features"] if keep(n)})
    split = {s: [r for r in records if r["split"] == s] for s in ("train", "calib", "test")}
    X = {s: np.array([[r["features"].get(n, 0.0) for n in names] for r in rs], dtype=np.float64).reshape(-1, len(names))
         for s, rs in split.items()}
    y = {s: np.array([r["label"] for r in rs], dtype=np.int64) for s, rs in split.items()}
    mean = X["train"].mean(axis=0)
    scale = X["train"].std(axis=0)
    scale[scale < 1e-9] = 1.0
    lr = LogisticRegression(C=C, max_iter=5000, random_state=seed)
    lr.fit((X["train"] - mean) / scale, y["train"])
    model = VerdictModel(names, mean, scale, lr.coef_[0].astype(np.float64), float(lr.intercept_[0]), {}, {})
    raw = {s: 1 / (1 + np.exp(-model.logit(X[s]))) for s in X}
    iso = IsotonicRegression(out_of_bounds="clip", y_min=0.0, y_max=1.0).fit(raw["calib"], y["calib"])
    xs = np.asarray(iso.X_thresholds_, dtype=np.float64)
    ys = np.asarray(iso.y_thresholds_, dtype=np.float64)
    model.calibration = {"kind": "isotonic", "x": [round(float(v), 6) for v in xs],
                         "y": [round(float(v), 6) for v in ys]}
    report: dict = {"features": len(names), "C": C}
    for s in X:
        if not len(y[s]):
            continue
        p = model.calibrate(raw[s])
        srcs = sorted({r["source"] for r in split[s]})
        report[s] = {"pairs": int(len(y[s])), "share_correct": float(y[s].mean()),
                     "databases": len({r["db_id"] for r in split[s]}),
                     "auc": roc_auc(y[s], p) if 0 < y[s].sum() < len(y[s]) else None,
                     "auc_uncalibrated": roc_auc(y[s], raw[s]) if 0 < y[s].sum() < len(y[s]) else None,
                     "ece_uncalibrated": ece(y[s], raw[s]), "ece": ece(y[s], p),
                     "reliability": reliability(y[s], p),
                     "by_source": {src: _sub(split[s], y[s], p, src) for src in srcs}}
        if "model.score" in names or s == "test":
            m = np.array([r["features"].get("model.score", 0.0) for r in split[s]])
            report[s]["auc_model_alone"] = roc_auc(y[s], m) if 0 < y[s].sum() < len(y[s]) else None
    return model, report


def _sub(rs, y, p, src):
    from sqlintent.detector.metrics import roc_auc

    m = np.array([r["source"] == src for r in rs])
    yy, pp = y[m], p[m]
    return {"pairs": int(m.sum()), "share_correct": float(yy.mean()),
            "auc": roc_auc(yy, pp) if 0 < yy.sum() < len(yy) else None, "ece": ece(yy, pp)}


def plot_reliability(report: dict, out: Path) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.plot([0, 1], [0, 1], ":", color="grey")
    for s, style in (("calib", "o--"), ("test", "s-")):
        rel = report.get(s, {}).get("reliability")
        if rel:
            ax.plot([b["mean_p"] for b in rel], [b["share_correct"] for b in rel], style,
                    label=f"{s} (ECE {report[s]['ece']:.3f}, n={report[s]['pairs']})")
    ax.set_xlabel("verdict probability (calibrated)")
    ax.set_ylabel("share of queries that are right")
    ax.set_title("verdict reliability (held-out databases)", fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


def train_all(inputs, out_model: Path, out_dir: Path, C: float = 0.5, progress=print) -> dict:
    """Fit the full verdict and its ablations; write the shipped JSON, the ablations and the report."""
    import hashlib

    records = load_records(inputs)
    digest = hashlib.sha256()
    for p in inputs:
        digest.update(Path(p).read_bytes())
    det_cfg = json.loads((Path(__file__).resolve().parents[1] / "detector_model" / "detector.json").read_text())
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = {"inputs": [str(p) for p in inputs], "inputs_sha256": digest.hexdigest(), "ablations": {}}
    for name, keep in ABLATIONS.items():
        model, rep = fit(records, keep, C)
        model.meta = {"format": 1, "kind": "logistic+isotonic", "ablation": name, "threshold": 0.5,
                      "trained": {"pairs": rep["train"]["pairs"], "calibration_pairs": rep["calib"]["pairs"],
                                  "inputs_sha256": digest.hexdigest(), "C": C,
                                  "detector_exported_at": det_cfg.get("exported_at")},
                      "test": {k: rep["test"][k] for k in ("pairs", "auc", "ece")}}
        path = out_model if name == "full" else out_dir / f"verdict_{name}.json"
        path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
        summary["ablations"][name] = rep
        if progress:
            t = rep["test"]
            progress(f"{name}: {rep['features']} features; test {t['pairs']} pairs AUC {t['auc']:.4f} "
                     f"(model alone {t.get('auc_model_alone') or float('nan'):.4f}) ECE {t['ece']:.4f} "
                     f"(uncalibrated {t['ece_uncalibrated']:.4f})")
        if name == "full":
            png = plot_reliability(rep, out_dir / "reliability.png")
            summary["reliability_png"] = str(png) if png else None
            summary["top_coefficients"] = sorted(
                ((n, round(float(c), 4)) for n, c in zip(model.names, model.coef)), key=lambda x: -abs(x[1]))[:25]
    (out_dir / "report.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return summary
