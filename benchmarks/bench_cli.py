"""Whole-process speed of `sqlintent check` beside sqlfluff and sqruff on the Spider dev gold queries.

    python benchmarks/bench_cli.py [--shared ../shared] [--runs 3] [--dbs N | --limit N] [--modes ...]
                                   [--reference FILE] [--save-findings FILE] [--baseline DIR]

The corpus (built in a temporary directory): each Spider dev gold query whose database exists, as one file
``<db>/<n>.sql`` holding ``-- intent: <question>`` and the query, one folder per database. sqlintent runs as
one process per folder (``sqlintent check DIR --db DB.sqlite --format json``; each folder also has a
``sqlintent.toml`` naming the same database, for the ``tree`` modes), in these modes:

    on        everything on, a cold persistent cache (an empty cache directory each run)
    warm      everything on, the cache filled by an earlier run (a CI re-run with nothing changed)
    jobs2     everything on, cold cache, --jobs 2
    nomodel   --no-model
    noprobes  --no-model --no-probes
    one       one file of one statement, --no-model   (start-up cost)
    one_model one file of one statement, model on, cold cache
    daemon    everything on, cold cache, --daemon: the first folder's process starts the daemon (timed),
              the daemon is stopped after the round
    daemon_jobs2  the same with --jobs 2 (the daemon's warm workers)
    daemon_hot    everything on, cold cache, --daemon with a daemon already running (started, and used
              once on a small folder, before the first round; a developer's second run)
    daemon_hot_jobs2  the same with --jobs 2 (the warm workers started before the first round)
    daemon_warm   --daemon with a daemon already running and the persistent cache warm (a CI re-run)
    daemon_nomodel    --no-model, cold cache, --daemon with a daemon already running
    daemon_nomodel_jobs2  the same with --jobs 2 (its warm workers started before the first round)
    one_daemon    one file of one statement, model on, cold cache, --daemon with a daemon already running
    tree      everything on, cold cache, ONE process over the whole corpus (``sqlintent check CORPUS``): each
              folder's ``sqlintent.toml`` names its database, as in a repository checked by one CI command
              (sqlfluff and sqruff run this way too)
    tree_warm     the same, the cache filled by an earlier run
    tree_jobs2    the same as tree, --jobs 2
    tree_nomodel  the same as tree, --no-model
    tree_nomodel_jobs2  the same, --no-model --jobs 2
    tree_daemon   the same as tree through a running daemon (``--daemon``; started before the first round)
    tree_daemon_jobs2  the same, --jobs 2 (the daemon's warm workers)

The daemon modes add the daemon's CPU seconds (and its workers') to the clients', and report the largest
resident set of any of its processes (``VmHWM``) as the peak.

sqlfluff (``lint --dialect sqlite``) and sqruff (``lint``, dialect sqlite) run as one process over all
files. Each measurement is a whole process (or the sum over the per-folder processes), runs are interleaved
(round 1 of every mode, then round 2, ...), and the report gives the median and range of wall seconds,
statements per second, the ratios to sqlfluff and sqruff, the peak resident memory of the largest process
(``wait4`` rusage), the CPU seconds (user + system, workers included; steadier than wall time on a loaded
machine) and the 1-minute load average read before each run. ``--baseline DIR`` also runs the sqlintent
of another checkout (e.g. ``git worktree add /tmp/base main``) in every mode, interleaved, for before/after. The machine is shared: read every
figure beside its load.

Findings (code, file, line, column, message): every run of every mode over the whole corpus, this version's
and the baseline's, is compared with the first run of its group (with the model: of ``on``, else of the first other such
mode that ran, ``warm``, ``jobs2``, ..., ``tree``, ...; without it: of ``nomodel``, ..., ``tree_nomodel``,
...); any difference is printed. ``--save-findings`` writes the first run with the model; ``--reference`` compares it with a file
saved earlier (e.g. by another version).

sqlfluff and sqruff are not dependencies of sqlintent: ``pip install -e '.[bench]'`` (sqlfluff 4.5.0, sqruff
0.44.0) into the environment that runs this; a tool that is missing is skipped with a message. Run it from
outside the checkout's root (e.g. ``cd /tmp``) with nothing else editing the checkout: each process imports
the code as it is on disk at that moment.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_procs import (CPU_USED, diff_findings, findings_of, install_wait4_hook,  # noqa: E402
                         process_tree_usage, run_process)

MODES = ("on", "warm", "jobs2", "nomodel", "noprobes", "one", "one_model", "daemon", "daemon_jobs2",
         "daemon_hot", "daemon_hot_jobs2", "daemon_warm", "daemon_nomodel", "daemon_nomodel_jobs2",
         "one_daemon", "tree", "tree_warm", "tree_jobs2", "tree_nomodel", "tree_nomodel_jobs2",
         "tree_daemon", "tree_daemon_jobs2", "sqlfluff", "sqruff")


def build_corpus(shared: Path, out: Path, dbs: int, limit: int) -> tuple[list[tuple[Path, Path, int]], int]:
    """Write the corpus; return [(folder, database, statements)] and the statement count."""
    spider = shared / "data" / "spider"
    dev = json.loads((spider / "dev.json").read_text(encoding="utf-8"))
    by_db: dict[str, list[dict]] = {}
    for ex in dev:
        db = spider / "database" / ex["db_id"] / f"{ex['db_id']}.sqlite"
        if db.exists():
            by_db.setdefault(ex["db_id"], []).append(ex)
    names = sorted(by_db)
    if dbs:
        names = sorted(names, key=lambda n: (len(by_db[n]), n))[:dbs]  # the smallest folders
    folders, total = [], 0
    for name in names:
        exs = by_db[name]
        if limit:
            exs = exs[: max(0, limit - total)]
        if not exs:
            continue
        d = out / name
        d.mkdir(parents=True)
        for i, ex in enumerate(exs):
            question = " ".join(ex["question"].split())
            (d / f"q{i:04d}.sql").write_text(f"-- intent: {question}\n{ex['query'].strip().rstrip(';')};\n",
                                             encoding="utf-8")
        db = spider / "database" / name / f"{name}.sqlite"
        (d / "sqlintent.toml").write_text(f"database = {json.dumps(str(db.resolve()))}\n", encoding="utf-8")
        folders.append((d, db, len(exs)))
        total += len(exs)
    return folders, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--runs", type=int, default=3, help="rounds (each mode once per round), default 3")
    ap.add_argument("--dbs", type=int, default=0, help="only the N smallest database folders")
    ap.add_argument("--limit", type=int, default=0, help="at most N statements")
    ap.add_argument("--modes", default=",".join(MODES), help=f"comma-separated, of {','.join(MODES)}")
    ap.add_argument("--python", default=sys.executable, help="the interpreter that runs sqlintent")
    ap.add_argument("--reference", help="findings JSON saved by --save-findings (another version) to compare")
    ap.add_argument("--save-findings", help="write the first run with the model's findings here")
    ap.add_argument("--baseline", help="another checkout's root (e.g. a `git worktree` of main): its sqlintent "
                                       "runs every sqlintent mode too, interleaved, as base:MODE")
    args = ap.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    bad = [m for m in modes if m not in MODES]
    if bad:
        ap.error(f"unknown mode(s) {bad}")
    install_wait4_hook()

    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("OPENBLAS_NUM_THREADS", None)
    tmp = Path(tempfile.mkdtemp(prefix="sqlintent-bench-"))
    corpus = tmp / "corpus"
    folders, total = build_corpus(Path(args.shared), corpus, args.dbs, args.limit)
    one_dir = tmp / "one"
    one_dir.mkdir()
    first = sorted(folders[0][0].glob("*.sql"))[0]
    shutil.copy(first, one_dir / "one.sql")
    (corpus / ".sqruff").write_text("[sqruff]\ndialect = sqlite\n")
    (corpus / ".sqlfluff").write_text("[sqlfluff]\ndialect = sqlite\n")
    print(f"corpus: {total} statements in {len(folders)} folders ({tmp}); {args.runs} interleaved rounds; "
          f"{os.cpu_count()} CPUs")
    # every sqlintent process runs in the temporary directory: `python -m` puts its working directory
    # first on sys.path, which would otherwise shadow PYTHONPATH (and --baseline) with the caller's checkout
    help_text = subprocess.run([args.python, "-m", "sqlintent", "check", "--help"], capture_output=True,
                               text=True, env=env, cwd=tmp).stdout
    has_cache = "--no-cache" in help_text
    sqlint = [args.python, "-m", "sqlintent", "check"]
    tools = {n: shutil.which(n, path=str(Path(args.python).parent) + os.pathsep + os.environ.get("PATH", ""))
             for n in ("sqlfluff", "sqruff")}
    for n, p in tools.items():
        if n in modes and not p:
            print(f"{n}: not installed, skipped (pip install {n})")
            modes.remove(n)
    warm_cache = tmp / "cache-warm"

    base_env = None
    if args.baseline:
        base_env = dict(env, PYTHONPATH=str(Path(args.baseline).resolve()))
        base_help = subprocess.run([args.python, "-m", "sqlintent", "check", "--help"], capture_output=True,
                                   text=True, env=base_env, cwd=tmp).stdout
        skip = ("sqlfluff", "sqruff") + (() if "--no-cache" in base_help else ("warm",))
        if "warm" in modes and "warm" in skip:
            print("baseline: no persistent cache, so no base:warm (it would be a plain re-run)")
        modes = modes + [f"base:{m}" for m in modes if m not in skip]

    def cache_env(cold: bool, e0: dict) -> dict:
        e = dict(e0)
        if cold:
            d = tmp / "cache-cold"
            shutil.rmtree(d, ignore_errors=True)
            e["SQLINTENT_CACHE_DIR"] = str(d)
        else:
            e["SQLINTENT_CACHE_DIR"] = str(warm_cache if e0 is env else tmp / "cache-warm-base")
        return e

    def per_folder(extra: list[str], e: dict) -> tuple[float, int, list[tuple]]:
        wall, peak, found = 0.0, 0, []
        for d, db, _ in folders:
            w, p, out, _ = run_process(sqlint + [str(d), "--db", str(db), "--format", "json"] + extra, e, cwd=tmp)
            wall, peak = wall + w, max(peak, p)
            found += findings_of(out, corpus)
        return wall, peak, found

    def tree(extra: list[str], e: dict) -> tuple[float, int, list[tuple]]:
        # --trust-config: each folder's sqlintent.toml names its database outside the corpus (docs/security.md:
        # a discovered config may not; the operator vouches for this one)
        w, p, out, _ = run_process(sqlint + [str(corpus), "--format", "json", "--trust-config"] + extra, e, cwd=tmp)
        return w, p, findings_of(out, corpus)

    def daemon_env(e: dict, name: str) -> dict:
        return dict(e, SQLINTENT_DAEMON_DIR=str(tmp / name))

    def daemon_pid(e: dict) -> int | None:
        out = subprocess.run([args.python, "-m", "sqlintent", "daemon", "status"], capture_output=True,
                             text=True, env=e, cwd=tmp).stdout
        return int(out.split("pid ")[1].split(",")[0]) if "pid " in out else None

    def daemon_stop(e: dict) -> None:
        subprocess.run([args.python, "-m", "sqlintent", "daemon", "stop"], capture_output=True, env=e, cwd=tmp)

    hot: dict[tuple, dict] = {}  # (daemon directory name, flags) -> the env of a daemon kept running

    def hot_daemon(e0: dict, name: str, extra: list[str]) -> dict:
        """A daemon started and used once with ``extra`` on the smallest folder of at least 16 files (so that
        --jobs 2 starts its workers), outside the timing."""
        e = daemon_env(e0, name)
        if (name, tuple(extra)) not in hot:
            d, db, _ = min(folders, key=lambda f: (f[2] < 16, f[2]))
            run_process(sqlint + [str(d), "--db", str(db), "--format", "json", "--daemon"] + extra,
                        cache_env(True, e), cwd=tmp)
            hot[(name, tuple(extra))] = e
        CPU_USED[0] = 0.0
        return e

    def with_daemon(run, e: dict, cold: bool):
        """Run ``run()`` against the daemon of ``e``; add the daemon's CPU and peak to the client's."""
        before = 0.0
        if not cold:
            pid = daemon_pid(e)
            before = process_tree_usage(pid)[0] if pid else 0.0
        wall, peak, found = run()
        pid = daemon_pid(e)
        if pid:
            cpu, dpeak = process_tree_usage(pid)
            CPU_USED[0] += cpu - before
            peak = max(peak, dpeak)
        if cold:
            daemon_stop(e)
        return wall, peak, found

    def flags(mode: str) -> list[str]:
        """The options a mode's name asks for: ``nomodel`` in it --no-model, ending in ``jobs2`` --jobs 2."""
        return (["--no-model"] if "nomodel" in mode else []) + (["--jobs", "2"] if mode.endswith("jobs2") else [])

    def warmed(run, e: dict):
        """``run`` (to time next) after filling the persistent cache of ``e`` with an untimed ``run()``."""
        if not Path(e["SQLINTENT_CACHE_DIR"]).exists():
            run()
            CPU_USED[0] = 0.0
        return run

    def one(mode: str):
        e0 = env
        if mode.startswith("base:"):
            mode, e0 = mode[5:], base_env
        hot_name = f"daemon-hot-{'base' if e0 is base_env else 'this'}"
        if mode == "on":
            return per_folder([], cache_env(True, e0))
        if mode == "warm":
            e = cache_env(False, e0)
            return warmed(lambda: per_folder([], e), e)()
        if mode in ("jobs2", "nomodel"):
            return per_folder(flags(mode), cache_env(True, e0))
        if mode == "noprobes":
            return per_folder(["--no-model", "--no-probes"], cache_env(True, e0))
        if mode in ("one", "one_model"):
            extra = ["--no-model"] if mode == "one" else []
            w, p, out, _ = run_process(sqlint + [str(one_dir / "one.sql"), "--db", str(folders[0][1]),
                                                 "--format", "json"] + extra, cache_env(True, e0), cwd=tmp)
            return w, p, findings_of(out, one_dir)
        if mode in ("daemon", "daemon_jobs2"):
            e = daemon_env(cache_env(True, e0), f"daemon-{mode}-{'base' if e0 is base_env else 'this'}")
            shutil.rmtree(e["SQLINTENT_DAEMON_DIR"], ignore_errors=True)
            return with_daemon(lambda: per_folder(["--daemon"] + flags(mode), e), e, cold=True)
        if mode == "daemon_warm":
            e = hot_daemon(e0, hot_name, [])
            e = dict(e, SQLINTENT_CACHE_DIR=cache_env(False, e0)["SQLINTENT_CACHE_DIR"])
            return with_daemon(warmed(lambda: per_folder(["--daemon"], e), e), e, cold=False)
        if mode in ("daemon_hot", "daemon_hot_jobs2", "daemon_nomodel", "daemon_nomodel_jobs2", "one_daemon"):
            extra = flags(mode)
            e = hot_daemon(e0, hot_name, extra)
            e = cache_env(True, e)
            if mode != "one_daemon":
                return with_daemon(lambda: per_folder(["--daemon"] + extra, e), e, cold=False)

            def single():
                w, p, out, _ = run_process(sqlint + [str(one_dir / "one.sql"), "--db", str(folders[0][1]),
                                                     "--format", "json", "--daemon"], e, cwd=tmp)
                return w, p, findings_of(out, one_dir)
            return with_daemon(single, e, cold=False)
        if mode in ("tree_daemon", "tree_daemon_jobs2"):
            e = cache_env(True, hot_daemon(e0, hot_name, flags(mode)))
            return with_daemon(lambda: tree(["--daemon"] + flags(mode), e), e, cold=False)
        if mode == "tree_warm":
            e = cache_env(False, e0)
            e = dict(e, SQLINTENT_CACHE_DIR=e["SQLINTENT_CACHE_DIR"] + "-tree")
            return warmed(lambda: tree([], e), e)()
        if mode.startswith("tree"):
            return tree(flags(mode), cache_env(True, e0))
        if mode == "sqlfluff":
            w, p, _, _ = run_process([tools["sqlfluff"], "lint", str(corpus), "--dialect", "sqlite",
                                      "--format", "json", "--nofail"], env, cwd=corpus)
            return w, p, []
        if mode == "sqruff":
            w, p, _, _ = run_process([tools["sqruff"], "lint", "--format", "json", str(corpus)], env, cwd=corpus)
            return w, p, []
        raise AssertionError(mode)

    results: dict[str, list[tuple[float, int, float, float]]] = {m: [] for m in modes}
    found: dict[str, list[list[tuple]]] = {m: [] for m in modes}
    for r in range(args.runs):
        for m in modes:
            load = os.getloadavg()[0]
            CPU_USED[0] = 0.0
            wall, peak, f = one(m)
            results[m].append((wall, peak, load, CPU_USED[0]))
            found[m].append(f)
            print(f"  round {r + 1} {m:<14} {wall:7.2f} s  cpu {CPU_USED[0]:7.2f} s  peak {peak:4d} MB  "
                  f"load {load:.1f}", flush=True)

    def med(m, k=0):
        return statistics.median(x[k] for x in results[m]) if results.get(m) else None

    print(f"\n{'mode':<14} {'wall s (median, range)':<24} {'stmt/s':>7} {'x sqlfluff':>10} {'x sqruff':>9} "
          f"{'cpu s':>7} {'peak MB':>8} {'load':>9}")
    for m in modes:
        walls = [x[0] for x in results[m]]
        loads = [x[2] for x in results[m]]
        n = 1 if m.split(":")[-1].startswith("one") else total
        rate = n / med(m)
        whole = not m.split(":")[-1].startswith("one")
        fl = f"{med('sqlfluff') / med(m):.2f}" if med("sqlfluff") and whole else "-"
        sq = f"{med('sqruff') / med(m):.3f}" if med("sqruff") and whole else "-"
        rng = f"{med(m):.2f} ({min(walls):.2f}-{max(walls):.2f})"
        print(f"{m:<14} {rng:<24} {rate:7.1f} {fl:>10} {sq:>9} {med(m, 3):7.2f} "
              f"{max(x[1] for x in results[m]):8d} {min(loads):.1f}-{max(loads):.1f}")
    ratios = (  # (slower mode, faster mode, what the ratio says)
        ("on", "jobs2", "--jobs 2 speed-up over --jobs 1"),
        ("tree", "tree_jobs2", "one process over the corpus: --jobs 2 speed-up over --jobs 1"),
        ("tree_daemon", "tree_daemon_jobs2", "one process over the corpus through the daemon: --jobs 2 speed-up"),
        ("tree_nomodel", "tree_nomodel_jobs2", "one process over the corpus, --no-model: --jobs 2 speed-up"),
        ("tree", "tree_warm", "one process over the corpus: warm cache speed-up over cold"),
        ("daemon", "daemon_jobs2", "--daemon --jobs 2 speed-up over --daemon"),
        ("daemon_hot", "daemon_warm", "daemon, warm cache speed-up over cold"),
        ("on", "warm", "warm cache speed-up over cold"),
    )
    for pre in ("", "base:"):
        for slow, fast, what in ratios:
            if pre + slow in modes and pre + fast in modes:
                print(f"{pre}{what} (medians): {med(pre + slow) / med(pre + fast):.2f}x")
    if not has_cache:
        print("(this version has no persistent cache: `warm` is a plain re-run)")
    for m in modes:
        if m.startswith("base:") and m[5:] in results:
            print(f"{m[5:]}: this version {med(m) / med(m[5:]):.2f}x faster than the baseline (wall medians)")

    # findings: every run of every full-corpus mode (this version's and the baseline's) must match the first
    # run of its group: with the model (the first of `on`, `tree`, ... that ran) and without it
    with_model = ("on", "warm", "jobs2", "daemon", "daemon_jobs2", "daemon_hot", "daemon_hot_jobs2", "daemon_warm",
                  "tree", "tree_warm", "tree_jobs2", "tree_daemon", "tree_daemon_jobs2")
    without_model = ("nomodel", "noprobes", "daemon_nomodel", "daemon_nomodel_jobs2", "tree_nomodel",
                     "tree_nomodel_jobs2")
    for group, names in (("with the model", with_model), ("without the model", without_model)):
        runs = [(p + m, i, f) for p in ("", "base:") for m in names for i, f in enumerate(found.get(p + m, []))]
        if not runs:
            continue
        ref_mode, _, base = runs[0]
        print(f"\nfindings {group} (first `{ref_mode}` run): {len(base)}")
        same = True
        for m, i, f in runs[1:]:
            d = diff_findings(base, f)
            if d:
                same = False
                print(f"DIFFERENCE {m} round {i + 1} vs {ref_mode} round 1:\n" + "\n".join(d))
        ran = sorted({m for m, _, _ in runs})
        print(f"findings {group} identical across {len(runs)} runs of {', '.join(ran)}" if same
              else f"findings {group} DIFFER (above)")
        if group != "with the model":
            continue
        if args.save_findings:
            Path(args.save_findings).write_text(json.dumps(base, indent=0))
        if args.reference:
            ref = [tuple(x) for x in json.loads(Path(args.reference).read_text())]
            d = diff_findings(ref, base, limit=30)
            print(f"vs reference {args.reference} ({len(ref)} findings): "
                  + ("identical" if not d else f"{len(set(ref) ^ set(base))} differ\n" + "\n".join(d)))
    for e in hot.values():
        daemon_stop(e)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
