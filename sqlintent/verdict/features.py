"""The verdict's features for one statement: computed from what ``check`` already knows about it.

Every feature is a number keyed by name (a dict); the shipped model lists the names it reads, and a name
it does not know counts as 0, so a rule added later simply gets a column when the verdict is retrained.

Groups (prefix of the name):

* ``model.*``: the detector's graph-head score, its encoder-only ([CLS]) head, whether the graph path ran,
  and ``model.missing`` when no score exists (model off or unavailable);
* ``rule.CODE`` / ``conf.CODE``: whether rule CODE reported the statement and its highest confidence, for
  every rule of the registry (read generically) except the verdict itself and the raw model rule;
  ``findings.count``: how many (severities are settings, so they are not read);
* ``src.*``: what the check could read: ``src.no_database`` (probes could not run) and ``src.no_schema``;
  a rule that needs the database cannot fire without one, so "no database" is a value of its own, not
  zero evidence;
* ``sql.*``: query structure (tables, joins, nesting, aggregates, set operations, length ...);
* ``intent.*``: what the intent asks for (a count, a superlative, a negation ...), and ``match.*``: whether
  the query does what those words ask for (a count asked and no COUNT, ...);
* ``db.<name>``: every feature above except the rules' again, times "a database was read", so the model
  can weigh the same evidence differently with and without the data (chosen by cross-validation over
  training databases: AUC 0.755 without, 0.785 with; docs/verdict.md).
"""
from __future__ import annotations

import re
from typing import Iterable

SKIP_CODES = frozenset({"SIV001", "SIM001", "SIM002", "SID001", "SIN001", "SII001"})

_WORD = re.compile(r"[A-Za-z]+|\d+(?:\.\d+)?")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_LEXICON = {
    "count": r"\bhow many\b|\bnumber of\b|\bcount\b|\bhow much\b",
    "superlative": r"\b(most|least|highest|lowest|largest|smallest|biggest|maximum|minimum|max|min|top|best|"
                   r"worst|oldest|youngest|earliest|latest|longest|shortest|fewest|greatest|first|last)\b|\w+est\b",
    "negation": r"\bnot\b|\bno\b|\bnever\b|\bwithout\b|\bexcept\b|\bexcluding\b|n't\b|\bnone\b|\bother than\b",
    "average": r"\baverage\b|\bmean\b|\bavg\b",
    "sum": r"\btotal\b|\bsum\b|\baltogether\b",
    # an ordering asked for, not the noun ("each order", "the order id"): "in (alphabetical) order", "ordered
    # by", "order by", a sentence that starts "Order ...", "and order the ...", sort, ascending, ...
    "order": r"\bin (?:\w+ )?order\b|\border(?:ed)? by\b|(?:^|[.?!;,]\s*)order\b(?!\s+(?:ids?|details|items?|"
             r"status|date)\b)|\b(?:and|then) order (?:the|them|it|all)\b|\bsort\w*\b|\bascending\b|\bdescending\b|"
             r"\balphabetical\w*\b|\branked\b",
    "distinct": r"\bdifferent\b|\bdistinct\b|\bunique\b",
    "each": r"\beach\b|\bevery\b|\bper\b|\bfor all\b",
    "both": r"\bboth\b|\band also\b",
    "either": r"\beither\b|\bor\b",
    "compare": r"\bmore than\b|\bless than\b|\bgreater\b|\bfewer\b|\bat least\b|\bat most\b|\babove\b|\bbelow\b|"
               r"\bover\b|\bunder\b|\bbefore\b|\bafter\b|\bbetween\b",
    "percent": r"\bpercent\w*\b|\bratio\b|\bproportion\b|\brate\b|%",
    "list": r"\blist\b|\bshow\b|\bgive\b|\bfind\b|\bwhat\b|\bwhich\b|\bwho\b",
}
_LEX = {k: re.compile(v, re.I) for k, v in _LEXICON.items()}


def cue_words(key: str, intent: str | None) -> list[str]:
    """The intent's words that set ``intent.<key>`` (distinct, in order), for explanations."""
    rx = _LEX.get(key)
    if rx is None or not intent:
        return []
    seen: list[str] = []
    for m in rx.finditer(intent):
        w = m.group(0).strip(" \t\n.?!;,")
        if w.lower() not in (x.lower() for x in seen):
            seen.append(w)
    return seen


def intent_features(intent: str | None) -> dict[str, float]:
    text = intent or ""
    out = {"intent.words": float(len(_WORD.findall(text)))}
    for k, rx in _LEX.items():
        out[f"intent.{k}"] = float(bool(rx.search(text)))
    out["intent.number"] = float(bool(re.search(r"\d", text)))
    out["intent.quoted"] = float(bool(re.search(r"['\"][^'\"]+['\"]", text)))
    return out


def sql_features(tree, sql: str, normalised: str | None = None) -> dict[str, float]:
    """Structure of a parsed query (``tree``: sqlglot expression; None when it does not parse)."""
    from sqlglot import exp

    out: dict[str, float] = {"sql.parsed": float(tree is not None),
                             "sql.tokens": float(len(_TOKEN.findall(normalised or sql)))}
    if tree is None:
        return out
    selects = list(tree.find_all(exp.Select))
    tables = {t.name.lower() for t in tree.find_all(exp.Table)}
    aggs = list(tree.find_all(exp.AggFunc))

    def depth(node) -> int:
        d, p = 0, node.parent
        while p is not None:
            if isinstance(p, (exp.Select, exp.Subquery)) and not isinstance(p, exp.Union):
                d += isinstance(p, exp.Select)
            p = p.parent
        return d

    out.update({
        "sql.tables": float(len(tables)),
        "sql.joins": float(len(list(tree.find_all(exp.Join)))),
        "sql.selects": float(len(selects)),
        "sql.nesting": float(max((depth(s) for s in selects), default=0)),
        "sql.aggregates": float(len(aggs)),
        "sql.count": float(any(isinstance(a, exp.Count) for a in aggs)),
        "sql.avg": float(any(isinstance(a, exp.Avg) for a in aggs)),
        "sql.sum": float(any(isinstance(a, exp.Sum) for a in aggs)),
        "sql.minmax": float(any(isinstance(a, (exp.Max, exp.Min)) for a in aggs)),
        "sql.group_by": float(any(s.args.get("group") for s in selects)),
        "sql.having": float(any(s.args.get("having") for s in selects)),
        "sql.order_by": float(tree.find(exp.Order) is not None),
        "sql.limit": float(tree.find(exp.Limit) is not None),
        "sql.distinct": float(tree.find(exp.Distinct) is not None),
        "sql.setops": float(len(list(tree.find_all(exp.Union, exp.Intersect, exp.Except)))),
        "sql.except_or_not": float(tree.find(exp.Except, exp.Not, exp.NEQ) is not None),
        "sql.conditions": float(len(list(tree.find_all(exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE,
                                                       exp.Like, exp.In, exp.Between)))),
        "sql.literals": float(len(list(tree.find_all(exp.Literal)))),
        "sql.columns_out": float(len(selects[0].expressions) if isinstance(tree, exp.Select) else
                                 len(tree.selects) if hasattr(tree, "selects") else 0),
        "sql.star": float(tree.find(exp.Star) is not None),
    })
    return out


def match_features(i: dict[str, float], s: dict[str, float]) -> dict[str, float]:
    """Words of the intent the query does not honour (and the reverse), as 0/1."""
    if not s.get("sql.parsed"):
        return {}
    sup = s.get("sql.limit", 0) or s.get("sql.minmax", 0)
    return {
        "match.count_missing": float(i["intent.count"] and not s["sql.count"]),
        "match.count_unasked": float(s["sql.count"] and not i["intent.count"]),
        "match.superlative_missing": float(i["intent.superlative"] and not sup and not s["sql.order_by"]),
        "match.average_missing": float(i["intent.average"] and not s["sql.avg"]),
        "match.sum_missing": float(i["intent.sum"] and not s["sql.sum"] and not s["sql.count"]),
        "match.negation_missing": float(i["intent.negation"] and not s["sql.except_or_not"]),
        "match.order_missing": float(i["intent.order"] and not s["sql.order_by"]),
        "match.distinct_missing": float(i["intent.distinct"] and not s["sql.distinct"] and not s["sql.group_by"]),
        "match.each_missing": float(i["intent.each"] and not s["sql.group_by"]),
        "match.group_unasked": float(s["sql.group_by"] and not i["intent.each"] and not i["intent.superlative"]),
    }


def finding_features(findings: Iterable, codes: Iterable[str] | None = None) -> dict[str, float]:
    """``rule.CODE`` (0/1) and ``conf.CODE`` (highest confidence) for every code of ``codes`` (default: every
    registered rule), and ``findings.count``: how many findings of those rules. A shipped model passes the
    codes it was trained with, so a rule added since (until the verdict is retrained) moves nothing."""
    if codes is None:
        from sqlintent.analyzers import all_rules

        codes = [r.code for r in all_rules().rules]
    codes = [c for c in codes if c not in SKIP_CODES]
    known = set(codes)
    out = {}
    for c in codes:
        out[f"rule.{c}"] = 0.0
        out[f"conf.{c}"] = 0.0
    count = 0.0
    for f in findings:
        code, conf, _severity = _finding_tuple(f)
        if code not in known:  # the verdict itself, the raw model, run-level notes, rules the model never saw
            continue
        out[f"rule.{code}"] = 1.0
        out[f"conf.{code}"] = max(out.get(f"conf.{code}", 0.0), float(conf))
        count += 1.0
    # how many findings, not their severities: a severity is a setting (per rule, per project) and a
    # policy that changes, so it must not move the verdict
    out["findings.count"] = count
    return out


def _finding_tuple(f) -> tuple[str, float, str]:
    if isinstance(f, dict):
        return f["code"], f.get("confidence", 1.0), f.get("severity", "info")
    return f.code, f.confidence, f.severity.value


def model_features(score: float | None, score_cls: float | None, graph: bool | None) -> dict[str, float]:
    if score is None:
        return {"model.missing": 1.0, "model.score": 0.0, "model.cls": 0.0, "model.graph": 0.0}
    return {"model.missing": 0.0, "model.score": float(score),
            "model.cls": float(score if score_cls is None else score_cls), "model.graph": float(bool(graph))}


def all_features(*, intent: str | None, sql: str, tree, findings: Iterable, has_database: bool,
                 has_schema: bool, score: float | None = None, score_cls: float | None = None,
                 graph: bool | None = None, normalised: str | None = None,
                 codes: Iterable[str] | None = None) -> dict[str, float]:
    i = intent_features(intent)
    s = sql_features(tree, sql, normalised)
    out = {**model_features(score, score_cls, graph), **finding_features(findings, codes), **i, **s,
           **match_features(i, s)}
    out["src.no_database"] = float(not has_database)
    out["src.no_schema"] = float(not has_schema)
    # the same evidence weighs differently with and without a database (probes ran or could not): each
    # non-rule feature also enters as ``db.<name>``, its value when a database was read and 0 otherwise
    for n, v in list(out.items()):
        if not n.startswith(("rule.", "conf.", "src.", "findings.")):
            out["db." + n] = v if has_database else 0.0
    return out
