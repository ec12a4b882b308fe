"""The daemon: one resident sqlintent process that ``sqlintent check --daemon`` hands its work to.

A ``check`` process pays about a second before it checks anything with the model on: importing spaCy and
loading its parser, starting ONNX Runtime's session (docs/performance.md). A CI job or a pre-commit hook that
runs ``check`` once per folder pays it once per folder. With ``--daemon`` (or ``SQLINTENT_DAEMON=1``), the
``check`` command sends its arguments, working directory and environment to a daemon over a Unix socket and
prints what the daemon answers; the daemon keeps the parser, the detector sessions and, for ``--jobs N``,
N warm worker processes between requests. The first such ``check`` starts the daemon; it exits after
``SQLINTENT_DAEMON_IDLE`` seconds without a request (default 900), or on ``sqlintent daemon stop``.

* :mod:`.protocol`: where the socket lives, the fingerprint that retires a daemon whose code changed, and
  the length-prefixed JSON framing.
* :mod:`.client`: the ``check`` side (imports nothing heavy: it runs before the engine would load).
* :mod:`.server`: the daemon's loop; requests run one at a time, each as an in-process ``sqlintent check``
  with the client's directory and environment.
* :mod:`sqlintent.workspace.warm_pool`: warm worker processes for ``--jobs N`` requests.

Security: the socket's directory is created mode 0700 and must be owned by the user; the daemon answers
only peers of its own user id (``SO_PEERCRED`` where the OS has it). The daemon runs with the user's
rights, as ``check`` itself would. Output is byte-for-byte what ``check`` prints in a process of its own,
except that stdin (``-``) is never forwarded: such a run checks in its own process.
"""
