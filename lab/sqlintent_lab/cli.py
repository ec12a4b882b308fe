"""``sqlintent-lab`` (or ``python -m sqlintent_lab``): the lab's own program, beside the product.

Its subcommands make and measure the shipped models: ``build-data``, ``train``, ``export`` (the detector),
``verdict`` (the verdict's training) and ``eval`` (measurements). Each is a module of
:mod:`sqlintent_lab.commands` defining ``add_parser(subparsers)`` (which sets ``func=run``) and
``run(args) -> int``; a run imports its own command's module only. The product (``sqlintent``) never names
this package.
"""
from __future__ import annotations

import sys

from sqlintent.commands.dispatch import Program

COMMANDS: tuple[str, ...] = ("eval", "build_data", "train", "export", "verdict")
#: commands that run the detector or the question parser: their threads follow ``sqlintent.threads``
#: (training and export keep their libraries' own defaults, torch included)
RUNTIME_COMMANDS = ("eval",)

PROGRAM = Program("sqlintent-lab", "The sqlintent lab: build the detector's data, train and export the detector, "
                  "train the verdict, and measure them.", "sqlintent_lab.commands", COMMANDS, RUNTIME_COMMANDS)


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (``sys.argv[1:]`` when None) and run its command: the exit status."""
    args = PROGRAM.parse(argv)
    return 2 if args is None else PROGRAM.call(args)


def entry() -> None:
    """The console script ``sqlintent-lab``."""
    sys.exit(main())
