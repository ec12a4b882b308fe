"""``sqlintent rerank``: order candidate queries for a question by the error detector's score."""
from __future__ import annotations

import argparse
import json
import sys

from sqlintent.escape import safe_text


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "rerank", help="re-rank candidate SQL queries for a question by the verdict (or the raw detector)",
        description="Score each candidate query for the question with the verdict (default: the engine checks "
                    "it under the question as its intent, with --db/--schema when given, and the verdict fuses "
                    "the detector with every finding) or the raw error detector (--by model), and print them "
                    "re-ranked. Candidates come one per line from a file or stdin (--candidates FILE|-), "
                    "or as JSONL lines {\"question\": ..., \"candidates\": [...]} with --jsonl.")
    p.add_argument("--question", help="the question / intent (required unless --jsonl)")
    p.add_argument("--candidates", default="-",
                   help="file with one candidate per line, in the parser's order ('-' = stdin); with --jsonl, "
                        "a JSONL file of {question, candidates[, evidence, id]} lines")
    p.add_argument("--jsonl", action="store_true", help="read JSONL lines (several questions)")
    p.add_argument("--method", choices=("rr", "ed+rr", "bertrand"), default="ed+rr",
                   help="rr: by score; ed+rr (default): only when the first candidate scores below "
                        "--threshold; bertrand: promote only when higher by --t")
    p.add_argument("--threshold", type=float, default=0.5, help="ED+RR threshold (default 0.5)")
    p.add_argument("--t", type=float, default=0.1, help="Bertrand-DR margin (default 0.1)")
    p.add_argument("--by", choices=("verdict", "model"), default="verdict",
                   help="verdict (default): the calibrated verdict; model: the raw detector score (SIM001's)")
    p.add_argument("--db", help="database the candidates run on (probes for the verdict's signals)")
    p.add_argument("--schema", action="append", default=[], help="CREATE TABLE file, when no database")
    p.add_argument("--dialect", default="sqlite", help="dialect of the candidates (sqlglot name)")
    p.add_argument("--model", help="detector model directory (default: the bundled model)")
    p.add_argument("--provider", default="auto", choices=("auto", "cpu", "cuda"))
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=run)
    return p


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def run(args) -> int:
    from sqlintent.detector.rerank import rerank
    from sqlintent.detector.runtime import Detector, DetectorUnavailable

    try:
        text = _read(args.candidates)
    except OSError as exc:
        print(f"sqlintent rerank: {safe_text(exc)}", file=sys.stderr)
        return 2
    jobs = []
    bad_lines = 0
    if args.jsonl:
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            problem, job = _job(line, n)
            if problem is not None:  # reported, and the other lines are still ranked (exit status 2)
                print(f"sqlintent rerank: line {n}: {safe_text(problem)}; not ranked", file=sys.stderr)
                bad_lines += 1
                continue
            jobs.append(job)
    else:
        if not args.question:
            print("sqlintent rerank: give --question (or --jsonl input)", file=sys.stderr)
            return 2
        cands = [ln.strip() for ln in text.splitlines() if ln.strip()]
        jobs.append((None, args.question, cands))
    if not any(c for _, _, c in jobs):
        print("sqlintent rerank: no candidates given", file=sys.stderr)
        return 2
    if not (0.0 <= args.threshold <= 1.0) or not (0.0 <= args.t <= 1.0):
        print("sqlintent rerank: --threshold and --t are probabilities, between 0 and 1", file=sys.stderr)
        return 2
    try:
        det = Detector.load(args.model, provider=args.provider)
        if args.by == "verdict":
            from sqlintent.config import Config
            from sqlintent.engine import Engine
            from sqlintent.rerank import rerank as rerank_verdict
            from sqlintent.workspace.overrides import FlagOverrides, apply

            # the flags over the defaults, checked as check's are (a bad value names its flag)
            cfg, problems = apply(Config(), FlagOverrides({"database": args.db, "schema_files": list(args.schema),
                                                           "dialect": args.dialect, "ignore": ["SIM001"]}))
            for p in problems:
                print(f"sqlintent rerank: warning: {safe_text(p)}", file=sys.stderr)
            engine = Engine(cfg, detector=det)
            if engine.verdict_model is None:
                print("sqlintent rerank: no verdict model (use --by model)", file=sys.stderr)
                return 2
            results = [(i, q, rerank_verdict(q, c, args.method, args.threshold, args.t, engine=engine))
                       for i, q, c in jobs]
            problems = [f.message for f in engine.run_findings]
            if problems:
                print(f"sqlintent rerank: {safe_text(problems[0])}", file=sys.stderr)
                return 2
        else:
            results = [(i, q, rerank(det, q, c, args.method, args.threshold, args.t, args.dialect))
                       for i, q, c in jobs]
    except DetectorUnavailable as exc:
        print(f"sqlintent rerank: {safe_text(exc)}", file=sys.stderr)
        return 2
    for ident, q, ranked in results:
        if args.format == "json" or args.jsonl:
            print(json.dumps({"id": ident, "question": q, "method": args.method, "by": args.by,
                              "ranked": [r.to_dict() for r in ranked]}))
        else:
            # the question and the candidates are the input's text: one line each, control characters escaped
            print(f"# {safe_text(q)}  ({args.method} by {args.by}; {det.provider})")
            for r in ranked:
                moved = "" if r.rank == r.original_rank else f"  (was {r.original_rank + 1})"
                print(f"{r.rank + 1:>3}  {r.score:.3f}  {safe_text(r.sql)}{moved}")
    return 2 if bad_lines else 0


def _job(line: str, n: int):
    """(problem, None) or (None, (id, question, candidates)) for one JSONL line: a question that is a
    non-empty string and a list of candidate strings (a string is not a list of its characters)."""
    try:
        obj = json.loads(line)
    except ValueError as exc:
        return f"not JSON ({exc})", None
    if not isinstance(obj, dict):
        return "not a JSON object", None
    question, cands, evidence = obj.get("question"), obj.get("candidates"), obj.get("evidence")
    if not isinstance(question, str) or not question.strip():
        return "need a non-empty string 'question'", None
    if not isinstance(cands, list) or not all(isinstance(c, str) for c in cands):
        return "need 'candidates', a list of SQL strings", None
    if evidence is not None and not isinstance(evidence, str):
        return "'evidence' must be a string", None
    return None, (obj.get("id", f"line-{n}"), f"{question} {evidence or ''}".strip(), cands)
