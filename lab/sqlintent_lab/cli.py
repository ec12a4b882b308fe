"""``sqlintent-lab`` (or ``python -m sqlintent_lab``): the lab's own program, beside the product.

Its subcommands make and measure the shipped models: ``build-data``, ``train``, ``export`` (the detector),
``verdict`` (the verdict's training) and ``eval`` (measurements). Each is a module of
:mod:`sqlintent_lab.commands` defining ``add_parser(subparsers)`` (which sets ``func=run``) and
``run(args) -> int``; a run imports its own command's module only. The product (``sqlintent``) never names
this package.
"""
from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS: tuple[str, ...] = ("eval", "build_data", "train", "export", "verdict")
#: commands that run the detector or the question parser: their threads follow ``sqlintent.threads``
#: (training and export keep their libraries' own defaults, torch included)
RUNTIME_COMMANDS = ("eval",)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    from sqlintent import __version__

    parser = argparse.ArgumentParser(
        prog="sqlintent-lab",
        description="The sqlintent lab: build the detector's data, train and export the detector, train the "
                    "verdict, and measure them.")
    parser.add_argument("--version", action="version", version=f"sqlintent-lab {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.set_defaults(subparsers={})
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"sqlintent_lab.commands.{name}")
        parser.get_default("subparsers")[name] = module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (``sys.argv[1:]`` when None) and run its command: the exit status."""
    given = sys.argv[1:] if argv is None else list(argv)
    words = [a for a in given if not a.startswith("-")]
    if words and words[0] in RUNTIME_COMMANDS:
        from sqlintent import threads

        threads.configure()  # before anything imports numpy
    chosen = words[0].replace("-", "_") if words else None
    only = chosen if chosen in COMMANDS and not {"-h", "--help"} & set(given) else None
    parser = build_parser(only)
    args, extra = parser.parse_known_args(given)
    if extra:
        own = (getattr(args, "subparsers", None) or {}).get(getattr(args, "command", None)) or parser
        own.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("sqlintent-lab: interrupted", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def entry() -> None:
    """The console script ``sqlintent-lab``."""
    sys.exit(main())
