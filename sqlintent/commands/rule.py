"""``sqlintent rule CODE`` / ``sqlintent rule --all``: print rule explanations."""
from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("rule", help="explain a rule (or all rules)",
                       description="Print the explanation of a rule by code (SIS003) or name (unknown-column).")
    p.add_argument("code", nargs="?", help="rule code or name")
    p.add_argument("--all", action="store_true", help="every rule")
    p.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from sqlintent.analyzers import all_rules, explain

    rules = all_rules()
    if args.all:
        selected = rules.rules
    elif args.code:
        rule = rules.by_code(args.code)
        if rule is None:
            from sqlintent.settings.codes import suggest

            near = suggest(args.code)
            hint = f"did you mean {', '.join(near)}? " if near else ""
            print(f"sqlintent: unknown rule {args.code!r}; {hint}`sqlintent rule --all` lists them", file=sys.stderr)
            return 2
        selected = [rule]
    else:
        print("sqlintent: give a rule code, or --all", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps([{"code": r.code, "name": r.name, "summary": r.summary,
                           "severity": r.severity.value, "enabled_by_default": r.default_enabled,
                           "measured": r.measured, "explanation": explain(r), "help_uri": r.help_uri}
                          for r in selected], indent=2))
    else:
        sep = "\n---\n\n" if args.format == "markdown" else "\n" + "-" * 72 + "\n\n"
        if args.all and args.format == "markdown":
            from sqlintent.analyzers.policy import policy_markdown
            from sqlintent.frontend.figures import SECTION

            print(policy_markdown(selected) + SECTION, end="")
        print(sep.join(explain(r, markdown=args.format == "markdown") for r in selected), end="")
    return 0
