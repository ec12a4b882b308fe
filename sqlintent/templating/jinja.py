"""The built-in Jinja templater: the template rendered in jinja2's sandbox, with a source map.

The template is hostile input (whoever opens a pull request writes it), so it is rendered by
:class:`jinja2.sandbox.SandboxedEnvironment` (immutable: no ``list.append``) with no loader (no
``include``/``import``/``extends`` of files), and with budgets: a render stops past ``MAX_OUTPUT``
characters, ``range`` stops past ``MAX_ITERATIONS`` items in all, ``*`` and ``+`` cannot build strings or
lists over ``MAX_OUTPUT`` items, and ``**`` and ``*`` cannot build integers over ``MAX_INT_BITS`` bits.
What the budgets cannot see (loops over lists, ``~`` concatenation, ``center(1500000000)``, a macro file's
top-level code) is stopped by the process the render runs in: :mod:`.process` gives it CPU-time and
address-space limits and kills it at a wall-clock deadline; this module renders, in whatever process
calls it. The only files read are the dbt project's macro files (``macros/`` or the project's
``macro-paths``, inside the project folder), themselves rendered in the same sandbox.

Positions: before rendering, every run of literal text and every ``{{ ... }}`` tag of the template is
preceded by an invisible marker naming its offset in the template. Markers travel with the text they
precede (through ``if``, ``for``, ``set`` blocks and macros defined in the file) and are removed from the
output, which yields the :class:`~sqlintent.templating.sourcemap.SourceMap`: literal text maps character
by character, text produced by an expression (a ``ref``, a macro call) maps to the expression's tag.
Finding the tags takes time linear in the template (60 KB of unclosed ``{{`` included).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from sqlintent.templating.sourcemap import Segment, SourceMap

MAX_OUTPUT = 4 * 1024 * 1024  # characters of rendered SQL
MAX_ITERATIONS = 1_000_000  # items produced by range() in one render
MAX_INT_BITS = 4096  # the largest integer '**' and '*' may build (SQL needs 128 bits at most)
_OPEN, _CLOSE = "\x02", "\x03"
_MARKER = re.compile("\x02([LE])(\\d+):(\\d+)\x03")
# the tags of Jinja's default syntax (a string inside a tag may hold the closing characters, rarely)
_OPENER = re.compile(r"\{[{%#]")
_CLOSER = {"{{": "}}", "{%": "%}", "{#": "#}"}
_RAW = re.compile(r"\{%-?\s*raw\s*-?%\}")
_ENDRAW = re.compile(r"\{%-?\s*endraw\s*-?%\}")


class TemplateError(Exception):
    """The template cannot be rendered: ``offset`` is where in the template, when known."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message)
        self.offset = offset


class _NextMatch:
    """The first match of a pattern at or after a position, for positions that only grow: each search
    starts past the last match found, so all the searches of a template together read it once."""

    def __init__(self, source: str, find: Callable[[str, int], tuple[int, int] | None]):
        self.source, self.find = source, find
        self.searched_from: int | None = None
        self.found: tuple[int, int] | None = None

    def at(self, pos: int) -> tuple[int, int] | None:
        if self.searched_from is None or pos < self.searched_from or (self.found and self.found[0] < pos):
            self.searched_from, self.found = pos, self.find(self.source, pos)
        return self.found


def _find_text(text: str):
    def find(source: str, pos: int):
        at = source.find(text, pos)
        return (at, at + len(text)) if at >= 0 else None
    return find


def _find_re(pattern: re.Pattern):
    def find(source: str, pos: int):
        m = pattern.search(source, pos)
        return m.span() if m else None
    return find


def _tags(source: str) -> list[tuple[int, int, str, tuple[int, int] | None]]:
    """(start, end, kind, raw body span) of each tag, in order: ``{{ }}``, ``{% %}`` and ``{# #}`` (an
    opener with no closer after it is text), and ``{% raw %}...{% endraw %}`` as one tag. Linear time: a
    closer found once serves every opener before it."""
    closers = {kind: _NextMatch(source, _find_text(close)) for kind, close in _CLOSER.items()}
    endraw = _NextMatch(source, _find_re(_ENDRAW))
    tags = []
    pos = 0
    while True:
        m = _OPENER.search(source, pos)
        if m is None:
            return tags
        start = m.start()
        kind = m.group(0)
        close = closers[kind].at(start + 2)
        if close is None:  # no closer anywhere after it: text, and so is every later opener of its kind
            pos = start + 1
            continue
        raw = _RAW.match(source, start) if kind == "{%" else None
        end_raw = endraw.at(raw.end()) if raw else None
        if raw and end_raw:  # {% raw %}: its body is literal text, markers go outside it
            tags.append((start, end_raw[1], "raw", (raw.end(), end_raw[0])))
            pos = end_raw[1]
            continue
        tags.append((start, close[1], kind, None))
        pos = close[1]


def _instrument(source: str) -> str:
    """The template with a marker before each literal run and each expression tag."""
    out = []
    pos = 0
    strip_next = False
    for start, end, kind, body in _tags(source):
        out.append(_literal(source, pos, start, strip_next))
        tag = source[start:end]
        if kind == "{{":
            out.append(f"{_OPEN}E{start}:{end}{_CLOSE}")
            out.append(tag)
        elif kind == "raw":
            out.append(source[start:body[0]])
            out.append(_literal(source, body[0], body[1], False))
            out.append(source[body[1]:end])
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
            if isinstance(left, int) and isinstance(right, int) and operator != "+":
                bits = (max(left.bit_length(), 1) * right if operator == "**"
                        else left.bit_length() + right.bit_length())
                if bits > MAX_INT_BITS:
                    raise TemplateError(f"'{operator}' would build an integer of about {bits} bits: over the "
                                        f"template budget of {MAX_INT_BITS} bits")
            return super().call_binop(context, operator, left, right)

        def unsafe_undefined(self, obj, attribute):
            # jinja2 renders an unsafe attribute as empty text; a template that reaches for one is refused
            from jinja2.exceptions import SecurityError

            raise SecurityError(f"access to attribute {attribute!r} of {type(obj).__name__!r} object is unsafe.")

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
    try:
        template = env.from_string(_instrument(source))
        pieces = []
        size = 0
        for piece in template.generate(**context):
            size += len(piece)
            if size > MAX_OUTPUT * 2:  # markers included
                raise TemplateError(f"the rendered SQL is over {MAX_OUTPUT} characters: rendering stopped")
            pieces.append(piece)
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
    except MemoryError:
        raise MemoryError from None  # the process's memory limit: its caller names the limit
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
