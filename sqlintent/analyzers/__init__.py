"""The rule registry: one module per rule, listed here in the order rules run.

Each module defines ``RULE`` (see :mod:`sqlintent.analyzers.base`). Engine-level rules live in
``engine_rules``. Codes are permanent: a renamed rule keeps its old code in ``aliases``.
"""
from __future__ import annotations

import importlib
from functools import lru_cache

from sqlintent.analyzers.base import Rule, RuleSet, explain

RULE_MODULES: tuple[str, ...] = (
    "statement.sis001_syntax_error",
    "statement.sis005_missing_semicolon",
    "schema.sis002_unknown_table",
    "schema.sis003_unknown_column",
    "schema.sis004_ambiguous_column",
    "schema.sis007_database_refused",
    "statement.sii001_missing_intent",
    "signals.sij001_incorrect_join_predicate",
    "signals.sij002_suboptimal_join_tree",
    "signals.sij003_join_without_condition",
    "signals.sip001_empty_predicate",
    "signals.sip002_value_case_mismatch",
    "signals.sir001_abnormal_result",
    "signals.siq001_multi_row_subquery_filter",
    "signals.siq003_not_in_null",
    "signals.siq002_unnecessary_subqueries",
    "signals.sig001_standalone_group_by",
    "signals.sig002_label_not_unique",
    "signals.sig003_outer_join_count",
    "signals.sia001_value_ambiguity",
    "signals.sia002_table_similarity",
    "semantic.sie001_constant_condition",
    "semantic.sie002_null_comparison",
    "semantic.sie003_degenerate_join",
    "semantic.sie004_and_or_precedence",
    "semantic.sie005_uncorrelated_exists",
    "semantic.sie006_aggregate_distinct",
    "semantic.sie007_fan_out_aggregate",
    "semantic.sie008_bare_column",
    "semantic.sie009_left_join_nullified",
    "semantic.sie010_integer_division",
    "semantic.sie011_wildcard_without_like",
    "semantic.sie012_group_by_optional_side",
    "semantic.sie013_date_integer_arithmetic",
    "alignment.sil001_count_asked_rows_returned",
    "alignment.sil002_superlative_mismatch",
    "alignment.sil003_comparison_mismatch",
    "alignment.sil004_per_group_mismatch",
    "alignment.sil005_intent_value_missing",
    "alignment.sil006_distinct_asked_duplicates_returned",
    "alignment.sil007_negation_missing",
    "alignment.sil008_order_mismatch",
    "alignment.sil009_join_duplicates",
    "alignment.sil010_ranking_measure_selected",
    "alignment.sil011_set_word_mismatch",
    "alignment.sil012_row_negation_for_property",
    "alignment.sil013_aggregate_mismatch",
    "alignment.sil014_ranking_incomplete",
    "alignment.sil015_count_distinct_mismatch",
    "alignment.sil016_date_range_end",
    "model.sim001_low_intent_match",
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
