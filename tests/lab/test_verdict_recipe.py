"""The verdict's training recipe: pairs follow the databases of the detector it will read (another
detector's data build included), source weights and label rates reshape the training distribution, and a
recipe can leave out length-like features."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_build_data_v2 import fake_shared

from sqlintent_lab.model_export.dataset import BuildConfig, build
from sqlintent_lab.verdict.data import detector_data_dbs, verdict_pairs
from sqlintent_lab.verdict.train import drop_filter, sample_weights, source_of


@pytest.fixture
def v2_build(tmp_path):
    shared = fake_shared(tmp_path)
    out = tmp_path / "data_v2"
    build(BuildConfig(shared=shared, out_dir=out, use_synth=False, val_share=0.5))
    return shared, out


def test_verdict_pairs_follow_another_detectors_held_out_databases(v2_build):
    shared, out = v2_build
    dbs = detector_data_dbs(out)
    rows = [json.loads(x) for f in ("train.jsonl", "val.jsonl") for x in (out / f).read_text().splitlines() if x]
    trained = {r["db_id"] for r in rows if r["split"] == "train"}
    assert set(dbs["trained"]) == trained and trained
    assert not (set(dbs["spider"]) | set(dbs["bird"])) & trained
    pairs = verdict_pairs(shared, detector_dbs=dbs)
    assert pairs, "some pairs lie on databases the detector did not train on"
    assert all(p.db_id not in trained for p in pairs)
    assert {(p.source, p.db_id) for p in pairs} == {("bird_real", "card_games"), ("maple_spider", "test_db")}
    # a database the detector did not train on is kept: the same maple pair comes in once it is held out
    held = {**dbs, "trained": [d for d in dbs["trained"] if d != "toxicology"], "bird": dbs["bird"] + ["toxicology"]}
    assert ("maple_bird", "toxicology") in {(p.source, p.db_id) for p in verdict_pairs(shared, detector_dbs=held)}


def test_verdict_dbs_command_prints_build_data_arguments(v2_build, lab_cli):
    _, out = v2_build
    proc = lab_cli("verdict", "dbs", "--detector-data", str(out), "--group", "all", "--as-args")
    assert proc.returncode == 0, proc.stderr
    dbs = detector_data_dbs(out)
    assert proc.stdout.split() == [w for n in dbs["spider"] + dbs["bird"] for w in ("--only-db", n)]
    bad = lab_cli("verdict", "dbs", "--detector-data", str(out / "nowhere"))
    assert bad.returncode == 2 and "not a build-data output" in bad.stderr


def test_label_rate_and_source_weight_reshape_the_training_distribution():
    recs = [{"id": f"s{i}", "source": "spider_real", "label": int(i < 50)} for i in range(100)]
    recs += [{"id": f"qwen-{i}", "source": "spider_real", "label": int(i < 3)} for i in range(10)]
    recs += [{"id": f"m{i}", "source": "maple_spider", "label": int(i < 7)} for i in range(10)]
    assert source_of(recs[100]) == "spider_qwen" and source_of(recs[0]) == "spider_real"
    for r in recs:
        r["source"] = source_of(r)
    w = sample_weights(recs, {"spider_real": 0.5}, {"spider_real": 0.8})
    y = np.array([r["label"] for r in recs])
    sr = np.array([r["source"] == "spider_real" for r in recs])
    assert abs(w[sr & (y == 1)].sum() / w[sr].sum() - 0.8) < 1e-9
    assert abs(w[sr].sum() - 50.0) < 1e-9  # half the weight of its 100 pairs
    assert (w[~sr] == 1.0).all()
    keep = drop_filter(["db.sql.*", "sql.tokens"])
    assert not keep("db.sql.columns_out") and not keep("sql.tokens") and keep("sql.joins") and keep("db.model.score")


def test_verdict_train_recipe_leaves_out_length_features(tmp_path, lab_cli):
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(2)
    lines = []
    for i in range(300):
        wrong = rng.random() < 0.5
        score = float(np.clip(rng.normal(0.3 if wrong else 0.7, 0.2), 0, 1))
        lines.append(json.dumps({
            "id": f"p{i}", "source": ("spider_real", "maple_spider", "bird_real")[i % 3], "db_id": f"db{i % 12}",
            "intent": "How many singers are there?", "sql": "SELECT count(*) FROM singer" if not wrong
            else "SELECT name, age FROM singer", "label": int(not wrong), "database": None, "schema": None,
            "inputs": {"findings": [], "score": score, "score_cls": score, "graph": True,
                       "normalised": None, "has_database": i % 3 == 0, "has_schema": True}}))
    inputs = tmp_path / "inputs.jsonl"
    inputs.write_text("\n".join(lines) + "\n")
    proc = lab_cli("verdict", "train", "--inputs", str(inputs), "--out-model", str(tmp_path / "v.json"),
               "--out-dir", str(tmp_path / "out"), "--recipe", "no_db_length")
    assert proc.returncode == 0, proc.stderr
    names = json.loads((tmp_path / "v.json").read_text())["features"]
    assert "sql.tokens" in names and "db.sql.tokens" not in names and "db.sql.columns_out" not in names
    assert "db.model.score" in names
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert report["recipe"]["recipe"] == "no_db_length"
    assert report["ablations"]["full"]["validation"]["auc_natural_mean"] is not None
    bad = lab_cli("verdict", "train", "--inputs", str(inputs), "--out-model", str(tmp_path / "w.json"),
              "--out-dir", str(tmp_path / "out"), "--recipe", "nonsense")
    assert bad.returncode == 2 and "no recipe" in bad.stderr


def test_verdict_select_compares_recipes_on_natural_sources_and_the_check_set(tmp_path, lab_cli):
    """Length says "right" in the contrast source and "wrong" in the natural ones (as in the real pairs):
    a recipe that keeps the contrast pairs from setting length's sign with a database scores better on the
    natural-rate check set."""
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(3)

    def line(i, src, has_db, prefix="p"):
        right = rng.random() < 0.5
        long_ = (rng.random() < 0.8) == (right if src == "spider_synth" else not right)
        sql = "SELECT name, age, id FROM singer WHERE age > 3 AND id < 9" if long_ else "SELECT name FROM singer"
        return json.dumps({"id": f"{prefix}{i}", "source": src, "db_id": f"{src}{i % 10}", "intent": "Names?",
                           "sql": sql, "label": int(right), "database": None, "schema": None,
                           "inputs": {"findings": [], "score": 0.5, "score_cls": 0.5, "graph": True,
                                      "normalised": None, "has_database": has_db, "has_schema": True}})
    train = [line(i, "spider_synth", True) for i in range(300)] + [line(i, "maple_spider", False) for i in range(300)]
    check = [line(i, "check_qwen", True, "c") for i in range(200)]
    (tmp_path / "in.jsonl").write_text("\n".join(train) + "\n")
    (tmp_path / "check.jsonl").write_text("\n".join(check) + "\n")
    shorter = tmp_path / "shorter.json"  # a verdict that says "the shorter query is right"
    shorter.write_text(json.dumps({"features": ["sql.tokens"], "mean": [10.0], "scale": [5.0], "coef": [-1.0],
                                   "intercept": 0.0, "calibration": {}, "format": 1}))
    proc = lab_cli("verdict", "select", "--inputs", str(tmp_path / "in.jsonl"), "--check", str(tmp_path / "check.jsonl"),
               "--out", str(tmp_path / "select.json"), "--recipe", "as_before", "--recipe", "contrast_x0.25+no_db_length",
               "--baseline", str(shorter))
    assert proc.returncode == 0, proc.stderr
    res = json.loads((tmp_path / "select.json").read_text())
    assert res["contrast_x0.25+no_db_length"]["check_auc_no_model"] > 0.6 > res["as_before"]["check_auc_no_model"]
    assert "contrast_x0.25+no_db_length (chosen)" in proc.stdout
    auc = float(proc.stdout.split(f"{shorter}: check set AUC ")[1].split()[0])
    assert auc > 70  # on the check set a longer query is more often wrong


def test_natural_check_pairs_are_the_qwen_runs_outside_the_detectors_validation_databases(tmp_path):
    import sqlite3

    from sqlintent_lab.verdict.data import natural_check_pairs

    shared = fake_shared(tmp_path)
    for db in ("music_b", "music_c"):
        path = shared / "data" / "spider" / "database" / db / f"{db}.sqlite"
        path.parent.mkdir(parents=True)
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE singer (id INTEGER, name TEXT, age INTEGER)")
    pairs = natural_check_pairs(shared, {"spider": ["music_b"], "bird": [], "trained": []})
    # q1 has no SQL (the pipeline failed); q2 is on music_c, outside the validation databases
    assert [(p.id, p.source, p.db_id, p.label) for p in pairs] == [("check-q2", "check_qwen", "music_c", 1)]
    assert pairs[0].database.endswith("music_c.sqlite")
    assert natural_check_pairs(shared, {"spider": ["music_c"], "bird": [], "trained": []}) == []
