"""The ``sqlintent`` command line: a thin door onto the engine.

Exit codes: 0 clean, 1 findings, 2 usage or internal error (or a file that could not be checked).
"""
from __future__ import annotations

import os
import sys

from sqlintent import commands


def main(argv: list[str] | None = None) -> int:
    """``sqlintent ARGS``: a ``check`` that asks for the daemon goes there (:mod:`sqlintent.daemon.client`);
    everything else runs here (:func:`sqlintent.commands.run`)."""
    given = sys.argv[1:] if argv is None else list(argv)
    words = [a for a in given if not a.startswith("-")]
    if words and words[0] == "check":
        from sqlintent.daemon import client, server

        if not server.RUNNING and client.wanted(given):
            try:
                code = client.forward(given)
            except KeyboardInterrupt:
                print("sqlintent: interrupted", file=sys.stderr)
                return 2
            if code is not None:
                return code
    return commands.run(given)


def entry() -> None:
    """The console script (``sqlintent``, ``python -m sqlintent``): :func:`main`, then :func:`quick_exit`."""
    quick_exit(main())


def quick_exit(code: int) -> None:
    """Exit with ``code`` without the interpreter's teardown, which frees the loaded model stack (spaCy,
    ONNX Runtime, numpy) object by object: 0.2 s after a check with the detector, a fifth of a one-file
    run. Everything is written first: standard output and error are flushed and the ``atexit`` handlers run
    (logging's flush, the probe watchdog's stop); the findings cache commits each statement as it goes.
    Where a thread that is not a daemon is still alive, the normal exit runs instead (it waits for it)."""
    import atexit
    import threading

    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader that left early (broken pipe); a closed stream
            pass
    os._exit(code if isinstance(code, int) and 0 <= code <= 255 else 1)


if __name__ == "__main__":  # pragma: no cover
    entry()
