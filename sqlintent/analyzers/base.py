"""Rules, the context a rule sees, and the renderer of rule explanations.

A rule is a module under ``sqlintent.analyzers`` that defines ``RULE = Rule(...)``. Its docstring is the
rule's documentation, with the sections ``What it does``, ``Why is this bad?``, ``Example``, ``Use instead``
and ``Fix safety`` (headings ending in a colon on their own line); :func:`explain` renders it for the CLI's
``rule`` command, hover, SARIF and the docs alike.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from sqlintent.analyzers import analysis
from sqlintent.analyzers.analysis import Analysis
from sqlintent.engine_shared import EngineShared
from sqlintent.findings import Clause, ErrorReport, Finding, Fix, Severity, Span

if TYPE_CHECKING:  # pragma: no cover
    from sqlintent.config import Config
    from sqlintent.db.base import Database
    from sqlintent.document import Statement
    from sqlintent.schema.model import Schema

# the repository ([project.urls] Homepage in pyproject.toml; a test keeps the two equal). Rule links point
# at the rule's heading in its docs/rules.md, unless $SQLINTENT_DOCS_URL names a site: a template with
# {code}, {name} and {anchor}, e.g. "https://docs.example.com/rules/{code}.html"
REPOSITORY_URL = "https://github.com/sqlintent/sqlintent"
RULES_PAGE = "docs/rules.md"
SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety")


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    check: Callable[["StatementContext"], Iterable[Finding]] | None
    doc: str
    severity: Severity = Severity.WARNING
    default_enabled: bool = True
    needs: frozenset[str] = frozenset()  # "schema", "database", "model", "intent"
    aliases: tuple[str, ...] = ()  # old codes that still select / suppress this rule

    @property
    def summary(self) -> str:
        return _sections(self.doc).get("summary", "")

    @property
    def measured(self) -> dict | None:
        """This rule's measured precision and gold firing rate (:mod:`sqlintent.analyzers.policy`)."""
        from sqlintent.analyzers.policy import measured

        return measured(self.code)

    @property
    def anchor(self) -> str:
        """The GitHub anchor of the rule's heading in docs/rules.md (``### SIS003 unknown-column``)."""
        return f"{self.code.lower()}-{self.name}"

    @property
    def help_uri(self) -> str:
        import os

        site = os.environ.get("SQLINTENT_DOCS_URL")
        if site:
            return site.format(code=self.code, name=self.name, anchor=self.anchor)
        return f"{REPOSITORY_URL}/blob/main/{RULES_PAGE}#{self.anchor}"

    def sections(self) -> dict[str, str]:
        return _sections(self.doc)


def _sections(doc: str) -> dict[str, str]:
    lines = (doc or "").strip("\n").splitlines()
    out: dict[str, list[str]] = {"summary": []}
    current = "summary"
    for ln in lines:
        head = ln.strip().rstrip(":")
        if head in SECTIONS:
            current = head
            out[current] = []
            continue
        out[current].append(ln)
    return {k: _dedent("\n".join(v)).strip("\n") for k, v in out.items()}


def _dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text)


def explain(rule: Rule, *, markdown: bool = False) -> str:
    """The full explanation of a rule, as plain text or Markdown."""
    sec = rule.sections()
    parts = []
    if markdown:
        parts.append(f"### {rule.code} {rule.name}\n\n{sec.get('summary', '')}")
        for name in SECTIONS:
            if sec.get(name):
                body = sec[name]
                if name in ("Example", "Use instead"):
                    body = "```sql\n" + body.strip() + "\n```"
                parts.append(f"**{name}**\n\n{body}")
        parts.append(f"Default severity: {rule.severity.value}. [Documentation]({rule.help_uri})\n\n"
                     f"{_measured(rule, markdown=True)}")
    else:
        parts.append(f"{rule.code} {rule.name}\n\n{sec.get('summary', '')}")
        for name in SECTIONS:
            if sec.get(name):
                parts.append(f"{name}{'' if name.endswith('?') else ':'}\n" + "\n".join("    " + ln for ln in sec[name].splitlines()))
        parts.append(f"Default severity: {rule.severity.value}" +
                     ("" if rule.default_enabled else " (off unless selected)") + f"\n{_measured(rule)}\n{rule.help_uri}")
    return "\n\n".join(parts).strip() + "\n"


def _measured(rule: Rule, markdown: bool = False) -> str:
    from sqlintent.analyzers.policy import measured_line

    return measured_line(rule.code, markdown=markdown)


def rule_examples(rule: Rule) -> tuple[str, str]:
    """The documented bad and good examples (run as tests)."""
    sec = rule.sections()
    return sec.get("Example", ""), sec.get("Use instead", "")


_UNPARSED = object()


@dataclass
class ProbeFailure:
    rule: str
    message: str
    refused: str | None = None  # what the guard refused (a function, a command, a path): never run
    cause: str = ""  # why the check could not run (sqlintent.db.refusal: timeout, privilege, unclassified)


class ProbeBudget:
    """The time a file's probes may take together (``probes.file_timeout_ms``), shared by its statements."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.spent = 0.0

    def left(self) -> float:
        return self.seconds - self.spent


class StatementContext:
    """What a rule sees: one statement, its intent, the schema, the database (when probes are on), config.

    Spans a rule reports are offsets into ``self.sql``; the engine moves them into the document. The
    analyses several rules share are declared below (:mod:`sqlintent.analyzers.analysis`): each is computed
    once per statement, on first use, and read as an attribute (``ctx.resolution``).
    """

    names_verdict = Analysis(analysis.names_verdict)
    resolution = Analysis(analysis.resolution)
    query_model = Analysis(analysis.query_model)
    intent_facts = Analysis(analysis.intent_facts)

    def __init__(self, sql: str, *, intent: str | None, config: "Config", schema: "Schema | None",
                 database: "Database | None" = None, detector: Any = None, shared: EngineShared | None = None,
                 statement: "Statement | None" = None):
        self.sql = sql
        self.intent = intent
        self.config = config
        self.schema = schema
        self.database = database
        self.detector = detector
        self.shared = shared if shared is not None else EngineShared()  # the engine's caches
        self.statement = statement
        self.probe_failures: list[ProbeFailure] = []
        self.parse_error = None
        self._tree = _UNPARSED
        self._trees: list = []  # every statement the parse read (the probe guard reuses them)
        self._probe_timed_out = False
        self._probe_spent = 0.0  # seconds the statement's probes have taken (they share probes.timeout_ms)
        self.file_budget: ProbeBudget | None = None  # the file's probes together (probes.file_timeout_ms)
        self._probes: dict[str, tuple] = {}  # probe text -> (result, None) or (None, exception)
        self.not_analysed: str | None = None  # why the database reads the statement and sqlintent cannot
        # findings as an oracle (sqlintent.engine.oracle): the engine's guard, the columns the statement reads,
        # the rules that read data through a probe, and whether the guard kept a probe from running
        self.oracle = None
        self.oracle_reads: frozenset = frozenset()
        self.probed_rules: set[str] = set()
        self.oracle_blocked = False

    @property
    def probe_timed_out(self) -> bool:
        """Whether one of the statement's probes ran past its time limit (:meth:`probe`): its findings may
        then differ on another run, so the engine does not store them in the persistent cache."""
        return self._probe_timed_out

    @property
    def dialect(self) -> str:
        return self.config.dialect

    @property
    def tree(self):
        """The sqlglot tree, or None when the statement does not parse (the syntax rule reports it) or the
        engine gave up on it (too deep, too slow: see :meth:`skip_parse`).

        Cached by hand: a ``functools.cached_property`` holds one lock for every instance on Python 3.11,
        so one slow parse would stall every other statement's.
        """
        if self._tree is _UNPARSED:
            from sqlintent import sqlast

            try:
                self._trees = sqlast.parse_trees(self.sql, self.dialect)
                self._tree = self._trees[0]
            except sqlast.SqlSyntaxError as exc:
                engine, native = self._native_syntax_error()
                self._tree = None
                if engine and native is None:  # the database reads it and sqlglot cannot: no error, no tree
                    self.not_analysed = (f"not analysed: {engine} accepts it, but sqlintent's parser cannot read "
                                         f"it ({exc.message})")
                    return None
                # where both stop at the same place sqlglot's message is the more telling one; elsewhere
                # the database knows better where its own syntax breaks (SELEKT, not the FROM after it)
                same = native is not None and native.span.start < exc.span.end and exc.span.start < native.span.end
                if same and engine not in exc.message:  # the database's own words beside sqlglot's
                    exc = sqlast.SqlSyntaxError(f"{exc.message}; {native.message}", exc.span)
                self.parse_error = exc if native is None or same else native
            else:
                _engine, native = self._native_syntax_error()  # sqlglot reads more than the database accepts
                if native is not None:
                    self.parse_error, self._tree, self._trees = native, None, []
        return self._tree

    def _native_syntax_error(self):
        """(engine, error): the database's own verdict on the statement's syntax (:mod:`sqlintent.frontend`),
        for files of its dialect checked against a database of that dialect or none; engine is "" where no
        database parser can be asked (another dialect, a database of another dialect, pglast not installed)."""
        if self.database is not None and self.database.dialect != self.dialect:
            return "", None
        if self.dialect == "sqlite":
            from sqlintent import sqlite_syntax

            return "SQLite", sqlite_syntax.check(self.sql)
        if self.dialect == "duckdb":
            try:
                from sqlintent.frontend.duckdb import syntax_error

                return "DuckDB", syntax_error(self.sql, self.shared.frontends)
            except ImportError:
                return "", None
        if self.dialect == "postgres":
            from sqlintent.frontend.postgres import syntax_error

            try:
                import pglast  # noqa: F401
            except ImportError:
                return "", None
            return "PostgreSQL", syntax_error(self.sql)
        return "", None

    def parsed(self) -> tuple[str, str, tuple] | None:
        """(text, sqlglot dialect, trees): the statement as parsed, for the probe guard (which would parse
        the same text the same way: :func:`sqlintent.db.guard.ensure_select`); None before a parse, or when
        it failed or was skipped. Read it before any rule runs: rules may change the tree."""
        if self._tree is _UNPARSED or self._tree is None:
            return None
        from sqlintent import sqlast

        return self.sql, sqlast.dialect_name(self.dialect), tuple(self._trees)

    def parse_copy(self) -> list | None:
        """Copies of the trees of a parse that found nothing wrong, for a later context of the same statement
        (:meth:`adopt_parse`), or None (not parsed, or a problem found). Take it before any rule runs."""
        if self._tree is _UNPARSED or self._tree is None or self.parse_error is not None or self.not_analysed:
            return None
        return [t.copy() for t in self._trees]

    def adopt_parse(self, trees: list) -> None:
        """Take ``trees`` (:meth:`parse_copy` of a context of the same text and dialect, whose database's
        dialect, if it had one, was this dialect: the same syntax checks ran) as this statement's parse."""
        if self._tree is _UNPARSED and trees:
            self._trees, self._tree = list(trees), trees[0]

    def skip_parse(self) -> None:
        """Rules see no tree (the engine reports why) and the statement is never parsed."""
        self._tree = None

    def probe(self, rule: Rule, sql: str):
        """Run a read-only probe for ``rule``; None (and one informational finding) when it fails.

        A statement runs each probe text once: several rules run the statement itself (SIR001, SIL001,
        SIL006, SIL009), and the second gets the first one's result (or failure) instead of running it again,
        so an expensive statement (an empty result of a long JOIN chain: SQLite reads the product of the
        joined tables before it knows) costs one probe, not one per rule.

        The statement's probes share one time limit, ``probes.timeout_ms``: each runs with what its
        predecessors left, so a statement's probes together take at most about that long, however many
        distinct probes its rules ask for (a hostile statement cannot make each of them stop just under it)."""
        if self.database is None:
            return None
        from sqlintent.db import NotReadOnlyError, ProbeRefused, QueryTimeout

        from sqlintent.limits import paused

        if self.oracle is not None and self._oracle_refuses(rule, sql):
            return None
        done = self._probes.get(sql)  # a probe that ran before a timeout still answers the rules that ask
        if self._probe_timed_out and (done is None or isinstance(done[1], QueryTimeout)):
            return None  # after one probe of a statement ran past its timeout, its others are not run
        if done is None:
            budget = self.config.probes.timeout_ms / 1000
            left = budget - self._probe_spent
            file_left = self.file_budget.left() if self.file_budget is not None else left
            if file_left <= 0:
                done = (None, QueryTimeout(f"the file's probes used their {self.file_budget.seconds:g} s "
                                           "(probes.file_timeout_ms)"))
            elif left <= 0:
                done = (None, QueryTimeout(f"the statement's probes used their {budget:g} s (probes.timeout_ms)"))
            else:
                left = min(left, file_left)
                started = time.monotonic()
                try:
                    with paused():  # probes have their own limit: not charged to the statement's analysis deadline
                        done = (self.database.run_select(sql, timeout_s=left, max_rows=self.config.probes.max_rows),
                                None)
                except Exception as exc:  # reported below, for this rule and any other that asks again
                    done = (None, exc)
                took = time.monotonic() - started
                self._probe_spent += took
                if self.file_budget is not None:
                    self.file_budget.spent += took
            self._probes[sql] = done
        result, exc = done
        if exc is None:
            self.probed_rules.add(rule.code)  # its findings depend on the data
            return result
        if isinstance(exc, QueryTimeout):
            self._probe_timed_out = True  # a statement's probes cost at most about one timeout
            self.probe_failures.append(ProbeFailure(rule.code, f"{rule.name}: probe skipped: {exc}", cause="timeout"))
        elif isinstance(exc, ProbeRefused):
            self.probe_failures.append(ProbeFailure(rule.code, str(exc), refused=exc.what))
        elif isinstance(exc, NotReadOnlyError):
            self.probe_failures.append(ProbeFailure(rule.code, f"{rule.name}: probe refused: {exc}",
                                                    cause="unclassified"))
        else:  # the database rejected the probe: the rule cannot judge. Its class, never its message (it
            # quotes the values it rejected: sqlintent.db.errors); whether sqlintent could ask at all from
            # sqlintent.db.refusal (a time-out or a missing grant leaves the statement unchecked)
            from sqlintent.db.errors import describe
            from sqlintent.db.refusal import describe as refusal

            cause = refusal(exc).cause
            cause = cause if cause in ("timeout", "privilege") else "unclassified"
            msg = describe(exc, self.database.dialect)
            self.probe_failures.append(ProbeFailure(rule.code, f"{rule.name}: probe failed: {msg}", cause=cause))
        return None

    def _oracle_refuses(self, rule: Rule, sql: str) -> bool:
        """With stored values hidden, whether the guard keeps this probe from reading a column (one that
        looks secret, or one whose findings reached their cap this run); the first time a column is kept
        from a run, the statement's SIX002 says why."""
        hit = self.oracle.blocked(self.oracle_reads | self.oracle.reads(sql))
        if hit is None:
            return False
        self.oracle_blocked = True
        said = self.oracle.refusal(*hit)
        if said is not None:
            self.probe_failures.append(ProbeFailure(rule.code, said[0], refused=said[1]))
        return True

    def finding(self, rule: Rule, span: Span, message: str, *, confidence: float = 1.0,
                fix: Fix | None = None, report: ErrorReport | None = None,
                related: Iterable[Clause] = (), data: dict | None = None) -> Finding:
        return Finding(code=rule.code, name=rule.name, message=message, span=span, severity=rule.severity,
                       confidence=confidence, fix=fix, report=report, related=tuple(related),
                       data=data or {})

    def whole_span(self) -> Span:
        return Span(0, max(1, len(self.sql)))


@dataclass
class RuleSet:
    rules: list[Rule] = field(default_factory=list)

    def by_code(self, code: str) -> Rule | None:
        """The rule a code, an alias or a name selects (:mod:`sqlintent.analyzers.selectors`), or None."""
        from sqlintent.analyzers.selectors import UnknownSelector, parse

        try:
            sel = parse(code)
        except UnknownSelector:
            return None
        return next((r for r in self.rules if sel.exact and r.code in sel.codes), None)
