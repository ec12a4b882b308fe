"""The label files: ``benchmarks/realworld_labels/<key>.csv`` (file, line, sha, label, reason, category).

The build writes one row per statement; a row that a person labelled (anything but what the judge wrote,
the judge's reasons start with ``judge:``) is kept while the statement's sha is unchanged, even if
the file or line moved. ``category``: the mistake's kind for a wrong answer (NL2SQL-Bugs' taxonomy or Brass and
Goldberg's semantic errors), empty otherwise.
"""
from __future__ import annotations

import csv
import json
from pathlib import Path

FIELDS = ["file", "line", "sha", "label", "reason", "category"]
LABELS = ("ok", "wrong", "debatable", "unjudged")


def read(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [{k: r.get(k) or "" for k in FIELDS} for r in csv.DictReader(path.open(encoding="utf-8"))]


def is_hand(row: dict) -> bool:
    """Whether a row was written by a person: the judge's own reasons start with ``judge:``."""
    return not row["reason"].startswith("judge:")


def merge(new: list[dict], old: list[dict]) -> list[dict]:
    """The judge's rows, with every hand label of ``old`` kept where the same sha is in the same file (or,
    when the file changed name, anywhere in the corpus)."""
    by_file = {(r["file"], r["sha"]): r for r in old if is_hand(r)}
    by_sha = {r["sha"]: r for r in old if is_hand(r)}
    out = []
    for r in new:
        prev = by_file.get((r["file"], r["sha"])) or by_sha.get(r["sha"])
        if prev is not None:
            r = {**r, "label": prev["label"], "reason": prev["reason"], "category": prev["category"]}
        out.append(r)
    return out


def write(path: Path, rows: list[dict], meta: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, FIELDS, lineterminator="\n", extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    path.with_suffix(".json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def counts(rows: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        out[r["label"]] = out.get(r["label"], 0) + 1
    return out
