"""docs/quickstart.md's command-line steps, run as written on a fresh repository of a new user's own."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICKSTART = (ROOT / "docs" / "quickstart.md").read_text(encoding="utf-8")


def _block(after_heading: str, lang: str) -> str:
    """The first fenced block of ``lang`` after the heading that starts with ``after_heading``."""
    section = QUICKSTART[QUICKSTART.index(after_heading):]
    return re.search(rf"```{lang}\n(.*?)```", section, re.S).group(1)


def test_quickstart_on_a_new_repository(cli, tmp_path):
    repo = tmp_path / "repo"
    (repo / "queries").mkdir(parents=True)
    (repo / "data").mkdir()
    con = sqlite3.connect(repo / "data" / "app.sqlite")
    con.executescript("CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
                      "CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES"
                      " customers(customer_id), status TEXT);"
                      "INSERT INTO customers VALUES (1, 'Ada', 'Oslo'), (2, 'Bo', 'Bergen');"
                      "INSERT INTO orders VALUES (1, 1, 'delivered'), (2, 2, 'shipped');")
    con.commit()
    con.close()
    # step 2's queries and step 3's config, as the page shows them
    (repo / "queries" / "orders.sql").write_text(_block("## 2.", "sql"))
    (repo / "sqlintent.toml").write_text(_block("## 3.", "toml"))
    # step 4: the finding the page shows, at the place it shows
    proc = cli("check", "queries/", cwd=repo)
    assert "Traceback" not in proc.stdout + proc.stderr
    shown = _block("## 4.", "text").splitlines()[0]  # the example output's first line
    assert shown.split(" [")[0] in proc.stdout, proc.stdout
    assert "stored values close to it: 'delivered'" in proc.stdout
    assert proc.returncode == 0, proc.stdout  # an info finding does not fail the run (as the page says)
    assert cli("rule", "SIP001").returncode == 0
    # the CI step's command, with the github format, on the same repository (before the fix: its info findings
    # are notices, which do not fail the step)
    ci_line = next(ln.strip()[len("- run: "):] for ln in _block("## 6.", "yaml").splitlines()
                   if "sqlintent check" in ln)
    args = ci_line.split()[1:]
    assert args[0] == "check"
    ci = cli(*args, cwd=repo)
    lines = ci.stdout.splitlines()
    assert ci.returncode == 0 and lines and all(ln.startswith("::notice ") for ln in lines), ci.stdout
    # "--fix applies the fixes that are safe"
    fixed = cli("check", "queries/", "--fix", cwd=repo)
    assert fixed.returncode == 0 and "status = 'delivered'" in (repo / "queries" / "orders.sql").read_text()
