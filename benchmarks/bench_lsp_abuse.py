"""The language server under abuse: malformed messages, and documents opened and closed many times.

    python benchmarks/bench_lsp_abuse.py messages [--count 10000] [--seed 1]
    python benchmarks/bench_lsp_abuse.py openclose [--cycles 1000] [--mb 1]

``messages``: sends --count hostile messages (tests/fuzz_strategies.py ``lsp_message``: wrong, zero or
missing Content-Length, LF-only headers, junk, bad JSON, wrong params, unknown methods) to
``sqlintent server`` on stdio, and every 100 messages one valid hover request; prints how many valid
requests were answered, their slowest and median answer time, the server's resident memory at the start
and the end, and the error popups (window/showMessage of type Error) by kind. Beside the slowest answer,
the CPU time the server's threads used while it was awaited and the time they were runnable but waiting
for a CPU (Linux schedstat): a slow answer with little CPU and a long wait waited for a loaded machine.

``openclose``: opens and closes a document of --mb megabytes (--statements SELECT statements with intents,
default 20, then comment lines) --cycles times, waiting for its diagnostics each time, and prints resident memory after the first cycle and at the
end (growth), sampled every 100 cycles.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def _sched_s(pid: int) -> tuple[float, float]:
    """A process's threads' CPU seconds and seconds spent runnable but waiting for a CPU (/proc schedstat)."""
    import os

    cpu = wait = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as fh:
                fields = fh.read().split()
        except OSError:  # a thread that ended meanwhile
            continue
        cpu, wait = cpu + int(fields[0]), wait + int(fields[1])
    return cpu / 1e9, wait / 1e9


def _workspace() -> Path:
    root = Path(tempfile.mkdtemp(prefix="sqlintent-abuse-"))
    (root / "shop.sqlite").write_bytes((ROOT / "examples" / "shop.sqlite").read_bytes())
    (root / "sqlintent.toml").write_text('database = "shop.sqlite"\n[model]\nenabled = false\n')
    return root


def messages(count: int, seed: int) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hseed

    import fuzz_strategies as fs
    from lsp_raw import RawServer

    root = _workspace()
    server = RawServer(root)
    server.initialize(root)
    uri = (root / "a.sql").as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "sql", "version": 1,
                                                            "text": "SELECT nme FROM customers;\n"}})
    rss_start = server.rss_mb()
    batch: list[bytes] = []

    @hseed(seed)
    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(fs.lsp_message(uri=uri))
    def collect(msg):
        if len(batch) < count:
            batch.append(msg)

    collect()
    while len(batch) < count:  # hypothesis may stop early on a small space: repeat what it gave
        batch.extend(batch[: count - len(batch)])
    answered, waits, lost = 0, [], 0
    sched: list[tuple[float, float]] = []  # the server's CPU seconds, and seconds waiting for a CPU, per answer
    started = time.monotonic()
    for i, msg in enumerate(batch, 1):
        server.send(msg)
        if i % 100 == 0:
            server.send(b"\r\n\r\n")
            t, c = time.monotonic(), _sched_s(server.proc.pid)
            rid = server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                        "position": {"line": 0, "character": 8}})
            try:
                server.wait_response(rid, timeout=30)
                answered += 1
                waits.append(time.monotonic() - t)
                now = _sched_s(server.proc.pid)
                sched.append((now[0] - c[0], now[1] - c[1]))
            except TimeoutError:
                lost += 1
    elapsed = time.monotonic() - started
    rss_end = server.rss_mb()
    errors = Counter(p["params"]["message"].split(":")[1].strip()[:60] for p in server.popups()
                     if p["params"]["type"] == 1)
    slowest = max(range(len(waits)), key=waits.__getitem__)
    print(f"{count} hostile messages in {elapsed:.0f} s (seed {seed}); valid requests answered "
          f"{answered}/{answered + lost}; answer time median {statistics.median(waits) * 1000:.0f} ms, slowest "
          f"{waits[slowest] * 1000:.0f} ms (meanwhile the server's threads computed {sched[slowest][0] * 1000:.0f} ms "
          f"and waited {sched[slowest][1] * 1000:.0f} ms for a CPU; most CPU in one answer "
          f"{max(c for c, _ in sched) * 1000:.0f} ms); RSS {rss_start:.0f} MB -> {rss_end:.0f} MB; error popups {sum(errors.values())} "
          f"in {len(errors)} kinds: {dict(errors)}; server alive: {server.proc.poll() is None}")
    server.close()


def openclose(cycles: int, mb: float, statements: int) -> None:
    from lsp_raw import RawServer

    root = _workspace()
    server = RawServer(root)
    server.initialize(root)
    # statements with intents, then comment lines up to the size: every statement is checked again after
    # each reopen (closing frees its cached findings), so the document is big but cheap to check
    text = "".join(f"-- intent: names of customers in c{i}\nSELECT name FROM customers WHERE city = 'c{i}';\n"
                   for i in range(statements))
    i = statements
    filler = "-- " + "x" * 96 + "\n"
    text += filler * max(0, int((mb * 1024 * 1024 - len(text)) / len(filler)))
    size = len(text)
    uri = (root / "big.sql").as_uri()
    samples = []
    started = time.monotonic()
    for c in range(1, cycles + 1):
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "sql", "version": c,
                                                                "text": text}})
        rid = server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        server.wait_response(rid, timeout=600)
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        if c == 1 or c % 100 == 0 or c == cycles:
            rid = server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                        "position": {"line": 0, "character": 0}})
            server.wait_response(rid, timeout=60)
            samples.append((c, round(server.rss_mb(), 1)))
            print(f"cycle {c}: RSS {samples[-1][1]} MB ({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
        server.all.clear()
    elapsed = time.monotonic() - started
    first, last = samples[0][1], samples[-1][1]
    print(f"{cycles} open/close cycles of a {size / 1e6:.2f} MB document ({i} statements) in {elapsed:.0f} s; "
          f"RSS after cycle 1 {first:.0f} MB, at the end {last:.0f} MB (growth {last - first:+.1f} MB); "
          f"samples {samples}")
    server.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    m = sub.add_parser("messages")
    m.add_argument("--count", type=int, default=10_000)
    m.add_argument("--seed", type=int, default=1)
    o = sub.add_parser("openclose")
    o.add_argument("--cycles", type=int, default=1000)
    o.add_argument("--mb", type=float, default=1.0)
    o.add_argument("--statements", type=int, default=20)
    args = ap.parse_args()
    if args.what == "messages":
        messages(args.count, args.seed)
    else:
        openclose(args.cycles, args.mb, args.statements)
    return 0


if __name__ == "__main__":
    sys.exit(main())
