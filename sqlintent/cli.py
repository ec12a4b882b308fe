"""The ``sqlintent`` command line: a thin door onto the engine.

Exit codes: 0 clean, 1 findings, 2 usage or internal error (or a file that could not be checked).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from sqlintent import __version__
from sqlintent.commands import COMMANDS


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; ``only`` (a command's module name) registers that command alone, so a run imports
    one command module instead of all of them (``--help`` and errors still list every command)."""
    parser = argparse.ArgumentParser(
        prog="sqlintent",
        description="Catch SQL that runs but does not do what its author meant.")
    parser.add_argument("--version", action="version", version=f"sqlintent {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.set_defaults(subparsers={})
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        try:
            module = importlib.import_module(f"sqlintent.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"sqlintent.commands.{name}":
                continue  # not built in this version
            raise
        parser.get_default("subparsers")[name] = module.add_parser(sub)
    return parser


#: commands that run the detector or the question parser: their threads follow ``sqlintent.threads``
#: (training and export keep their libraries' own defaults, torch included)
_RUNTIME_COMMANDS = ("check", "scan", "server", "rerank", "eval", "graph", "daemon")


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    words = [a for a in given if not a.startswith("-")]
    if words and words[0] == "check":
        from sqlintent.daemon import client, server

        if not server.RUNNING and client.wanted(given):
            try:
                code = client.forward(given)
            except KeyboardInterrupt:
                print("sqlintent: interrupted", file=sys.stderr)
                return 2
            if code is not None:
                return code
    if words and words[0] in _RUNTIME_COMMANDS:
        from sqlintent import threads

        threads.configure()  # before anything imports numpy
    chosen = words[0].replace("-", "_") if words else None
    only = chosen if chosen in COMMANDS and not {"-h", "--help"} & set(given) else None
    parser = build_parser(only)
    args, extra = parser.parse_known_args(argv)
    if extra:  # the subcommand's own usage, not the top-level one
        own = (getattr(args, "subparsers", None) or {}).get(getattr(args, "command", None)) or parser
        own.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("sqlintent: interrupted", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def entry() -> None:
    """The console script (``sqlintent``, ``python -m sqlintent``): :func:`main`, then :func:`quick_exit`."""
    quick_exit(main())


def quick_exit(code: int) -> None:
    """Exit with ``code`` without the interpreter's teardown, which frees the loaded model stack (spaCy,
    ONNX Runtime, numpy) object by object: 0.2 s after a check with the detector, a fifth of a one-file
    run. Everything is written first: standard output and error are flushed and the ``atexit`` handlers run
    (logging's flush, the probe watchdog's stop); the findings cache commits each statement as it goes.
    Where a thread that is not a daemon is still alive, the normal exit runs instead (it waits for it)."""
    import atexit
    import threading

    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader that left early (broken pipe); a closed stream
            pass
    os._exit(code if isinstance(code, int) and 0 <= code <= 255 else 1)


if __name__ == "__main__":  # pragma: no cover
    entry()
