"""Training data v2: the train_real files beside the BIRD runs, style-normalised on both sides, split by
database across all files, the Spider hardness of each record, and the hardness-dependent wrong share."""
from __future__ import annotations

import json
from pathlib import Path

from sqlintent_lab.model_export.dataset import BuildConfig, Record, build
from sqlintent_lab.model_export.dataset_real import apply_hardness_share, split_group, wrong_rate_by_hardness
from sqlintent_lab.model_export.hardness import hardness


def test_hardness_levels_follow_spiders_definition():
    assert hardness("SELECT count(*) FROM singer") == "easy"
    assert hardness("SELECT name, age FROM singer WHERE country = 'France'") == "medium"
    assert hardness("SELECT name FROM singer WHERE age > 20 INTERSECT SELECT name FROM singer WHERE age < 40") == "hard"
    assert hardness("SELECT T1.name, count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid "
                    "WHERE T2.year = 2014 GROUP BY T1.name ORDER BY count(*) DESC LIMIT 1") == "extra"
    assert hardness("SELECT (((( FROM") is None


def _rec(i, label, kind, h):
    return Record(f"r{i}", "db", f"q{i}", f"SELECT {i}", label, "spider_synth", kind, hardness=h)


def test_wrong_share_per_hardness_comes_from_the_real_runs():
    real = [Record(f"x{i}", "d", "q", "s", int(i % 4 != 0), "qwen_agent", "real", hardness="easy") for i in range(40)]
    real += [Record(f"y{i}", "d", "q", "s", int(i % 4 == 0), "maple_spider", "real", hardness="extra") for i in range(40)]
    real += [Record(f"z{i}", "d", "q", "s", 0, "splash", "real", hardness="easy") for i in range(40)]  # not natural-rate
    rates = wrong_rate_by_hardness(real)
    assert rates["easy"] == {"pairs": 40, "wrong_rate": 0.25} and rates["extra"]["wrong_rate"] == 0.75
    synth = [_rec(i, 1, "gold", "easy") for i in range(10)] + [_rec(100 + i, 1, "join.drop", "easy") for i in range(10)]
    synth += [_rec(200 + i, 0, "join.drop", "easy") for i in range(30)]
    synth += [_rec(300 + i, 1, "gold", "extra") for i in range(10)] + [_rec(400 + i, 0, "value.like", "extra") for i in range(5)]
    stats: dict = {}
    kept = apply_hardness_share(synth, rates, 13, stats)
    easy = [r for r in kept if r.hardness == "easy"]
    extra = [r for r in kept if r.hardness == "extra"]
    assert sum(r.kind == "gold" for r in easy) == 10  # gold queries are always kept
    assert abs(sum(r.label == 0 for r in easy) / len(easy) - 0.25) < 0.03
    # too few wrong pairs for the target: correct rewrites go first, gold stays
    assert sum(r.kind == "gold" for r in extra) == 10 and stats["hardness_share"]["extra"]["target_wrong"] == 0.75
    assert [r.id for r in kept] == [r.id for r in synth if r in kept]  # file order kept


def _write(path: Path, rows) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) if isinstance(rows, list) else rows)


def fake_shared(tmp: Path) -> Path:
    d = tmp / "shared" / "data"
    tables = [{"db_id": db, "table_names_original": ["singer"], "table_names": ["singer"],
               "column_names_original": [[-1, "*"], [0, "id"], [0, "name"], [0, "age"]],
               "column_names": [[-1, "*"], [0, "id"], [0, "name"], [0, "age"]],
               "column_types": ["text", "number", "text", "number"], "primary_keys": [1], "foreign_keys": []}
              for db in ("music_a", "music_b", "music_c", "dev_db", "test_db")]
    _write(d / "spider" / "tables.json", json.dumps(tables))
    _write(d / "spider" / "dev.json", json.dumps([{"db_id": "dev_db", "question": "q", "query": "SELECT 1"}]))
    _write(d / "spider" / "train_spider_reconstructed.json", "[]")
    _write(d / "train_real" / "schemas" / "spider_test_tables.json", json.dumps(tables))
    _write(d / "bird_dev" / "schemas" / "card_games.sql", "CREATE TABLE cards (id INTEGER, name TEXT);")
    _write(d / "bird_dev" / "schemas" / "toxicology.sql", "CREATE TABLE atom (id INTEGER, element TEXT);")
    _write(d / "train_real" / "bird_llm_runs.jsonl",
           [{"id": i, "db_id": db, "question": f"how many cards {i}", "evidence": "", "sql": "SELECT count(*) FROM cards",
             "label": i % 2} for i, db in enumerate(["card_games", "card_games", "superhero"])])
    gold = "SELECT count(*) FROM singer WHERE age > 20"
    splash = [{"id": "s1", "db_id": "music_a", "question": "How many singers are older than 20?",
               "sql": "select count ( * ) from singer where age > 20", "label": 1, "gold": gold, "parser": "seq2struct"},
              {"id": "s2", "db_id": "music_a", "question": "How many singers are older than 20?",
               "sql": "SELECT count(*) FROM singer WHERE age  >  20", "label": 1, "gold": gold, "parser": "gold"},
              {"id": "s3", "db_id": "music_b", "question": "Names of singers?", "sql": "select name , age from singer",
               "label": 0, "gold": "SELECT name FROM singer", "parser": "seq2struct"},
              {"id": "s4", "db_id": "dev_db", "question": "x", "sql": "select 1", "label": 1, "gold": "SELECT 1"}]
    _write(d / "train_real" / "splash_seq2struct.jsonl", splash)
    _write(d / "train_real" / "editsql_errors.jsonl", [])
    _write(d / "train_real" / "qwen_agent_spider_train.jsonl",
           [{"id": "q1", "db_id": "music_c", "question": "Ages?", "sql": "", "label": 0, "gold": "SELECT age FROM singer",
             "empty_prediction": True},
            {"id": "q2", "db_id": "music_c", "question": "Ages?", "sql": "SELECT age FROM singer", "label": 1,
             "gold": "SELECT age FROM singer"}])
    _write(d / "train_real" / "maple_bird.jsonl",
           [{"id": "m1", "db_id": "toxicology", "question": "elements", "evidence": "", "sql": "SELECT element FROM atom",
             "label": 1, "gold": "SELECT element FROM atom", "schema": "bird_dev/schemas/toxicology.sql"},
            {"id": "m2", "db_id": "formula_1", "question": "x", "sql": "SELECT 1", "label": 1, "gold": "SELECT 1",
             "schema": "bird_dev/schemas/formula_1.sql"}])
    _write(d / "train_real" / "maple_spider_test.jsonl",
           [{"id": "t1", "db_id": "test_db", "question": "Oldest singer?",
             "sql": "SELECT name FROM singer ORDER BY age DESC LIMIT 1", "label": 1,
             "gold": "SELECT name FROM singer ORDER BY age DESC LIMIT 1",
             "schema": "train_real/schemas/spider_test_tables.json"}])
    return tmp / "shared"


def test_build_v2_reads_every_real_file_normalises_both_sides_and_reports_hardness(tmp_path):
    shared = fake_shared(tmp_path)
    out = tmp_path / "out"
    stats = build(BuildConfig(shared=shared, out_dir=out, use_synth=False, val_share=0.5))
    recs = [json.loads(line) for f in ("train.jsonl", "val.jsonl") for line in (out / f).read_text().splitlines()]
    by_id = {r["id"]: r for r in recs}
    # the tokenised parse and the gold in Spider style normalise to one text: a duplicate, kept once
    assert ("s1" in by_id) != ("s2" in by_id)
    kept = by_id.get("s1") or by_id["s2"]
    assert kept["sql"] == "SELECT COUNT(*) FROM singer WHERE singer.age > 20" and kept["hardness"] == "easy"
    assert by_id["s3"]["sql"] == "SELECT singer.name, singer.age FROM singer" and by_id["s3"]["source"] == "splash"
    # exclusions: Spider dev databases, held-out BIRD databases, empty predictions
    assert "s4" not in by_id and "m2" not in by_id and "q1" not in by_id
    assert not any(r["db_id"] in ("superhero", "formula_1", "dev_db") for r in recs)
    assert {r["source"] for r in recs} == {"bird_real", "splash", "qwen_agent", "maple_bird", "maple_spider"}
    # one split per database, across all files; BIRD databases (bird_real, maple_bird) split together
    split_of = {}
    for r in recs:
        assert split_of.setdefault(r["db_id"], r["split"]) == r["split"]
    assert split_group("maple_bird") == "bird" and split_group("maple_spider") == "spider"
    s = stats["summary"]
    assert s["pairs"] == len(recs) and set(s["hardness"]) == {"train", "val"}
    assert stats["real_files"]["qwen_agent"]["no_sql"] == 1


def test_v1_build_is_unchanged_by_v2_options(tmp_path):
    shared = fake_shared(tmp_path)
    out = tmp_path / "v1"
    build(BuildConfig(shared=shared, out_dir=out, use_synth=False, real_files=(), hardness_share=False))
    recs = [json.loads(line) for f in ("train.jsonl", "val.jsonl") for line in (out / f).read_text().splitlines()]
    assert {r["source"] for r in recs} == {"bird_real"} and all("hardness" not in r for r in recs)
