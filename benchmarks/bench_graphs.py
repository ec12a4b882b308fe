"""Time to build both detector graphs (question + SQL) per Spider dev pair, on one CPU core.

Usage::

    python benchmarks/bench_graphs.py [--shared PATH] [--warmup 50] [--repeat 1]

Pins the process to one core (``sched_setaffinity``) and one thread for numpy/spaCy, loads the spaCy model
and imports the parser before timing, warms up on the first ``--warmup`` pairs, then times every pair of
Spider ``dev.json`` (question, gold query). Prints median and 95th percentile (ms) of the total and of its
parts (spaCy, question graph assembly, SQL lexing+parsing, SQL graph assembly), both as thread CPU time
(unaffected by other processes on a shared machine) and as wall time. The first pass over a
query shape also fills ANTLR's prediction cache; ``--cold`` skips the warm-up to show that cost.
"""
from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def shared_dir(arg: str | None) -> Path:
    for cand in (arg, os.environ.get("SQLINTENT_SHARED"), REPO.parent / "shared"):
        if cand and Path(cand).is_dir():
            return Path(cand)
    raise SystemExit("shared data not found: pass --shared or set SQLINTENT_SHARED")


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[k]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=None)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--cold", action="store_true", help="no warm-up pass")
    ap.add_argument("--core", type=int, default=0, help="CPU core to pin to")
    ap.add_argument("--pos-agreement", action="store_true",
                    help="instead of timing: how often sqlintent's universal POS tags agree with the spaCy "
                         "model's attribute ruler, over Spider dev and train questions")
    ap.add_argument("--blis-comparison", action="store_true",
                    help="instead of timing graphs: spaCy with thinc's default blis ops against the numpy-BLAS "
                         "ops sqlintent uses, interleaved per question (CPU time and whether parses agree)")
    args = ap.parse_args(argv)
    if args.pos_agreement:
        return pos_agreement(shared_dir(args.shared))
    if args.blis_comparison:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {args.core})
        return blis_comparison(shared_dir(args.shared))

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.core})

    from sqlintent.grammars import parse_sqlite
    from sqlintent.graphs.question_graph import build_question_graph, default_parser, graph_from_words
    from sqlintent.graphs.sql_graph import build_sql_graph, graph_from_tree

    examples = json.loads((shared_dir(args.shared) / "data" / "spider" / "dev.json").read_text("utf-8"))
    pairs = [(ex["question"], ex["query"]) for ex in examples]
    parser = default_parser()
    t = time.perf_counter()
    parser.parse("warm up the model")  # load spaCy outside the timings
    spacy_load = time.perf_counter() - t
    t = time.perf_counter()
    build_sql_graph(pairs[0][1])  # imports the ANTLR runtime and generated parser, deserialises the ATN
    antlr_load = time.perf_counter() - t
    if not args.cold:
        for q, s in pairs[: args.warmup]:
            build_question_graph(q, parser)
            build_sql_graph(s)

    clocks = {"cpu": time.thread_time, "wall": time.perf_counter}
    parts = ("both graphs (question + SQL)", "  question graph", "    spaCy parse", "    graph assembly",
             "  SQL graph", "    ANTLR lex + parse", "    graph assembly ")
    times = {c: {p: [] for p in parts} for c in clocks}
    sizes: dict[str, list[tuple[int, int]]] = {"question": [], "sql": []}
    for q, s in pairs:
        stamps = []

        def stamp() -> None:
            stamps.append((time.thread_time(), time.perf_counter()))

        stamp()
        words = parser.parse(q)
        stamp()
        qg = graph_from_words(q, words)
        stamp()
        tree = parse_sqlite(s)
        stamp()
        sg = graph_from_tree(tree, s)  # what build_sql_graph does after parsing (SQLite needs no transpiling)
        stamp()
        sizes["question"].append((qg.num_nodes, qg.num_edges))
        sizes["sql"].append((sg.num_nodes, sg.num_edges))
        for k, c in enumerate(clocks):
            t = [x[k] for x in stamps]
            for part, (a, b) in zip(parts, [(0, 4), (0, 2), (0, 1), (1, 2), (2, 4), (2, 3), (3, 4)]):
                times[c][part].append(t[b] - t[a])

    print(f"pairs: {len(pairs)} (Spider dev), core {args.core}, warm-up {0 if args.cold else args.warmup}")
    print(f"one-off start-up: spaCy model load {spacy_load * 1000:.0f} ms; first SQL graph (ANTLR import, "
          f"ATN deserialisation) {antlr_load * 1000:.0f} ms")
    print(f"load average at the end: {os.getloadavg()[0]:.2f} (cpu = thread CPU time, robust to other "
          f"processes; wall = elapsed)")
    print(f"{'':<32} {'cpu median':>11} {'cpu p95':>9} {'wall median':>12} {'wall p95':>9}   (ms)")
    for part in parts:
        cpu = [x * 1000 for x in times["cpu"][part]]
        wall = [x * 1000 for x in times["wall"][part]]
        print(f"{part:<32} {statistics.median(cpu):11.3f} {pct(cpu, 0.95):9.3f} "
              f"{statistics.median(wall):12.3f} {pct(wall, 0.95):9.3f}")
    for name, sz in sizes.items():
        nodes = [a for a, _ in sz]
        edges = [b for _, b in sz]
        print(f"{name} graph size: nodes mean {statistics.fmean(nodes):.1f} (max {max(nodes)}), "
              f"directed edges mean {statistics.fmean(edges):.1f} (max {max(edges)})")
    return 0


def blis_comparison(shared: Path) -> int:
    import spacy

    from sqlintent.graphs.question_graph import SpacyParser

    blis = spacy.load(SpacyParser.MODEL, exclude=list(SpacyParser.EXCLUDE))  # thinc's default ops
    ours = SpacyParser().nlp
    questions = [ex["question"] for ex in json.loads((shared / "data" / "spider" / "dev.json").read_text("utf-8"))]
    for q in questions[:50]:
        blis(q)
        ours(q)
    t_blis: list[float] = []
    t_ours: list[float] = []
    same = 0
    for i, q in enumerate(questions):
        order = [(blis, t_blis), (ours, t_ours)] if i % 2 else [(ours, t_ours), (blis, t_blis)]
        parses = []
        for nlp, ts in order:
            t = time.thread_time()
            doc = nlp(q)
            ts.append(time.thread_time() - t)
            parses.append([(w.tag_, w.head.i, w.dep_) for w in doc])
        same += parses[0] == parses[1]
    mb, mo = statistics.median(t_blis) * 1000, statistics.median(t_ours) * 1000
    print(f"spaCy CPU median per question: blis ops {mb:.3f} ms, numpy-BLAS ops {mo:.3f} ms "
          f"({100 * (mb - mo) / mb:.1f}% less); identical tags and heads on {same} of {len(questions)} questions")
    return 0


def pos_agreement(shared: Path) -> int:
    import spacy

    from sqlintent.graphs.question_graph import SpacyParser, _upos

    data = shared / "data" / "spider"
    questions = [ex["question"] for ex in json.loads((data / "dev.json").read_text("utf-8"))]
    questions += [ex["question"] for ex in
                  json.loads((data / "train_spider_reconstructed.json").read_text("utf-8"))]
    nlp = spacy.load(SpacyParser.MODEL, exclude=["ner", "lemmatizer", "senter"])
    total = agree = 0
    for doc in nlp.pipe(questions, batch_size=256):
        for t in doc:
            if t.is_space:
                continue
            total += 1
            agree += _upos(t.tag_, t.lower_, t.dep_) == t.pos_
    print(f"questions {len(questions)}, words {total}, universal POS agreeing with the attribute ruler: "
          f"{agree} ({100 * agree / total:.2f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
