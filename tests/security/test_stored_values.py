"""Findings name stored values only as the operator allows: never a value that looks like a secret, never
by containing the literal, only from enumeration-like columns, none in published output or CI."""
from __future__ import annotations

import re

import sqlite3

import pytest

from tests.security.cli_run import sqlintent

TOKENS = ["sk_live_51HqLyjWDarjtT1zdp7dcXyz", "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
          "sk_live_9fQwErTyUiOp", "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"]
PLANS = ["Free", "Pro", "Team"]


@pytest.fixture
def ws(tmp_path):
    db = sqlite3.connect(tmp_path / "app.db")
    db.execute("CREATE TABLE api_tokens (id INTEGER PRIMARY KEY, token TEXT, owner TEXT, plan TEXT)")
    db.executemany("INSERT INTO api_tokens (token, owner, plan) VALUES (?, ?, ?)",
                   [(t, f"user{i}", PLANS[i % 3]) for i, t in enumerate(TOKENS)])
    db.commit()
    db.close()
    (tmp_path / "sqlintent.toml").write_text('database = "app.db"\n[model]\nenabled = false\n')
    (tmp_path / "walk.sql").write_text(
        "-- intent: owners of these tokens\nSELECT owner FROM api_tokens WHERE token IN ('sk_live', 'ghp_');\n"
        "-- intent: owners on the pro plan\nSELECT owner FROM api_tokens WHERE plan = 'pro';\n"
        "-- intent: owners of this key\nSELECT owner FROM api_tokens WHERE token = 'SK_LIVE_9FQWERTYUIOP';\n")
    return tmp_path


def _leaks(text: str) -> list[str]:
    return [t for t in TOKENS if t in text or t[:12] in text]


def _cache_bytes(ws) -> str:
    return "".join(p.read_bytes().decode("latin-1") for p in (ws / ".cache").glob("*"))


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_no_token_in_any_format_or_the_cache(ws, fmt):
    proc = sqlintent(ws, "check", "walk.sql", "--format", fmt, "--show-values", "always")
    out = proc.stdout.decode() + proc.stderr.decode()
    assert "SIP001" in out  # the predicates were probed and found empty
    assert _leaks(out) == []
    assert _leaks(_cache_bytes(ws)) == []


def test_an_enumeration_is_named_in_text_but_not_in_ci_or_published_formats(ws):
    for env, args in (({"CI": "true"}, ()), ({}, ("--format", "github")), ({}, ("--format", "sarif")),
                      ({}, ("--show-values", "never"))):
        out = sqlintent(ws, "check", "walk.sql", *args, env=env).stdout.decode()
        # the stored values are whole words ("Proof" in a rule's description is not "Pro")
        assert "SIP001" in out and not re.search(r"\bPro\b", out), (env, args)
        assert not re.search(r"\b(Free|Team)\b", out)
    assert "Pro" not in _cache_bytes(ws)  # the cache holds only what was shown
    text = sqlintent(ws, "check", "walk.sql").stdout.decode()  # the same cache, another mode
    assert "'Pro'" in text  # plan is an enumeration: the miscased literal gets its stored spelling
    assert _leaks(text) == []


def test_a_trusted_setting_allows_values_in_ci(ws):
    out = sqlintent(ws, "check", "walk.sql", env={"CI": "true", "SQLINTENT_SHOW_VALUES": "enum"}).stdout.decode()
    assert "'Pro'" in out and _leaks(out) == []
