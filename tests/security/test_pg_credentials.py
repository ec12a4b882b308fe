"""The runner's PostgreSQL password goes only where the operator pointed it (docs/security.md, "Trust").

A fake server on loopback (``fake_postgres``) asks every client for its password in clear text and records
what comes. With PGPASSWORD and a password file in the environment: a URL the operator gave (``--db``)
gets the password (the control: the fake server records it); a URL in a config file found in the checkout
is refused before anything connects; one in a config named with ``--config`` connects but SCRAM is
required, so no password travels; and a URL marked untrusted that reached the driver anyway would be sent
no password from the environment or the password file.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("psycopg")

TESTS = Path(__file__).resolve().parents[1]
for p in (str(TESTS), str(Path(__file__).resolve().parent)):
    if p not in sys.path:
        sys.path.insert(0, p)
from conftest import run_cli  # noqa: E402  (after the sys.path set-up above)
from fake_postgres import FakePostgres  # noqa: E402  (after the sys.path set-up above)

ENV_PASSWORD = "env-password-of-the-runner"
FILE_PASSWORD = "pgpass-password-of-the-runner"
QUERY = "-- intent: names of all customers\nSELECT name FROM customers;\n"


@pytest.fixture
def credentials(tmp_path, monkeypatch):
    """The runner's credentials: PGPASSWORD and a password file matching any host."""
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"*:*:*:*:{FILE_PASSWORD}\n")
    passfile.chmod(0o600)
    env = {"PGPASSWORD": ENV_PASSWORD, "PGPASSFILE": str(passfile)}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    return env


def _repo(tmp_path: Path, config: str) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "q.sql").write_text(QUERY)
    (repo / "sqlintent.toml").write_text(config)
    return repo


def _check(repo: Path, *args: str, env: dict):
    return run_cli("check", "--no-model", "--no-cache", *args, cwd=repo, env=env, timeout=120)


def test_a_url_given_with_db_gets_the_runners_password(tmp_path, credentials):
    """The control: the fake server records a password when one is sent."""
    with FakePostgres() as pg:
        repo = _repo(tmp_path, "dialect = \"postgres\"\n")
        _check(repo, ".", "--db", pg.url(), env=credentials)
    assert pg.recorded.passwords == [ENV_PASSWORD.encode()]


def test_a_url_in_a_discovered_config_connects_nowhere(tmp_path, credentials):
    with FakePostgres() as pg:
        repo = _repo(tmp_path, f'database = "{pg.url(query="hostaddr=127.0.0.1")}"\ndialect = "postgres"\n')
        proc = _check(repo, ".", env=credentials)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "'database' with a PostgreSQL URL is refused in a config file found in the checkout" in proc.stderr
    assert pg.recorded.startups == [] and pg.recorded.passwords == []


def test_a_url_in_a_config_named_with_config_requires_scram(tmp_path, credentials):
    with FakePostgres() as pg:
        repo = _repo(tmp_path, f'database = "{pg.url()}"\ndialect = "postgres"\n')
        proc = _check(repo, ".", "--config", "sqlintent.toml", env=credentials)
    assert len(pg.recorded.startups) >= 1  # honoured: it connected
    assert pg.recorded.passwords == [], proc.stdout
    assert "scram-sha-256" in proc.stdout  # the database-unavailable finding says why


@pytest.mark.parametrize("param", ["hostaddr=10.0.0.1", "passfile=/tmp/x", "service=prod", "sslkey=/k",
                                   "options=-c%20role%3Dadmin"])
def test_parameters_that_move_the_connection_are_refused_in_any_config_file(tmp_path, credentials, param):
    with FakePostgres() as pg:
        repo = _repo(tmp_path, f'database = "{pg.url(query=param)}"\n')
        proc = _check(repo, ".", "--config", "sqlintent.toml", env=credentials)
    name = param.split("=")[0]
    assert proc.returncode == 2 and f"carries '{name}'" in proc.stderr, proc.stderr
    assert pg.recorded.startups == []


def test_an_untrusted_url_that_reaches_the_driver_gets_no_credential(credentials):
    from sqlintent.db.postgres import PostgresDatabase
    from sqlintent.db.sqlite import DatabaseOpenError

    with FakePostgres() as pg, pytest.raises(DatabaseOpenError):
        PostgresDatabase(pg.url(), origin="untrusted")
    assert len(pg.recorded.startups) == 1 and pg.recorded.passwords == []


def test_without_require_auth_the_untrusted_options_alone_send_no_password(credentials):
    """The second layer on its own (as with a libpq older than 16): an empty password, no password file."""
    import psycopg

    from sqlintent.db.url import credential_options

    options = credential_options({}, "untrusted", psycopg.pq.version())
    options.pop("require_auth", None)
    with FakePostgres() as pg:
        with pytest.raises(psycopg.OperationalError, match="no password supplied"):
            psycopg.connect(pg.url(), connect_timeout=10, **options)
    assert len(pg.recorded.startups) == 1 and pg.recorded.passwords == []
