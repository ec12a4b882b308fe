"""Language-server latency: from ``didChange`` to the diagnostics for that version, on a 50-statement file.

Starts the real server (``python -m sqlintent server``) as a push-diagnostics client would (Neovim-like),
opens a file of 50 statements built from the example queries (examples/queries/*.sql, each statement made
distinct), and times:

- first: the first check in a fresh server (database opened, rules loaded, nothing cached);
- cold:  an edit that changes every statement (no statement result can come from the cache);
- warm:  an edit to one statement (49 statements come from the engine's cache).

each with database probes on and off (the schema comes from the database either way; the neural detector is
off). Prints the median and the 95th percentile in milliseconds.

Then start-up with the model on (``--startup-runs`` fresh servers): the example workspace (examples/, its
sqlintent.toml) with examples/queries/reports.sql opened right after ``initialized``, timed from sending
``initialize`` to the first diagnostics (the findings that need no model) and to the diagnostics that carry
the model's findings (a second publish of the same version).

    python benchmarks/bench_lsp_latency.py [--db examples/shop.sqlite] [--runs 40] [--cold-runs 10]
                                           [--startup-runs 3] [--startup-only]
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

N_STATEMENTS = 50
VERBOSE = False


def example_statements() -> list[tuple[str | None, str]]:
    from sqlintent.document import parse_document

    out = []
    for f in sorted((REPO / "examples" / "queries").glob("*.sql")):
        for s in parse_document(f.read_text(encoding="utf-8")).statements:
            out.append((s.intent, s.text))
    if not out:
        raise SystemExit("no example queries under examples/queries")
    return out


def build_file(statements, tag: str, changed: int | None = None, change_tag: str = "") -> str:
    """50 statements; every statement carries ``tag`` (cold edits change it), one may carry another."""
    parts = []
    for i in range(N_STATEMENTS):
        intent, sql = statements[i % len(statements)]
        marker = f"/* {tag}{i}{change_tag if i == changed else ''} */"
        head, _, rest = sql.partition(" ")
        body = f"{head} {marker} {rest}"
        parts.append((f"-- intent: {intent}\n" if intent else "") + body + ";\n")
    return "\n".join(parts)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


class Session:
    def __init__(self, db: Path, probes: bool, folder: Path):
        self.db, self.probes, self.folder = db, probes, folder
        self.waiters: dict[int, asyncio.Future] = {}
        self.counts: dict[int, int] = {}

    async def start(self):
        from lsprotocol import types
        from pygls.lsp.client import LanguageClient

        client = LanguageClient("sqlintent-bench", "1")

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams):
            self.counts[params.version] = len(params.diagnostics)
            fut = self.waiters.pop(params.version, None)
            if fut is not None and not fut.done():
                fut.set_result(time.perf_counter())

        @client.feature(types.WINDOW_LOG_MESSAGE)
        def logged(params):
            pass

        @client.feature(types.WINDOW_SHOW_MESSAGE)
        def shown(params):
            print(f"  server says: {params.message}", file=sys.stderr)

        await client.start_io(sys.executable, "-m", "sqlintent", "server")
        caps = types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True)))
        await client.initialize_async(types.InitializeParams(
            capabilities=caps, root_uri=self.folder.as_uri(),
            initialization_options={"database": str(self.db), "probes": {"enabled": self.probes},
                                    "model": {"enabled": False}}))
        client.initialized(types.InitializedParams())
        self.client, self.types = client, types
        self.uri = (self.folder / "bench.sql").as_uri()
        self.version = 0

    async def _send(self, text: str, open_: bool = False) -> float:
        t = self.types
        self.version += 1
        fut = asyncio.get_running_loop().create_future()
        self.waiters[self.version] = fut
        start = time.perf_counter()
        if open_:
            self.client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(
                uri=self.uri, language_id="sql", version=self.version, text=text)))
        else:
            self.client.text_document_did_change(t.DidChangeTextDocumentParams(
                text_document=t.VersionedTextDocumentIdentifier(uri=self.uri, version=self.version),
                content_changes=[t.TextDocumentContentChangeWholeDocument(text=text)]))
        end = await asyncio.wait_for(fut, 300)
        return (end - start) * 1000

    async def stop(self):
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def measure(db: Path, probes: bool, runs: int, cold_runs: int, statements) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(db, probes, Path(tmp))
        await s.start()
        first = await s._send(build_file(statements, "a"), open_=True)
        findings = s.counts[s.version]
        cold = [await s._send(build_file(statements, f"c{i}x")) for i in range(cold_runs)]
        base = f"c{cold_runs - 1}x"
        warm = []
        for i in range(runs):
            warm.append(await s._send(build_file(statements, base, changed=i % N_STATEMENTS, change_tag=f"w{i}")))
        await s.stop()
    return {"first": [first], "cold": cold, "warm": warm, "findings": findings}


async def startup(path: Path, settle_s: float) -> dict:
    """One fresh server on the example workspace, the model on: ms from ``initialize`` to each publish.
    ``settle_s``: seconds between starting the process and sending ``initialize`` (0: at once, so the
    interpreter's start and imports count too)."""
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("sqlintent-bench", "1")
    published: list[tuple[float, int, list[str]]] = []
    got_model = asyncio.Event()
    uri = path.as_uri()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: types.PublishDiagnosticsParams):
        if params.uri == uri:
            published.append((time.perf_counter(), len(params.diagnostics),
                              sorted(str(d.code) for d in params.diagnostics)))
            if any(str(d.code).startswith("SIM") for d in params.diagnostics) or len(published) >= 2:
                got_model.set()

    @client.feature(types.WINDOW_LOG_MESSAGE)
    def logged(params):
        if VERBOSE:
            print(f"  {(time.perf_counter() - start) * 1000:8.1f} ms log: {params.message[:150]}", file=sys.stderr)

    @client.feature(types.WINDOW_SHOW_MESSAGE)
    def shown(params):
        print(f"  server says: {params.message}", file=sys.stderr)

    start = time.perf_counter()
    await client.start_io(sys.executable, "-m", "sqlintent", "server")
    await asyncio.sleep(settle_s)
    folder = path.parent.parent
    caps = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True)))
    start = time.perf_counter()
    await client.initialize_async(types.InitializeParams(capabilities=caps, root_uri=folder.as_uri(),
                                                         workspace_folders=[types.WorkspaceFolder(
                                                             uri=folder.as_uri(), name=folder.name)]))
    answered = time.perf_counter()
    client.initialized(types.InitializedParams())
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="sql", version=1, text=path.read_text(encoding="utf-8"))))
    try:
        await asyncio.wait_for(got_model.wait(), 300)
    except asyncio.TimeoutError:
        pass
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {"publishes": [((t - start) * 1000, n, c) for t, n, c in published],
            "initialize": (answered - start) * 1000}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", default=str(REPO / "examples" / "shop.sqlite"))
    ap.add_argument("--runs", type=int, default=40, help="warm edits per mode")
    ap.add_argument("--cold-runs", type=int, default=10, help="whole-file edits per mode")
    ap.add_argument("--startup-runs", type=int, default=3, help="fresh servers timed from initialize")
    ap.add_argument("--startup-only", action="store_true", help="only the start-up measurement")
    ap.add_argument("--settle", type=float, default=3.0,
                    help="seconds between starting the server and initialize in the first start-up series")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the server's log lines, timed")
    args = ap.parse_args(argv)
    global VERBOSE
    VERBOSE = args.verbose
    db = Path(args.db).resolve()
    if not db.is_file():
        print(f"database not found: {db} (build it with: python examples/build_db.py)", file=sys.stderr)
        return 2
    statements = example_statements()
    import os

    print(f"file: {N_STATEMENTS} statements from examples/queries ({len(statements)} distinct); db: {db}")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start")
    if not args.startup_only:
        edits(db, args, statements)
    report = REPO / "examples" / "queries" / "reports.sql"
    for settle in (args.settle, 0.0):
        run_startup(report, settle, args.startup_runs)
    return 0


def run_startup(report: Path, settle: float, runs: int) -> None:
    when = (f"initialize sent {settle:g} s after the server process started" if settle
            else "initialize sent as the server process starts (its imports count)")
    print(f"start-up, model on: {report.relative_to(REPO)} in the example workspace; {when}; ms from initialize")
    firsts, models = [], []
    for i in range(runs):
        res = asyncio.run(startup(report, settle))
        pubs = res["publishes"]
        if not pubs:
            print(f"  run {i + 1}: nothing published")
            continue
        first = pubs[0]
        last = pubs[-1]
        firsts.append(first[0])
        sims = [c for c in last[2] if c.startswith("SIM")]
        line = (f"  run {i + 1}: initialize answered {res['initialize']:6.1f} ms; first diagnostics {first[0]:7.1f} ms "
                f"({first[1]} findings)")
        if len(pubs) > 1:
            models.append(last[0])
            line += f"; with the model {last[0]:7.1f} ms ({last[1]} findings, {len(sims)} SIM)"
        else:
            line += f"; one publish only ({len(sims)} SIM)"
        print(line)
    if firsts:
        print(f"  median: first diagnostics {statistics.median(firsts):.1f} ms"
              + (f", model findings {statistics.median(models):.1f} ms" if models else ""))


def edits(db: Path, args, statements) -> None:
    print(f"{'mode':<18}{'kind':<7}{'n':>4}{'median ms':>12}{'p95 ms':>10}")
    for probes in (False, True):
        res = asyncio.run(measure(db, probes, args.runs, args.cold_runs, statements))
        mode = "probes on" if probes else "probes off"
        for kind in ("first", "cold", "warm"):
            vals = res[kind]
            print(f"{mode:<18}{kind:<7}{len(vals):>4}{statistics.median(vals):>12.1f}{percentile(vals, 0.95):>10.1f}")
        print(f"{'':<18}(diagnostics on the file: {res['findings']})")


if __name__ == "__main__":
    sys.exit(main())
