"""One redaction function for every message, log line and settings echo sqlintent writes.

:func:`redact` hides:

- the password of any URL (``scheme://user:password@host``), percent-encoded or not, also when the
  password holds an unencoded ``@``, ``:`` or ``/``;
- ``password=...`` (and ``passwd``, ``pwd``, ``secret``, ``token``, ``api_key``...) in key-value DSNs,
  query strings and printed dicts or JSON;
- every secret registered with :func:`register_secret` (sqlintent registers the password of each database
  URL it opens, raw and decoded), and the values of environment variables whose names say they are
  secret (``PGPASSWORD``, ``*_PASSWORD``, ``*_TOKEN``, ``*_SECRET``, ``*_KEY``) or that the configuration
  names (``database = "env:NAME"``).

>>> redact("postgresql://alice:s3cret@localhost:5432/db")
'postgresql://alice:***@localhost:5432/db'
>>> redact("postgresql://alice:p@ss:w/rd@db.internal/shop?sslmode=require")
'postgresql://alice:***@db.internal/shop?sslmode=require'
>>> redact("host=x password=s3cret dbname=y")
'host=x password=*** dbname=y'
>>> redact("{'database': 'x', 'password': 'hunter22'}")
"{'database': 'x', 'password': '***'}"
"""
from __future__ import annotations

import logging
import os
import re
import threading
from urllib.parse import unquote

from sqlintent.escape import safe_text

MASK = "***"
_URL = re.compile(
    r"(?P<pre>\b[a-z][a-z0-9+.-]*://[^:@/\s'\"]*:)(?P<pw>[^\s'\"]*)@(?P<host>[^@\s/?#'\"]*)"
    r"(?=[/?#\s'\",)}\]]|$)", re.I)
_KEYS = r"password|passwd|pwd|secret|token|api_key|apikey|access_key|secret_key|auth"
_KV = re.compile(rf"(?P<key>\b(?:{_KEYS})\b\s*=\s*)(?P<val>'(?:[^'\\]|\\.)*'|\"[^\"]*\"|[^\s&;,]+)", re.I)
_DICT = re.compile(rf"(?P<key>['\"](?:{_KEYS})['\"]\s*:\s*)(?P<val>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", re.I)
_SECRET_ENV = re.compile(r"(PASSWORD|PASSWD|TOKEN|SECRET|_KEY$)", re.I)  # the whole value is secret
_URL_ENV = re.compile(r"(_URL|_DSN|_URI|^DATABASE_URL)$", re.I)  # a URL whose password is secret

_lock = threading.Lock()
_secrets: set[str] = set()


def register_secret(value: str | None) -> None:
    """Mask ``value``, its percent-decoded form and its pieces between ``@``, ``:`` and ``/`` (a driver
    that splits an unencoded ``@`` elsewhere prints a piece as a host name) wherever they appear."""
    if not value or len(value) < 3:
        return
    decoded = unquote(value)
    pieces = {value, decoded} | set(re.split(r"[@:/]", value)) | set(re.split(r"[@:/]", decoded))
    with _lock:
        _secrets.update(p for p in pieces if len(p) >= 3)


def register_url(url: str | None) -> None:
    """Register the password of a database URL or key-value DSN."""
    if not url:
        return
    for m in _URL.finditer(url):
        register_secret(m.group("pw"))
    for m in _KV.finditer(url):
        register_secret(m.group("val").strip("'\""))


def register_env(name: str) -> None:
    """Register the value of the environment variable ``name`` (one the configuration refers to)."""
    value = os.environ.get(name)
    if value:
        register_secret(value)
        register_url(value)


def _env_secrets() -> list[str]:
    out = []
    for name, value in os.environ.items():
        if len(value) >= 4 and _SECRET_ENV.search(name):
            out.append(value)
        elif _URL_ENV.search(name) and ("://" in value or "=" in value):
            out.extend(m.group("pw") for m in _URL.finditer(value))
            out.extend(m.group("val").strip("'\"") for m in _KV.finditer(value))
    return [s for s in out if len(s) >= 3]


def redact(text: object) -> str:
    """``text`` (made a string) with every secret masked; see the module docstring."""
    text = str(text)
    text = _URL.sub(lambda m: m.group("pre") + MASK + "@" + m.group("host"), text)
    text = _KV.sub(lambda m: m.group("key") + MASK, text)
    text = _DICT.sub(lambda m: m.group("key") + m.group("val")[0] + MASK + m.group("val")[0], text)
    with _lock:
        known = sorted(_secrets, key=len, reverse=True)
    for secret in known + sorted(_env_secrets(), key=len, reverse=True):
        if secret in text and secret != MASK:
            text = text.replace(secret, MASK)
    return text


def _log_text(text: str) -> str:
    """Redacted, with every control character but the line breaks between lines escaped (a log file is read
    in a terminal: a file name or identifier in a message must not carry ESC sequences into it)."""
    return "\n".join(safe_text(line) for line in redact(text).split("\n"))


def _log_arg(arg):
    """A record's argument (what a message quotes: a file name, an exception) escaped whole, newlines too."""
    return safe_text(arg) if isinstance(arg, (str, BaseException)) else arg


class RedactingFilter(logging.Filter):
    """A logging filter that redacts each record's message (and drops its arguments) and escapes its control
    characters (:func:`sqlintent.escape.safe_text`): the arguments whole, so a name cannot start a line of
    its own; the message and a traceback line by line, so that they keep their own lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_log_arg(a) for a in record.args)
        try:
            message = record.getMessage()
        except Exception:
            message = str(record.msg)
        record.msg = _log_text(message)
        record.args = None
        if record.exc_info and not record.exc_text:  # formatted here, so that it is escaped too
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = _log_text(record.exc_text)
        return True


_LOGGERS = ("pygls", "pygls.protocol.language_server", "pygls.protocol.json_rpc", "pygls.server",
            "sqlintent")


def redact_logging() -> None:
    """Put :class:`RedactingFilter` on every handler of the root logger and on the loggers that see the
    client's settings (pygls logs the initialization parameters, options included)."""
    root = logging.getLogger()
    for target in [*root.handlers, *(logging.getLogger(n) for n in _LOGGERS)]:
        if not any(isinstance(f, RedactingFilter) for f in target.filters):
            target.addFilter(RedactingFilter())
