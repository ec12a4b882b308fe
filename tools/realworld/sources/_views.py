"""What the sources whose answers are views share: the SELECT of each ``CREATE VIEW`` is the answer, found in
``<folder>/<view>.sql`` (CS50 SQL problem set 4)."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Callable, Iterable

from realworld.snapshot import Snapshot
from realworld.source import Answer, Source

_VIEW = re.compile(r'(?is)^\s*CREATE\s+(?:TEMP(?:ORARY)?\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?["`\[]?(\w+)["`\]]?'
                   r'(?:\s*\([^)]*\))?\s+AS\s+(.*)$')


def _statements(text: str) -> list[str]:
    out, buf = [], []
    for line in text.replace("\r\n", "\n").lstrip("\ufeff").split("\n"):
        buf.append(line)
        if sqlite3.complete_statement("\n".join(buf)):
            out.append("\n".join(buf).strip())
            buf = []
    if "\n".join(buf).strip():
        out.append("\n".join(buf).strip())
    return out


def _no_comments(sql: str) -> str:
    return re.sub(r"--[^\n]*|/\*.*?\*/", "", sql, flags=re.DOTALL).strip()


def view_bodies(text: str) -> Iterable[tuple[str, str]]:
    """(view name, its SELECT) for each CREATE VIEW of a file (comments dropped, the trailing ';' removed)."""
    for st in _statements(text):
        m = _VIEW.match(_no_comments(st))
        if m:
            body = m.group(2).strip().rstrip(";").strip()
            if re.match(r"(?is)(select|with)\b", body):
                yield m.group(1).lower(), body


def view_files(folder: str) -> Callable[[Snapshot, Source], Iterable[Answer]]:
    """An extractor: in the repository's folder named ``folder`` (the one with most files when there are
    several), the view each ``<question>.sql`` creates under the question's name."""
    def extract(snap: Snapshot, source: Source) -> Iterable[Answer]:
        keys = {q.key for q in source.questions}
        folders: dict[str, list[str]] = {}
        for path in snap.files():
            parent, _, name = path.rpartition("/")
            if re.search(rf"(?i)(^|/){folder}$", parent) and name.endswith(".sql") and name[:-4] in keys:
                folders.setdefault(parent, []).append(path)
        if not folders:
            return
        best = max(sorted(folders), key=lambda f: len(folders[f]))
        for path in sorted(folders[best]):
            want = Path(path).stem
            for name, body in view_bodies(snap.read(path)):
                if name == want:
                    yield Answer(snap.repo, want, body, path)
    return extract
