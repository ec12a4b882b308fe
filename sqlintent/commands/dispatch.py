"""The dispatcher of a program of subcommands: ``sqlintent`` (:mod:`sqlintent.commands`) and the lab's
``sqlintent-lab`` share it.

A :class:`Program` names its commands, each a module of ``package`` defining ``add_parser(subparsers)``
(which sets ``func=run``) and ``run(args) -> int``. A run imports the module of its own command only
(``--help`` and usage errors import them all).
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Program:
    prog: str
    description: str
    package: str  # where the command modules live
    commands: tuple[str, ...]  # in the order --help lists them
    runtime_commands: tuple[str, ...]  # those whose threads follow sqlintent.threads (detector, question parser)

    def module_name(self, command: str) -> str:
        """The module of a command (its name with ``_`` for ``-``)."""
        return f"{self.package}.{command}"

    def build_parser(self, only: str | None = None) -> argparse.ArgumentParser:
        """The parser; ``only`` (a command's module name) registers that command alone, so a run imports
        one command module instead of all of them (``--help`` and errors still list every command)."""
        from sqlintent import __version__

        parser = argparse.ArgumentParser(prog=self.prog, description=self.description)
        parser.add_argument("--version", action="version", version=f"{self.prog} {__version__}")
        sub = parser.add_subparsers(dest="command", metavar="COMMAND")
        parser.set_defaults(subparsers={})
        for name in self.commands:
            if only is not None and name != only:
                continue
            try:
                module = importlib.import_module(self.module_name(name))
            except ModuleNotFoundError as exc:
                if exc.name == self.module_name(name):
                    continue  # not built in this version
                raise
            parser.get_default("subparsers")[name] = module.add_parser(sub)
        return parser

    def parse(self, argv: list[str] | None) -> argparse.Namespace | None:
        """``argv`` (``sys.argv[1:]`` when None) parsed; None (after printing the help) when no command
        was named. A usage error exits with the subcommand's own usage, not the top-level one."""
        given = sys.argv[1:] if argv is None else list(argv)
        words = [a for a in given if not a.startswith("-")]
        if words and words[0] in self.runtime_commands:
            from sqlintent import threads

            threads.configure()  # before anything imports numpy
        chosen = words[0].replace("-", "_") if words else None
        only = chosen if chosen in self.commands and not {"-h", "--help"} & set(given) else None
        parser = self.build_parser(only)
        args, extra = parser.parse_known_args(given)
        if extra:
            own = (getattr(args, "subparsers", None) or {}).get(getattr(args, "command", None)) or parser
            own.error(f"unrecognized arguments: {' '.join(extra)}")
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return None
        return args

    def call(self, args: argparse.Namespace) -> int:
        """Run the parsed command: its exit status (2 when interrupted, 0 when the reader of its output left)."""
        try:
            return int(args.func(args) or 0)
        except KeyboardInterrupt:
            print(f"{self.prog}: interrupted", file=sys.stderr)
            return 2
        except BrokenPipeError:
            return 0
