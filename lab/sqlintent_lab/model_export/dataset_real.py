"""Training data v2: the real-mistake files of ``train_real/`` beside ``bird_llm_runs.jsonl``, and the
hardness-dependent share of wrong pairs for the synthesised Spider pairs.

Sources (``source`` of each record, ``kind`` ``real``):

- ``splash``, ``editsql``: SPLASH Seq2Struct and EditSQL parses on Spider train questions (wrong parses
  beside the gold: within-question contrast); their parses are tokenised and lower-case while the gold is in
  Spider style, so both sides go through the same style normalisation (``normalise_sql`` with the schema);
- ``qwen_agent``: qwen2.5-7b agent runs on Spider train (natural label rates; records the pipeline left
  without SQL are dropped);
- ``maple_bird``, ``maple_spider``: MapleRepair runs on BIRD train / dev and Spider test databases (natural
  label rates; schema only, from the schema file each record names).

Exclusions as in v1: Spider dev databases, the four BIRD measurement databases (and Spider's formula_1),
anything under ``data/eval``. Each record carries the Spider hardness of its gold query (``hardness``).
"""
from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from pathlib import Path

from sqlintent_lab.model_export.dataset import HELD_OUT_BIRD, Record, _dev_db_ids
from sqlintent_lab.model_export.hardness import LEVELS, hardness
from sqlintent.detector.normalise import normalise_sql, try_normalise

REAL_FILES = {
    "splash": "splash_seq2struct.jsonl",
    "editsql": "editsql_errors.jsonl",
    "qwen_agent": "qwen_agent_spider_train.jsonl",
    "maple_bird": "maple_bird.jsonl",
    "maple_spider": "maple_spider_test.jsonl",
}
# sources whose label rates are those of a parser run over all questions (not only its mistakes)
NATURAL_RATE = ("qwen_agent", "maple_spider")


def split_group(source: str) -> str:
    """Databases are split per group: the BIRD databases and the Spider ones."""
    return "bird" if source.startswith("bird") or source == "maple_bird" else "spider"


def _schema_for(shared: Path, o: dict, spider_tables: dict, cache: dict):
    from sqlintent_lab.evaluation.datasets import load_tables
    from sqlintent_lab.model_export.dataset import bird_schema

    ref = o.get("schema")  # maple files name their schema file; the Spider-train files use tables.json
    if not ref:
        t = spider_tables.get(o["db_id"])
        return t["tables"] if t else None
    key = (ref, o["db_id"])
    if key not in cache:
        path = shared / "data" / ref  # bird_dev/schemas/... or train_real/schemas/...
        if not path.is_file():
            path = shared / "data" / "train_real" / ref.removeprefix("train_real/")
        if path.suffix == ".json":
            t = load_tables(path).get(o["db_id"])
            cache[key] = t["tables"] if t else None
        else:
            cache[key] = bird_schema(path) if path.is_file() else None
    return cache[key]


def real_file_records(shared: Path, names, stats: dict, only_dbs=(), progress=None) -> list[Record]:
    """Records of the ``train_real`` files named in ``names`` (keys of :data:`REAL_FILES`)."""
    from sqlintent_lab.evaluation.datasets import load_tables

    data = shared / "data"
    spider_tables = load_tables(data / "spider" / "tables.json")
    dev = _dev_db_ids(shared)
    cache: dict = {}
    out: list[Record] = []
    for name in names:
        c = Counter()
        seen: dict[tuple, int] = {}
        recs: list[Record] = []
        for o in _jsonl(data / "train_real" / REAL_FILES[name]):
            db = o["db_id"]
            if db in HELD_OUT_BIRD or db in dev:
                c["excluded_db"] += 1
                continue
            if only_dbs and db not in only_dbs:
                continue
            if o.get("empty_prediction") or not (o.get("sql") or "").strip():
                c["no_sql"] += 1
                continue
            schema = _schema_for(shared, o, spider_tables, cache)
            intent = " ".join(x for x in ((o.get("question") or "").strip(), (o.get("evidence") or "").strip()) if x)
            norm = try_normalise(o["sql"], schema or None)
            if norm is None:
                c["normalise_fallback"] += 1
                norm = normalise_sql(o["sql"])
            label = int(o["label"])
            key = (db, intent, norm)
            if key in seen:
                prev = seen[key]
                if recs[prev].label != label:
                    recs[prev].label = -1
                    c["label_conflict"] += 1
                c["duplicate_after_normalise"] += 1
                continue
            seen[key] = len(recs)
            r = Record(str(o["id"]), db, intent, norm, label, name, "real")
            r.hardness = hardness(o.get("gold") or o["sql"])
            recs.append(r)
        recs = [r for r in recs if r.label in (0, 1)]
        c["kept"] = len(recs)
        c["share_correct"] = round(sum(r.label for r in recs) / len(recs), 3) if recs else None
        stats[name] = dict(c)
        out += recs
        if progress:
            progress(f"{name}: {len(recs)} records")
    return out


def wrong_rate_by_hardness(records: list[Record]) -> dict[str, dict]:
    """Share of wrong answers per hardness of the gold, from the natural-rate real runs."""
    by = defaultdict(Counter)
    for r in records:
        if r.source in NATURAL_RATE and r.hardness:
            by[r.hardness][r.label] += 1
    out = {}
    for h in LEVELS:
        n = by[h][0] + by[h][1]
        out[h] = {"pairs": n, "wrong_rate": round(by[h][0] / n, 4) if n else None}
    return out


def apply_hardness_share(synth: list[Record], rates: dict[str, dict], seed: int, stats: dict) -> list[Record]:
    """Subsample the synthesised Spider pairs so that, per hardness of the question's gold, the share of
    wrong pairs is the real parsers' wrong rate at that hardness. Gold queries are always kept."""
    by = defaultdict(list)
    for r in synth:
        by[r.hardness].append(r)
    keep: list[Record] = []
    report = {}
    for h, rs in by.items():
        rate = (rates.get(h) or {}).get("wrong_rate")
        neg = [r for r in rs if r.label == 0]
        gold = [r for r in rs if r.label == 1 and r.kind == "gold"]
        pos = [r for r in rs if r.label == 1 and r.kind != "gold"]
        before = len(neg) / len(rs) if rs else 0.0
        if rate is None or not rs or not 0 < rate < 1:
            kept = rs
        elif len(neg) / len(rs) > rate:
            n_neg = int(round(rate / (1 - rate) * (len(pos) + len(gold))))
            kept = gold + pos + random.Random(f"{seed}|neg|{h}").sample(neg, min(n_neg, len(neg)))
        else:
            n_pos = max(0, int(round(len(neg) * (1 - rate) / rate)) - len(gold))
            kept = gold + random.Random(f"{seed}|pos|{h}").sample(pos, min(n_pos, len(pos))) + neg
        ids = {id(r) for r in kept}
        keep += [r for r in rs if id(r) in ids]
        report[str(h)] = {"before": len(rs), "wrong_before": round(before, 3), "target_wrong": rate,
                          "after": len(kept),
                          "wrong_after": round(sum(1 for r in kept if r.label == 0) / len(kept), 3) if kept else None}
    stats["hardness_share"] = report
    order = {id(r): i for i, r in enumerate(synth)}
    return sorted(keep, key=lambda r: order[id(r)])


def hardness_summary(records: list[Record]) -> dict:
    """Per split and hardness: pairs and share correct."""
    out: dict = {}
    for split in ("train", "val"):
        by = defaultdict(Counter)
        for r in records:
            if r.split == split:
                by[r.hardness or "unknown"][r.label] += 1
        out[split] = {h: {"pairs": c[0] + c[1], "share_correct": round(c[1] / (c[0] + c[1]), 3)}
                      for h, c in sorted(by.items())}
    return out


def _jsonl(path: Path):
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


__all__ = ["REAL_FILES", "NATURAL_RATE", "split_group", "real_file_records", "wrong_rate_by_hardness",
           "apply_hardness_share", "hardness_summary"]
