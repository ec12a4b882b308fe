"""Bounds that keep one hostile statement from crashing, hanging or stalling a whole check.

A checked file is hostile input: anyone who can open a pull request writes it. The engine therefore

- refuses statements nested deeper than :data:`MAX_NESTING_DEPTH` (parentheses, CASE, unary NOT/minus,
  counted by :func:`nesting_depth` before anything parses them) with one SIS006 finding;
- parses and analyses every other statement on a worker thread with a big stack (:func:`run_bounded`), so
  that the recursive SQL parser and the rules reach that depth, and a RecursionError past it is still one
  SIS006 finding rather than a lost file;
- stops a parse that uses more than :data:`PARSE_DEADLINE_S` and an analysis that uses more than
  :data:`ANALYSIS_DEADLINE_S` seconds of the worker thread's CPU time, or runs past a wall-clock backstop
  :data:`sqlintent.limits.bounded.WALL_BACKSTOP_FACTOR` times longer (blocked, not computing); both are
  reported once as SIS006, the rest of the file still checked. CPU time, not wall time, so that whether a
  statement is checked does not depend on how loaded the machine is. Time in database probes (which have
  their own timeout) and in the model does not count (:func:`paused`);
- replaces lone UTF-16 surrogates in an intent (:func:`clean_intent`); the document has already cut it to
  :data:`sqlintent.sqltext.MAX_INTENT_CHARS` before anything reads it (the detector reads 128 tokens).
"""
from __future__ import annotations

from sqlintent.limits.bounded import DeadlineExceeded, Interrupted, paused, run_bounded
from sqlintent.limits.nesting import nesting_depth

MAX_NESTING_DEPTH = 200
PARSE_DEADLINE_S = 1.0  # CPU seconds per statement's parse (wall-clock backstop: 10 s)
ANALYSIS_DEADLINE_S = 10.0  # CPU seconds per statement's rules (wall-clock backstop: 100 s)
# CPU seconds of the checking process per file (its statements' parses, rules and probes together): past it
# the file's remaining statements are not checked (one SIS006). A rendered template or a file holds at most
# max_file_size bytes, but two megabytes of short statements would otherwise keep a check busy for minutes.
FILE_CPU_S = 120.0

__all__ = ["ANALYSIS_DEADLINE_S", "FILE_CPU_S", "DeadlineExceeded", "Interrupted", "paused", "MAX_NESTING_DEPTH", "PARSE_DEADLINE_S",
           "clean_intent", "nesting_depth", "run_bounded"]


def clean_intent(text: str) -> str:
    """``text`` with lone UTF-16 surrogates (an editor can send them) replaced: no tokenizer takes them.

    >>> clean_intent("count \\ud800 rows")
    'count \\ufffd rows'
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
    return text
