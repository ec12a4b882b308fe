"""``initialize``, ``initialized`` and ``shutdown``: settings from the client, the diagnostic mode, and the
start-up work done in the background (the rules and the parser, then the model and the question parser)."""
from __future__ import annotations

import asyncio
import time
import uuid

from lsprotocol import types

from sqlintent.server.configuration import fetch_workspace_settings


# files whose change means new engines: config files and file databases
WATCHED = ("**/sqlintent.toml", "**/pyproject.toml", "**/*.sqlite", "**/*.sqlite3", "**/*.db", "**/*.duckdb",
           "**/dbt_project.yml", "**/models/**/*.yml")  # a dbt project's vars, models' aliases and descriptions


def warm_up() -> None:
    """Import the rules, what they import on first use and sqlglot's parser before the first document
    arrives (runs in a worker)."""
    from sqlintent import sqlast
    from sqlintent.analyzers import all_rules

    all_rules()  # the join rules' Steiner trees are pure Python (signals_util/steiner.py): nothing more to import
    try:
        sqlast.parse("SELECT a FROM t WHERE b = 1")
    except Exception:
        pass


# how long the model load waits for the first document's first check (which it would slow down: both need
# the interpreter) before it starts anyway
FIRST_CHECK_WAIT_S = 1.0


def load_model(ls, loop: asyncio.AbstractEventLoop) -> None:
    """Load the workspace's detector and the question parser (seconds; spaCy's parser, which also gives the
    intent model its tags), so that the first document's model findings need not wait for them. Starts once the first check without the model is out (or after
    ``FIRST_CHECK_WAIT_S`` when no document comes). Runs in a worker; its log lines are sent from the
    event loop."""
    warm_up()
    ls.first_check.wait(FIRST_CHECK_WAIT_S)
    try:
        root = ls.root
        # a path in the root folder: the engine a document there gets (the same config file's)
        entry, _ = ls.engines.engine_for(root / "untitled.sql" if root else None, ls.settings, root)
        detector = entry.engine.detector
        problem = ls.engines.detectors.model_problem(entry.engine.config)
        if problem:  # said now, not with the next check (the detector loads here, not in the first check)
            loop.call_soon_threadsafe(ls.show_once, problem, types.MessageType.Warning)
        if detector is None:  # no model: still load the intent model's tagger (spaCy), which the alignment
            # rules' second phase reads for proper nouns (the first phase is published without it)
            from sqlintent.intent import tagger

            tagger.preload()
            return
        started = time.perf_counter()
        # scoring one pair starts the ONNX session, the tokenizer and the question parser (spaCy)
        detector.score([("how many customers are there?", "SELECT count(*) FROM customers")])
        loop.call_soon_threadsafe(ls.log, f"model loaded in the background in {time.perf_counter() - started:.1f} s")
    except Exception as exc:  # the check that needs it reports why, once
        loop.call_soon_threadsafe(ls.log, f"background model load failed: {exc!r}", types.MessageType.Warning)


def register(server) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls, params: types.InitializeParams):
        ls.settings.set_init_options(params.initialization_options or {})
        ls.diagnostics.choose_mode(params.capabilities)
        ls.thread_pool.submit(load_model, ls, asyncio.get_running_loop())

    @server.feature(types.INITIALIZED)
    async def initialized(ls, params: types.InitializedParams):
        caps = ls.client_capabilities
        ws = caps.workspace
        if ws and ws.did_change_configuration and ws.did_change_configuration.dynamic_registration:
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[
                    types.Registration(id=str(uuid.uuid4()), method=types.WORKSPACE_DID_CHANGE_CONFIGURATION,
                                       register_options={"section": "sqlintent"})]))
            except Exception as exc:
                ls.log(f"could not register for configuration changes: {exc}", types.MessageType.Warning)
        watched = ws.did_change_watched_files if ws else None
        if watched and watched.dynamic_registration:
            watchers = [types.FileSystemWatcher(glob_pattern=g) for g in WATCHED]
            try:
                await ls.client_register_capability_async(types.RegistrationParams(registrations=[
                    types.Registration(id=str(uuid.uuid4()), method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                       register_options=types.DidChangeWatchedFilesRegistrationOptions(
                                           watchers=watchers))]))
            except Exception as exc:
                ls.log(f"could not watch config and database files: {exc}", types.MessageType.Warning)
        pulled = await fetch_workspace_settings(ls)
        if pulled is not None:
            ls.settings.set_workspace(pulled)
        mode = "pull" if ls.diagnostics.pull else "push"
        ls.log(f"server {ls.version} ready; diagnostics: {mode}; settings: {ls.settings.merged}",
               types.MessageType.Info)
        if pulled:  # documents opened before the settings arrived are checked again
            ls.reconfigure()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched_files_changed(ls, params: types.DidChangeWatchedFilesParams):
        names = ", ".join(sorted({c.uri.rsplit("/", 1)[-1] for c in params.changes}))
        ls.log(f"files changed ({names}): checking again")
        ls.reconfigure()
