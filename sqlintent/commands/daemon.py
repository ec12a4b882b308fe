"""``sqlintent daemon start|stop|status|run``: the resident process that ``check --daemon`` uses."""
from __future__ import annotations

import argparse
import sys
import time


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "daemon", help="the resident process behind `check --daemon` (start, stop, status)",
        description="A resident sqlintent process that keeps the question parser, the detector and the "
                    "--jobs workers loaded between runs; `sqlintent check --daemon` (or SQLINTENT_DAEMON=1) "
                    "sends its work there and starts it when none runs. It exits after SQLINTENT_DAEMON_IDLE "
                    "seconds without a request (default 900). Its socket lives in SQLINTENT_DAEMON_DIR, else "
                    "$XDG_RUNTIME_DIR/sqlintent, else /tmp/sqlintent-<uid> (mode 0700).")
    p.add_argument("action", choices=("start", "stop", "status", "run"),
                   help="start: in the background (no-op when one runs); stop; status; run: in the foreground")
    p.add_argument("--socket", help=argparse.SUPPRESS)  # the path `start` gives the process it starts
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from pathlib import Path

    from sqlintent.daemon.protocol import DaemonError, socket_path

    try:
        path = Path(args.socket) if args.socket else socket_path()
    except DaemonError as exc:
        print(f"sqlintent daemon: {exc}", file=sys.stderr)
        return 2
    if args.action == "run":
        from sqlintent.commands import run as run_command
        from sqlintent.daemon.server import serve

        return serve(path, run_command)  # the daemon runs each request's command with it
    from sqlintent.daemon.client import request

    if args.action == "start":
        try:
            answer = request({"op": "status"}, start=True)
        except DaemonError as exc:
            print(f"sqlintent daemon: cannot start: {exc}", file=sys.stderr)
            return 2
        print(f"sqlintent daemon: running (pid {answer['pid']}, {path})")
        return 0
    try:
        answer = request({"op": "stop" if args.action == "stop" else "status"})
    except DaemonError as exc:
        if "no daemon" in str(exc) or "other code" in str(exc):
            print(f"sqlintent daemon: not running ({path})")
            return 0 if args.action == "stop" else 1
        print(f"sqlintent daemon: {exc}", file=sys.stderr)
        return 2
    if args.action == "stop":
        print(f"sqlintent daemon: stopped (pid {answer['stopped']})")
        return 0
    up = time.time() - float(answer.get("started", time.time()))
    print(f"sqlintent daemon: running (pid {answer['pid']}, up {up:.0f} s, {answer.get('served', 0)} runs served, "
          f"idle exit after {answer.get('idle_s', 0):.0f} s, {path})")
    return 0
