"""The engine's sources, opened once per run: the database, the schema, the error detector, the verdict model.

A source that cannot be opened becomes one finding for the run (SID001, SIM002), never an exception.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from sqlintent.analyzers.engine_rules import (DATABASE_UNAVAILABLE, MODEL_UNAVAILABLE, PRIVILEGED_ROLE,
                                              VERDICT)
from sqlintent.findings import Finding, Span

if TYPE_CHECKING:  # sqlintent.db loads when a database is opened, not before
    from sqlintent.db.base import Database

_UNSET = object()


class SourcesMixin:
    """Part of :class:`~sqlintent.engine.Engine`: the attributes it reads are set by ``Engine.__init__``."""

    def open_sources(self) -> None:
        """Open the database and schema files named in the config, once. Failures become one finding."""
        with self._lock:
            if self._sources_opened:
                return
            self._sources_opened = True
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
        problem = db.privilege_problem
        if not problem:
            return
        if db.superuser and not self.config.probes.allow_superuser:
            self._probes_refused = True
            problem += ("; no probe runs as a superuser (set probes.allow_superuser = true to probe anyway, "
                        "or connect as a read-only role: see docs/security.md)")
        else:
            problem += "; probes run read-only, but a read-only role is safer (see docs/security.md)"
        if PRIVILEGED_ROLE.code in self._enabled_codes:
            self.run_findings.append(Finding(PRIVILEGED_ROLE.code, PRIVILEGED_ROLE.name, problem, Span(0, 1),
                                             self._severity(PRIVILEGED_ROLE)))

    def _report_unavailable(self, message: str) -> None:
        if DATABASE_UNAVAILABLE.code in self._enabled_codes:
            self.run_findings.append(Finding(
                DATABASE_UNAVAILABLE.code, DATABASE_UNAVAILABLE.name,
                f"{message}; database checks are skipped", Span(0, 1),
                self._severity(DATABASE_UNAVAILABLE)))

    @property
    def schema(self):
        self.open_sources()
        return self._schema

    @property
    def database(self) -> Database | None:
        """The database probes run on; None without one, with probes off, or for a refused superuser."""
        self.open_sources()
        return self._database if self.config.probes.enabled and not self._probes_refused else None

    @property
    def detector(self):
        """The error detector, loaded on first use when the config and the enabled rules ask for it."""
        if not self._detector_loaded:
            with self._detector_lock:  # not self._lock: checks go on (from the cache) while the model loads
                if not self._detector_loaded:
                    self._detector, problem = self._detector_loader(self.config)
                    self._detector_loaded = True
                    if problem and MODEL_UNAVAILABLE.code in self._enabled_codes:
                        self.run_findings.append(Finding(MODEL_UNAVAILABLE.code, MODEL_UNAVAILABLE.name, problem,
                                                         Span(0, 1), self._severity(MODEL_UNAVAILABLE)))
        return self._detector

    def _model_failed(self, exc: Exception) -> None:
        with self._lock:
            if self._detector is None:
                return
            self._detector = None
            if MODEL_UNAVAILABLE.code in self._enabled_codes:
                self.run_findings.append(Finding(
                    MODEL_UNAVAILABLE.code, MODEL_UNAVAILABLE.name,
                    f"the error detector is unavailable: {exc}; model checks are skipped", Span(0, 1),
                    self._severity(MODEL_UNAVAILABLE)))

    def database_version(self):
        db = self._database
        try:
            return db.version() if db is not None else None
        except Exception:
            return None

    @property
    def verdict_model(self):
        """The verdict model (``verdict.path`` or the bundled one), or None when SIV001 is off or none exists."""
        if self._verdict_model is _UNSET:
            from sqlintent.verdict.step import load_for_engine

            self._verdict_model = load_for_engine(self, VERDICT, MODEL_UNAVAILABLE)
        return self._verdict_model
