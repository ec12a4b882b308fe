"""Templates that would hang or exhaust the checker are stopped, through the real CLI and language server.

A pull request writes the templates, so a render may try to run forever or take all memory: each such file
gets one template error (SIT001, "the file was not checked") whose message names what stopped it (a budget
of the sandbox, or a limit of the render process: CPU time, memory, wall clock), the other files of the run
are checked as usual, and the language server keeps answering while a render runs. Each case hung (or ran
for many minutes) before renders ran in a limited process. No test asserts a wall time: a generous
subprocess timeout is the failure mode.

The dbt templater's work folder is private: made by mkdtemp (mode 0700, a new random name each run, not
the predictable path under /tmp it used to be), and removed after the run.
"""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from lsp_raw import RawServer  # noqa: E402

TIMEOUT_S = 600  # the failure mode of a render that is not stopped (each case below takes seconds)
# no range() budget sees loops over lists: 3000^3 iterations, in a macro file's top-level code
LOOP = ("{% set l = ('a' * 3000)|list %}{% for a in l %}{% for b in l %}{% for c in l %}{% endfor %}"
        "{% endfor %}{% endfor %}")


def run_check(cwd: Path, *args: str, env: dict | None = None) -> tuple[subprocess.CompletedProcess, dict]:
    full = dict(os.environ, PYTHONPATH=str(REPO), **(env or {}))
    proc = subprocess.run([sys.executable, "-m", "sqlintent", "check", "--no-model", "--format", "json", *args],
                          cwd=cwd, env=full, capture_output=True, text=True, timeout=TIMEOUT_S)
    assert proc.returncode in (0, 1), proc.stderr  # SIT001 is an info finding; 2 would be a crash
    files = {Path(f["path"]).name: f for f in json.loads(proc.stdout)["files"]}
    return proc, files


def template_error(files: dict, name: str) -> str:
    """The message of the file's one finding, which must be its template error."""
    findings = files[name]["findings"]
    assert [f["code"] for f in findings] == ["SIT001"], findings
    message = findings[0]["message"]
    assert "the file was not checked" in message
    return message


def jinja_workspace(tmp_path: Path, files: dict[str, str]) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "sqlintent.toml").write_text('templater = "jinja"\n', encoding="utf-8")
    for name, text in files.items():
        (ws / name).write_text(text, encoding="utf-8")
    return ws


def test_hostile_templates_are_stopped_and_the_other_files_checked(tmp_path):
    cases = {
        # 60 KB of unclosed '{{' took 34 s (a quadratic scan for tags); 480 KB would take hours
        "unclosed_60k.sql": "{{" * 30_000,
        "unclosed_480k.sql": "{{" * 240_000,
        # a big-integer '**' chain ran past 75 s in one C call; '*' squaring in a loop likewise
        "power_chain.sql": "select {{ ((((((2 ** 64) ** 64) ** 64) ** 64) ** 64) ** 64) }} as n",
        "square_loop.sql": "{% set ns = namespace(x=2 ** 60) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}"
                           "{% endfor %}select {{ ns.x }} as n",
        # 1.5 GB strings in one call: the render process's address space stops them
        "center_filter.sql": "select '{{ 'x'|center(1500000000) }}' as s",
        "center_method.sql": "select '{{ 'x'.center(1500000000) }}' as s",
        "percent_width.sql": "select '{{ '%1500000000s' % 'x' }}' as s",
        "repeat.sql": "select '{{ 'x' * 10 ** 9 }}' as s",
        "range.sql": "{% for i in range(10 ** 9) %}x{% endfor %}",
        # over the size a templated file may have: refused before it is read further
        "huge.sql": "select 1 as x;\n" * 40_000,
        "fine.sql": "select {{ 1 + 1 }} as two",  # checked last: a stopped render does not stop the run
    }
    ws = jinja_workspace(tmp_path, cases)
    _, files = run_check(ws, *cases)
    assert "recurses too deeply" in template_error(files, "unclosed_60k.sql")
    assert "recurses too deeply" in template_error(files, "unclosed_480k.sql")
    for name in ("power_chain.sql", "square_loop.sql"):
        assert "bits: over the template budget" in template_error(files, name)
    for name in ("center_filter.sql", "center_method.sql", "percent_width.sql"):
        assert "rendering ran past its memory limit (1024 MB)" in template_error(files, name)
    assert "over the template budget" in template_error(files, "repeat.sql")
    assert "over the template budget" in template_error(files, "range.sql")
    assert "over the 524288 a templated file may have; not rendered" in template_error(files, "huge.sql")
    assert files["fine.sql"]["findings"] == [] and files["fine.sql"]["error"] is None


def dbt_project(root: Path, macro: str) -> Path:
    (root / "models").mkdir(parents=True)
    (root / "macros").mkdir()
    (root / "dbt_project.yml").write_text("name: shop\nprofile: shop\n", encoding="utf-8")
    (root / "macros" / "loop.sql").write_text(macro, encoding="utf-8")
    (root / "models" / "m.sql").write_text("select 1 as x\n", encoding="utf-8")
    return root


def test_a_macro_files_top_level_loop_is_stopped_by_the_render_limits(tmp_path):
    project = dbt_project(tmp_path / "proj", LOOP + "{% macro cents(x) %}{{ x }} * 100{% endmacro %}")
    _, files = run_check(project, "models/m.sql")
    message = template_error(files, "m.sql")
    assert "rendering ran past its" in message and "limit" in message


def test_a_render_is_stopped_as_soon_as_its_caller_gives_up(tmp_path):
    """What the language server does when the document changes under a render: the process is killed."""
    from sqlintent.config import Config
    from sqlintent.templating import prepare, stop_when

    changed = threading.Event()
    threading.Timer(0.5, changed.set).start()
    with stop_when(changed.is_set):
        done = prepare(LOOP, str(tmp_path / "q.sql"), Config(templater="jinja"))
    assert str(done.error) == "rendering stopped: the document changed"
    assert prepare("select {{ 1 }}", str(tmp_path / "q.sql"), Config(templater="jinja")).rendered == "select 1"


def _published(server: RawServer, seen: dict, uri: str, timeout: float = TIMEOUT_S) -> list:
    """The diagnostics of the first publish for ``uri`` (others met meanwhile are kept in ``seen``)."""
    end = time.monotonic() + timeout
    while uri not in seen:
        try:
            msg = server.messages.get(timeout=max(0.1, end - time.monotonic()))
        except queue.Empty:
            raise AssertionError(f"no diagnostics for {uri} (a render was never stopped)") from None
        if msg.get("method") == "textDocument/publishDiagnostics":
            seen.setdefault(msg["params"]["uri"], (len(seen), msg["params"]["diagnostics"]))
    return seen[uri]


def test_the_language_server_answers_while_a_render_runs_and_reports_its_limit(tmp_path):
    ws = tmp_path / "ws"
    project = dbt_project(ws / "proj", LOOP)
    (ws / "q.sql").write_text("select 1 as x\n", encoding="utf-8")  # plain SQL, outside the dbt project
    server = RawServer(ws)
    try:
        server.initialize(ws)
        seen: dict = {}
        for path in (project / "models" / "m.sql", ws / "q.sql"):
            server.notify("textDocument/didOpen", {"textDocument": {
                "uri": path.as_uri(), "languageId": "sql", "version": 1, "text": path.read_text()}})
        plain_order, _ = _published(server, seen, (ws / "q.sql").as_uri())
        model_order, diagnostics = _published(server, seen, (project / "models" / "m.sql").as_uri())
        assert plain_order < model_order  # the plain file was not held up by the render
        assert [d["code"] for d in diagnostics] == ["SIT001"]
        assert "rendering ran past its" in diagnostics[0]["message"] and "limit" in diagnostics[0]["message"]
    finally:
        server.close()


FAKE_DBT = '''
import json, os, stat, sys

def cli():
    args = sys.argv[1:]
    target = args[args.index("--target-path") + 1]
    project = args[args.index("--project-dir") + 1]
    work = os.path.dirname(target)
    st = os.lstat(work)
    with open(os.environ["FAKE_DBT_RECORD"], "a") as fh:
        fh.write(json.dumps({"work": work, "mode": stat.S_IMODE(st.st_mode), "uid": st.st_uid,
                             "link": stat.S_ISLNK(st.st_mode)}) + "\\n")
    for folder, _, names in os.walk(os.path.join(project, "models")):
        for name in names:
            src = os.path.join(folder, name)
            out = os.path.join(target, "compiled", "shop", os.path.relpath(src, project))
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(src) as a, open(out, "w") as b:
                b.write(a.read())
    return 0
'''


def test_the_dbt_work_folder_is_private_random_and_removed(tmp_path):
    """dbt-core itself is replaced by a stand-in that records the work folder it is given."""
    fake = tmp_path / "fake"
    (fake / "dbt" / "cli").mkdir(parents=True)
    (fake / "dbt" / "__init__.py").write_text("", encoding="utf-8")
    (fake / "dbt" / "cli" / "__init__.py").write_text("", encoding="utf-8")
    (fake / "dbt" / "cli" / "main.py").write_text(FAKE_DBT, encoding="utf-8")
    project = dbt_project(tmp_path / "proj", "{% macro m() %}1{% endmacro %}")
    (project / "sqlintent.toml").write_text('templater = "dbt"\n', encoding="utf-8")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    record = tmp_path / "record.jsonl"
    env = {"PYTHONPATH": f"{fake}{os.pathsep}{REPO}", "TMPDIR": str(tmp), "FAKE_DBT_RECORD": str(record)}
    for _ in range(2):
        full = dict(os.environ, **env)
        proc = subprocess.run([sys.executable, "-m", "sqlintent", "check", "--no-model", "--format", "json",
                               "--config", str(project / "sqlintent.toml"), "models/m.sql"],
                              cwd=project, env=full, capture_output=True, text=True, timeout=TIMEOUT_S)
        assert proc.returncode in (0, 1), proc.stderr
        (report,) = json.loads(proc.stdout)["files"]
        assert report["findings"] == [] and report["error"] is None  # compiled by the stand-in, then checked
    runs = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(runs) == 2  # one compile of the project per run
    for run in runs:
        assert run["mode"] == 0o700 and run["uid"] == os.getuid() and not run["link"]
        assert Path(run["work"]).parent == tmp and Path(run["work"]).name.startswith("sqlintent-dbt-")
        assert not Path(run["work"]).exists()  # removed after the run
    assert runs[0]["work"] != runs[1]["work"]  # a new random name each run
    assert list(tmp.iterdir()) == []
