"""The engine's verdict step: after every rule has run on a statement, fuse the detector's score with the
other findings into one calibrated probability, and report SIV001 when it is low.

The engine calls :func:`engine_step` with the statement context, the statement's findings and what the step
reads of the engine, named: the verdict model, the detector, SIV001's severity, the threshold, and whether a
database was read. It returns a :class:`Verdict` (kept by the engine for the hover) and, when the
probability is under the model's threshold, appends one finding whose related clauses are the reasons that
pull the probability down most, each pointing at the finding or clause that produced it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from sqlintent.findings import Clause, Finding, Severity, Span
from sqlintent.verdict.features import all_features, cue_words

REASONS = 3


@dataclass
class VerdictInputs:
    """What the verdict reads of one statement (also what ``sqlintent-lab verdict collect`` stores)."""

    findings: list[dict]  # {"code", "confidence", "severity"} of the statement's other findings
    score: float | None
    score_cls: float | None
    graph: bool | None
    normalised: str | None
    has_database: bool
    has_schema: bool

    def to_dict(self) -> dict:
        return {"findings": self.findings, "score": self.score, "score_cls": self.score_cls, "graph": self.graph,
                "normalised": self.normalised, "has_database": self.has_database, "has_schema": self.has_schema}


@dataclass
class Verdict:
    probability: float | None  # None when no verdict model is loaded
    features: dict[str, float]
    inputs: VerdictInputs
    reasons: list[tuple[str, float]] = field(default_factory=list)  # (feature, logit term), most negative first


def load_model(config, reporter, rule, unavailable_rule):
    """The verdict model ``config`` asks for, or None: ``rule`` (SIV001) not enabled in ``reporter`` (the
    engine's :class:`sqlintent.engine.report.Reporter`), or no model; a broken file, whatever is wrong with it,
    is one ``unavailable_rule`` (SIM002) finding for the run, reported through ``reporter``."""
    if not reporter.enabled(rule.code):
        return None
    from sqlintent.verdict.model import load_default

    try:
        return load_default(config.resolve(config.verdict.path) if config.verdict.path else None)
    except Exception as exc:  # noqa: BLE001 - the file may come from the checkout: any shape of it
        reporter.report_run(unavailable_rule, f"the verdict model is unavailable ({exc}); {rule.code} is skipped")
        return None


#: the model finding folded into SIV001: not reported beside a verdict; its clause attribution goes into
#: SIV001's explanation, and a noqa or config naming it names SIV001 (engine.noqa.code_matches)
FOLDED = {"SIM001": "SIV001"}


def fold_model_finding(out: list[Finding], verdict: "Verdict | None") -> list[Finding]:
    """``out`` with the detector's own finding (SIM001) folded into the verdict's: at most one model finding
    per statement. Where no verdict was computed (no verdict model, another detector) SIM001 stays."""
    if verdict is None or verdict.probability is None:
        return out
    sim = next((f for f in out if f.code in FOLDED), None)
    if sim is None:
        return out
    kept = [f for f in out if f.code not in FOLDED]
    at = next((i for i, f in enumerate(kept) if f.code == FOLDED[sim.code]), None)
    if at is not None:
        siv = kept[at]
        doubt = sim.message.split("; ", 1)[1] if "; " in sim.message else ""
        data = {**siv.data, "detector": {"code": sim.code, "score": sim.data.get("score"),
                                         "clauses": sim.data.get("clauses", [])}}
        kept[at] = replace(siv, message=siv.message + (f"; the error detector {doubt.removeprefix('it ')}"
                                                        if doubt else ""),
                           related=siv.related + tuple(c for c in sim.related if c not in siv.related), data=data)
    return kept


def engine_step(ctx, out: list[Finding], rule, *, model, detector, severity: Severity, threshold: float,
                has_database: bool, show_below: float = 1.0) -> "Verdict | None":
    """Run the verdict on a checked statement: append ``rule`` (SIV001, at ``severity``) to ``out`` when the
    probability is under ``threshold``; return the verdict. ``out`` holds the statement's findings of both
    phases; ``model``: the verdict model (None: no probability, the features only); ``detector``: the
    engine's detector (the verdict abstains when it is not the one the model was trained with);
    ``has_database``: whether the engine read a database for the statement (the model phase's context
    holds none)."""
    try:
        verdict, f = run_verdict(ctx, out, model, rule, severity, threshold, detector=detector,
                                 has_database=has_database, show_below=show_below)
    except Exception as exc:  # noqa: BLE001 - a verdict bug must not hide the rules' findings
        from sqlintent.db.errors import printable  # a database's message quotes values
        verdict, f = None, Finding(rule.code, rule.name, f"internal error in {rule.code}: {printable(exc)}",
                                   Span(0, max(1, len(ctx.sql))), Severity.INFO, data={"internal_error": True})
    if f is not None:
        out.append(f)
    return verdict


def same_detector(model, detector) -> bool:
    """False when the detector in use is not the one the verdict was trained with (by export time)."""
    want = (model.meta.get("trained") or {}).get("detector_exported_at")
    try:
        have = detector.config.get("exported_at") if detector is not None else None
    except Exception:  # noqa: BLE001 - an unreadable config is the detector's own finding
        return True
    return want is None or have is None or want == have


def model_score(ctx):
    """The detector's result for the statement, read the way SIM001 reads it (``statement_score``: cached
    per intent and query, batched by the engine's prefetch), so the model runs once per statement."""
    from sqlintent.detector.scoring import statement_score

    try:
        return statement_score(ctx)
    except Exception:  # noqa: BLE001 - the model failing must not hide the other findings
        return None


def gather(ctx, findings: list[Finding], has_database: bool) -> VerdictInputs:
    """What the verdict reads of one statement: its findings, the detector's result, its sources."""
    res = model_score(ctx)
    fs = [{"code": f.code, "confidence": round(float(f.confidence), 4), "severity": f.severity.value}
          for f in findings]
    return VerdictInputs(fs, None if res is None else float(res.score), None if res is None else float(res.score_cls),
                         None if res is None else bool(res.graph), None if res is None else res.sql_text,
                         bool(has_database), ctx.schema is not None)


def features_of(ctx, inputs: VerdictInputs, codes=None) -> dict[str, float]:
    """The verdict's features of a statement (its intent, text and tree) and what :func:`gather` read."""
    return all_features(intent=ctx.intent, sql=ctx.sql, tree=ctx.tree, findings=inputs.findings,
                        has_database=inputs.has_database, has_schema=inputs.has_schema, score=inputs.score,
                        score_cls=inputs.score_cls, graph=inputs.graph, normalised=inputs.normalised, codes=codes)


def model_codes(model) -> list[str] | None:
    """The rule codes a shipped verdict was trained with (None: every registered rule)."""
    if model is None:
        return None
    return [n[5:] for n in model.names if n.startswith("rule.")] or None


def run_verdict(ctx, findings: list[Finding], model, rule, severity: Severity, threshold: float = 0.5, *,
                detector, has_database: bool, show_below: float = 1.0) -> tuple[Verdict, Finding | None]:
    """(the verdict, the finding or None): :func:`engine_step` without the guard and the append. The
    finding has ``severity`` when the probability is under ``show_below`` (``verdict.show_below``: where its
    precision was measured to be 60% or more), and is a hint otherwise (kept in JSON and the hover, not shown
    by default)."""
    inputs = gather(ctx, findings, has_database)
    feats = features_of(ctx, inputs, model_codes(model))
    if model is None or inputs.score is None or not same_detector(model, detector):
        # the verdict was trained on one detector's scores, always present: without them (model off or
        # unavailable) or with another detector's, there is no calibrated verdict to give
        return Verdict(None, feats, inputs), None
    p = model.probability(feats)
    # without a database every db.* feature is 0 and its term says "no database was read", not what the
    # feature measures with one (the detector's score, the query's structure ...): name it so
    nodb = not inputs.has_database
    # a reason is evidence present in this statement: a feature at 0 still has a term (features are
    # centred on the training mean) but "the query has no COUNT" is not a reason when the query has one
    terms = sorted((("src.no_database" if nodb and n.startswith("db.") else n, t)
                    for n, t in model.contributions(feats).items()
                    if t < 0 and (feats.get(n, 0) != 0 or (nodb and n.startswith("db.")))), key=lambda x: x[1])
    verdict = Verdict(p, feats, inputs, terms)
    if p >= threshold:
        return verdict, None
    whole = ctx.whole_span()
    related = []
    reasons = []
    seen: set[str] = set()
    for name, term in distinct_terms(terms):
        if not is_plain_reason(name, inputs):
            continue  # the model's own terms (feature values, its second head) say nothing a reader can act on
        label, span = describe(name, feats, findings, ctx, inputs)
        if label in seen:  # two terms that read the same in words are one reason
            continue
        seen.add(label)
        if len(seen) > REASONS:
            break
        related.append(Clause(label, span or whole))
        reasons.append({"feature": name, "term": round(term, 4), "label": label,
                        **({"start": span.start, "end": span.end} if span else {})})
    why = "; ".join(r["label"] for r in reasons)
    message = f"the verdict gives this query a {p:.0%} chance of doing what its intent says" + (
        f" ({why})" if why else "")
    # anchored on the clause of the strongest reason that has one (the whole statement when none has)
    anchor = next((Span(r["start"], r["end"]) for r in reasons if "start" in r), whole)
    shown = severity if p < show_below else Severity.HINT
    f = Finding(rule.code, rule.name, message, anchor, shown, confidence=round(1.0 - p, 4), related=tuple(related),
                data={"probability": round(p, 4), "threshold": threshold, "show_below": show_below,
                      "reasons": reasons, "score": inputs.score})
    return verdict, f


_PLAIN_PREFIXES = ("rule.", "conf.", "match.", "intent.")
_PLAIN_NAMES = {"model.score", "src.no_database", "src.no_schema"}


def is_plain_reason(name: str, inputs: VerdictInputs) -> bool:
    """Whether a verdict term can be told to a reader as a reason: a rule that fired on the statement, an
    intent phrase the query does not answer, the detector's doubt, a missing database or schema. Feature
    values (query length, counts of clauses, the detector's second head, the number of other findings) are
    how the model weighs evidence, not evidence a reader can check, so they are never given as reasons."""
    bare = name.removeprefix("db.")
    if bare.startswith(("rule.", "conf.")):
        code = bare.split(".", 1)[1]
        return any(f.get("code") == code for f in inputs.findings)
    if bare in ("intent.words", "intent.number", "intent.quoted"):  # its length, a digit: not a phrase to check
        return False
    if bare == "model.score":  # a reason only where the detector itself doubts the query
        doubts = inputs.score is not None and inputs.score < 0.5
        return doubts or any(f.get("code") == "SIM001" for f in inputs.findings)
    return bare.startswith(_PLAIN_PREFIXES) or bare in _PLAIN_NAMES or name in _PLAIN_NAMES


def distinct_terms(terms: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Terms merged by what they describe (``x`` and ``db.x``; ``rule.C`` and ``conf.C``), most negative first."""
    merged: dict[str, tuple[str, float]] = {}
    for name, t in terms:
        base = name.removeprefix("db.").replace("conf.", "rule.")
        prev = merged.get(base)
        merged[base] = (name if prev is None else prev[0], t + (prev[1] if prev else 0.0))
    return sorted(merged.values(), key=lambda x: x[1])


_MATCH = {  # {w}: the intent's words that set the feature (the verdict's word lists, not the intent model)
    "match.count_missing": ("count", "the intent says {w} and the query has no COUNT"),
    "match.count_unasked": (None, "the query counts but the intent has no word asking how many"),
    "match.superlative_missing": ("superlative", "the intent says {w} and the query has no ORDER BY, LIMIT, MIN or MAX"),
    "match.average_missing": ("average", "the intent says {w} and the query has no AVG"),
    "match.sum_missing": ("sum", "the intent says {w} and the query has no SUM"),
    "match.negation_missing": ("negation", "the intent says {w} and the query has no NOT, EXCEPT or !="),
    "match.order_missing": ("order", "the intent says {w} and the query has no ORDER BY"),
    "match.distinct_missing": ("distinct", "the intent says {w} and the query has no DISTINCT or GROUP BY"),
    "match.each_missing": ("each", "the intent says {w} and the query has no GROUP BY"),
    "match.group_unasked": (None, "the query groups but the intent has no word asking for a per-group answer"),
}


def _quoted(words: list[str]) -> str:
    return ", ".join(f"'{w}'" for w in words[:3]) if words else "a word of this kind"


_OTHER = {"model.graph": "the detector read the query's parse tree", "model.missing": "no detector score",
          "findings.count": "other findings on this statement: {n:g}", "src.no_schema": "no schema was read"}


def _other(name: str, feats: dict) -> str:
    return _OTHER[name].format(n=feats.get(name, 0))


def match_reason(name: str, intent: str | None) -> str:
    key, text = _MATCH[name]
    return text.format(w=_quoted(cue_words(key, intent))) if key else text


def intent_reason(name: str, value: float, intent: str | None) -> str:
    """An ``intent.*`` feature in words: the length, or the words of the intent that set it."""
    key = name[len("intent."):]
    if key == "words":
        return f"the intent's length ({value:g} words)"
    if key == "number":
        return "the intent names a number" if value else "the intent names no number"
    if key == "quoted":
        return "the intent quotes a value" if value else "the intent quotes no value"
    words = cue_words(key, intent)
    if value and words:
        return f"the intent's wording ({_quoted(words)})"
    return f"the intent has no {key.replace('_', ' ')} word"


def describe(name: str, feats: dict, findings: list[Finding], ctx, inputs: VerdictInputs) -> tuple[str, Span | None]:
    """A reason in words and the span of what produced it (a finding's span, a clause, or None)."""
    bare = name.removeprefix("db.")
    if bare.startswith(("rule.", "conf.")):
        code = bare.split(".", 1)[1]
        f = next((x for x in findings if x.code == code), None)
        if f is not None:
            return f"{code} {f.name}: {f.message}", f.span
        return reason_words(name, feats, inputs, ctx.intent, fired=False), None
    span = _clause_for(bare, ctx) if bare in _MATCH or bare.startswith("sql.") else None
    return reason_words(name, feats, inputs, ctx.intent), span


_CLAUSE = {"count": "SELECT", "average": "SELECT", "sum": "SELECT", "columns_out": "SELECT",
           "order": "ORDER BY", "superlative": "ORDER BY", "limit": "LIMIT", "distinct": "SELECT",
           "each": "GROUP BY", "group": "GROUP BY", "joins": "FROM", "tables": "FROM", "negation": "WHERE",
           "conditions": "WHERE"}


def _clause_for(name: str, ctx) -> Span | None:
    try:
        from sqlintent.detector.explain import clause_spans

        spans = dict(clause_spans(ctx.sql, ctx.dialect or "sqlite"))
    except Exception:  # noqa: BLE001
        return None
    key = name.split(".", 1)[1]
    for part, label in _CLAUSE.items():
        if part in key and label in spans:
            return spans[label]
    return None


def reason_words(name: str, feats: dict, inputs: VerdictInputs, intent: str | None,
                 fired: bool | None = None) -> str:
    """A reason in words: the one wording of both the finding (:func:`describe`, which adds the span and the
    rule's message) and the hover (:func:`describe_reason`, from a stored verdict). ``fired``: whether the
    rule of a ``rule.``/``conf.`` feature fired (None: read it from the inputs' findings)."""
    name = name.removeprefix("db.")
    if name.startswith(("rule.", "conf.")):
        code = name.split(".", 1)[1]
        from sqlintent.analyzers import get_rule

        r = get_rule(code)
        if fired is None:
            fired = any(f["code"] == code for f in inputs.findings)
        return f"{code} {r.name if r else ''}".strip() + ("" if fired else " did not fire")
    if name in _OTHER:
        return _other(name, feats)
    if name.startswith("model."):
        if inputs.score is None:
            return "no detector score"
        if name == "model.cls":
            return f"the error detector gives it a {inputs.score_cls:.0%} chance"
        return f"the error detector gives it a {inputs.score:.0%} chance (SIM001)"
    if name in _MATCH:
        return match_reason(name, intent)
    if name == "src.no_database":
        return "no database: the data checks could not run"
    if name.startswith("sql."):
        return f"query structure: {name[4:].replace('_', ' ')} = {feats.get(name, 0):g}"
    if name.startswith("intent."):
        return intent_reason(name, feats.get(name, 0), intent)
    return name


def describe_reason(name: str, verdict: Verdict, intent: str | None = None) -> str | None:
    """A reason in words from a stored verdict (for the hover, where the finding objects are not at hand), or
    None when the term is not a reason a reader can check (:func:`is_plain_reason`)."""
    if not is_plain_reason(name, verdict.inputs):
        return None
    return reason_words(name, verdict.features, verdict.inputs, intent)
