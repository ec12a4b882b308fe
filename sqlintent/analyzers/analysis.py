"""The per-statement analyses rules share, declared once on :class:`~sqlintent.analyzers.base.StatementContext`.

Several rules read the same derived view of a statement: the database's verdict on its names, the resolver's
name resolution, the signals' query model, the intent facts. Each is declared on the context as an
:class:`Analysis` with the function below that computes it, and read as an attribute::

    ctx.names_verdict   # sqlintent.frontend.Verdict | None: the database front end's verdict on the names
    ctx.resolution      # sqlintent.analyzers.resolve.Resolution: tables and columns, resolved (SIS002-SIS004)
    ctx.query_model     # signals_util.query.QueryModel | None: SELECT blocks, sources, predicates (SIJ, SIP ...)
    ctx.intent_facts    # sqlintent.intent.align.Facts | None: what the query does, in the intent model's terms

An analysis is computed on first use and then kept for the statement (one context per statement and phase);
it cannot be assigned. To add one: write its function here (a function of the context) and declare it in
the class body of ``StatementContext`` beside the others.

No lock: the engine runs a statement's rules in a worker it may abandon at the analysis deadline
(:func:`sqlintent.limits.run_bounded`), and a lock that worker still held would stall the engine's own
thread. Two threads asking at once may both compute an analysis (a pure function of the statement); the
first result stored is the one every reader gets. ``functools.cached_property`` is not used either: on
Python 3.11 it holds one lock for every instance, so one slow analysis would stall every other statement's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar, overload

if TYPE_CHECKING:  # pragma: no cover
    from sqlintent.analyzers.base import StatementContext
    from sqlintent.analyzers.resolve import Resolution
    from sqlintent.analyzers.signals_util.query import QueryModel
    from sqlintent.frontend import Verdict
    from sqlintent.intent.align import Facts

T = TypeVar("T")


class Analysis(Generic[T]):
    """A derived analysis of a statement, declared as a class attribute of the context: reading it computes
    ``compute(ctx)`` once per context and returns the same object afterwards."""

    def __init__(self, compute: Callable[[Any], T]):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, ctx: None, owner: type | None = None) -> "Analysis[T]": ...

    @overload
    def __get__(self, ctx: object, owner: type | None = None) -> T: ...

    def __get__(self, ctx, owner=None):
        if ctx is None:
            return self
        store = vars(ctx)  # a data descriptor: the instance's entry is storage, never looked up past us
        try:
            return store[self.name]
        except KeyError:
            pass
        return store.setdefault(self.name, self.compute(ctx))  # a racing thread's result, if it stored first

    def __set__(self, ctx: object, value: object) -> None:
        raise AttributeError(f"the statement's {self.name} is computed on first use, not assigned")

    def computed(self, ctx: object) -> bool:
        """Whether the analysis was computed for ``ctx`` already (for tests and debugging)."""
        return self.name in vars(ctx)


def names_verdict(ctx: "StatementContext") -> "Verdict | None":
    """The database's own verdict on the statement's tables and columns (:func:`sqlintent.frontend.names_verdict`);
    None where no database front end applies or the dialect's database library is not installed."""
    from sqlintent.frontend import names_verdict as ask

    try:
        verdict = ask(ctx.sql, ctx.dialect, ctx.schema, ctx.database, ctx.shared.frontends)
    except ImportError:
        return None
    if verdict is not None and verdict.cause:  # the database could not be asked: the statement is unchecked
        from sqlintent.analyzers.base import ProbeFailure

        ctx.probe_failures.append(ProbeFailure("SIS007", f"the database could not judge it: {verdict.message}",
                                               cause=verdict.cause))
    return verdict


def resolution(ctx: "StatementContext") -> "Resolution":
    """The statement's name resolution (:func:`sqlintent.analyzers.resolve.resolve`), shared by the schema rules."""
    from sqlintent.analyzers.resolve import resolve

    return resolve(ctx.tree, ctx.schema, ctx.dialect, ctx.sql)


def query_model(ctx: "StatementContext") -> "QueryModel | None":
    """The signals' query model (:func:`sqlintent.analyzers.signals_util.query.build`): None without a tree
    or a schema."""
    if ctx.tree is None or ctx.schema is None:
        return None
    from sqlintent.analyzers.signals_util.query import build

    return build(ctx.tree, ctx.schema)


def intent_facts(ctx: "StatementContext") -> "Facts | None":
    """What the query does in the intent model's terms (:func:`sqlintent.intent.align.facts_of`): None
    without a tree or for a statement that is no query."""
    from sqlintent.intent.align import facts_of

    return facts_of(ctx.tree)


def declared(owner: type) -> dict[str, Analysis]:
    """The analyses a context class declares, by name."""
    return {name: a for klass in reversed(owner.__mro__) for name, a in vars(klass).items()
            if isinstance(a, Analysis)}
