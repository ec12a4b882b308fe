-- sqlintent language server for Neovim, in the nvim-lspconfig shape (Neovim >= 0.11):
--   put this folder on 'runtimepath' (or copy this file to ~/.config/nvim/lsp/sqlintent.lua), then
--   vim.lsp.enable('sqlintent')
-- Override any field with vim.lsp.config('sqlintent', { ... }); see ../README.md.
--
-- The server runs with the workspace's own Python when it has a virtual environment: `.venv` (or `venv`)
-- in the root folder itself, as `pip install` into a project venv leaves it; otherwise the `sqlintent`
-- command on PATH (sqlintent in a venv of its own, or pipx); otherwise `python3 -m sqlintent` from PATH. No folder above the root is searched: it may belong to someone else (a shared /tmp). When the
-- server cannot be started, or exits at once, a notification names the command that was tried.
--
-- `settings` use the keys of sqlintent.toml (database, dialect, probes.timeout_ms, ...); they override
-- the project's config file. Leave them empty to use sqlintent.toml / [tool.sqlintent] alone.
local uv = vim.uv or vim.loop
local is_windows = uv.os_uname().sysname:find('Windows') ~= nil
local VENVS = { '.venv', 'venv' }
local PYTHON = is_windows and { 'Scripts', 'python.exe' } or { 'bin', 'python' }
local sep = is_windows and '\\' or '/'

local function executable(path)
  local stat = uv.fs_stat(path)
  return stat ~= nil and stat.type ~= 'directory' and vim.fn.executable(path) == 1
end

-- The Python of the virtual environment in the root folder `dir` itself, or nil.
local function venv_python(dir)
  if not dir or dir == '' then return nil end
  dir = vim.fn.fnamemodify(dir, ':p'):gsub('[/\\]$', '')
  for _, venv in ipairs(VENVS) do
    local python = table.concat({ dir, venv, PYTHON[1], PYTHON[2] }, sep)
    if executable(python) then return python end
  end
  return nil
end

local last_cmd = nil -- the command last tried, named when the server cannot start

local function cannot_start(command, why)
  local text = ('sqlintent: cannot start the language server with `%s`: %s')
    :format(table.concat(command, ' '), why)
  vim.schedule(function() vim.notify(text, vim.log.levels.ERROR) end)
end

local function command_for(root_dir)
  local python = venv_python(root_dir)
  if python then return { python, '-m', 'sqlintent', 'server' } end
  -- sqlintent installed in a virtual environment of its own (pipx, a venv outside the project) whose
  -- bin folder is on PATH: its console script runs with that environment's Python
  if vim.fn.executable('sqlintent') == 1 then return { 'sqlintent', 'server' } end
  return { 'python3', '-m', 'sqlintent', 'server' }
end

-- The command that starts the server for a workspace root (a notification when it cannot be run).
local function cmd_for(root_dir)
  local command = command_for(root_dir)
  last_cmd = command
  if vim.fn.executable(command[1]) ~= 1 then
    cannot_start(command, ('no .venv or venv in %s, and neither sqlintent nor %s is on PATH')
      :format(tostring(root_dir), command[1]))
  end
  return command
end

local cmd = command_for(vim.fn.getcwd())
if vim.lsp.config ~= nil and vim.lsp.rpc ~= nil and vim.lsp.rpc.start ~= nil then
  -- Neovim 0.11+: `cmd` may be a function, started per root folder (the config argument came in 0.11;
  -- without it, the current directory stands in for the root)
  cmd = function(dispatchers, config)
    local root = (config and config.root_dir) or vim.fn.getcwd()
    local command = cmd_for(root)
    local ok, rpc = pcall(vim.lsp.rpc.start, command, dispatchers,
                          { cwd = config and config.cmd_cwd or root, env = config and config.cmd_env })
    if not ok then
      cannot_start(command, tostring(rpc))
      error(rpc)
    end
    return rpc
  end
end

return {
  cmd = cmd,
  cmd_for = cmd_for,
  filetypes = { 'sql' },
  root_markers = { 'sqlintent.toml', 'pyproject.toml', '.git' },
  -- a server that exits with an error (sqlintent not installed for that Python, ...) is named
  on_exit = function(code, signal)
    if (code ~= 0 or (signal or 0) ~= 0) and last_cmd ~= nil then
      cannot_start(last_cmd, ('it exited with code %d (is sqlintent installed for that Python?)'):format(code))
    end
  end,
  settings = {
    sqlintent = {},
  },
}
