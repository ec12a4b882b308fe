"""Language-server latency: from ``didChange`` to the diagnostics for that version, on a 50-statement file.

Starts the real server (``python -m sqlintent server``) as a push-diagnostics client would (Neovim-like),
opens a file of 50 statements built from the example queries (examples/queries/*.sql, each statement made
distinct), and times:

- first: the first check in a fresh server (database opened, rules loaded, nothing cached);
- cold:  an edit that changes every statement (no statement result can come from the cache);
- warm:  an edit to one statement (49 statements come from the engine's cache).

each with database probes on and off (the schema comes from the database either way; the neural detector is
off). Prints the median and the 95th percentile in milliseconds.

    python benchmarks/bench_lsp_latency.py [--db examples/shop.sqlite] [--runs 40] [--cold-runs 10]
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", default=str(REPO / "examples" / "shop.sqlite"))
    ap.add_argument("--runs", type=int, default=40, help="warm edits per mode")
    ap.add_argument("--cold-runs", type=int, default=10, help="whole-file edits per mode")
    args = ap.parse_args(argv)
    db = Path(args.db).resolve()
    if not db.is_file():
        print(f"database not found: {db} (build it with: python examples/build_db.py)", file=sys.stderr)
        return 2
    statements = example_statements()
    import os

    print(f"file: {N_STATEMENTS} statements from examples/queries ({len(statements)} distinct); db: {db}")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start")
    print(f"{'mode':<18}{'kind':<7}{'n':>4}{'median ms':>12}{'p95 ms':>10}")
    for probes in (False, True):
        res = asyncio.run(measure(db, probes, args.runs, args.cold_runs, statements))
        mode = "probes on" if probes else "probes off"
        for kind in ("first", "cold", "warm"):
            vals = res[kind]
            print(f"{mode:<18}{kind:<7}{len(vals):>4}{statistics.median(vals):>12.1f}{percentile(vals, 0.95):>10.1f}")
        print(f"{'':<18}(diagnostics on the file: {res['findings']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
