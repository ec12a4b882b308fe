"""The rule registry: one module per rule, listed here in the order rules run.

Each module defines ``RULE`` (see :mod:`sqlintent.analyzers.base`). Engine-level rules live in
``engine_rules``. Codes are permanent: a renamed rule keeps its old code in ``aliases``.
"""
from __future__ import annotations

import importlib
from functools import lru_cache

from sqlintent.analyzers.base import Rule, RuleSet, explain

RULE_MODULES: tuple[str, ...] = (
    "syntax_error",
    "missing_semicolon",
    "unknown_table",
    "unknown_column",
    "ambiguous_column",
    "missing_intent",
    "join_predicate",
    "join_tree",
    "join_condition",
    "empty_predicate",
    "value_case",
    "abnormal_result",
    "subquery_filter",
    "not_in_null",
    "unnecessary_subqueries",
    "standalone_group_by",
    "label_grouping",
    "outer_join_count",
    "value_ambiguity",
    "table_similarity",
    "align_count",
    "align_superlative",
    "align_comparison",
    "align_group_count",
    "align_values",
    "align_distinct",
    "align_negation",
    "align_order",
    "align_join_duplicates",
    "align_ranking_measure",
    "align_set_words",
    "align_negated_membership",
    "align_aggregate",
    "align_ranking",
    "align_count_distinct",
    "detector_score",
)


@lru_cache(maxsize=1)
def all_rules() -> RuleSet:
    from sqlintent.analyzers.engine_rules import RULES as ENGINE_RULES

    rules = [importlib.import_module(f"sqlintent.analyzers.{m}").RULE for m in RULE_MODULES]
    rules.extend(ENGINE_RULES)
    seen: dict[str, str] = {}
    for r in rules:
        for code in (r.code, *r.aliases):
            if code in seen:
                raise RuntimeError(f"rule code {code} used twice ({seen[code]}, {r.name})")
            seen[code] = r.name
    return RuleSet(rules)


def get_rule(code: str) -> Rule | None:
    return all_rules().by_code(code)


__all__ = ["Rule", "RuleSet", "all_rules", "explain", "get_rule", "RULE_MODULES"]
