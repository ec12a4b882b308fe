"""Structural, value-grounded rewrites of gold queries: the synthetic half of the detector's training data.

Naive edits (swap a column, flip an operator) teach a detector which edit was made, not whether a query fits
its question (``docs/DETECTOR.md`` of the shared material: AUC 0.46-0.48 on real parser output). The rewrites
here imitate what real parsers get wrong, and most of them are *sometimes* right: whether a rewrite still
answers the question depends on the data, so every candidate is labelled by execution against the gold, and
the same kind of edit yields both correct and wrong queries.

Each rewriter takes a :class:`Context` (the gold, parsed after :func:`normalise_sql`, so every column is
``table.column`` and no table has an alias; the question; the schema with keys; a value probe on the
database) and returns ``[(kind, sql), ...]``. Kinds are ``family.variant``:

- ``join.extra_parent`` / ``join.extra_child`` (join one more table along a foreign key, N:1 or 1:N),
  ``join.drop`` (drop a table used only to filter through its join), ``join.wrong_key`` (join on another
  column pair of matching type);
- ``setop.drop_branch`` (keep one branch of UNION/INTERSECT/EXCEPT), ``setop.and_to_intersect``,
  ``setop.or_to_union``, ``setop.intersect_to_and``, ``setop.union_to_or``, ``setop.except_to_not_in``;
- ``subq.in_to_join`` / ``subq.join_to_in`` (IN-subquery against JOIN);
- ``superl.limit_to_minmax`` / ``superl.minmax_to_limit`` (ORDER BY ... LIMIT 1 against a MIN/MAX subquery);
- ``group.id_to_name`` / ``group.name_to_id`` (grouping by name instead of id and back);
- ``select.add_column`` / ``select.drop_column`` / ``select.join_partner`` (select the joined key of the
  other table);
- ``value.question_form`` (the literal as the question words it: 'African' for 'Africa'; also as
  ``LIKE '%African%'``: ``value.question_form_like``),
  ``value.like`` (``= 'v'`` as ``LIKE '%v%'``), ``value.other_value`` (another value of the same column);
- ``filter.sibling_column`` (the literal compared with another column of the tables in scope that holds
  it), ``filter.join_partner`` (the filter moved across a join key), ``filter.drop_condition``;
- ``distinct.add`` / ``distinct.drop``; ``agg.count_variant`` (``COUNT(*)``, ``COUNT(col)``,
  ``COUNT(DISTINCT col)``).

Data v3 adds the mistakes of :mod:`.mistakes` (``mistake.*`` kinds, ``MISTAKE_REWRITERS``).

The NL2SQL-Bugs taxonomy (attribute, table, value, condition, function, clause, subquery, join, set
operation mistakes) served as the checklist.
"""
from __future__ import annotations

import random
from typing import Callable

from sqlintent_lab.model_export.synth.base import Context, SchemaInfo, ValueProbe, _parse
from sqlintent_lab.model_export.synth.mistakes import MISTAKE_REWRITERS
from sqlintent_lab.model_export.synth.structure import (group_rewrites, join_rewrites, select_rewrites,
                                                    setop_rewrites, subquery_rewrites, superlative_rewrites)
from sqlintent_lab.model_export.synth.values import agg_rewrites, distinct_rewrites, filter_rewrites, value_rewrites

REWRITERS: tuple[Callable[[Context], None], ...] = (
    join_rewrites, setop_rewrites, subquery_rewrites, superlative_rewrites, group_rewrites, select_rewrites,
    value_rewrites, filter_rewrites, distinct_rewrites, agg_rewrites,
)


def rewrites(gold_normalised: str, question: str, schema: SchemaInfo, probe: ValueProbe | None,
             rng: random.Random, rewriters: tuple[Callable[[Context], None], ...] = REWRITERS,
             ) -> list[tuple[str, str]]:
    """All rewrites of one (normalised) gold query: ``[(kind, sql), ...]``, duplicates and the gold removed.
    ``rewriters``: the v2 set (default) or data v3's :data:`MISTAKE_REWRITERS`."""
    from sqlglot.errors import SqlglotError

    try:
        tree = _parse(gold_normalised)
    except (SqlglotError, ValueError):
        return []
    ctx = Context(gold_normalised, tree, question, schema, probe, rng)
    for fn in rewriters:
        try:
            fn(ctx)
        except (SqlglotError, ValueError, AttributeError, TypeError, IndexError, KeyError):
            continue
    seen = {gold_normalised}
    out = []
    for kind, sql in ctx.out:
        if sql not in seen:
            seen.add(sql)
            out.append((kind, sql))
    return out


__all__ = ["Context", "MISTAKE_REWRITERS", "REWRITERS", "SchemaInfo", "ValueProbe", "rewrites"]
