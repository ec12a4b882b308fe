"""Choose the verdict's training recipe by nested cross-validation over the training databases.

The with-database training pairs are within-question contrasts (a wrong parse or a rewrite beside the gold
query), where the wrong side is often the shorter one; a parser's answers over all its questions (the dev
files, and the natural-rate sources ``bird_real``, ``maple_bird``, ``maple_spider`` and the Qwen runs) show
the opposite: harder questions have longer queries and more wrong answers. A recipe that lets the contrast
pairs set the sign of length-like features ranks a parser's answers badly. Each candidate recipe below
(features left out, per-source weights, per-source label rates) is scored by the nested cross-validation of
:func:`sqlintent.verdict.train.fit`; the selection figure is the mean AUC over the natural-rate sources
(``auc_natural_mean``), beside the pooled AUC and every source's. Nothing of ``data/eval`` is read.
"""
from __future__ import annotations

from sqlintent.verdict.train import NATURAL, drop_filter, fit, sample_weights

CONTRAST = ("spider_real", "spider_synth")
LENGTH = ("sql.tokens", "sql.columns_out", "sql.literals", "sql.conditions")


def _length(prefixes=("", "db.")):
    return [p + n for p in prefixes for n in LENGTH]


def default_recipes(natural_rate: float) -> dict[str, dict]:
    """Candidate recipes. ``natural_rate``: the share of right answers the contrast sources are reweighted to
    (the caller passes the natural-rate Spider source's own share, ``maple_spider``)."""
    lr = {s: natural_rate for s in CONTRAST}
    out = {
        "as_before": {},
        "no_db_sql": {"drop": ["db.sql.*"]},
        "no_db_length": {"drop": _length(("db.",))},
        "no_length": {"drop": _length()},
        "rate": {"label_rate": lr},
        "rate+no_db_sql": {"label_rate": lr, "drop": ["db.sql.*"]},
        "rate+no_db_length": {"label_rate": lr, "drop": _length(("db.",))},
    }
    for w in (0.5, 0.25):
        sw = {s: w for s in CONTRAST}
        out[f"contrast_x{w}"] = {"source_weight": sw}
        out[f"contrast_x{w}+no_db_sql"] = {"source_weight": sw, "drop": ["db.sql.*"]}
        out[f"contrast_x{w}+no_db_length"] = {"source_weight": sw, "drop": _length(("db.",))}
        out[f"contrast_x{w}+rate+no_db_length"] = {"source_weight": sw, "label_rate": lr, "drop": _length(("db.",))}
    return out


def natural_rate(inputs, source: str = "maple_spider", default: float = 0.735) -> float:
    """Share of right answers of the natural-rate Spider source in the collected inputs (rounded to 0.01)."""
    import json
    from pathlib import Path

    n = k = 0
    for p in inputs:
        for line in Path(p).read_text(encoding="utf-8").splitlines():
            if line.strip():
                o = json.loads(line)
                if o.get("source") == source and o.get("inputs") is not None:
                    n += 1
                    k += int(o["label"])
    return round(k / n, 2) if n else default


def compare(records: list[dict], recipes: dict[str, dict], C: float = 0.05, progress=None) -> dict[str, dict]:
    """Nested-CV figures of each recipe (the full verdict)."""
    out = {}
    for name, r in recipes.items():
        w = sample_weights(records, r.get("source_weight"), r.get("label_rate"))
        _, rep = fit(records, drop_filter(r.get("drop")), r.get("C", C), weights=w)
        v = rep["validation"]
        out[name] = {"recipe": r, "features": rep["features"], "auc": v["auc"], "ece": v["ece"],
                     "auc_natural_mean": v["auc_natural_mean"],
                     "by_source": {s: {"auc": b["auc"], "ece": b["ece"], "pairs": b["pairs"]}
                                   for s, b in v["by_source"].items()}}
        if progress:
            progress(f"{name}: natural-rate mean AUC {v['auc_natural_mean']:.4f}, pooled {v['auc']:.4f}, "
                     f"ECE {v['ece']:.4f}")
    return out


def table(results: dict[str, dict]) -> str:
    srcs = sorted({s for r in results.values() for s in r["by_source"]})
    head = ["recipe", "natural-rate mean AUC", "pooled AUC", "ECE"] + [f"{s} AUC" for s in srcs]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    best = max(results, key=lambda k: results[k]["auc_natural_mean"] or 0)
    for name, r in results.items():
        cells = [name + (" (chosen)" if name == best else ""), f"{100 * r['auc_natural_mean']:.1f}",
                 f"{100 * r['auc']:.1f}", f"{r['ece']:.3f}"]
        cells += [f"{100 * r['by_source'][s]['auc']:.1f}" if s in r["by_source"] and r["by_source"][s]["auc"]
                  else "-" for s in srcs]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


__all__ = ["CONTRAST", "NATURAL", "compare", "default_recipes", "natural_rate", "table"]
