"""Findings as an oracle (issue 37, item 2): with stored values hidden, a file of statements each asking "is
character i of the token c?" must not spell a token out through which statements get a finding.

The attack is the issue's: one statement per (position, character), ``SELECT id FROM secrets WHERE
substr(note, i, 1) = 'c'``; SIR001 ("the query returns no rows") fires on every wrong guess, so the one
statement of each position without it names the character. With ``CI=true`` a column whose values look like
keys is never probed (one SIX002 says so); any other column gives at most ``probes.max_findings_per_column``
findings a run. With values shown (``enum``, outside CI) nothing changes."""
from __future__ import annotations

import re
import sqlite3
import string
import sys
from pathlib import Path

import pytest

from tests.security.cli_run import sqlintent

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import pg_support  # noqa: E402

KEY = "sk_live_51HqLyjWDarjtT1zdp"
PLAIN = "quietmeadowpassphrase"
ALPHABET = string.ascii_lowercase + "_0123456789"
PG_SCHEMA = "sqlintent_secdata_oracle"


def _attack(positions: int) -> str:
    return "".join(f"-- intent: is it\nSELECT id FROM secrets WHERE substr(note, {i}, 1) = '{c}';\n"
                   for i in range(1, positions + 1) for c in ALPHABET)


def _sqlite(ws: Path, token: str, column: str = "note") -> str:
    db = sqlite3.connect(ws / "app.db")
    db.execute(f"CREATE TABLE secrets (id INTEGER PRIMARY KEY, {column} TEXT)")
    db.execute(f"INSERT INTO secrets ({column}) VALUES (?)", (token,))
    db.commit()
    db.close()
    return "app.db"


def _duckdb(ws: Path, token: str) -> str:
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect(str(ws / "app.duckdb"))
    con.execute("CREATE TABLE secrets (id INTEGER PRIMARY KEY, note TEXT)")
    con.execute("INSERT INTO secrets VALUES (1, ?)", [token])
    con.close()
    return "app.duckdb"


@pytest.fixture(scope="module")
def pg_url():
    if not pg_support.PROBE_URL:
        pytest.skip(pg_support.SKIP_REASON)
    pytest.importorskip("psycopg")
    pg_support.create_schema(PG_SCHEMA, "CREATE TABLE secrets (id INTEGER PRIMARY KEY, note TEXT);\n"
                                        f"INSERT INTO secrets VALUES (1, '{KEY}');\n")
    yield pg_support.with_search_path(pg_support.PROBE_URL, PG_SCHEMA)
    pg_support.drop_schema(PG_SCHEMA)


def _spelled(out: str, positions: int) -> str:
    """What the attacker reads: per position, the guesses whose statement got no SIR001."""
    fired = {int(m.group(1)) for m in re.finditer(r"^attack\.sql:(\d+):\d+: SIR001", out, re.M)}
    lines = [2 * k + 2 for k in range(positions * len(ALPHABET))]  # each statement's line
    guesses = [(i, c) for i in range(1, positions + 1) for c in ALPHABET]
    word = ""
    for i in range(1, positions + 1):
        silent = [c for (j, c), line in zip(guesses, lines) if j == i and line not in fired]
        word += silent[0] if len(silent) == 1 else "?"
    return word


@pytest.mark.parametrize("dialect", ["sqlite", "duckdb", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_key_column_is_never_probed_with_values_hidden(tmp_path, request, dialect):
    location = {"sqlite": lambda: _sqlite(tmp_path, KEY), "duckdb": lambda: _duckdb(tmp_path, KEY),
                "postgres": lambda: request.getfixturevalue("pg_url")}[dialect]()
    (tmp_path / "attack.sql").write_text(_attack(3), encoding="utf-8")
    out = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                    env={"CI": "true"}).stdout.decode()
    assert "SIR001" not in out, out  # no answer at all
    refusals = re.findall(r"SIX002 \[info\] not probed: column secrets\.note holds values that look like "
                          r"secrets", out)
    assert len(refusals) == 1, out  # said once per column and run
    assert _spelled(out, 3) != KEY[:3]


def test_a_plain_column_gives_at_most_the_cap_of_findings_a_run(tmp_path):
    location = _sqlite(tmp_path, PLAIN)
    (tmp_path / "attack.sql").write_text(_attack(4), encoding="utf-8")
    shown = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                      "--no-cache").stdout.decode()
    assert _spelled(shown, 4) == PLAIN[:4]  # with values shown the findings are what they were

    out = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                    "--no-cache", env={"CI": "true"}).stdout.decode()
    assert len(re.findall(r"SIR001", out)) == 50, out  # the default cap
    assert len(re.findall(r"SIX002 .*probes\.max_findings_per_column", out)) == 1, out
    assert _spelled(out, 4).count("?") >= 3, out  # the first position at most

    (tmp_path / "ci.toml").write_text("[probes]\nmax_findings_per_column = 5\n")
    low = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                    "--no-cache", "--config", "ci.toml", env={"CI": "true"}).stdout.decode()
    assert len(re.findall(r"SIR001", low)) == 5, low


def test_a_config_of_the_checkout_cannot_raise_the_cap(tmp_path):
    location = _sqlite(tmp_path, PLAIN)
    (tmp_path / ".git").mkdir()
    (tmp_path / "attack.sql").write_text(_attack(1), encoding="utf-8")
    (tmp_path / "sqlintent.toml").write_text("[probes]\nmax_findings_per_column = 100000\n")
    proc = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                     env={"CI": "true"})
    err = proc.stderr.decode()
    assert "'probes.max_findings_per_column = 100000' is above the operator's limit (50)" in err, err
    # clamped to the operator's cap: the 63 guesses give no more findings than the default allows
    assert len(re.findall(r"SIR001", proc.stdout.decode())) <= 50, proc.stdout.decode()
    (tmp_path / "sqlintent.toml").write_text("[probes]\nmax_findings_per_column = 3\n")  # lowering is fine
    out = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                    env={"CI": "true"}).stdout.decode()
    assert len(re.findall(r"SIR001", out)) == 3, out


def test_failed_probes_count_towards_the_cap(tmp_path):
    """Whether a probe fails can depend on the data (``CASE WHEN substr(note, 1, 1) = 'q' THEN json('x')
    END``): failed probes (SIX001) are charged to the column like findings."""
    location = _sqlite(tmp_path, PLAIN)
    (tmp_path / "attack.sql").write_text("".join(
        f"-- intent: is it\nSELECT CASE WHEN substr(note, {i}, 1) = 'q' THEN json_extract('{{', '$') END AS a{i} "
        "FROM secrets;\n" for i in range(1, 11)), encoding="utf-8")
    (tmp_path / "ci.toml").write_text("[probes]\nmax_findings_per_column = 3\n")
    shown = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                      "--no-cache", "--config", "ci.toml").stdout.decode()
    assert len(re.findall(r"SIX001", shown)) == 1, shown  # only the first character is a q
    (tmp_path / "attack.sql").write_text("".join(
        f"-- intent: is it\nSELECT json_extract(note, '$') AS a{i} FROM secrets;\n" for i in range(1, 11)),
        encoding="utf-8")
    out = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                    "--no-cache", "--config", "ci.toml", env={"CI": "true"}).stdout.decode()
    assert len(re.findall(r"SIX001", out)) == 3, out
    assert len(re.findall(r"SIX002 .*probes\.max_findings_per_column", out)) == 1, out


def test_a_column_named_like_a_secret_is_never_probed_with_values_hidden(tmp_path):
    location = _sqlite(tmp_path, PLAIN, column="password")  # plain words: only the name gives it away
    (tmp_path / "attack.sql").write_text(_attack(2).replace("substr(note", "substr(password"), encoding="utf-8")
    out = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                    "--no-cache", env={"CI": "true"}).stdout.decode()
    assert "SIR001" not in out, out
    assert len(re.findall(r"SIX002 .*column secrets\.password is named like a secret", out)) == 1, out
    shown = sqlintent(tmp_path, "check", "attack.sql", "--db", location, "--no-model", "--select", "SIR,SIX",
                      "--no-cache").stdout.decode()
    assert _spelled(shown, 2) == PLAIN[:2]  # outside CI, unchanged
