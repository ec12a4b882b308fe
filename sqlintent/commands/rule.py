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
    elif args.all and args.format == "text":  # one short card a rule; `sqlintent rule CODE` has the page
        print("".join(card(r) for r in selected), end="")
    else:
        sep = "\n---\n\n" if args.format == "markdown" else "\n" + "-" * 72 + "\n\n"
        if args.all and args.format == "markdown":
            from sqlintent.analyzers.policy import policy_markdown

            print(policy_markdown(selected), end="")
        print(sep.join(explain(r, markdown=args.format == "markdown") for r in selected), end="")
    return 0


def card(rule) -> str:
    """A rule in a few lines: code, name and severity, what it reports, its measured line, its fix, its page."""
    from sqlintent.analyzers.policy import measured_words

    def first(text: str) -> str:
        para = " ".join((text or "").strip().split("\n\n")[0].split())
        return para.split(". ")[0].rstrip(".") + "." if para else ""

    sec = rule.sections()
    lines = [f"{rule.code} {rule.name} ({rule.severity.value}{'' if rule.default_enabled else ', off unless selected'})",
             "    " + first(rule.summary), "    " + measured_words(rule.code)]
    if sec.get("Fix safety"):
        lines.append("    Fix: " + first(sec["Fix safety"]))
    lines.append(f"    sqlintent rule {rule.code}: the whole page")
    return "\n".join(lines) + "\n\n"
