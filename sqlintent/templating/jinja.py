"""The built-in Jinja templater: the template rendered in jinja2's sandbox, with a source map.

The template is hostile input (whoever opens a pull request writes it), so it is rendered by
:class:`jinja2.sandbox.SandboxedEnvironment` (immutable: no ``list.append``) with no loader (no ``include``/``import``/``extends`` of files), and with
budgets: a render stops past ``MAX_OUTPUT`` characters, ``range`` stops past ``MAX_ITERATIONS`` items in
all, ``*`` and ``+`` cannot build strings or lists over ``MAX_OUTPUT`` items, and a watchdog interrupts a
render that runs past ``TIME_LIMIT_S`` seconds or grows the process's memory by ``MEMORY_LIMIT`` bytes
(loops over lists, string concatenation with ``~``: what the other budgets cannot see).
The only files read are the dbt project's macro files (``macros/`` or the project's ``macro-paths``, inside
the project folder), themselves rendered in the same sandbox.

Positions: before rendering, every run of literal text and every ``{{ ... }}`` tag of the template is
preceded by an invisible marker naming its offset in the template. Markers travel with the text they
precede (through ``if``, ``for``, ``set`` blocks and macros defined in the file) and are removed from the
output, which yields the :class:`~sqlintent.templating.sourcemap.SourceMap`: literal text maps character
by character, text produced by an expression (a ``ref``, a macro call) maps to the expression's tag.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from sqlintent.templating.sourcemap import Segment, SourceMap

MAX_OUTPUT = 4 * 1024 * 1024  # characters of rendered SQL
MAX_ITERATIONS = 1_000_000  # items produced by range() in one render
TIME_LIMIT_S = 10.0  # one render (models render in milliseconds)
MEMORY_LIMIT = 512 * 1024 * 1024  # growth of the process's resident memory during one render
_OPEN, _CLOSE = "\x02", "\x03"
_MARKER = re.compile("\x02([LE])(\\d+):(\\d+)\x03")
# the tags of Jinja's default syntax; a string inside a tag may hold the closing characters, rarely
_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_RAW = re.compile(r"\{%-?\s*raw\s*-?%\}(.*?)\{%-?\s*endraw\s*-?%\}", re.S)


class TemplateError(Exception):
    """The template cannot be rendered: ``offset`` is where in the template, when known."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message)
        self.offset = offset


def _instrument(source: str) -> str:
    """The template with a marker before each literal run and each expression tag."""
    out = []
    pos = 0
    strip_next = False
    tags = []
    for m in _TAG.finditer(source):
        raw = _RAW.match(source, m.start())
        if raw:  # {% raw %}: its body is literal text, markers go outside it
            tags.append((m.start(), raw.end(), "raw", raw))
            continue
        if tags and m.start() < tags[-1][1]:
            continue  # inside a raw block
        tags.append((m.start(), m.end(), m.group(0)[:2], None))
    for start, end, kind, raw in tags:
        if start < pos:
            continue
        out.append(_literal(source, pos, start, strip_next))
        tag = source[start:end]
        if kind == "{{":
            out.append(f"{_OPEN}E{start}:{end}{_CLOSE}")
            out.append(tag)
        elif kind == "raw":
            body_start = raw.start(1)
            out.append(source[start:body_start])
            out.append(_literal(source, body_start, raw.end(1), False))
            out.append(source[raw.end(1):end])
        else:
            out.append(tag)
        strip_next = tag.rstrip("}%#").endswith("-")
        pos = end
    out.append(_literal(source, pos, len(source), strip_next))
    return "".join(out)


def _literal(source: str, start: int, end: int, strip_leading: bool) -> str:
    text = source[start:end]
    if not text:
        return ""
    if strip_leading:  # a preceding "-%}" strips this whitespace: the marker goes after it
        stripped = text.lstrip()
        start += len(text) - len(stripped)
        text = stripped
        if not text:
            return ""
    return f"{_OPEN}L{start}:{end}{_CLOSE}{text}"


def _strip_markers(output: str) -> tuple[str, list[Segment]]:
    clean: list[str] = []
    segments: list[Segment] = []
    length = 0
    pos = 0
    current: tuple[str, int, int] | None = None  # (kind, source start, source end) of the text being copied
    offset_in = 0  # for literal runs: how far into the run the copied text is

    def emit(text: str) -> None:
        nonlocal length, offset_in
        if not text:
            return
        if current is None:
            segments.append(Segment(length, length + len(text), 0, 1, False))
        elif current[0] == "L":
            s = current[1] + offset_in
            segments.append(Segment(length, length + len(text), s, min(s + len(text), current[2]), True))
            offset_in += len(text)
        else:
            segments.append(Segment(length, length + len(text), current[1], current[2], False))
        clean.append(text)
        length += len(text)

    for m in _MARKER.finditer(output):
        emit(output[pos:m.start()])
        current = (m.group(1), int(m.group(2)), int(m.group(3)))
        offset_in = 0
        pos = m.end()
    emit(output[pos:])
    return "".join(clean), segments


class _Interrupted(BaseException):
    """Raised in the rendering thread by the watchdog (a BaseException: no template code catches it)."""


class _Watchdog:
    """Interrupts the current thread's render when it runs too long or grows memory too much: a timer
    thread polls and, when a limit is passed, raises :class:`_Interrupted` in the rendering thread (between
    two bytecodes of the compiled template)."""

    def __init__(self, seconds: float | None = None, memory: int | None = None):
        import threading

        self.seconds = TIME_LIMIT_S if seconds is None else seconds
        self.memory = MEMORY_LIMIT if memory is None else memory
        self.thread_id = threading.get_ident()
        self.lock = threading.Lock()
        self.active = False
        self.fired: str | None = None
        self.stop = threading.Event()
        self.poller = threading.Thread(target=self._poll, name="sqlintent-template-watchdog", daemon=True)

    def __enter__(self):
        import time

        self.start, self.rss0 = time.monotonic(), _rss()
        self.active = True
        self.poller.start()
        return self

    def _poll(self) -> None:
        import time

        while not self.stop.wait(0.02):
            why = None
            if time.monotonic() - self.start > self.seconds:
                why = f"rendering ran past {self.seconds:g} s"
            elif self.rss0 is not None and (_rss() or 0) - self.rss0 > self.memory:
                why = f"rendering grew memory past {self.memory // (1024 * 1024)} MB"
            if why:
                with self.lock:
                    if self.active:
                        self.fired = why
                        _async_raise(self.thread_id, _Interrupted)
                return

    def __exit__(self, *exc) -> None:
        self.stop.set()
        with self.lock:
            self.active = False
            if self.fired:
                _async_raise(self.thread_id, None)  # clear it if it has not gone off yet
        self.poller.join()


def _async_raise(thread_id: int, exc) -> None:
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc else None)


def _rss() -> int | None:
    try:
        with open("/proc/self/statm", "rb") as fh:
            import os

            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class _Budget:
    def __init__(self) -> None:
        self.items = 0

    def range(self, *args):
        r = range(*args)
        if len(r) > MAX_ITERATIONS:
            raise TemplateError(f"range() of {len(r)} items: over the template budget of {MAX_ITERATIONS}")
        for i in r:
            self.items += 1
            if self.items > MAX_ITERATIONS:
                raise TemplateError(f"loops ran over {MAX_ITERATIONS} iterations: rendering stopped")
            yield i


def make_environment(budget: _Budget | None = None):
    """A sandboxed Jinja environment with no loader and the budgets above."""
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    budget = budget or _Budget()

    class Sandbox(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset(["*", "**", "+"])

        def call_binop(self, context, operator, left, right):
            if operator == "*":
                for seq, n in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_OUTPUT:
                        raise TemplateError(f"'*' would build {len(seq) * n} items: over the template budget")
            if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)) \
                    and len(left) + len(right) > MAX_OUTPUT:
                raise TemplateError(f"'+' would build {len(left) + len(right)} items: over the template budget")
            if operator == "**" and isinstance(right, int) and right > 64:
                raise TemplateError("'**' with an exponent over 64 is not allowed in templates")
            return super().call_binop(context, operator, left, right)

    env = Sandbox(autoescape=False, keep_trailing_newline=True)
    env.globals["range"] = budget.range
    return env


def render(source: str, context: dict[str, Any], env=None,
           macros: Callable[[Any], dict[str, Any]] | None = None) -> tuple[str, SourceMap]:
    """Render ``source`` with ``context``; returns (SQL, source map). Raises TemplateError."""
    import jinja2

    if _OPEN in source or _CLOSE in source:
        raise TemplateError("the template holds control characters \\x02/\\x03; not rendered")
    env = env or make_environment()
    if macros is not None:
        env.globals.update(macros(env))
    watchdog = _Watchdog()
    try:
        with watchdog:
            template = env.from_string(_instrument(source))
            pieces = []
            size = 0
            for piece in template.generate(**context):
                size += len(piece)
                if size > MAX_OUTPUT * 2:  # markers included
                    raise TemplateError(f"the rendered SQL is over {MAX_OUTPUT} characters: rendering stopped")
                pieces.append(piece)
    except _Interrupted:
        raise TemplateError(f"{watchdog.fired or 'rendering interrupted'}: rendering stopped") from None
    except TemplateError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"template syntax error: {exc.message}", _line_offset(source, exc.lineno)) from None
    except jinja2.exceptions.SecurityError as exc:
        raise TemplateError(f"refused by the template sandbox: {exc}") from None
    except jinja2.TemplateError as exc:
        raise TemplateError(f"template error: {exc}") from None
    except RecursionError:
        raise TemplateError("the template recurses too deeply") from None
    except Exception as exc:  # a function of the context raised: say what, not where in our code
        raise TemplateError(f"template error: {type(exc).__name__}: {exc}") from None
    rendered, segments = _strip_markers("".join(pieces))
    return rendered, SourceMap(segments, len(source))


def _line_offset(source: str, lineno: int | None) -> int | None:
    if not lineno:
        return None
    pos = 0
    for _ in range(lineno - 1):
        nxt = source.find("\n", pos)
        if nxt < 0:
            return pos
        pos = nxt + 1
    return pos
