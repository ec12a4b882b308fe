"""Build the detector's training set: real LLM mistakes on BIRD, structural rewrites on Spider's training
databases, and other questions' gold queries as hard negatives; split by database; write JSONL + stats.

Sources (``source`` field of each record):

- ``bird_real``: the labelled (question, SQL) pairs of ``train_real/bird_llm_runs.jsonl`` (42 runs of real
  LLM parsers on 7 BIRD databases); the intent is the question followed by the evidence;
- ``spider_synth``: each Spider training question's gold (``kind`` ``gold``, label 1) and the rewrites of
  :mod:`sqlintent_lab.model_export.synth`, labelled by execution (:mod:`sqlintent_lab.evaluation.execution`, with
  the stricter empty-gold rule: a candidate that returns rows where the gold returns none is wrong) and
  balanced per kind so that no kind predicts the label;
- ``spider_hardneg``: the gold of another question on the same database, labelled by execution (only those
  labelled wrong are kept: a coincidentally equal result says nothing about fit to the question).

Databases used by Spider dev are excluded (the Spider training databases are disjoint from them; this is
checked), so is Spider's own ``formula_1`` (the same data as BIRD's held-out ``formula_1``; any Spider
database named like a held-out BIRD one is skipped), nothing is read from ``data/eval``, and only the schema files of the 7 training BIRD databases are
read. Both sides are style-normalised (:func:`sqlintent.detector.normalise.normalise_sql`). The split is
by database, per source (``--val-share`` of the databases of each source, at least one), from the seed.
"""
from __future__ import annotations

import hashlib
import json
import random
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

from sqlintent_lab.model_export.hardness import hardness
from sqlintent.detector.normalise import normalise_sql, try_normalise

# BIRD dev databases kept for measurement: never read anything about them
HELD_OUT_BIRD = frozenset({"california_schools", "formula_1", "superhero", "debit_card_specializing"})


@dataclass
class BuildConfig:
    shared: Path
    out_dir: Path
    seed: int = 13
    val_share: float = 0.10
    max_kind_share: float = 0.60  # after balancing, neither label may exceed this share within a kind
    min_kind_count: int = 20  # kinds with fewer balanced pairs are dropped
    gold_share: float = 1.0  # share of Spider gold queries kept as positives
    hard_negatives: float = 0.5  # other-gold hard negatives tried per question (expected number)
    timeout_s: float = 2.0
    limit_questions: int | None = None  # for quick runs
    only_dbs: tuple[str, ...] = ()  # use only these databases (all sources); empty: all
    # v2: the other train_real files (keys of dataset_real.REAL_FILES); () gives the v1 build
    real_files: tuple[str, ...] = ("splash", "editsql", "qwen_agent", "maple_bird", "maple_spider")
    hardness_share: bool = True  # v2: wrong-pair share of the Spider rewrites per hardness, from real runs
    use_real: bool = True
    use_synth: bool = True
    version: int = 2  # 3: add the ``spider_mistakes`` source (synth/mistakes.py: mistakes people and LLMs make)
    mistake_max_share: float = 0.80  # v3: largest share of one label within a mistake category

    def public(self) -> dict:
        d = asdict(self)
        d["shared"] = str(self.shared)
        d["out_dir"] = str(self.out_dir)
        d["only_dbs"] = list(self.only_dbs)
        d["real_files"] = list(self.real_files)
        return d


@dataclass
class Record:
    id: str
    db_id: str
    question: str
    sql: str
    label: int
    source: str
    kind: str
    split: str = "train"
    hardness: str | None = None  # Spider hardness of the gold query (v2; None for BIRD LLM runs)

    def json(self) -> str:
        d = asdict(self)
        if d["hardness"] is None:
            del d["hardness"]  # v1 records read the same as before
        return json.dumps(d, ensure_ascii=False, sort_keys=True)


def _log(progress: Callable[[str], None] | None, msg: str) -> None:
    if progress is not None:
        progress(msg)


# ---- schemas -----------------------------------------------------------------------------------------
def bird_schema(schema_file: Path) -> dict[str, list[str]]:
    """Table -> columns from a BIRD ``schemas/<db>.sql`` file of CREATE TABLE statements."""
    import sqlglot
    from sqlglot import exp

    out: dict[str, list[str]] = {}
    for st in sqlglot.parse(schema_file.read_text(encoding="utf-8"), read="sqlite"):
        if isinstance(st, exp.Create) and isinstance(st.this, exp.Schema):
            out[st.this.this.name] = [c.name for c in st.this.expressions if isinstance(c, exp.ColumnDef)]
    return out


# ---- source 1: real BIRD pairs -----------------------------------------------------------------------
def real_records(cfg: BuildConfig, stats: dict, progress=None) -> list[Record]:
    path = cfg.shared / "data" / "train_real" / "bird_llm_runs.jsonl"
    schemas: dict[str, dict[str, list[str]]] = {}
    seen: dict[tuple[str, str], int] = {}
    records: list[Record] = []
    c = Counter()
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            o = json.loads(line)
            db = o["db_id"]
            if db in HELD_OUT_BIRD:
                c["held_out_db_skipped"] += 1
                continue
            if cfg.only_dbs and db not in cfg.only_dbs:
                continue
            if db not in schemas:
                f = cfg.shared / "data" / "bird_dev" / "schemas" / f"{db}.sql"
                schemas[db] = bird_schema(f) if f.is_file() else {}
            intent = " ".join(x for x in (o.get("question", "").strip(), (o.get("evidence") or "").strip()) if x)
            norm = try_normalise(o["sql"], schemas[db] or None)
            if norm is None:
                c["normalise_fallback"] += 1
                norm = normalise_sql(o["sql"])
            key = (intent, norm)
            label = int(o["label"])
            if key in seen:
                prev = seen[key]
                if prev >= 0 and records[prev].label != label:
                    records[prev].label = -1  # conflicting labels after normalisation: drop both
                    c["label_conflict"] += 1
                c["duplicate_after_normalise"] += 1
                continue
            seen[key] = len(records)
            records.append(Record(str(o.get("id", f"bird-{lineno}")), db, intent, norm, label, "bird_real", "real"))
            if lineno % 5000 == 0:
                _log(progress, f"bird_real: {lineno} lines read")
    records = [r for r in records if r.label in (0, 1)]
    c["kept"] = len(records)
    stats["bird_real"] = dict(c)
    return records


# ---- source 2 and 3: Spider training databases -------------------------------------------------------
def _dev_db_ids(shared: Path) -> set[str]:
    dev = json.loads((shared / "data" / "spider" / "dev.json").read_text(encoding="utf-8"))
    return {ex["db_id"] for ex in dev}


def _rng(seed: int, *parts) -> random.Random:
    h = hashlib.sha256(("|".join(str(p) for p in (seed,) + parts)).encode()).digest()
    return random.Random(int.from_bytes(h[:8], "big"))


def spider_records(cfg: BuildConfig, stats: dict, progress=None) -> tuple[list[Record], list[Record]]:
    from sqlintent_lab.evaluation.datasets import load_tables, resolve_db
    from sqlintent_lab.evaluation.execution import ExecutionLabeller
    from sqlintent_lab.model_export.synth import MISTAKE_REWRITERS, SchemaInfo, ValueProbe, rewrites

    spider = cfg.shared / "data" / "spider"
    tables = load_tables(spider / "tables.json")
    train = json.loads((spider / "train_spider_reconstructed.json").read_text(encoding="utf-8"))
    dev_dbs = _dev_db_ids(cfg.shared)
    db_dir = spider / "database"
    c = Counter()
    per_kind_raw: dict[str, Counter] = defaultdict(Counter)
    synth: list[Record] = []
    mistakes: list[Record] = []
    mistakes_raw: dict[str, Counter] = defaultdict(Counter)
    golds_by_db: dict[str, list[tuple[int, str, str]]] = defaultdict(list)  # db -> (index, raw, normalised)
    start = time.monotonic()
    if cfg.limit_questions:
        train = train[:cfg.limit_questions]
    with ExecutionLabeller(db_dir, timeout_s=cfg.timeout_s, empty_gold_needs_empty_pred=True) as lab:
        schemas: dict[str, SchemaInfo] = {}
        probes: dict[str, ValueProbe] = {}
        for i, ex in enumerate(train):
            db = ex["db_id"]
            if cfg.only_dbs and db not in cfg.only_dbs:
                continue
            if db in dev_dbs:
                c["dev_db_skipped"] += 1  # never happens with Spider's split; checked anyway
                continue
            if db in HELD_OUT_BIRD:
                # Spider's training split has its own formula_1 (the same Ergast data as BIRD's formula_1,
                # which is kept for measurement): leave it out
                c["held_out_bird_name_skipped"] += 1
                continue
            path = resolve_db(db_dir, db)
            if path is None or db not in tables:
                c["missing_db"] += 1
                continue
            if db not in schemas:
                schemas[db] = SchemaInfo.from_tables_entry(tables[db])
                probes[db] = ValueProbe(lab._conn(path), timeout_s=cfg.timeout_s)
            si = schemas[db]
            gold_raw = ex["query"]
            gold = try_normalise(gold_raw, si.plain())
            if gold is None:
                c["gold_not_normalised"] += 1
                continue
            check = lab.label_on(path, gold_raw, gold)
            if check.label != 1:
                c["gold_normalisation_not_equivalent"] += 1
                continue
            question = ex["question"].strip()
            golds_by_db[db].append((i, gold_raw, gold))
            level = hardness(gold_raw) if cfg.hardness_share else None
            rng = _rng(cfg.seed, "gold", i)
            if rng.random() < cfg.gold_share:
                synth.append(Record(f"spider-train-{i}", db, question, gold, 1, "spider_synth", "gold",
                                    hardness=level))
            sets = [(synth, per_kind_raw, "spider_synth", rewrites(gold, question, si, probes[db],
                                                                   _rng(cfg.seed, "rewrite", i)))]
            if cfg.version >= 3:
                sets.append((mistakes, mistakes_raw, "spider_mistakes",
                             rewrites(gold, question, si, probes[db], _rng(cfg.seed, "mistake", i), MISTAKE_REWRITERS)))
            seen_kind: Counter = Counter()
            for out, raw, source, cands in sets:
                for kind, cand in cands:
                    cand = normalise_sql(cand, si.plain())
                    if cand == gold:
                        c["rewrite_equals_gold"] += 1
                        continue
                    res = lab.label_on(path, gold_raw, cand)
                    if res.label is None:
                        raw[kind]["not_executable"] += 1
                        c["rewrite_not_executable"] += 1
                        continue
                    raw[kind][res.label] += 1
                    if res.exact_match_fallback:
                        c["rewrite_exact_match_fallback"] += 1
                    seen_kind[kind] += 1  # v3 ids are unique; v1/v2 ids stay as they were (byte for byte)
                    n = seen_kind[kind] if source == "spider_mistakes" else 1
                    rid = f"spider-train-{i}-{kind}" + (f"-{n}" if n > 1 else "")
                    out.append(Record(rid, db, question, cand, res.label, source, kind, hardness=level))
            if (i + 1) % 500 == 0:
                _log(progress, f"spider_synth: {i + 1}/{len(train)} questions, {len(synth)} records, "
                               f"{time.monotonic() - start:.0f}s")
        # hard negatives: another question's gold on the same database
        hard: list[Record] = []
        hc = Counter()
        for db, items in golds_by_db.items():
            path = resolve_db(db_dir, db)
            for idx, (i, gold_raw, gold) in enumerate(items):
                rng = _rng(cfg.seed, "hard", i)
                others = [it for it in items if it[2] != gold]
                n = int(cfg.hard_negatives) + (rng.random() < cfg.hard_negatives % 1)
                for other in rng.sample(others, min(n, len(others))):
                    res = lab.label_on(path, gold_raw, other[2])
                    hc[res.label] += 1
                    if res.label == 0:
                        question = train[i]["question"].strip()
                        hard.append(Record(f"spider-train-{i}-other-{other[0]}", db, question, other[2], 0,
                                           "spider_hardneg", "other_gold",
                                           hardness=hardness(gold_raw) if cfg.hardness_share else None))
        stats["spider_hardneg"] = {"tried": sum(hc.values()), "labelled_wrong_kept": hc[0],
                                   "labelled_correct_dropped": hc[1], "not_executable": hc[None]}
    synth = _balance(synth, cfg, stats, per_kind_raw)
    if cfg.version >= 3:  # the v3 mistakes: balanced per category on their own (stats under "mistakes")
        stats["mistakes"] = {}
        mcfg = replace(cfg, max_kind_share=cfg.mistake_max_share)
        synth += _balance(mistakes, mcfg, stats["mistakes"], mistakes_raw)
    c["seconds"] = round(time.monotonic() - start, 1)
    stats["spider_synth"] = dict(c)
    return synth, hard


def _family(kind: str) -> str:
    # v2 rewrites balance per family (``join``, ``value``, ...); each v3 mistake category is its own family
    return kind if kind.startswith("mistake.") else kind.split(".", 1)[0]


def _cap(majority: list[Record], minority: list[Record], share: float, rng: random.Random) -> list[Record]:
    cap = int(len(minority) * share / (1 - share))
    return rng.sample(majority, cap) if len(majority) > cap else majority


def _balance(records: list[Record], cfg: BuildConfig, stats: dict, raw: dict[str, Counter]) -> list[Record]:
    """Balance labels so that no rewrite kind predicts them.

    Kinds are ``family.variant``. First, within a variant that yields both labels, the majority label is cut
    to at most ``max_variant_share`` (0.75); then, within a family (``join``, ``value``, ...), to at most
    ``max_kind_share`` of the family's pairs. A family with no pair of the minority label, or with fewer than
    ``min_kind_count`` pairs left, is dropped. The gold queries (kind ``gold``) are kept as they are.
    """
    max_variant_share = max(cfg.max_kind_share, 0.75)
    by_variant: dict[str, list[Record]] = defaultdict(list)
    for r in records:
        by_variant[r.kind].append(r)
    variants = {}
    after_variant: dict[str, list[Record]] = defaultdict(list)
    for kind in sorted(by_variant):
        rs = by_variant[kind]
        pos = [r for r in rs if r.label == 1]
        neg = [r for r in rs if r.label == 0]
        variants[kind] = {"raw_pairs": len(rs), "raw_share_correct": round(len(pos) / len(rs), 3),
                          "not_executable": raw.get(kind, Counter()).get("not_executable", 0)}
        if kind != "gold" and pos and neg:
            minority, majority = (pos, neg) if len(pos) <= len(neg) else (neg, pos)
            rs = minority + _cap(majority, minority, max_variant_share, _rng(cfg.seed, "variant", kind))
        after_variant[_family(kind)].extend(rs)
    families = {}
    kept: set[int] = set()
    for fam in sorted(after_variant):
        rs = after_variant[fam]
        pos = [r for r in rs if r.label == 1]
        neg = [r for r in rs if r.label == 0]
        entry = {"variants": sorted({r.kind for r in rs})}
        if fam == "gold":
            keep = rs
        elif not pos or not neg:
            keep = []
            entry["note"] = "dropped: every output has the same label"
        else:
            minority, majority = (pos, neg) if len(pos) <= len(neg) else (neg, pos)
            keep = minority + _cap(majority, minority, cfg.max_kind_share, _rng(cfg.seed, "family", fam))
            if len(keep) < cfg.min_kind_count:
                keep = []
                entry["note"] = f"dropped: fewer than {cfg.min_kind_count} pairs"
        entry.update(kept=len(keep), kept_share_correct=round(sum(r.label for r in keep) / len(keep), 3)
                     if keep else None)
        families[fam] = entry
        kept.update(id(r) for r in keep)
    out = [r for r in records if id(r) in kept]  # file order
    for kind, entry in variants.items():
        ks = [r for r in out if r.kind == kind]
        entry.update(kept=len(ks), kept_share_correct=round(sum(r.label for r in ks) / len(ks), 3) if ks else None)
    stats["per_family"] = families
    stats["per_kind"] = variants
    return out


# ---- split, write, stats -----------------------------------------------------------------------------
def assign_splits(records: Iterable[Record], seed: int, val_share: float) -> dict[str, list[str]]:
    """Choose validation databases per source (at least one each) and set ``split`` on every record."""
    records = list(records)
    from sqlintent_lab.model_export.dataset_real import split_group

    dbs_by_source: dict[str, list[str]] = defaultdict(list)
    for r in records:
        group = split_group(r.source)
        if r.db_id not in dbs_by_source[group]:
            dbs_by_source[group].append(r.db_id)
    val: dict[str, list[str]] = {}
    for group, dbs in sorted(dbs_by_source.items()):
        dbs = sorted(dbs)
        k = max(1, round(val_share * len(dbs))) if len(dbs) > 1 else 0
        val[group] = sorted(_rng(seed, "split", group).sample(dbs, k))
    val_dbs = {d for ds in val.values() for d in ds}
    for r in records:
        r.split = "val" if r.db_id in val_dbs else "train"
    return val


def _summary(records: list[Record]) -> dict:
    out: dict = {"pairs": len(records)}
    by_split: dict[str, dict] = {}
    for split in ("train", "val"):
        rs = [r for r in records if r.split == split]
        src = {}
        for s in sorted({r.source for r in rs}):
            sr = [r for r in rs if r.source == s]
            src[s] = {"pairs": len(sr), "correct": sum(r.label for r in sr),
                      "share_correct": round(sum(r.label for r in sr) / len(sr), 3),
                      "databases": len({r.db_id for r in sr}), "questions": len({(r.db_id, r.question) for r in sr})}
        by_split[split] = {"pairs": len(rs), "correct": sum(r.label for r in rs),
                           "share_correct": round(sum(r.label for r in rs) / len(rs), 3) if rs else 0.0,
                           "databases": len({r.db_id for r in rs}), "sources": src,
                           "mix": {s: round(v["pairs"] / len(rs), 3) for s, v in src.items()} if rs else {}}
    out["splits"] = by_split
    out["share_correct"] = round(sum(r.label for r in records) / len(records), 3) if records else 0.0
    return out


def build(cfg: BuildConfig, progress: Callable[[str], None] | None = None) -> dict:
    """Build the data set into ``cfg.out_dir`` (train.jsonl, val.jsonl, stats.json); return the stats."""
    import logging

    logging.getLogger("sqlglot").setLevel(logging.ERROR)  # its warnings about dialect features are noise here
    start = time.monotonic()
    stats: dict = {"config": cfg.public()}
    records: list[Record] = []
    if cfg.use_real:
        _log(progress, "reading real BIRD pairs")
        records += real_records(cfg, stats, progress)
    real: list[Record] = []
    if cfg.real_files:
        from sqlintent_lab.model_export.dataset_real import real_file_records

        _log(progress, f"reading real runs: {', '.join(cfg.real_files)}")
        stats["real_files"] = {}
        real = real_file_records(cfg.shared, cfg.real_files, stats["real_files"], cfg.only_dbs, progress)
    if cfg.use_synth:
        _log(progress, "rewriting and labelling Spider training queries")
        synth, hard = spider_records(cfg, stats, progress)
        if cfg.hardness_share:
            from sqlintent_lab.model_export.dataset_real import apply_hardness_share, wrong_rate_by_hardness

            rates = wrong_rate_by_hardness(real)
            stats["real_wrong_rate_by_hardness"] = rates
            synth_all = apply_hardness_share(synth + hard, rates, cfg.seed, stats)
            keep = {id(r) for r in synth_all}
            synth, hard = [r for r in synth if id(r) in keep], [r for r in hard if id(r) in keep]
        records += synth + hard
    records += real
    stats["validation_databases"] = assign_splits(records, cfg.seed, cfg.val_share)
    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    for split in ("train", "val"):
        with (cfg.out_dir / f"{split}.jsonl").open("w", encoding="utf-8") as fh:
            for r in records:
                if r.split == split:
                    line = r.json()
                    fh.write(line + "\n")
                    digest.update(line.encode("utf-8") + b"\n")
    stats["summary"] = _summary(records)
    if cfg.real_files or cfg.hardness_share:
        from sqlintent_lab.model_export.dataset_real import hardness_summary

        stats["summary"]["hardness"] = hardness_summary(records)
    stats["data_sha256"] = digest.hexdigest()
    stats["seconds"] = round(time.monotonic() - start, 1)
    (cfg.out_dir / "stats.json").write_text(json.dumps(stats, indent=2, sort_keys=True), encoding="utf-8")
    return stats
