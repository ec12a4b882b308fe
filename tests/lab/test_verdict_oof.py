"""Out-of-fold detector scores for the verdict (sqlintent_lab.verdict.oof, `verdict collect --all-databases`,
`verdict oof-merge`): a pair on a database the detector trained on keeps no in-sample score."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sqlintent_lab.verdict.oof import load_scores, merge, record_id

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("SQLINTENT_SHARED", ROOT.parent / "shared"))


def _row(pid, db, score=0.9, inputs=True):
    return {"id": pid, "source": "x", "db_id": db, "intent": "q", "sql": "SELECT 1", "label": 1,
            "inputs": {"findings": [], "score": score, "score_cls": score, "graph": True, "has_database": True}
            if inputs else None}


def _oof_line(rid, db, score, fold=0):
    return json.dumps({"id": rid, "db_id": db, "fold": fold, "of": 2, "score": score, "score_cls": score / 2,
                       "graph": False}) + "\n"


def test_record_ids_of_every_kind_of_pair():
    assert record_id("bird-bird-llm-90") == "bird-llm-90"  # a BIRD LLM run
    assert record_id("detval-spider-train-0") == "spider-train-0"  # a build-data record given to --synth
    assert record_id("detval-spider-train-5-other-0") == "spider-train-5-other-0"
    for raw in ("splash-train-0", "editsql-train-3", "qwen-v-0", "maple-bird-train-macsql35-0-pred"):
        assert record_id(raw) == raw


def test_merge_replaces_in_sample_scores_drops_what_has_none_and_keeps_held_out_pairs(tmp_path):
    f = tmp_path / "oof0.jsonl"
    f.write_text(_oof_line("bird-llm-1", "toxicology", 0.2) + _oof_line("splash-train-0", "allergy_1", 0.4)
                 + _oof_line("spider-train-9", "other_db", 0.7))
    scores = load_scores([f])
    rows = [_row("bird-bird-llm-1", "toxicology"), _row("splash-train-0", "allergy_1"),
            _row("splash-train-1", "allergy_1"),          # a training database, no out-of-fold score
            _row("detval-spider-train-9", "concert_singer"),  # the id is scored, but on another database
            _row("maple-spider-test-x", "e_commerce"),   # a database the detector never read
            _row("qwen-v-3", "allergy_1", inputs=False)]
    kept, counts = merge(rows, scores, trained_dbs={"toxicology", "allergy_1", "concert_singer"})
    assert [r["id"] for r in kept] == ["bird-bird-llm-1", "splash-train-0", "maple-spider-test-x"]
    assert kept[0]["inputs"]["score"] == 0.2 and kept[0]["inputs"]["score_cls"] == 0.1
    assert kept[0]["inputs"]["graph"] is False and kept[0]["score_from"] == "oof:0"
    assert kept[0]["inputs"]["findings"] == [] and kept[0]["inputs"]["has_database"] is True
    assert kept[2]["inputs"]["score"] == 0.9 and kept[2]["score_from"] == "detector"
    assert counts == {"oof": 2, "held_out": 1, "dropped": 2, "no_inputs": 1}
    assert rows[0]["inputs"]["score"] == 0.9  # the collected rows are left as they were


def test_overlapping_folds_and_bad_lines_are_refused(tmp_path):
    a, b, bad = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "bad.jsonl"
    a.write_text(_oof_line("r1", "db", 0.5))
    b.write_text(_oof_line("r1", "db", 0.6, fold=1))
    bad.write_text('{"id": "r2"}\n')
    with pytest.raises(ValueError, match="already has an out-of-fold score"):
        load_scores([a, b])
    with pytest.raises(ValueError, match=r"bad.jsonl:1: not an oof-scores line"):
        load_scores([bad])


def test_oof_merge_command(tmp_path, capsys):
    from sqlintent_lab.cli import main

    data = tmp_path / "data"
    data.mkdir()
    (data / "train.jsonl").write_text(json.dumps({"id": "t", "db_id": "toxicology", "source": "bird_real"}) + "\n")
    (data / "val.jsonl").write_text(json.dumps({"id": "v", "db_id": "card_games", "source": "bird_real"}) + "\n")
    inputs = tmp_path / "in.jsonl"
    inputs.write_text("".join(json.dumps(r) + "\n" for r in (
        _row("bird-bird-llm-1", "toxicology"), _row("bird-bird-llm-2", "toxicology"), _row("bird-bird-llm-3", "card_games"))))
    oof = tmp_path / "oof.jsonl"
    oof.write_text(_oof_line("bird-llm-1", "toxicology", 0.3))
    out = tmp_path / "merged.jsonl"
    args = ["verdict", "oof-merge", "--inputs", str(inputs), "--oof", str(oof), "--detector-data", str(data)]
    assert main(args + ["--out", str(out)]) == 0
    merged = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["inputs"]["score"]) for r in merged] == [("bird-bird-llm-1", 0.3), ("bird-bird-llm-3", 0.9)]
    assert "1 with an out-of-fold score, 1 on databases the detector never read" in capsys.readouterr().out
    assert main(args + ["--out", str(inputs)]) == 2  # never overwrites its inputs
    # --check: the pairs on the check set's databases are left out (the verdict must not train there)
    check = tmp_path / "check.jsonl"
    check.write_text(json.dumps(_row("check-qwen-1", "card_games")) + "\n")
    assert main(args + ["--out", str(out), "--check", str(check)]) == 0
    assert [r["id"] for r in map(json.loads, out.read_text().splitlines())] == ["bird-bird-llm-1"]
    assert f"1 on the 1 databases of {check} left out" in capsys.readouterr().out
    check.write_text('{"id": "no database"}\n')
    assert main(args + ["--out", str(out), "--check", str(check)]) == 2
    assert "not collected inputs" in capsys.readouterr().err
    assert main(["verdict", "oof-merge", "--inputs", str(inputs), "--oof", str(tmp_path / "none.jsonl"),
                 "--detector-data", str(data), "--out", str(out)]) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.skipif(not (SHARED / "data" / "train_real").is_dir(), reason="shared data not present")
def test_all_databases_gives_pairs_on_training_databases_whose_ids_are_the_builds():
    from sqlintent_lab.model_export.dataset import HELD_OUT_BIRD
    from sqlintent_lab.verdict.data import candidate_dbs, detector_validation_dbs, verdict_pairs

    cands = candidate_dbs(SHARED)
    val = detector_validation_dbs(SHARED)
    assert set(val["spider"]) < set(cands["spider"]) and set(val["bird"]) <= set(cands["bird"])
    assert not set(cands["bird"]) & HELD_OUT_BIRD
    pairs = verdict_pairs(SHARED, caps={"bird_real": 300, "maple_bird": 50, "maple_spider": 50, "spider_real": 300},
                          detector_dbs=cands)
    bird_dbs = {p.db_id for p in pairs if p.source == "bird_real"}
    assert len(bird_dbs) > 1  # not only the shipped detector's validation database
    raw = {json.loads(line)["id"] for line in (SHARED / "data" / "train_real" / "bird_llm_runs.jsonl").open()}
    assert all(record_id(p.id) in raw for p in pairs if p.source == "bird_real")
    assert {p.db_id for p in pairs if p.source == "spider_real"} - set(val["spider"])
