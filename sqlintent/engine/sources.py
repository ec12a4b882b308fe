"""The engine's sources, opened once per run: the database, the schema, the error detector, the verdict model.

A source that cannot be opened becomes one finding for the run (SID001, SIM002, through the engine's
:class:`~sqlintent.engine.report.Reporter`), never an exception.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Callable

from sqlintent.analyzers.engine_rules import DATABASE_UNAVAILABLE, MODEL_UNAVAILABLE, NOT_CHECKED, PRIVILEGED_ROLE
from sqlintent.config import Config
from sqlintent.engine.report import Reporter
from sqlintent.findings import Span

if TYPE_CHECKING:  # sqlintent.db loads when a database is opened, not before
    from sqlintent.db.base import Database

_UNSET = object()


class Sources:
    """What an engine checks against, each opened (or loaded) on first use and held for the engine's life.

    ``database``/``schema``: given ones (a caller that opened them) or None to open what the config names;
    ``detector``: a loaded detector, None for none, or left out to load it with ``detector_loader(config)``
    (``(detector or None, problem or None)``); ``verdict_loader()``: the verdict model or None, reporting its
    own problem."""

    def __init__(self, config: Config, reporter: Reporter, *, database=None, schema=None, detector=_UNSET,
                 detector_loader: Callable, verdict_loader: Callable):
        self.config = config
        self.reporter = reporter
        self._database = database
        self._schema = schema
        self._detector = None if detector is _UNSET else detector
        self._detector_loaded = detector is not _UNSET
        self._detector_loader = detector_loader
        self._verdict_loader = verdict_loader
        self._verdict_model = _UNSET
        self._opened = database is not None or schema is not None
        self._probes_refused = False  # a PostgreSQL superuser without probes.allow_superuser
        self._lock = threading.RLock()
        self._detector_lock = threading.Lock()  # not self._lock: checks go on (from the cache) while it loads

    def open(self) -> None:
        """Open the database and schema files named in the config, once. Failures become one finding."""
        with self._lock:
            if self._opened:
                return
            self._opened = True
            cfg = self.config
            if cfg.database:
                from sqlintent.db import DatabaseOpenError, connect, redact

                try:
                    self._database = connect(cfg.database, base_dir=cfg.base_dir,
                                             timeout_s=cfg.probes.timeout_ms / 1000,
                                             origin=cfg.database_origin)
                    self._schema = self._database.schema()
                    self._check_privileges(self._database)
                except (DatabaseOpenError, ValueError, OSError) as exc:
                    self._report_unavailable(redact(str(exc)))
                except Exception as exc:  # a driver error we did not foresee: still one clear message
                    self._report_unavailable(redact(f"cannot open database {cfg.database}: {exc}"))
            if self._schema is None and cfg.schema_files:
                from sqlintent.schema.ddl import SchemaFileError, load_ddl_files

                try:
                    self._schema = load_ddl_files([cfg.resolve(p) for p in cfg.schema_files], cfg.dialect)
                except SchemaFileError as exc:
                    self._report_unavailable(str(exc))

    def close(self) -> None:
        """Close the database connection (a resident process drops an engine after each run)."""
        with self._lock:
            db, self._database = self._database, None
        if db is not None:
            try:
                db.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass

    def _check_privileges(self, db: Database) -> None:
        """Say once when the role can do more than read; a superuser is not probed unless allowed."""
        unreadable = db.unreadable_tables() if hasattr(db, "unreadable_tables") else []
        if unreadable:  # missing from the schema read, and no probe reads them: unchecked (sqlintent.commands.unchecked)
            shown = ", ".join(unreadable[:3]) + (f" and {len(unreadable) - 3} more" if len(unreadable) > 3 else "")
            self.reporter.report(self.reporter.run_findings, NOT_CHECKED,
                                 f"the database role has no SELECT grant on {len(unreadable)} "
                                 f"table{'s' if len(unreadable) != 1 else ''} ({shown}): the statements that use "
                                 "them are not checked against the data", Span(0, 1),
                                 data={"cause": "privilege", "count": 0})
        problem = db.privilege_problem
        if not problem:
            return
        skipped = db.superuser and not self.config.probes.allow_superuser
        if skipped:
            self._probes_refused = True
            problem += ("; no probe runs as a superuser (set probes.allow_superuser = true to probe anyway, "
                        "or connect as a read-only role: see docs/security.md)")
        else:
            problem += "; probes run read-only, but a read-only role is safer (see docs/security.md)"
        self.reporter.report(self.reporter.run_findings, PRIVILEGED_ROLE, problem, Span(0, 1),
                             data={"probes_skipped": bool(skipped)})

    def _report_unavailable(self, message: str) -> None:
        self.reporter.report_run(DATABASE_UNAVAILABLE, f"{message}; database checks are skipped")

    @property
    def schema(self):
        self.open()
        return self._schema

    @property
    def database(self) -> Database | None:
        """The database probes run on; None without one, with probes off, or for a refused superuser."""
        self.open()
        return self._database if self.config.probes.enabled and not self._probes_refused else None

    @property
    def detector(self):
        """The error detector, loaded on first use when the config and the enabled rules ask for it."""
        if not self._detector_loaded:
            with self._detector_lock:
                if not self._detector_loaded:
                    self._detector, problem = self._detector_loader(self.config)
                    self._detector_loaded = True
                    if problem:
                        self.reporter.report_run(MODEL_UNAVAILABLE, problem)
        return self._detector

    def model_failed(self, exc: Exception) -> None:
        """The detector failed on first use (it could not load): dropped, said once as SIM002."""
        with self._lock:
            if self._detector is None:
                return
            self._detector = None
            self.reporter.report_run(MODEL_UNAVAILABLE,
                                     f"the error detector is unavailable: {exc}; model checks are skipped")

    def database_version(self):
        """The opened database's version (what cached results are keyed by), or None."""
        db = self._database
        try:
            return db.version() if db is not None else None
        except Exception:
            return None

    @property
    def verdict_model(self):
        """The verdict model (``verdict.path`` or the bundled one), or None when SIV001 is off or none exists."""
        if self._verdict_model is _UNSET:
            self._verdict_model = self._verdict_loader()
        return self._verdict_model
