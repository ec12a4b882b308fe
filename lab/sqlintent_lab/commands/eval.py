"""``sqlintent-lab eval <what>``: measure sqlintent on labelled text-to-SQL output.

Each sub-subcommand lives in its own module ``sqlintent_lab.evaluation.<name>_eval`` that defines
``add_parser(subparsers)`` (setting ``func=run``) and ``run(args) -> int``; this module only dispatches.
"""
from __future__ import annotations

import argparse
import importlib

EVALUATIONS: tuple[str, ...] = ("signals", "detect", "rerank")


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("eval", help="measure signals and the detector on labelled parser output",
                       description="Measure sqlintent on files of text-to-SQL parser output "
                                   "(see the subcommands).")
    inner = p.add_subparsers(dest="evaluation", metavar="WHAT")
    for name in EVALUATIONS:
        try:
            module = importlib.import_module(f"sqlintent_lab.evaluation.{name}_eval")
        except ModuleNotFoundError as exc:
            if exc.name == f"sqlintent_lab.evaluation.{name}_eval":
                continue  # not built in this version
            raise
        module.add_parser(inner)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])
    return p
