"""A real headless Neovim (Debian's 0.7.2) runs the sqlintent server from the shipped lsp/sqlintent.lua.

Neovim 0.7 has no ``vim.lsp.config``/``vim.lsp.enable`` (0.11), so the test feeds the shipped file's
``cmd``, ``filetypes``, ``root_markers`` and ``settings`` to ``vim.lsp.start_client``. Neovim writes what it
received (``vim.diagnostic.get()``, a hover, the code actions, the diagnostics after applying the preferred
quick fix) to a JSON file, and the test checks codes and lines.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from lsp_support import QUERIES, REPO, make_workspace

NVIM = shutil.which("nvim")
pytestmark = pytest.mark.skipif(NVIM is None, reason="nvim not installed (Debian: apt-get install neovim)")

LUA = r"""
local out_path = os.getenv('SQLINTENT_NVIM_OUT')
local file = os.getenv('SQLINTENT_NVIM_FILE')
-- the user's own init.lua (vim.g.sqlintent_workspace_python, ...), when the test gives one
if os.getenv('SQLINTENT_NVIM_PRELUDE') then assert(loadstring(os.getenv('SQLINTENT_NVIM_PRELUDE')))() end
local cfg = dofile(os.getenv('SQLINTENT_NVIM_CONFIG'))
local result = { events = {} }

local function finish()
  local fh = io.open(out_path, 'w')
  fh:write(vim.fn.json_encode(result))
  fh:close()
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  -- root_dir from the shipped root_markers (vim.fs.find arrived after 0.7)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  local root = nil
  while dir and not root do
    for _, marker in ipairs(cfg.root_markers) do
      if vim.loop.fs_stat(dir .. '/' .. marker) then root = dir break end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then break end
    dir = parent
  end
  result.root_dir = root
  result.cmd = cfg.cmd  -- what the file chose from the current directory
  result.cmd_for_root = cfg.cmd_for(root)

  local published = 0
  -- as the README's Neovim 0.7 set-up starts it: the shipped config with this root's command
  local client_id = vim.lsp.start_client(vim.tbl_extend('force', cfg, {
    name = 'sqlintent',
    cmd = cfg.cmd_for(root),
    root_dir = root,
    settings = { sqlintent = vim.fn.json_decode(os.getenv('SQLINTENT_NVIM_SETTINGS') or '{}') },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, res, ctx, conf)
        vim.lsp.diagnostic.on_publish_diagnostics(e, res, ctx, conf)
        published = published + 1
      end,
      ['window/showMessage'] = function(_, res) table.insert(result.events, res.message) end,
    },
  }))
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  if not vim.tbl_contains(cfg.filetypes, vim.bo[bufnr].filetype) then error('filetype not served') end
  vim.lsp.buf_attach_client(bufnr, client_id)

  local function collect()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(out, { code = code, lnum = d.lnum, col = d.col, end_col = d.end_col,
                          severity = d.severity, message = d.message, source = d.source })
    end
    return out
  end

  if not vim.wait(60000, function() return published > 0 end, 10) then error('no diagnostics') end
  result.diagnostics = collect()

  -- hover on the misspelt column (line 5, 'totl')
  local client = vim.lsp.get_client_by_id(client_id)
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 4, character = 12 } }, 20000)
  for _, r in pairs(hover or {}) do
    if r.result then result.hover = r.result.contents.value end
  end

  -- code actions on that diagnostic, asked as 0.7's vim.lsp.buf.code_action() asks; apply the preferred one
  local target
  for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(bufnr, 4)) do
    if d.code == 'SIS003' then target = d end
  end
  if not target then  -- no schema finding (no database): nothing to fix
    vim.lsp.stop_client(client_id)
    return
  end
  local actions = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, range = target.range,
    context = { diagnostics = { target } } }, 20000)
  result.actions = {}
  local preferred
  for _, r in pairs(actions or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(result.actions, { title = a.title, preferred = a.isPreferred or false })
      if a.isPreferred then preferred = a end
    end
  end
  published = 0
  vim.lsp.util.apply_workspace_edit(preferred.edit, client.offset_encoding or 'utf-16')
  if not vim.wait(60000, function() return published > 0 end, 10) then error('no diagnostics after fix') end
  result.after_fix = collect()
  result.line5 = vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1]
  vim.lsp.stop_client(client_id)
end)
if not ok then result.error = tostring(err) end
finish()
"""


def run_nvim(tmp_path: Path, root: Path, path_first: str | None, prelude: str | None = None,
             settings: dict | None = None) -> dict:
    """Neovim edits ``root``/queries.sql through the shipped config (``prelude``: the user's init.lua);
    what it saw, as a dict."""
    sql = root / "queries.sql"
    sql.write_text(QUERIES, encoding="utf-8")
    script = tmp_path / "drive.lua"
    script.write_text(LUA, encoding="utf-8")
    out = tmp_path / "nvim.json"
    env = dict(os.environ)
    if path_first:
        env["PATH"] = path_first + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(SQLINTENT_NVIM_OUT=str(out), SQLINTENT_NVIM_FILE=str(sql),
               SQLINTENT_NVIM_CONFIG=str(REPO / "editor_clients" / "neovim" / "lsp" / "sqlintent.lua"))
    if prelude:
        env["SQLINTENT_NVIM_PRELUDE"] = prelude
    if settings:
        env["SQLINTENT_NVIM_SETTINGS"] = json.dumps(settings)
    proc = subprocess.run([NVIM, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {script}"],
                          env=env, cwd=root, capture_output=True, text=True, timeout=240)
    assert out.exists(), proc.stderr[-2000:]
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in result, result.get("error")
    return result


def assert_squiggles_hover_and_fix(result: dict, root: Path) -> None:
    assert result["root_dir"] == str(root)  # found by the shipped root_markers (sqlintent.toml)
    assert result["filetype"] == "sql"
    got = sorted((d["code"], d["lnum"]) for d in result["diagnostics"])
    assert got == [("SIS002", 7), ("SIS003", 4)]
    col = next(d for d in result["diagnostics"] if d["code"] == "SIS003")
    assert (col["col"], col["end_col"], col["source"]) == (11, 15, "sqlintent")
    assert "SIS003" in result["hover"] and "did you mean 'total'" in result["hover"]
    titles = {a["title"]: a["preferred"] for a in result["actions"]}
    assert titles["Replace with 'total' [SIS003]"] is True
    assert titles["Suppress SIS003 with noqa"] is False
    assert result["line5"] == "SELECT id, total FROM orders;"
    assert sorted((d["code"], d["lnum"]) for d in result["after_fix"]) == [("SIS002", 7)]
    assert result["events"] == []  # no warnings: the shipped settings are valid


def test_neovim_shows_squiggles_hover_and_quick_fix(tmp_path):
    root = make_workspace(tmp_path / "ws")
    # no virtual environment in the workspace: sqlintent installed in a venv outside it, whose bin folder
    # (this interpreter's) is on PATH, starts with its own console script
    result = run_nvim(tmp_path, root, os.path.dirname(sys.executable))
    assert result["cmd"] == ["sqlintent", "server"] and result["cmd_for_root"] == ["sqlintent", "server"]
    assert_squiggles_hover_and_fix(result, root)


def test_neovim_runs_the_workspace_venv_the_user_allowed(tmp_path):
    """A project venv the user listed in ``vim.g.sqlintent_workspace_python`` (their own init.lua) starts
    the server; ``python3`` on PATH is not used. Without that opt-in it is never run
    (tests/security/test_editor_runs_no_repo_code.py)."""
    root = make_workspace(tmp_path / "ws")
    marker = tmp_path / "venv-python-ran"
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    # the venv's python: records that it ran, then is this interpreter (which has sqlintent)
    python.write_text(f'#!/bin/sh\necho "$@" >> "{marker}"\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    # python3 on PATH has no sqlintent: a server started with it would fail
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python3").write_text("#!/bin/sh\necho 'not this python' >&2\nexit 3\n", encoding="utf-8")
    (fake / "python3").chmod(0o755)
    result = run_nvim(tmp_path, root, str(fake), prelude=f"vim.g.sqlintent_workspace_python = {{ '{root}' }}")
    assert result["cmd_for_root"][0] == str(python)
    assert result["cmd"][0] == str(python)  # Neovim started in the root: the file's default finds it too
    assert marker.read_text(encoding="utf-8").split() == ["-m", "sqlintent", "server"]
    assert_squiggles_hover_and_fix(result, root)


def test_neovim_ignores_a_venv_above_the_workspace_root(tmp_path):
    """A virtual environment in a folder above the root (a shared /tmp, another user's folder) is not run."""
    root = make_workspace(tmp_path / "ws")
    marker = tmp_path / "ancestor-python-ran"
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho ran > "{marker}"\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    result = run_nvim(tmp_path, root, os.path.dirname(sys.executable))
    assert result["cmd_for_root"] == ["sqlintent", "server"]  # the one on PATH, not the venv above
    assert not marker.exists()
    assert_squiggles_hover_and_fix(result, root)


def committed_venv(root: Path, marker: Path) -> Path:
    """A ``.venv/bin/python`` committed to the repository: it writes ``marker``, then runs this Python."""
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    (root / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    python.write_text(f'#!/bin/sh\necho ran >> "{marker}"\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    return python


def test_opening_a_repository_does_not_run_its_committed_venv(tmp_path):
    """Issue 37: cloning a repository and opening a .sql file ran the repository's ``.venv/bin/python``.
    Without the user's opt-in the server is the ``sqlintent`` on PATH, at load time and per root."""
    root = make_workspace(tmp_path / "ws")
    marker = tmp_path / "repo-python-ran"
    committed_venv(root, marker)
    result = run_nvim(tmp_path, root, os.path.dirname(sys.executable))
    assert result["cmd"] == ["sqlintent", "server"] and result["cmd_for_root"] == ["sqlintent", "server"]
    assert not marker.exists()
    assert_squiggles_hover_and_fix(result, root)


def test_python3_fallback_does_not_import_the_repositorys_sqlintent_folder(tmp_path):
    """With no ``sqlintent`` on PATH the server is ``python3`` from PATH, started in the repository: a
    ``sqlintent/`` package committed there must not stand in for the installed one."""
    root = make_workspace(tmp_path / "ws")
    marker = tmp_path / "repo-package-ran"
    (root / "sqlintent").mkdir()
    for name in ("__init__.py", "__main__.py"):
        (root / "sqlintent" / name).write_text(f"open({str(marker)!r}, 'a').write('ran')\n", encoding="utf-8")
    bin_dir = tmp_path / "bin"  # python3 only (this interpreter, sqlintent from PYTHONPATH); no sqlintent
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    (bin_dir / "python3").chmod(0o755)
    result = run_nvim(tmp_path, root, str(bin_dir))
    assert result["cmd_for_root"][0] == "python3"
    assert not marker.exists()
    assert_squiggles_hover_and_fix(result, root)


def test_vim_secure_decides_when_the_user_asked_for_workspace_venvs(tmp_path):
    """``vim.g.sqlintent_workspace_python = true`` asks Neovim's trust database (vim.secure, 0.9+; stood in
    for here on 0.7) about the venv's pyvenv.cfg: a venv not allowed there is not run."""
    root = make_workspace(tmp_path / "ws")
    marker = tmp_path / "repo-python-ran"
    python = committed_venv(root, marker)
    ask = ("vim.g.sqlintent_workspace_python = true\n"
           "vim.secure = { read = function(path) vim.g.asked = path; return %s end }")
    denied = run_nvim(tmp_path, root, os.path.dirname(sys.executable), prelude=ask % "nil")
    assert denied["cmd_for_root"] == ["sqlintent", "server"] and not marker.exists()
    allowed = run_nvim(tmp_path, root, os.path.dirname(sys.executable), prelude=ask % "'home = /usr/bin'")
    assert allowed["cmd_for_root"][0] == str(python) and marker.exists()
    assert_squiggles_hover_and_fix(allowed, root)


def test_settings_reach_the_server_on_neovim_07(tmp_path):
    """Issue 41: with the documented set-up, Neovim 0.7 sent no settings (it neither pushes them nor says it
    answers workspace/configuration): a workspace without sqlintent.toml got no database. The shipped
    config sends them as initializationOptions and in a didChangeConfiguration."""
    root = make_workspace(tmp_path / "ws", config=None)
    (root / ".git").mkdir()
    path = os.path.dirname(sys.executable)
    bare = run_nvim(tmp_path, root, path)
    assert not any(d["code"].startswith("SIS") for d in bare["diagnostics"])  # no database: no schema check
    result = run_nvim(tmp_path, root, path, settings={"database": "shop.sqlite", "select": ["SIS", "SIN"]})
    assert_squiggles_hover_and_fix(result, root)  # the database and the selection arrived


NOTIFY_LUA = r"""
local cfg = dofile(os.getenv('SQLINTENT_NVIM_CONFIG'))
local seen = {}
vim.notify = function(msg, level) table.insert(seen, { msg = msg, level = level }) end
local cmd = cfg.cmd_for(os.getenv('SQLINTENT_NVIM_ROOT'))
vim.wait(5000, function() return #seen > 0 end, 10)
local fh = io.open(os.getenv('SQLINTENT_NVIM_OUT'), 'w')
fh:write(vim.fn.json_encode({ cmd = cmd, seen = seen, error_level = vim.log.levels.ERROR }))
fh:close()
vim.cmd('qa!')
"""


def test_neovim_says_which_command_it_could_not_start(tmp_path):
    root = make_workspace(tmp_path / "ws")
    empty = tmp_path / "empty-bin"  # no python3 on PATH, no venv in the root
    empty.mkdir()
    script = tmp_path / "notify.lua"
    script.write_text(NOTIFY_LUA, encoding="utf-8")
    out = tmp_path / "notify.json"
    env = dict(os.environ, PATH=str(empty), SQLINTENT_NVIM_OUT=str(out), SQLINTENT_NVIM_ROOT=str(root),
               SQLINTENT_NVIM_CONFIG=str(REPO / "editor_clients" / "neovim" / "lsp" / "sqlintent.lua"))
    proc = subprocess.run([NVIM, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {script}"],
                          env=env, cwd=root, capture_output=True, text=True, timeout=120)
    assert out.exists(), proc.stderr[-2000:]
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["cmd"][0] == "python3" and result["cmd"][-1] == "server"
    [note] = result["seen"]
    assert note["level"] == result["error_level"]
    assert "cannot start the language server with `python3 -c " in note["msg"]
    assert "neither sqlintent nor python3 is on PATH" in note["msg"]
