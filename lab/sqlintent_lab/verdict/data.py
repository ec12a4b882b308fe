"""The verdict's training pairs: labelled (intent, SQL) pairs the shipped detector never trained on.

The verdict reads the detector's score, so it must learn from pairs the detector has not seen, or it would
learn an over-confident score. The shipped detector trained on ``sqlintent-lab build-data``'s train split; its
validation databases (``card_games`` of BIRD and 14 Spider training databases, reproduced here from the
build's seed and rule) and the databases it never read are fair game:

* ``spider_real``: SPLASH (Seq2Struct), EditSQL and Qwen-agent parses on the Spider training databases of
  the detector's validation split, with their databases (probes run);
* ``spider_synth``: the v1 build's rewrites and hard negatives on those databases (``build-data --only-db
  ... --real-files none --no-hardness-share``, files given to ``collect --synth``), with their databases;
* ``bird_real``: BIRD LLM runs on ``card_games`` (schema only);
* ``maple_bird``: MapleRepair runs on BIRD train databases and ``card_games`` (schema only);
* ``maple_spider``: MapleRepair runs on Spider test databases (schema only, from its tables.json).

Nothing is read from ``data/eval``, the four BIRD measurement databases or Spider dev databases. The pairs
are split into train / calibration / test by database (hash of the database name).
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path

from sqlintent_lab.model_export.dataset import HELD_OUT_BIRD, _dev_db_ids, _rng


# what a pair's id puts before the id of its record: a build-data record given to ``--synth``, a BIRD LLM run
SYNTH_PREFIX = "detval-"
BIRD_PREFIX = "bird-"


@dataclass
class Pair:
    id: str
    source: str
    db_id: str
    intent: str
    sql: str
    label: int
    database: str | None  # SQLite file, or None
    schema: str | None  # "ddl:<path>" or "tables:<path>" when no database

    def to_dict(self) -> dict:
        return asdict(self)


def candidate_dbs(shared: Path) -> dict[str, list[str]]:
    """Every database a detector's data build may use: the BIRD LLM runs' databases but the four kept for
    measurement (``bird``), the Spider training databases but Spider dev's (``spider``); ``trained`` empty.
    As ``detector_dbs`` of :func:`verdict_pairs` it lets pairs come from everywhere, for a verdict whose
    detector scores are out-of-fold (:mod:`sqlintent_lab.verdict.oof`)."""
    from sqlintent_lab.evaluation.datasets import load_tables, resolve_db

    d = shared / "data"
    bird = sorted({json.loads(line)["db_id"] for line in (d / "train_real" / "bird_llm_runs.jsonl").open()
                   if line.strip()} - HELD_OUT_BIRD)
    tables = load_tables(d / "spider" / "tables.json")
    dev = _dev_db_ids(shared)
    train = json.loads((d / "spider" / "train_spider_reconstructed.json").read_text(encoding="utf-8"))
    spider = sorted({e["db_id"] for e in train if e["db_id"] not in dev and e["db_id"] not in HELD_OUT_BIRD
                     and e["db_id"] in tables and resolve_db(d / "spider" / "database", e["db_id"])})
    return {"bird": bird, "spider": spider, "trained": []}


def detector_validation_dbs(shared: Path, seed: int = 13, val_share: float = 0.10) -> dict[str, list[str]]:
    """The validation databases of the shipped detector's data build (same rule as ``assign_splits``)."""
    cands = candidate_dbs(shared)
    out = {}
    for group, dbs in (("bird", cands["bird"]), ("spider", cands["spider"])):
        k = max(1, round(val_share * len(dbs))) if len(dbs) > 1 else 0
        out[group] = sorted(_rng(seed, "split", group).sample(dbs, k))
    return out


def detector_data_dbs(data_dir: Path) -> dict[str, list[str]]:
    """The databases of another detector's data build (``sqlintent-lab build-data --out DIR``): ``val`` (its
    ``val.jsonl``, per group as in :func:`detector_validation_dbs`) and ``trained`` (every database of its
    ``train.jsonl``), so the verdict of a retrained detector learns only from pairs that detector never
    trained on."""
    from sqlintent_lab.model_export.dataset_real import split_group

    data_dir = Path(data_dir)
    out: dict[str, set] = {"bird": set(), "spider": set(), "trained": set()}
    for name, key in (("val.jsonl", None), ("train.jsonl", "trained")):
        f = data_dir / name
        if not f.is_file():
            raise FileNotFoundError(f"{f}: not a build-data output (train.jsonl and val.jsonl)")
        for o in _jsonl(f):
            out[key or split_group(o.get("source", ""))].add(o["db_id"])
    # a database on both sides (BIRD llm runs and maple files share databases) counts as trained on
    out["bird"] -= out["trained"]
    out["spider"] -= out["trained"]
    return {k: sorted(v) for k, v in out.items()}


def split_of(db_id: str) -> str:
    """train (60%), calib (20%) or test (20%) by a hash of the database name (train and calib are both
    training databases for the verdict's fit and its cross-fitted calibration; test is held out)."""
    h = int(hashlib.sha256(("verdict|" + db_id).encode()).hexdigest()[:8], 16) % 100
    return "train" if h < 60 else "calib" if h < 80 else "test"


def _jsonl(path: Path):
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _intent(o: dict) -> str:
    text = " ".join(x for x in ((o.get("question") or "").strip(), (o.get("evidence") or "").strip()) if x)
    return " ".join(text.split())


def natural_check_pairs(shared: Path, detector_dbs: dict[str, list[str]] | None = None) -> list[Pair]:
    """A check set for choosing the training recipe, never trained on: the Qwen-agent runs (a parser's
    answers over all its questions, natural label rates) on Spider training databases with their databases,
    outside the detector's validation databases (so outside the verdict's training pairs). The detector
    trained on those databases, so its score is optimistic there: a recipe is judged on them without the
    model's scores (the ``no_model`` verdict)."""
    from sqlintent_lab.evaluation.datasets import resolve_db

    d = shared / "data"
    val = detector_dbs or detector_validation_dbs(shared)
    held = set(val["spider"]) | set(val["bird"]) | _dev_db_ids(shared) | HELD_OUT_BIRD
    out, seen = [], set()
    for o in _jsonl(d / "train_real" / "qwen_agent_spider_train.jsonl"):
        if o["db_id"] in held or o.get("empty_prediction") or not (o.get("sql") or "").strip():
            continue
        path = resolve_db(d / "spider" / "database", o["db_id"])
        key = (o["db_id"], _intent(o).lower(), " ".join(o["sql"].lower().split()))
        if path is not None and key not in seen and _intent(o):
            seen.add(key)
            out.append(Pair(f"check-{o['id']}", "check_qwen", o["db_id"], _intent(o), o["sql"], int(o["label"]),
                            str(path), None))
    return out


def verdict_pairs(shared: Path, *, val_jsonl=(), caps: dict[str, int] | None = None,
                  seed: int = 13, detector_dbs: dict[str, list[str]] | None = None) -> list[Pair]:
    """All candidate training pairs (deduplicated per database, intent and SQL), capped per source.

    ``detector_dbs``: the databases of the detector the verdict will read (:func:`detector_data_dbs` of its
    data build); default: the shipped (v1) detector's, :func:`detector_validation_dbs`. With it, a pair is
    kept only on a database that detector did not train on (``trained``), and the Spider and BIRD real runs
    only on its validation databases."""
    from sqlintent_lab.evaluation.datasets import resolve_db

    d = shared / "data"
    tr = d / "train_real"
    val = detector_dbs or detector_validation_dbs(shared)
    spider_val, bird_val = set(val["spider"]), set(val["bird"])
    trained = set(val.get("trained", ()))
    dev = _dev_db_ids(shared)
    db_dir = d / "spider" / "database"
    pairs: list[Pair] = []
    for name in ("splash_seq2struct", "editsql_errors", "qwen_agent_spider_train"):
        for o in _jsonl(tr / f"{name}.jsonl"):
            if o["db_id"] not in spider_val or o.get("empty_prediction") or not (o.get("sql") or "").strip():
                continue
            path = resolve_db(db_dir, o["db_id"])
            if path is not None:
                pairs.append(Pair(o["id"], "spider_real", o["db_id"], _intent(o), o["sql"], int(o["label"]),
                                  str(path), None))
    for vj in ([val_jsonl] if isinstance(val_jsonl, (str, Path)) else list(val_jsonl or ())):
        vj = Path(vj)
        if not vj.is_file():
            continue
        for o in _jsonl(vj):
            if o["db_id"] in spider_val and o["source"].startswith("spider"):
                path = resolve_db(db_dir, o["db_id"])
                if path is not None:
                    pairs.append(Pair(f"{SYNTH_PREFIX}{o['id']}", "spider_synth", o["db_id"], o["question"], o["sql"], int(o["label"]),
                                      str(path), None))
    for o in _jsonl(tr / "bird_llm_runs.jsonl"):
        if o["db_id"] in bird_val:
            pairs.append(Pair(f"{BIRD_PREFIX}{o['id']}", "bird_real", o["db_id"], _intent(o), o["sql"], int(o["label"]),
                              None, f"ddl:{d / 'bird_dev' / 'schemas' / (o['db_id'] + '.sql')}"))
    for o in _jsonl(tr / "maple_bird.jsonl"):
        db, schema = o["db_id"], o.get("schema") or ""
        if db in HELD_OUT_BIRD or not (o.get("sql") or "").strip():
            continue
        if schema.startswith("train_real/schemas/bird_train/") or db in bird_val:
            f = (tr.parent / schema) if not schema.startswith("train_real/") else (d / schema)
            pairs.append(Pair(o["id"], "maple_bird", db, _intent(o), o["sql"], int(o["label"]), None, f"ddl:{f}"))
    for o in _jsonl(tr / "maple_spider_test.jsonl"):
        if o["db_id"] in dev or not (o.get("sql") or "").strip():
            continue
        pairs.append(Pair(o["id"], "maple_spider", o["db_id"], _intent(o), o["sql"], int(o["label"]), None,
                          f"tables:{d / o['schema']}"))
    seen, out = set(), []
    for p in pairs:
        if p.db_id in trained:
            continue
        key = (p.db_id, p.intent.lower(), " ".join(p.sql.lower().split()))
        if key not in seen and p.intent:
            seen.add(key)
            out.append(p)
    if caps:
        by: dict[str, list[Pair]] = {}
        for p in out:
            by.setdefault(p.source, []).append(p)
        out = []
        for src, ps in by.items():
            n = caps.get(src)
            out += random.Random(f"{seed}|{src}").sample(ps, n) if n is not None and len(ps) > n else ps
    return out
