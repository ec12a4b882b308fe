"""The engine: text in, findings out. Knows nothing of LSP or the command line.

One Engine serves a run (or a language-server session): it opens the database once, loads the schema
once, runs the enabled rules over each statement, applies noqa suppressions and reports unused ones.
Per-statement results are cached by (statement text, intent, database version), so re-checking a document
after an edit re-runs only the statements that changed.

Modules: :mod:`.core` (the Engine, a facade over its parts, and a file's check), :mod:`.report` (the one
reporting seam: enabled codes, severities, noqa, the run's findings), :mod:`.sources` (database, schema,
detector, verdict model), :mod:`.cache` (the bounded statement cache, and the persistent store when the
engine's owner gives one), :mod:`.phases` (the two checking phases of a statement, within the limits),
:mod:`.probes` (the guard's refusals and failed probes as findings), :mod:`.noqa`, :mod:`.selection` (enabled
rules, the detector the config asks for), :mod:`.result` (one file's :class:`FileResult`, what every door
shows).
"""
from __future__ import annotations

from sqlintent.engine.cache import CACHE_CHARS, CACHE_ENTRIES
from sqlintent.engine.core import Engine
from sqlintent.engine.result import FileResult
from sqlintent.engine.selection import enabled_rules, load_detector

__all__ = ["CACHE_CHARS", "CACHE_ENTRIES", "Engine", "FileResult", "enabled_rules", "load_detector"]
