"""PostgreSQL databases for the sources that run there: one database per source, built from dump files as the
superuser, readable by the read-only role the judge and the checks connect as.

    SQLINTENT_REALWORLD_PG_SUPERUSER_URL  (default postgresql://postgres@127.0.0.1:54329/postgres)
    SQLINTENT_REALWORLD_PG_URL            (default postgresql://sqlintent_ro@127.0.0.1:54329/postgres)

The database is dropped and rebuilt when its dumps changed (a dump may hold anything: it only ever runs in its
own database, never in the one the URLs name); built from the same dumps (a digest in the database's comment),
it is kept.
"""
from __future__ import annotations

import hashlib
import os
import re
from urllib.parse import urlsplit, urlunsplit

SUPER = os.environ.get("SQLINTENT_REALWORLD_PG_SUPERUSER_URL", "postgresql://postgres@127.0.0.1:54329/postgres")
READER = os.environ.get("SQLINTENT_REALWORLD_PG_URL", "postgresql://sqlintent_ro@127.0.0.1:54329/postgres")


def with_db(url: str, db: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + db))


def rebuild(db: str, scripts: list[str], extensions: tuple[str, ...] = (),
            rows: dict[str, list[tuple]] | None = None) -> str:
    """Drop and create ``db``, run each script in it, insert ``rows`` ({table: rows}, into tables the scripts
    made), grant read to the reader role; return the reader's URL."""
    import psycopg

    if not re.fullmatch(r"[a-z][a-z0-9_]{0,40}", db):
        raise ValueError(f"not a database name: {db!r}")
    reader = urlsplit(READER).username or "sqlintent_ro"
    digest = hashlib.sha256(repr((scripts, extensions, rows)).encode("utf-8")).hexdigest()[:32]
    with psycopg.connect(SUPER, autocommit=True) as con:
        built = con.execute("SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s",
                            (db,)).fetchone()
        if built and built[0] == f"sqlintent:{digest}":
            return with_db(READER, db)  # built from the same dumps: kept (a rebuild would cut its readers off)
        con.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
        con.execute(f"CREATE DATABASE {db}")
    with psycopg.connect(with_db(SUPER, db), autocommit=True) as con:
        for ext in extensions:
            con.execute(f"CREATE EXTENSION IF NOT EXISTS {ext}")
        for script in scripts:
            con.execute(script)
        for table, values in (rows or {}).items():
            if values:
                marks = ", ".join(["%s"] * len(values[0]))
                with con.cursor() as cur:
                    cur.executemany(f'INSERT INTO "{table}" VALUES ({marks})', values)
        con.execute(f'GRANT CONNECT ON DATABASE {db} TO "{reader}"')
        con.execute(f'GRANT USAGE ON SCHEMA public TO "{reader}"')
        con.execute(f'GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{reader}"')
        con.execute(f"COMMENT ON DATABASE {db} IS 'sqlintent:{digest}'")
    return with_db(READER, db)


def statements(text: str) -> list[str]:
    """The SELECT/WITH statements of a PostgreSQL file (split by pglast's scanner; psql meta-commands and
    leading comments dropped)."""
    import pglast

    text = "\n".join(ln for ln in text.replace("\r\n", "\n").lstrip("\ufeff").split("\n")
                     if not ln.lstrip().startswith("\\"))
    try:
        parts = list(pglast.split(text, with_parser=False))
    except Exception:  # noqa: BLE001 - a file the scanner refuses holds no statement we can take
        return []
    out = []
    for p in parts:
        body = p.strip()
        while True:
            if body.startswith("--"):
                body = body.split("\n", 1)[1].strip() if "\n" in body else ""
            elif body.startswith("/*") and "*/" in body:
                body = body.split("*/", 1)[1].strip()
            else:
                break
        if re.match(r"(?is)(select|with)\b", body):
            lines = body.rstrip().rstrip(";").rstrip().split("\n")
            while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("--")):
                lines.pop()  # comments after the statement (a pasted result) are not part of it
            out.append("\n".join(lines).rstrip().rstrip(";").rstrip())
    return out


def alias_subqueries(sql: str) -> str:
    """PostgreSQL 16's optional subquery alias for a server before 16: each subquery in FROM without an alias gets
    one (``subquery_N``), the statement written back by pglast (comments and layout lost); a statement without
    such a subquery, or that pglast cannot parse, is returned unchanged."""
    from pglast import ast, parse_sql
    from pglast.stream import RawStream
    from pglast.visitors import Visitor

    try:
        tree = parse_sql(sql)
    except Exception:  # noqa: BLE001 - left for the server to refuse
        return sql
    added = []

    class _Alias(Visitor):
        def visit_RangeSubselect(self, ancestors, node):
            if node.alias is None:
                added.append(1)
                node.alias = ast.Alias(aliasname=f"subquery_{len(added)}")

    _Alias()(tree)
    return RawStream()(tree[0]) if added and len(tree) == 1 else sql
