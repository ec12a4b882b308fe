"""What a source module describes: repositories at commits, questions with references, database, extraction."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from realworld.snapshot import Snapshot


@dataclass(frozen=True)
class Repo:
    name: str  # owner/name on GitHub
    commit: str  # the commit the corpus is built from (the one `fetch` gave)
    root: str = ""  # the folder holding the answers, when the extractor needs it


@dataclass(frozen=True)
class Question:
    key: str  # stable id within the source ("1", "q03", ...): the answer files are matched on it
    intent: str  # the published question, as the `-- intent:` comment
    reference: str  # written and checked here
    ordered: bool = False  # the question asks for an order: results compared as lists


@dataclass(frozen=True)
class Fix:
    """A mechanical dialect fix, applied to every answer and logged (pattern, replacement, why)."""
    pattern: str
    replacement: str
    why: str

    def apply(self, sql: str) -> str:
        return re.sub(self.pattern, self.replacement, sql)


@dataclass
class Answer:
    author: str  # the repository (owner/name)
    question: str  # Question.key
    sql: str
    origin: str  # path in the repository, for the log


@dataclass
class Source:
    key: str
    title: str
    url: str  # where the questions are published
    licence: str
    engine: str  # "sqlite" | "duckdb" | "postgres"
    repos: list[Repo]
    questions: list[Question]
    # builds the database under OUT/<key>/ from the snapshots; returns what sqlintent.toml's `database` names
    build_db: Callable[["BuildContext"], str]
    # (snapshot) -> the answers found in that repository
    extract: Callable[[Snapshot, "Source"], Iterable[Answer]]
    fixes: list[Fix] = field(default_factory=list)
    keep_failing: bool = True  # a statement the engine refuses is kept, labelled wrong ("does not run")
    note: str = ""
    toml_extra: str = ""  # more sqlintent.toml lines (dialect = ..., schema_files = ...)
    # (question, reference result, answer result) -> (label, reason, category), instead of judge.judge
    judge: Callable | None = None

    def question(self, key: str) -> Question | None:
        return next((q for q in self.questions if q.key == key), None)


@dataclass
class BuildContext:
    mirror: Path
    out: Path  # OUT/<key>
    source: Source

    def snapshot(self, repo: Repo) -> Snapshot:
        return Snapshot(self.mirror, repo.name, repo.commit)


def numbered_files(folder_pattern: str, ext: str = ".sql") -> Callable[[Snapshot, Source], Iterable[Answer]]:
    """An extractor for the common layout `<...>/<folder>/<n>.sql`: every file whose folder matches
    ``folder_pattern`` (a regex on the folder path, searched) and whose name is a question key + ``ext``;
    when a repository holds several copies of the set, the one with most answers is taken."""
    from realworld.snapshot import statements

    def extract(snap: Snapshot, source: Source) -> Iterable[Answer]:
        keys = {q.key for q in source.questions}
        by_folder: dict[str, list[str]] = {}
        for path in snap.files():
            folder, _, name = path.rpartition("/")
            if name.endswith(ext) and name[: -len(ext)] in keys and re.search(folder_pattern, folder or "."):
                by_folder.setdefault(folder, []).append(path)
        if not by_folder:
            return
        folder = max(sorted(by_folder), key=lambda f: len(by_folder[f]))
        for path in sorted(by_folder[folder]):
            key = path.rpartition("/")[2][: -len(ext)]
            for sql in statements(snap.read(path)):
                yield Answer(snap.repo, key, sql, path)
    return extract


def db_from_snapshot(repo: Repo, path: str, name: str) -> Callable[[BuildContext], str]:
    """A database committed in a repository: copied to OUT/<key>/<name> (never written afterwards)."""
    def build(ctx: BuildContext) -> str:
        dest = ctx.out / name
        data = ctx.snapshot(repo).read_bytes(path)
        if not dest.is_file() or dest.read_bytes() != data:
            dest.write_bytes(data)
        return str(dest)
    return build
