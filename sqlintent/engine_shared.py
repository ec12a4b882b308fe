"""What lives as long as an engine and every statement context carries (``ctx.shared``): its collaborators'
caches, each a typed field instead of a string key in a dict.

The engine (:class:`sqlintent.engine.Engine`) makes one; a :class:`~sqlintent.analyzers.base.StatementContext`
made without one gets a fresh one. What the engine's own parts hold is in their attributes, not here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class EngineShared:
    #: the detector's :class:`~sqlintent.detector.scoring.StatementScorer` (made by ``scoring.scorer_for`` on
    #: first use; SIM001 and the verdict read the scores through it)
    detector_scorer: Any = None
    #: the database front ends' parsers (:func:`sqlintent.frontend.cached`: key -> (schema, pid, front end))
    frontends: dict = field(default_factory=dict)
    #: the signal rules' value-to-column indexes, per database (:mod:`sqlintent.analyzers.signals_util.values`)
    value_indexes: dict = field(default_factory=dict)
    #: the signal rules' join graphs, per schema object (:mod:`sqlintent.analyzers.signals_util.joingraph`)
    join_graphs: dict = field(default_factory=dict)
    #: the intent's schema vocabulary, per schema object (:mod:`sqlintent.intent.schema_link`)
    intent_vocabulary: dict = field(default_factory=dict)
    #: the templater's dbt projects and work folders (:func:`sqlintent.templating.prepare`)
    templates: dict = field(default_factory=dict)
    #: the language server's hover samples (:mod:`sqlintent.server.schema_hover`)
    hover_samples: dict = field(default_factory=dict)
    #: the oracle guard of the hidden-values modes (:func:`sqlintent.engine.oracle.guard_for`): which columns
    #: may be probed and how many data findings each has given this run
    oracle_guard: Any = None
