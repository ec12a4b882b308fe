"""Batched and cached detector scoring: the same findings as scoring one pair at a time, a second run that
scores nothing, `--jobs` that agrees with one process, `--no-cache` and `sqlintent clean`."""
from __future__ import annotations

import json
import sqlite3

import pytest

pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")

from sqlintent.cache import ScoreStore
from sqlintent.config import Config
from sqlintent.detector.explain import clause_spans, explain_pair
from sqlintent.detector.runtime import Detector, default_model_dir
from sqlintent.engine import Engine

if not (default_model_dir() / "model.onnx").is_file():
    pytest.skip("no bundled detector model", allow_module_level=True)

# a small corpus: several files, intents shared between statements, one statement without intent
FILES = {
    "a.sql": """-- intent: how many heads of departments are older than 56?
SELECT name FROM head WHERE age > 56 ORDER BY name;

-- intent: how many heads of departments are older than 56?
SELECT count(*) FROM head WHERE age > 56;

SELECT 1;
""",
    "b.sql": """-- intent: list the name, born state and age of the heads of departments ordered by age.
SELECT name, born_state, age FROM head ORDER BY age;

-- intent: what are the distinct creation years of the departments?
SELECT DISTINCT creation FROM department WHERE budget_in_billions > 10 LIMIT 3;
""",
    "c.sql": """-- intent: which department has the largest budget?
SELECT name FROM department ORDER BY budget_in_billions DESC LIMIT 1;
""",
}


def _engine(store=None, threshold: float = 1.0, **settings) -> Engine:
    # threshold 1.0: every statement is reported, so each finding carries its score and clause attribution
    # SIM001 alone: beside the verdict it is folded into SIV001 (issue 39)
    cfg, problems = Config().with_overrides({"model": {"threshold": threshold}, "ignore": ["SIV001"], **settings})
    assert not problems
    return Engine(cfg, detector=Detector.load(provider="cpu"), score_store=store)


def _sim(engine: Engine) -> dict:
    out = {}
    for name, text in FILES.items():
        res = engine.check_text(text, name)
        for f in res.findings:
            if f.code == "SIM001":  # keyed by its statement (the finding sits on the clause it doubts most)
                stmt = next(s for s in res.document.statements if s.span.start <= f.span.start < s.span.end)
                out[(name, stmt.span.start)] = (f.message, f.data, [(r.label, r.span) for r in f.related])
    return out


def test_batched_findings_equal_one_pair_at_a_time():
    """What SIM001 reports after batching and caching equals the detector run on each pair alone."""
    engine = _engine()
    got = _sim(engine)
    det = Detector.load(provider="cpu")
    expected = {}
    for name, text in FILES.items():
        for stmt in engine.check_text(text, name).document.statements:
            if not stmt.intent:
                continue
            prepared = det.prepare(stmt.intent, stmt.text)
            (alone,) = det.score_prepared([prepared])
            expl = explain_pair(det, stmt.intent, stmt.text, prepared=prepared)
            assert expl.score == pytest.approx(alone.score, abs=1e-6)
            local = dict(clause_spans(stmt.text))
            expected[(name, stmt.span.start)] = (round(expl.score, 4),
                                                 [(c.label, round(c.delta, 4)) for c in expl.clauses],
                                                 {c.label for c in expl.clauses if c.label in local})
    assert set(got) == set(expected) and len(got) == 5
    for k, (message, data, related) in got.items():
        score, clauses, labelled = expected[k]
        assert data["score"] == score
        assert [(c["label"], c["delta"]) for c in data["clauses"]] == clauses
        assert {lab.split(":")[0] for lab, _ in related} == labelled


def test_second_run_reads_the_cache_and_scores_nothing(tmp_path):
    first = _engine(ScoreStore(tmp_path))
    found = _sim(first)
    assert first.detector.pairs_run > 0
    second = _engine(ScoreStore(tmp_path))  # a new process would build exactly this
    assert _sim(second) == found
    assert second.detector.pairs_run == 0
    assert second.detector._session is None  # the model was never even started
    # an edit rescores only the statement that changed; another setting (so that no statement's findings
    # come from the findings cache) makes the run read the others' scores from the score cache
    third = _engine(ScoreStore(tmp_path), ignore=["SIL001", "SIV001"])
    FILES_EDITED = dict(FILES, **{"c.sql": FILES["c.sql"].replace("DESC LIMIT 1", "ASC LIMIT 1")})
    for name, text in FILES_EDITED.items():
        third.check_text(text, name)
    scorer = third.shared.detector_scorer
    assert scorer.model_pairs > 0
    assert third.detector.pairs_run == scorer.model_pairs  # all of it for the one changed pair
    assert len([k for k in scorer._memory]) == 5


@pytest.mark.slow  # 26 s under load (2026-12-07): .ci/run's slow pass
def test_an_edited_query_under_a_cached_intent_is_scored_without_parsing_the_intent(tmp_path, monkeypatch):
    """The intent's parse is kept in the cache too: a later run that scores a changed query under an unchanged
    intent reads the parse from disk and never calls the question parser (spaCy: about 0.8 s a process), and
    its findings are those of a run without any cache."""
    from sqlintent.detector import scoring
    from sqlintent.graphs import question_graph

    edited = dict(FILES, **{"c.sql": FILES["c.sql"].replace("DESC LIMIT 1", "ASC LIMIT 1")})
    monkeypatch.setattr(scoring, "_QGRAPHS", {})  # as in a new process
    _sim(_engine(ScoreStore(tmp_path)))

    class NoParser(question_graph.SpacyParser):
        def parse_many(self, questions, batch_size=64):
            raise AssertionError(f"parsed {questions}")

        parse = parse_many

    monkeypatch.setattr(scoring, "_QGRAPHS", {})
    monkeypatch.setattr(question_graph, "_default", NoParser())
    cached = _engine(ScoreStore(tmp_path))
    for name, text in edited.items():
        cached.check_text(text, name)
    assert cached.detector.pairs_run > 0  # the edited statement was scored, its intent's parse read from disk

    monkeypatch.setattr(scoring, "_QGRAPHS", {})
    monkeypatch.setattr(question_graph, "_default", None)
    fresh, again = _engine(), _engine(ScoreStore(tmp_path))
    for engine in (fresh, again):
        engine.check_text(edited["c.sql"], "c.sql")
    found = [(f.message, f.data) for f in again.check_text(edited["c.sql"], "c.sql").findings if f.code == "SIM001"]
    assert found and found == [(f.message, f.data) for f in fresh.check_text(edited["c.sql"], "c.sql").findings
                               if f.code == "SIM001"]


def test_a_stored_parse_that_does_not_fit_its_text_is_parsed_again(tmp_path):
    from sqlintent.detector import parse_cache
    from sqlintent.graphs.question_graph import SpacyParser, Word

    store, parser = ScoreStore(tmp_path), SpacyParser()
    text = "how many singers are there?"
    store.put_many({parse_cache.key(parser, text): {"words": [[0, 3, "why", "ADV", -1, False]]}})
    assert parse_cache.get(store, parser, [text]) == {}
    store.put_many({parse_cache.key(parser, text): {"words": [[0, 3, "how", "ADV", 7, False]]}})  # no word 7
    assert parse_cache.get(store, parser, [text]) == {}
    parse_cache.put(store, parser, {text: [Word(0, 3, "how", "ADV", -1, False)]})
    assert parse_cache.get(store, parser, [text]) == {text: [Word(0, 3, "how", "ADV", -1, False)]}


def test_a_corrupt_or_foreign_cache_entry_is_rescored(tmp_path):
    store = ScoreStore(tmp_path)
    found = _sim(_engine(store))
    conn = sqlite3.connect(tmp_path / "scores.sqlite")
    conn.execute("UPDATE scores SET value = 'not json'")
    conn.commit()
    conn.close()
    again = _engine(ScoreStore(tmp_path))
    assert _sim(again) == found
    assert again.detector.pairs_run > 0


def test_an_unusable_cache_directory_does_not_stop_the_run(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = ScoreStore(blocker / "cache")
    assert _sim(_engine(store)) == _sim(_engine())
    assert store.broken


def _copies() -> int:
    """How many copies of FILES make enough files for --jobs 2 to start its workers."""
    from sqlintent.workspace.batch import MIN_FILES_PER_WORKER

    return -(-2 * MIN_FILES_PER_WORKER // len(FILES))


def _corpus(tmp_path, copies: int):
    """FILES, ``copies`` times over."""
    d = tmp_path / "queries"
    for i in range(copies):
        (d / f"part{i}").mkdir(parents=True)
        for name, text in FILES.items():
            (d / f"part{i}" / name).write_text(text)
    return d


def _json_findings(out: str):
    doc = json.loads(out)
    return [("/".join(fr["path"].rsplit("/", 2)[-2:]), f["code"], f["message"])
            for fr in doc["files"] for f in fr["findings"]]


def test_cli_second_run_jobs_no_cache_and_clean(tmp_path, cli):
    copies = _copies()
    d = _corpus(tmp_path, copies)
    cache = tmp_path / "cache"
    env = {"SQLINTENT_CACHE_DIR": str(cache)}
    args = ["check", str(d), "--format", "json", "--min-severity", "info"]
    (tmp_path / "sqlintent.toml").write_text('ignore = ["SIV001"]\n[model]\nthreshold = 1.0\n')  # SIM001 alone
    args += ["--config", str(tmp_path / "sqlintent.toml")]
    one = cli(*args, env=env)
    assert one.returncode in (0, 1), one.stderr
    assert (cache / "scores.sqlite").is_file()
    first = _json_findings(one.stdout)
    assert len([f for f in first if f[1] == "SIM001"]) == 5 * copies
    assert _json_findings(cli(*args, env=env).stdout) == first  # from the cache
    assert _json_findings(cli(*args, "--jobs", "2", "--no-cache", env=env).stdout) == first
    other = tmp_path / "other-cache"
    assert _json_findings(cli(*args, "--no-cache", env={"SQLINTENT_CACHE_DIR": str(other)}).stdout) == first
    assert not other.exists()
    cleaned = cli("clean", env=env)
    assert cleaned.returncode == 0 and "removed" in cleaned.stdout
    assert not (cache / "scores.sqlite").exists()


def test_a_huge_intent_is_cut_before_it_is_parsed():
    from sqlintent.detector import scoring

    huge = "how many heads of departments are older than 56 " * 40000  # ~2 MB, as a hostile file may hold
    scorer = scoring.StatementScorer(Detector.load(provider="cpu"), threshold=0.0)
    res = scorer.result(huge, "SELECT count(*) FROM head WHERE age > 56")
    assert 0.0 <= res.score <= 1.0
    assert len(scoring.intent_text(huge)) <= scoring.MAX_INTENT_CHARS
    assert all(len(q) <= scoring.MAX_INTENT_CHARS for q in scoring._QGRAPHS)
    # a short intent reads exactly as the detector reads it alone
    assert scoring.intent_text("  how   many\nheads? ") == "how many heads?"
