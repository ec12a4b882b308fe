"""The verdict: features as check computes them, the numpy scorer, the engine step (SIV001), the hover
line, re-ranking by the verdict, and the fit (calibration, ECE)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import build_shop

from sqlintent.config import Config
from sqlintent.engine import Engine
from sqlintent.verdict.features import all_features, finding_features, intent_features
from sqlintent.verdict.model import VerdictModel


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Path:
    return build_shop(tmp_path_factory.mktemp("verdict") / "shop.sqlite")


class FakeScore:
    def __init__(self, score):
        self.score, self.score_cls, self.graph, self.sql_text = score, score, True, "SELECT 1"


class FakeDetector:
    """Scores by a fixed rule so the tests see the verdict, not the model: COUNT queries score 0.9."""

    def prepare(self, question, sql, dialect=None, schema=None):
        return sql

    def score_prepared(self, prepared, batch_size=16):
        return [FakeScore(0.9 if "count" in p.lower() else 0.2) for p in prepared]


@pytest.fixture(autouse=True)
def fake_scores(monkeypatch):
    """The verdict reads the detector through the engine's scorer; a FakeDetector answers directly."""
    import sqlintent.verdict.step as step

    original = step.model_score

    def model_score(ctx):
        if isinstance(ctx.detector, FakeDetector):
            return ctx.detector.score_prepared([ctx.sql])[0] if ctx.intent and ctx.tree is not None else None
        return original(ctx)

    monkeypatch.setattr(step, "model_score", model_score)


def tiny_model(tmp_path: Path, **over) -> Path:
    """A verdict that leans on the detector score and on "count asked but no COUNT"."""
    d = {"features": ["model.score", "match.count_missing", "rule.SIP001"], "mean": [0.5, 0.0, 0.0],
         "scale": [0.25, 1.0, 1.0], "coef": [2.0, -1.5, -1.0], "intercept": 0.0,
         "calibration": {"kind": "platt", "a": 1.0, "b": 0.0}, "format": 1}
    d.update(over)
    p = tmp_path / "verdict.json"
    p.write_text(json.dumps(d))
    return p


def fake_config(shop: Path, model_path: Path) -> Config:
    c = Config(database=str(shop))
    c.verdict.path = str(model_path)
    c.ignore = ["SIM001"]  # SIM001 runs the real scorer; the verdict reads the fake one (fixture above)
    return c


def engine(shop: Path, model_path: Path, **cfg) -> Engine:
    c = fake_config(shop, model_path)
    for k, v in cfg.items():
        setattr(c, k, v)
    return Engine(c, detector=FakeDetector())


def test_intent_and_match_features_read_what_the_words_ask():
    f = all_features(intent="How many customers live in Boston?", sql="SELECT name FROM customers", tree=_parse(
        "SELECT name FROM customers"), findings=[], has_database=False, has_schema=True, score=0.4)
    assert f["intent.count"] == 1 and f["match.count_missing"] == 1
    assert f["src.no_database"] == 1 and f["src.no_schema"] == 0
    assert intent_features("Which singer is the oldest?")["intent.superlative"] == 1
    assert intent_features("List names of people who never ordered")["intent.negation"] == 1


def test_every_registered_rule_is_a_feature_and_new_codes_count_too():
    from sqlintent.analyzers import all_rules

    f = finding_features([{"code": "SIP001", "confidence": 0.7, "severity": "warning"},
                          {"code": "SIR001", "confidence": 0.4, "severity": "info"}])
    for r in all_rules().rules:  # read from the registry: rules added later (intent checks) are columns too
        if r.code not in ("SIV001", "SIM001", "SIM002", "SID001", "SIN001", "SII001"):
            assert f"rule.{r.code}" in f, r.code
    assert f["rule.SIP001"] == 1 and f["conf.SIP001"] == 0.7 and f["findings.count"] == 2
    # a severity is a setting: it does not move the verdict
    assert finding_features([{"code": "SIP001", "confidence": 0.7, "severity": "error"}]) == \
        finding_features([{"code": "SIP001", "confidence": 0.7, "severity": "info"}])


def test_model_json_round_trip_calibration_and_contributions(tmp_path):
    m = VerdictModel.load(tiny_model(tmp_path))
    low = {"model.score": 0.1, "match.count_missing": 1.0}
    high = {"model.score": 0.9}
    assert m.probability(low) < 0.1 < 0.9 < m.probability(high)
    terms = m.contributions(low)
    assert terms["match.count_missing"] == -1.5 and terms["model.score"] == pytest.approx(2.0 * (0.1 - 0.5) / 0.25)
    iso = VerdictModel.load(tiny_model(tmp_path, calibration={"kind": "isotonic", "x": [0.0, 0.5, 1.0],
                                                               "y": [0.1, 0.2, 0.9]}))
    assert iso.probability({"model.score": 0.5}) == pytest.approx(0.2, abs=1e-4)
    # flat isotonic steps keep the order of the regression
    assert iso.probability({"model.score": 0.45}) < iso.probability({"model.score": 0.5})
    assert VerdictModel.from_dict(m.to_dict()).to_dict() == m.to_dict()


def test_siv001_reports_a_probably_wrong_query_with_its_reasons(shop, tmp_path):
    eng = engine(shop, tiny_model(tmp_path))
    text = "-- intent: how many customers live in Boston?\nSELECT name FROM customers WHERE city = 'Boston';\n"
    res = eng.check_text(text, "q.sql")
    (f,) = [x for x in res.findings if x.code == "SIV001"]
    assert f.severity.value == "hint" and "chance of doing what its intent says" in f.message
    assert "the intent says 'how many' and the query has no COUNT" in f.message
    labels = [c.label for c in f.related]
    assert any(lb.startswith("the error detector gives it a 20% chance") for lb in labels)
    # the count reason points at the SELECT list
    count_clause = next(c for c in f.related if "COUNT" in c.label)
    assert text[count_clause.span.start:count_clause.span.end] == "name"
    # no model internals in what the user reads, and the finding sits on the clause of its first reason
    for internal in ("logit", "[CLS]", "head", "query structure"):
        assert internal not in f.message and not any(internal in lb for lb in labels)
    assert f.span in [c.span for c in f.related] and f.span != res.document.statements[0].span
    assert 0 < f.data["probability"] < 0.5
    v = eng.verdict(res.document.statements[0])
    assert v.probability == pytest.approx(f.data["probability"], abs=1e-4)


def test_without_a_database_the_db_terms_are_named_as_the_missing_database(tmp_path):
    """A db.* feature is 0 without a database: its pull is the missing data, not the detector's score."""
    model = tiny_model(tmp_path, features=["model.score", "db.model.score"], mean=[0.5, 0.5], scale=[0.25, 0.25],
                       coef=[0.1, 2.0])
    c = Config()
    c.verdict.path = str(model)
    c.ignore = ["SIM001"]
    eng = Engine(c, detector=FakeDetector())
    res = eng.check_text("-- intent: how many customers are there?\nSELECT count(*) FROM customers;\n")
    (f,) = [x for x in res.findings if x.code == "SIV001"]
    assert [r["label"] for r in f.data["reasons"]] == ["no database: the data checks could not run"]
    assert "the error detector scores" not in f.message


def test_siv001_quiet_on_a_likely_right_query_and_noqa_and_no_intent(shop, tmp_path):
    eng = engine(shop, tiny_model(tmp_path))
    ok = eng.check_text("-- intent: how many customers live in Boston?\n"
                        "SELECT count(*) FROM customers WHERE city = 'Boston';\n")
    assert [f for f in ok.findings if f.code == "SIV001"] == []
    assert eng.verdict(ok.document.statements[0]).probability > 0.5
    quiet = eng.check_text("-- intent: how many customers live in Boston?\n"
                           "SELECT name FROM customers WHERE city = 'Boston'; -- noqa: SIV001\n")
    assert [f for f in quiet.findings if f.code in ("SIV001", "SIN001")] == []
    none = eng.check_text("SELECT name FROM customers;\n")
    assert eng.verdict(none.document.statements[0]) is None


def test_no_verdict_without_the_detector(shop, tmp_path):
    c = Config(database=str(shop))
    c.verdict.path = str(tiny_model(tmp_path))
    eng = Engine(c, detector=None)
    res = eng.check_text("-- intent: how many customers are there?\nSELECT name FROM customers;\n")
    assert [f for f in res.findings if f.code == "SIV001"] == []
    v = eng.verdict(res.document.statements[0])
    assert v is None or v.probability is None


def test_hover_shows_the_verdict_of_the_statement(shop, tmp_path):
    from sqlintent.document import parse_document
    from sqlintent.server.hover import verdict_markdown

    eng = engine(shop, tiny_model(tmp_path))
    text = "-- intent: how many customers live in Boston?\nSELECT name FROM customers WHERE city = 'Boston';\n"
    doc = parse_document(text)
    # before a check has scored the statement the hover reads nothing, and runs no model
    assert verdict_markdown(eng, doc, text.index("city")) is None
    assert eng.model_pending(doc.statements[0])
    eng.check_text(text)  # what the editor's check does first
    md = verdict_markdown(eng, doc, text.index("city"))
    assert md.startswith("**verdict** ") and "chance that this query does what its intent says" in md
    assert "the error detector alone: 20%" in md and "the intent says 'how many' and the query has no COUNT" in md
    assert verdict_markdown(eng, parse_document("SELECT 1;\n"), 3) is None
    for internal in ("logit", "[CLS]", "head", "query structure", "Pulled down"):  # the model's own terms
        assert internal not in md


def test_rerank_orders_candidates_by_the_verdict(shop, tmp_path):
    from sqlintent.rerank import rerank

    eng = Engine(fake_config(shop, tiny_model(tmp_path)), detector=FakeDetector())
    ranked = rerank("How many customers are there?", ["SELECT name FROM customers", "SELECT count(*) FROM customers"],
                    "rr", engine=eng)
    assert [r.sql for r in ranked] == ["SELECT count(*) FROM customers", "SELECT name FROM customers"]
    assert ranked[0].original_rank == 1 and ranked[0].detector_score == pytest.approx(0.9)
    assert ranked[0].to_dict()["detector_score"] == pytest.approx(0.9)


def scored_records(n: int, fired_rate: float, fired_factor: float) -> list[dict]:
    """Synthetic training records over 30 databases: the score is the probability of being right, times
    ``fired_factor`` where the rule SIP001 fired (on a share ``fired_rate`` of the records)."""
    rng = np.random.default_rng(0)
    recs = []
    for i in range(n):
        s = float(rng.random())
        fired = float(rng.random() < fired_rate)
        recs.append({"features": {"model.score": s, "rule.SIP001": fired}, "db_id": f"db{i % 30}",
                     "label": int(rng.random() < s * (fired_factor if fired else 1.0)), "source": "synthetic"})
    return recs


@pytest.mark.training
def test_fit_calibrates_and_reports_ece(tmp_path):
    pytest.importorskip("sklearn")
    from sqlintent_lab.verdict.train import ece, fit

    model, rep = fit(scored_records(1500, fired_rate=0.1, fired_factor=1.0))  # the rule says nothing here
    assert rep["validation"]["auc"] > 0.7
    assert rep["validation"]["ece"] < 0.06
    assert model.calibration["kind"] == "isotonic"
    assert ece([1, 0], [1.0, 0.0]) == 0.0 and ece([1, 1], [0.5, 0.5]) == 0.5


def test_shipped_verdict_loads_and_ranks_a_right_query_above_a_wrong_one(shop):
    from sqlintent.verdict.model import default_model_path

    if not default_model_path().is_file():
        pytest.skip("no shipped verdict.json")
    pytest.importorskip("onnxruntime")
    eng = Engine(Config(database=str(shop)))
    res = eng.check_text("-- intent: How many products are there?\nSELECT count(*) FROM products;\n"
                         "-- intent: How many products are there?\nSELECT name, price FROM products ORDER BY price;\n")
    right, wrong = (eng.verdict(s) for s in res.document.statements)
    assert right.probability > wrong.probability
    assert 0.0 <= wrong.probability <= 1.0


def _parse(sql):
    from sqlintent import sqlast

    return sqlast.parse(sql, "sqlite")


@pytest.mark.training
def test_verdict_train_command_writes_model_ablations_report_and_plot(tmp_path, lab_cli):
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(1)
    lines = []
    for i in range(400):
        wrong = rng.random() < 0.5
        score = float(np.clip(rng.normal(0.3 if wrong else 0.7, 0.2), 0, 1))
        findings = [{"code": "SIR001", "confidence": 0.8, "severity": "warning"}] if wrong and rng.random() < 0.4 else []
        lines.append(json.dumps({
            "id": f"p{i}", "source": "spider_real" if i % 2 else "maple_spider", "db_id": f"db{i % 12}",
            "intent": "How many singers are there?", "sql": "SELECT count(*) FROM singer" if not wrong
            else "SELECT name FROM singer", "label": int(not wrong), "database": None, "schema": None,
            "inputs": {"findings": findings, "score": score, "score_cls": score, "graph": True,
                       "normalised": None, "has_database": bool(i % 2), "has_schema": True}}))
    inputs = tmp_path / "inputs.jsonl"
    inputs.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    proc = lab_cli("verdict", "train", "--inputs", str(inputs), "--out-model", str(tmp_path / "v.json"),
               "--out-dir", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "full:" in proc.stderr and "validation 400 pairs" in proc.stderr
    model = VerdictModel.load(tmp_path / "v.json")
    assert "model.score" in model.names and "rule.SIR001" in model.names
    assert model.calibration["kind"] == "isotonic" and model.meta["validation"]["pairs"] == 400
    report = json.loads((out / "report.json").read_text())
    assert set(report["ablations"]) == {"full", "no_model", "no_signals"}
    assert report["ablations"]["full"]["validation"]["auc"] > 0.8
    assert (out / "verdict_no_model.json").is_file() and (out / "verdict_no_signals.json").is_file()
    nm = VerdictModel.load(out / "verdict_no_model.json")
    assert not any(n.removeprefix("db.").startswith("model.") for n in nm.names)


def test_no_verdict_with_another_detector_than_it_was_trained_with(shop, tmp_path):
    det = FakeDetector()
    det.config = {"exported_at": "2030-01-01T00:00:00Z"}
    path = tiny_model(tmp_path, trained={"detector_exported_at": "2026-11-22T17:20:45Z"})
    c = fake_config(shop, path)
    res = Engine(c, detector=det).check_text("-- intent: how many customers?\nSELECT name FROM customers;\n")
    assert [f for f in res.findings if f.code == "SIV001"] == []
    det.config = {"exported_at": "2026-11-22T17:20:45Z"}
    res = Engine(c, detector=det).check_text("-- intent: how many customers?\nSELECT name FROM customers;\n")
    assert [f.code for f in res.findings if f.code == "SIV001"] == ["SIV001"]


def test_rerank_cli_orders_by_the_verdict_and_keeps_the_raw_score(shop, tmp_path, cli):
    from sqlintent.verdict.model import default_model_path

    if not default_model_path().is_file():
        pytest.skip("no shipped verdict.json")
    pytest.importorskip("onnxruntime")
    cands = tmp_path / "c.txt"
    cands.write_text("SELECT name FROM products\nSELECT count(*) FROM products\n")
    proc = cli("rerank", "--question", "How many products are there?", "--candidates", str(cands),
               "--db", str(shop), "--method", "rr", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["by"] == "verdict" and len(out["ranked"]) == 2
    probs = [r["score"] for r in out["ranked"]]
    assert probs == sorted(probs, reverse=True) and all(0 <= p <= 1 for p in probs)
    assert all("detector_score" in r for r in out["ranked"])
    # ranks count from 1 in JSON as in the text output, and the text output agrees with the JSON
    assert [r["rank"] for r in out["ranked"]] == [1, 2] and sorted(r["original_rank"] for r in out["ranked"]) == [1, 2]
    text = cli("rerank", "--question", "How many products are there?", "--candidates", str(cands),
               "--db", str(shop), "--method", "rr").stdout
    first = next(ln for ln in text.splitlines() if ln.strip().startswith("1 "))
    assert first.rstrip().endswith(out["ranked"][0]["sql"]) or out["ranked"][0]["sql"] in first
    raw = json.loads(cli("rerank", "--question", "How many products are there?", "--candidates", str(cands),
                         "--by", "model", "--method", "rr", "--format", "json").stdout)
    assert raw["by"] == "model" and all("detector_score" not in r for r in raw["ranked"])


def test_eval_detect_scores_with_the_verdict_and_caches_its_inputs(tmp_path, lab_cli):
    from sqlintent.verdict.model import default_model_path

    if not default_model_path().is_file():
        pytest.skip("no shipped verdict.json")
    pytest.importorskip("onnxruntime")
    db_dir = tmp_path / "dbs"
    build_shop((db_dir / "shop").mkdir(parents=True) or db_dir / "shop" / "shop.sqlite")
    rows = [("How many products are there?", "SELECT count(*) FROM products", ["SELECT count(*) FROM products"]),
            ("How many products are there?", "SELECT count(*) FROM products", ["SELECT name FROM products"]),
            ("Names of customers in Boston", "SELECT name FROM customers WHERE city = 'Boston'",
             ["SELECT name FROM customers WHERE city = 'Boston'"]),
            ("Names of customers in Boston", "SELECT name FROM customers WHERE city = 'Boston'",
             ["SELECT name FROM customers WHERE city = 'boston'"]),
            ("What is the most expensive product?", "SELECT name FROM products ORDER BY price DESC LIMIT 1",
             ["SELECT name FROM products ORDER BY price DESC LIMIT 1"]),
            ("What is the most expensive product?", "SELECT name FROM products ORDER BY price DESC LIMIT 1",
             ["SELECT name FROM products ORDER BY price LIMIT 1"])]
    data = tmp_path / "eval.jsonl"
    data.write_text("".join(json.dumps({"id": f"e{i}", "db_id": "shop", "question": q, "gold": g, "candidates": c}) + "\n"
                            for i, (q, g, c) in enumerate(rows)))
    cache, out = tmp_path / "cache.jsonl", tmp_path / "m.json"
    args = ("eval", "detect", "--data", str(data), "--db-dir", str(db_dir), "--verdict", "--verdict-cache", str(cache),
            "--out", str(out), "--quiet")
    proc = lab_cli(*args)
    assert proc.returncode == 0, proc.stderr
    m = json.loads(out.read_text())["files"][0]["metrics"]
    assert m["verdict"]["n"] == 6 and 0 <= m["verdict"]["auc"] <= 1
    assert m["verdict"]["calibration"]["flagged"] >= 0 and "ece" in m["verdict"]["calibration"]
    assert len(cache.read_text().splitlines()) == 6
    first = m["verdict"]["auc"]
    assert lab_cli(*args).returncode == 0  # a second run reads the cache: nothing new is computed
    assert len(cache.read_text().splitlines()) == 6
    assert json.loads(out.read_text())["files"][0]["metrics"]["verdict"]["auc"] == first


def test_isotonic_map_is_clipped_to_its_supported_range(tmp_path):
    m = VerdictModel.load(tiny_model(tmp_path, calibration={"kind": "isotonic", "x": [0.0, 0.5, 0.99, 1.0],
                                                            "y": [0.0, 0.5, 0.8, 1.0], "clip": [0.05, 0.8]}))
    assert m.probability({"model.score": 2.0}) == pytest.approx(0.8, abs=1e-4)  # raw 1.0: the map says 1.0
    assert m.probability({"model.score": -1.0}) == pytest.approx(0.05, abs=1e-4)


def test_a_rule_the_verdict_never_saw_moves_nothing_until_it_is_retrained():
    codes = ["SIP001", "SIR001"]
    seen = finding_features([{"code": "SIP001", "confidence": 0.7, "severity": "warning"}], codes)
    with_new = finding_features([{"code": "SIP001", "confidence": 0.7, "severity": "warning"},
                                 {"code": "SIL001", "confidence": 0.9, "severity": "warning"}], codes)
    assert seen == with_new and with_new["findings.count"] == 1 and "rule.SIL001" not in with_new


def test_reasons_quote_the_intents_words_and_name_only_evidence_present(shop, tmp_path):
    """A reason is something true of this statement, said once: a feature at 0 (the query has its COUNT)
    is no reason even though its centred term is negative, and two terms that read the same are one."""
    model = tiny_model(tmp_path, features=["model.score", "db.model.score", "match.order_missing",
                                           "match.count_missing", "intent.order"],
                       mean=[0.5, 0.5, 0.5, 0.5, 0.5], scale=[0.25, 0.25, 0.5, 0.5, 0.5],
                       coef=[0.5, 0.5, -1.0, 1.0, -1.0])
    eng = engine(shop, model)
    text = ("-- intent: how many items does each order contain? List them in descending order.\n"
            "SELECT count(*) FROM customers;\n")
    (f,) = [x for x in eng.check_text(text, "q.sql").findings if x.code == "SIV001"]
    labels = [r["label"] for r in f.data["reasons"]]
    assert "the intent says 'in descending order' and the query has no ORDER BY" in labels
    assert "the intent's wording ('in descending order')" in labels
    assert not any("COUNT" in lb for lb in labels)  # the query counts: count_missing is 0
    assert not any("=" in lb for lb in labels)  # no raw feature values
    assert len(labels) == len(set(labels))
    assert sum("error detector" in lb for lb in labels) <= 1


def test_an_order_the_intent_names_is_no_ordering_it_asks_for(shop, tmp_path):
    """'each order' is the noun (a purchase): the bundled example said "the intent says 'order' and the query
    has no ORDER BY" for "the name of the customer who placed each order"."""
    model = tiny_model(tmp_path, features=["model.score", "match.order_missing", "intent.order", "intent.words"],
                       mean=[0.5, 0.5, 0.5, 0.0], scale=[0.25, 0.5, 0.5, 1.0], coef=[0.5, -1.0, -1.0, -2.0])
    eng = engine(shop, model)
    for intent in ("how many items does each order contain?", "the name of the customer who placed each order",
                   "the order id of the latest order"):
        findings = eng.check_text(f"-- intent: {intent}\nSELECT count(*) FROM customers;\n", "q.sql").findings
        (f,) = [x for x in findings if x.code == "SIV001"]
        labels = [r["label"] for r in f.data["reasons"]]
        assert not any("order" in lb.lower() for lb in labels), (intent, labels)  # may be none: said nothing


@pytest.mark.training
def test_boosted_trees_score_as_scikit_learn_does_and_explain_themselves(tmp_path):
    """The trees verdict: exported node tables scored with numpy give scikit-learn's decision function (after
    a JSON round trip), and each feature's share adds up with the trees' mean output to the logit."""
    pytest.importorskip("sklearn")
    from sklearn.ensemble import GradientBoostingClassifier

    from sqlintent_lab.verdict.boost import export

    rng = np.random.default_rng(3)
    X = rng.normal(size=(1500, 4))
    X[:, 3] = rng.random(1500) < 0.2  # a 0/1 feature, as a rule's firing
    y = ((X[:, 0] + X[:, 1] * X[:, 2] - 2 * X[:, 3] + rng.normal(size=1500)) > 0).astype(int)
    clf = GradientBoostingClassifier(n_estimators=40, max_depth=3, learning_rate=0.1, min_samples_leaf=20,
                                     subsample=0.8, random_state=1).fit(X, y)
    names = ["model.score", "sql.tokens", "sql.joins", "rule.SIR001"]
    model = VerdictModel.from_dict(json.loads(json.dumps(export(clf, X, names).to_dict())))
    assert model.kind == "trees"
    Z = rng.normal(size=(300, 4))
    Z[:, 3] = rng.random(300) < 0.5
    assert np.abs(model.logit(Z) - clf.decision_function(Z)).max() < 1e-6
    row = dict(zip(names, Z[0]))
    shares = model.contributions(row)
    root = model.intercept + model.trees.value[:, 0].sum()
    assert sum(shares.values()) + root == pytest.approx(float(clf.decision_function(Z[:1])[0]), abs=1e-6)
    # the rule's firing pulls towards "wrong" (it was drawn so), and a feature no split reads has no share
    assert model.contributions(dict(row, **{"rule.SIR001": 1.0}))["rule.SIR001"] < 0
    broken = model.to_dict()
    broken["trees"]["left"][0][0] = 10_000
    with pytest.raises(ValueError, match="outside its table"):
        VerdictModel.from_dict(broken)
    broken = model.to_dict()
    broken["trees"]["value"][0][1] = float("nan")
    with pytest.raises(ValueError, match="not a number"):
        VerdictModel.from_dict(broken)
    # a depth past any path (a hand-edited file) is cut to the node count, not looped over
    deep = VerdictModel.from_dict(dict(model.to_dict(), trees=dict(model.to_dict()["trees"], depth=10**12)))
    assert deep.trees.depth == model.trees.value.shape[1]
    assert deep.logit(Z[:5]) == pytest.approx(model.logit(Z[:5]))


@pytest.mark.training
def test_verdict_train_with_trees_writes_a_trees_model(tmp_path):
    pytest.importorskip("sklearn")
    from sqlintent_lab.verdict.train import fit

    model, rep = fit(scored_records(1200, fired_rate=0.15, fired_factor=0.3), learner="trees")
    assert model.kind == "trees" and rep["learner"] == "trees"
    assert rep["validation"]["auc"] > 0.7 and rep["validation"]["ece"] < 0.08
    assert model.probability({"model.score": 0.9}) > model.probability({"model.score": 0.9, "rule.SIP001": 1.0})


@pytest.mark.training
def test_validation_splits_pairs_by_where_their_detector_score_came_from():
    """Inputs of `verdict oof-merge` say where each pair's detector score came from (a cross-fitting run, or the
    installed detector on a database it never read); the nested-CV figures are given for each, beside the
    detector score's own AUC, so a verdict on out-of-fold scores can be checked where the product's scores are."""
    pytest.importorskip("sklearn")
    from sqlintent_lab.verdict.train import fit

    recs = scored_records(900, fired_rate=0.1, fired_factor=1.0)
    for i, r in enumerate(recs):
        r["score_from"] = "detector" if i % 3 == 0 else f"oof:{i % 2}"
    _, rep = fit(recs)
    by = rep["validation"]["by_score_from"]
    assert set(by) == {"detector", "oof"}
    assert by["detector"]["pairs"] == 300 and by["oof"]["pairs"] == 600
    assert by["detector"]["auc"] > 0.7 and by["detector"]["auc_model_alone"] > 0.7
    _, plain = fit(scored_records(900, fired_rate=0.1, fired_factor=1.0))
    assert "by_score_from" not in plain["validation"]  # ordinary inputs: no such split


def test_rerank_puts_a_candidate_that_is_not_one_statement_last_and_reports_bad_lines(shop, tmp_path, cli):
    """'q; DROP TABLE t' scored as its first statement ranked as high as q itself; a candidates string was
    ranked as its characters; one malformed line stopped every other question."""
    from sqlintent.verdict.model import default_model_path

    if not default_model_path().is_file():
        pytest.skip("no shipped verdict.json")
    pytest.importorskip("onnxruntime")
    lines = tmp_path / "c.jsonl"
    good = {"id": "ok", "question": "How many products are there?",
            "candidates": ["SELECT count(*) FROM products; DROP TABLE products", "SELECT count(*) FROM products"]}
    lines.write_text("\n".join([json.dumps(good), "not json",
                                json.dumps({"id": "s", "question": "q", "candidates": "SELECT 1"}),
                                json.dumps({"id": "n", "question": None, "candidates": ["SELECT 1"]})]) + "\n")
    proc = cli("rerank", "--jsonl", "--candidates", str(lines), "--db", str(shop), "--method", "rr")
    assert proc.returncode == 2
    (out,) = [json.loads(x) for x in proc.stdout.splitlines()]
    assert out["id"] == "ok"
    assert [r["sql"] for r in out["ranked"]][-1].endswith("DROP TABLE products")
    assert out["ranked"][-1]["score"] == 0.0
    for n, why in ((2, "not JSON"), (3, "a list of SQL strings"), (4, "non-empty string 'question'")):
        assert f"line {n}: " in proc.stderr and why in proc.stderr
    bad = cli("rerank", "--jsonl", "--candidates", str(lines), "--threshold", "nan")
    assert bad.returncode == 2 and "between 0 and 1" in bad.stderr
