"""``sqlintent server``: the language server, on stdio (default) or TCP."""
from __future__ import annotations

import argparse
import sys


def _host_port(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit():
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, got {text!r}")
    return host or "127.0.0.1", int(port)


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "server", help="run the language server (stdio, or --tcp HOST:PORT)",
        description="Run the sqlintent language server for editors. Speaks LSP on stdin/stdout unless "
                    "--tcp is given. Settings come from the editor and the project's sqlintent.toml.")
    p.add_argument("--stdio", action="store_true", help="use stdin/stdout (the default; accepted for clients "
                                                        "that pass it)")
    p.add_argument("--tcp", type=_host_port, metavar="HOST:PORT",
                   help="listen on a loopback TCP socket instead; the client's initialize request must carry "
                        "the token (initializationOptions.token)")
    p.add_argument("--token-file", metavar="PATH",
                   help="with --tcp: read the token from this file (yours, mode 0600), or create it with a new "
                        "token if it does not exist (default: a new file, its path printed on stderr)")
    p.add_argument("--debounce-ms", type=int, default=0,
                   help="wait this long after an edit before checking (edits during a check are always "
                        "coalesced; default 0)")
    p.add_argument("--log-file", help="write the server's own log (Python logging) to this file")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    import logging

    if args.log_file:
        from sqlintent.redact import redact_logging

        logging.basicConfig(filename=args.log_file, level=logging.INFO,
                            format="%(asctime)s %(name)s %(levelname)s %(message)s")
        redact_logging()  # pygls logs the initialization options and every message: secrets masked
    from sqlintent.server.app import create_server

    if args.tcp:
        from sqlintent.escape import safe_text
        from sqlintent.server.tcp_gate import load_or_create_token, loopback_host

        try:
            args.tcp = (loopback_host(args.tcp[0]), args.tcp[1])
            token, token_file = load_or_create_token(args.token_file, args.tcp[1])
        except (ValueError, OSError) as exc:
            print(f"sqlintent: error: {safe_text(str(exc))}", file=sys.stderr)
            return 2
        made, token_file = token_file, safe_text(str(token_file))
    elif args.token_file:
        print("sqlintent: error: --token-file goes with --tcp", file=sys.stderr)
        return 2

    server = create_server(debounce_ms=args.debounce_ms)
    try:
        if args.tcp:
            host, port = args.tcp
            print(f"sqlintent: language server listening on {host}:{port}", file=sys.stderr)
            print(f"sqlintent: token in {token_file} (send it as initializationOptions.token)", file=sys.stderr,
                  flush=True)
            try:
                server.start_tcp(host, port, token)
            finally:
                if not args.token_file:  # a token of this run only: its file goes with it
                    from sqlintent.server.tcp_gate import remove_token_file

                    remove_token_file(made)
        else:
            # the LSP stream owns stdout: anything a library prints goes to stderr instead
            lsp_out = sys.stdout.buffer
            sys.stdout = sys.stderr
            return int(server.start_io(sys.stdin.buffer, lsp_out) or 0)
    except KeyboardInterrupt:
        return 0
    return 0
