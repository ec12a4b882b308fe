"""The test PostgreSQL server: a superuser URL to set tables up, a read-only URL to probe with.

``.ci/run`` starts the server (``.ci/start_postgres.sh``) and exports SQLINTENT_TEST_PG_URL (the read-only
role sqlintent probes as) and SQLINTENT_TEST_PG_SUPERUSER_URL (the superuser tests create tables with).
With only SQLINTENT_TEST_PG_URL set, it is used for both.
"""
from __future__ import annotations

import os
from urllib.parse import quote

PROBE_URL = os.environ.get("SQLINTENT_TEST_PG_URL")
ADMIN_URL = os.environ.get("SQLINTENT_TEST_PG_SUPERUSER_URL") or PROBE_URL
SKIP_REASON = "SQLINTENT_TEST_PG_URL not set (.ci/run starts a server and sets it)"


def with_search_path(url: str, schema: str) -> str:
    """``url`` with ``search_path`` set to ``schema`` for every session it opens."""
    sep = "&" if "?" in url else "?"
    return url + sep + "options=" + quote(f"-csearch_path={schema}")


def create_schema(schema: str, ddl: str) -> None:
    """(Re)create ``schema`` as the superuser, run ``ddl`` in it and let the probing role read it."""
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as c:
        c.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        c.execute(f"CREATE SCHEMA {schema}")
        c.execute(f"SET search_path TO {schema}")
        c.execute(ddl)
        user = probe_user()
        if user and user != admin_user():
            c.execute(f'GRANT USAGE ON SCHEMA {schema} TO "{user}"')
            c.execute(f'GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO "{user}"')


def drop_schema(schema: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as c:
        c.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def _user(url: str | None) -> str | None:
    if not url:
        return None
    from psycopg.conninfo import conninfo_to_dict

    return conninfo_to_dict(url).get("user")


def probe_user() -> str | None:
    return _user(PROBE_URL)


def admin_user() -> str | None:
    return _user(ADMIN_URL)
