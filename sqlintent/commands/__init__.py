"""Subcommand modules of the ``sqlintent`` CLI, in the order ``--help`` lists them.

Each module defines ``add_parser(subparsers)`` (which sets ``func=run``) and ``run(args) -> int``.
"""
COMMANDS: tuple[str, ...] = (
    "check",
    "rule",
    "clean",
    "daemon",
    "server",
    "eval",
    "rerank",
    "scan",
    "graph",
    "build_data",
    "train",
    "export",
    "verdict",
)
