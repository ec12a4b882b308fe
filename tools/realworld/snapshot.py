"""A repository snapshot as `fetch` leaves it (a bare git directory), and the statements of a SQL file."""
from __future__ import annotations

import re
import sqlite3
import subprocess
from pathlib import Path


def git_dir(path: Path) -> Path:
    """The git directory of a fetched snapshot: the bare ``repo`` itself, or ``repo/.git`` (some snapshots
    come as a checkout)."""
    return path / ".git" if (path / ".git").is_dir() else path


class Snapshot:
    def __init__(self, mirror: Path, repo: str, commit: str):
        self.git = git_dir(mirror / repo.replace("/", "+") / "repo")
        self.repo, self.commit = repo, commit
        self._files: list[str] | None = None

    def exists(self) -> bool:
        return self.git.is_dir()

    def files(self) -> list[str]:
        if self._files is None:
            out = subprocess.run(["git", "--git-dir", str(self.git), "ls-tree", "-r", "-z", "--name-only",
                                  self.commit], check=True, capture_output=True).stdout
            self._files = [p.decode("utf-8", "replace") for p in out.split(b"\0") if p]
        return self._files

    def read_bytes(self, path: str) -> bytes:
        return subprocess.run(["git", "--git-dir", str(self.git), "show", f"{self.commit}:{path}"], check=True,
                              capture_output=True).stdout

    def read(self, path: str) -> str:
        return self.read_bytes(path).decode("utf-8", "replace")


def statements(text: str) -> list[str]:
    """The complete SELECT/WITH statements of a file (SQLite's idea of where one ends), leading comments
    dropped, the trailing ';' removed. A last statement without ';' is kept when it holds a SELECT."""
    out, buf = [], []
    for line in text.replace("\r\n", "\n").lstrip("\ufeff").split("\n"):
        buf.append(line)
        if sqlite3.complete_statement("\n".join(buf)):
            out.append("\n".join(buf).strip())
            buf = []
    rest = "\n".join(buf).strip()
    if rest and re.search(r"\bselect\b", _no_comments(rest), re.IGNORECASE):
        out.append(rest)
    return [s for s in (_strip_leading_comments(s) for s in out) if s]


def _no_comments(sql: str) -> str:
    return re.sub(r"--[^\n]*|/\*.*?\*/", " ", sql, flags=re.DOTALL)


def _strip_leading_comments(sql: str) -> str:
    body = sql.strip()
    while True:
        if body.startswith("--") or body.startswith("#"):
            body = body.split("\n", 1)[1].strip() if "\n" in body else ""
        elif body.startswith("/*") and "*/" in body:
            body = body.split("*/", 1)[1].strip()
        else:
            break
    body = body.rstrip().rstrip(";").rstrip()
    return body if re.match(r"(?is)\s*(select|with)\b", body) else ""


def normalised(sql: str) -> str:
    """The text two authors' near-copies share: comments dropped, case and spacing folded, quotes unified."""
    s = _no_comments(sql).lower().replace('"', "'").replace("`", "'")
    s = re.sub(r"\s*([(),;=<>!+*/-])\s*", r"\1", " ".join(s.split()))
    return s.rstrip(";").strip()
