"""The ``sqlintent`` subcommands, in the order ``--help`` lists them, and the dispatcher that runs one.

Each command is a module defining ``add_parser(subparsers)`` (which sets ``func=run``) and ``run(args) -> int``.
They live in this package (``daemon`` too: it hands :func:`run` to the daemon, which never imports the
commands); the lab's commands (training, export, evaluation) are a program of their own, ``sqlintent-lab``. A run imports the module of its
own command only (``--help`` and usage errors import them all), so a ``check`` never loads the lab.
The console script (:mod:`sqlintent.cli`) forwards ``check --daemon`` to the daemon, then calls :func:`run`.
"""
from __future__ import annotations

from sqlintent.commands.dispatch import Program

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


PROGRAM = Program("sqlintent", "Catch SQL that runs but does not do what its author meant.", __name__, COMMANDS,
                  RUNTIME_COMMANDS)


def run(argv: list[str] | None = None, *, detectors=None, warm_pools=None) -> int:
    """Parse ``argv`` (``sys.argv[1:]`` when None) and run its command in this process: the exit status.

    ``detectors``: a resident process's :class:`~sqlintent.workspace.detectors.Detectors` (the daemon's),
    which the command's engines load their detector from (``args.detectors``) instead of loading their own;
    ``warm_pools``: the daemon's kept ``--jobs`` workers (:mod:`sqlintent.workspace.warm_pool`,
    ``args.warm_pools``), used instead of forking workers for the run."""
    args = PROGRAM.parse(argv)
    if args is None:
        return 2
    if detectors is not None:
        args.detectors = detectors
    if warm_pools is not None:
        args.warm_pools = warm_pools
    return PROGRAM.call(args)
