"""The ``sqlintent`` subcommands, in the order ``--help`` lists them, and the dispatcher that runs one.

Each command is a module defining ``add_parser(subparsers)`` (which sets ``func=run``) and ``run(args) -> int``.
They live in this package (``daemon`` too: it hands :func:`run` to the daemon, which never imports the
commands); the lab's commands (training, export, evaluation) are a program of their own, ``sqlintent-lab``. A run imports the module of its
own command only (``--help`` and usage errors import them all), so a ``check`` never loads the lab.
The console script (:mod:`sqlintent.cli`) forwards ``check --daemon`` to the daemon, then calls :func:`run`.
"""
from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS: tuple[str, ...] = (
    "check",
    "rule",
    "clean",
    "daemon",
    "server",
    "rerank",
    "scan",
    "graph",
)

#: commands that run the detector or the question parser: their threads follow ``sqlintent.threads``
RUNTIME_COMMANDS = ("check", "scan", "server", "rerank", "graph", "daemon")


def module_name(command: str) -> str:
    """The module of a command (its name with ``_`` for ``-``)."""
    return f"{__name__}.{command}"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; ``only`` (a command's module name) registers that command alone, so a run imports
    one command module instead of all of them (``--help`` and errors still list every command)."""
    from sqlintent import __version__

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
            module = importlib.import_module(module_name(name))
        except ModuleNotFoundError as exc:
            if exc.name == module_name(name):
                continue  # not built in this version
            raise
        parser.get_default("subparsers")[name] = module.add_parser(sub)
    return parser


def run(argv: list[str] | None = None, *, detectors=None, warm_pools=None) -> int:
    """Parse ``argv`` (``sys.argv[1:]`` when None) and run its command in this process: the exit status.

    ``detectors``: a resident process's :class:`~sqlintent.workspace.detectors.Detectors` (the daemon's),
    which the command's engines load their detector from (``args.detectors``) instead of loading their own;
    ``warm_pools``: the daemon's kept ``--jobs`` workers (:mod:`sqlintent.workspace.warm_pool`,
    ``args.warm_pools``), used instead of forking workers for the run."""
    given = sys.argv[1:] if argv is None else list(argv)
    words = [a for a in given if not a.startswith("-")]
    if words and words[0] in RUNTIME_COMMANDS:
        from sqlintent import threads

        threads.configure()  # before anything imports numpy
    chosen = words[0].replace("-", "_") if words else None
    only = chosen if chosen in COMMANDS and not {"-h", "--help"} & set(given) else None
    parser = build_parser(only)
    args, extra = parser.parse_known_args(given)
    if extra:  # the subcommand's own usage, not the top-level one
        own = (getattr(args, "subparsers", None) or {}).get(getattr(args, "command", None)) or parser
        own.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    if detectors is not None:
        args.detectors = detectors
    if warm_pools is not None:
        args.warm_pools = warm_pools
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("sqlintent: interrupted", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
