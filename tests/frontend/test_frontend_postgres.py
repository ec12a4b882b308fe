"""With a PostgreSQL server configured, the server's own parse analysis (PREPARE in a read-only transaction,
never executed) decides SIS002-SIS004: what it accepts gets no error, what it refuses over a name gets its error
at the name with PostgreSQL's message. Runs when SQLINTENT_TEST_PG_URL is set (.ci/run starts a server)."""
import os
import sys

import pytest

from sqlintent.config import Config
from sqlintent.engine import Engine

PG_URL = os.environ.get("SQLINTENT_TEST_PG_URL")
pytestmark = [pytest.mark.skipif(not PG_URL, reason="SQLINTENT_TEST_PG_URL not set (.ci/run starts a server "
                                                    "and sets it)"), pytest.mark.postgres]

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from test_frontend import DDL, FALSE_ERRORS  # noqa: E402  (after the sys.path set-up above)

SCHEMA = "sqlintent_frontend"


@pytest.fixture(scope="module")
def engine():
    pytest.importorskip("psycopg")
    import pg_support

    pg_support.create_schema(SCHEMA, DDL)
    eng = Engine(Config(dialect="postgres", database=pg_support.with_search_path(PG_URL, SCHEMA)))
    yield eng
    eng.close() if hasattr(eng, "close") else None
    pg_support.drop_schema(SCHEMA)


NEEDS_16 = {"derived tables without an alias"}


def _server_version() -> int:
    import psycopg

    with psycopg.connect(PG_URL) as conn:
        return int(conn.execute("SHOW server_version_num").fetchone()[0])


def _errors(engine, sql):
    text = f"-- intent: the rows\n{sql};\n"
    found = engine.check_text(text).findings
    return text, [f for f in found if f.severity.name == "ERROR"], found


@pytest.mark.parametrize("name", sorted(n for n, (_, by) in FALSE_ERRORS.items() if "postgres" in by))
def test_what_the_server_accepts_gets_no_error(engine, name):
    if name in NEEDS_16 and _server_version() < 160000:
        pytest.skip("PostgreSQL before 16 wants an alias on every subquery in FROM")
    _, errors, found = _errors(engine, FALSE_ERRORS[name][0])
    assert errors == [], [f.message for f in errors]
    assert not [f for f in found if f.code == "SIX001"], [f.message for f in found if f.code == "SIX001"]


def test_an_unknown_column_is_the_servers_error_at_the_name(engine):
    text, errors, _ = _errors(engine, "SELECT surname FROM members WHERE ages > 30")
    (err,) = errors
    assert err.code == "SIS003" and '(PostgreSQL: column "ages" does not exist)' in err.message
    assert text[err.span.start:err.span.end] == "ages"


def test_a_missing_table_and_an_ambiguous_column_are_the_servers(engine):
    _, (err,), _ = _errors(engine, "SELECT surname FROM memberz")
    assert err.code == "SIS002" and "PostgreSQL" in err.message and "memberz" in err.message
    _, (err,), _ = _errors(engine, "SELECT memid FROM members, bookings")
    assert err.code == "SIS004" and '(PostgreSQL: column reference "memid" is ambiguous)' in err.message


def test_a_cte_named_in_quotes_is_not_qualified_in_probes(engine):
    _, errors, found = _errors(engine, 'WITH "Top" AS (SELECT memid FROM members) SELECT memid FROM "Top"')
    assert errors == [] and not [f for f in found if f.code == "SIX001"]
