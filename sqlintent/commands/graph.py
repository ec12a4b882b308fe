"""``sqlintent graph --question ... --sql ...``: print the question and SQL graphs the detector reads."""
from __future__ import annotations

import argparse
import json
import sys

from sqlintent.escape import safe_text


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "graph",
        help="print the question and SQL graphs of the error detector (debugging)",
        description="Build the question graph (dependency parse with projected phrases) and the SQL graph "
                    "(simplified parse tree of sqlintent's SQLite grammar) and print them.",
    )
    p.add_argument("--question", help="the intent / question text")
    p.add_argument("--sql", help="one SELECT statement")
    p.add_argument("--dialect", default="sqlite",
                   help="dialect of --sql (sqlglot name); other dialects are transpiled to SQLite first")
    p.add_argument("--parser", choices=("spacy", "stanza"), default="spacy",
                   help="question parser (stanza needs its English models installed)")
    p.add_argument("--format", choices=("json", "dot"), default="json")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    if not args.question and not args.sql:
        print("sqlintent graph: give --question, --sql, or both", file=sys.stderr)
        return 2

    from sqlintent.graphs.render import graph_to_dict, graphs_to_dot

    graphs = {}
    if args.question:
        from sqlintent.graphs.question_graph import SpacyParser, StanzaParser, build_question_graph

        if args.parser == "stanza":
            ok, why = StanzaParser.available()
            if not ok:
                print(f"sqlintent graph: {safe_text(why)}", file=sys.stderr)
                return 2
            parser = StanzaParser()
        else:
            parser = SpacyParser()
        try:
            graphs["question"] = build_question_graph(args.question, parser)
        except ValueError as exc:
            print(f"sqlintent graph: {safe_text(exc)}", file=sys.stderr)
            return 2
    if args.sql:
        from sqlintent.graphs.sql_graph import SqlParseError, build_sql_graph

        try:
            graphs["sql"] = build_sql_graph(args.sql, dialect=args.dialect)
        except SqlParseError as exc:
            print(f"sqlintent graph: {safe_text(exc)}", file=sys.stderr)
            return 1

    if args.format == "dot":
        sys.stdout.write(graphs_to_dot(graphs))
    else:
        print(json.dumps({name: graph_to_dict(g) for name, g in graphs.items()}, indent=2,
                         ensure_ascii=False))
    return 0
