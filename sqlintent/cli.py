"""The ``sqlintent`` command line: a thin door onto the engine.

Exit codes: 0 clean, 1 findings, 2 usage or internal error (or a file that could not be checked).
"""
from __future__ import annotations

import argparse
import importlib
import sys

from sqlintent import __version__
from sqlintent.commands import COMMANDS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sqlintent",
        description="Catch SQL that runs but does not do what its author meant.")
    parser.add_argument("--version", action="version", version=f"sqlintent {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.set_defaults(subparsers={})
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"sqlintent.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"sqlintent.commands.{name}":
                continue  # not built in this version
            raise
        parser.get_default("subparsers")[name] = module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
