-- sqlintent language server for Neovim, in the nvim-lspconfig shape (Neovim >= 0.11):
--   put this folder on 'runtimepath' (or copy this file to ~/.config/nvim/lsp/sqlintent.lua), then
--   vim.lsp.enable('sqlintent')
-- Override any field with vim.lsp.config('sqlintent', { ... }); see ../README.md (Neovim 0.7 to 0.10 there too).
--
-- Opening a repository runs nothing from it. The server is the `sqlintent` command on PATH (sqlintent in a
-- virtual environment of its own, or pipx), else `python3` from PATH running the sqlintent package with the
-- current folder off `sys.path` (so that a `sqlintent/` folder of the repository cannot stand in for it).
-- A virtual environment in the workspace root (`.venv` or `venv`) is a program of the repository: it
-- starts the server only when you opted in, in your own config (a repository cannot set these):
--   vim.g.sqlintent_workspace_python = { '/home/me/src/shop' }  -- these roots' venvs (every version)
--   vim.g.sqlintent_workspace_python = true   -- Neovim 0.9+: ask once per venv through vim.secure (:trust)
-- When the server cannot be started, or exits at once, a notification names the command that was tried.
--
-- `settings` use the keys of sqlintent.toml (database, dialect, probes.timeout_ms, ...); they override
-- the project's config file. They reach the server as initializationOptions (before_init) and with a
-- workspace/didChangeConfiguration after the start (on_init), on every version: Neovim 0.7 neither sends
-- them nor says it answers workspace/configuration. Leave them empty to use sqlintent.toml alone.
local uv = vim.uv or vim.loop
local is_windows = uv.os_uname().sysname:find('Windows') ~= nil
local VENVS = { '.venv', 'venv' }
local PYTHON = is_windows and { 'Scripts', 'python.exe' } or { 'bin', 'python' }
local sep = is_windows and '\\' or '/'
-- `python -m` and `-c` put the current folder first on sys.path: drop it before importing sqlintent
local RUN_SQLINTENT = "import runpy, sys; sys.path[:1] = [] if sys.path[:1] in ([''], ['.']) else sys.path[:1]; "
  .. "runpy.run_module('sqlintent', run_name='__main__', alter_sys=True)"

local function executable(path)
  local stat = uv.fs_stat(path)
  return stat ~= nil and stat.type ~= 'directory' and vim.fn.executable(path) == 1
end

local function normalise(dir)
  if not dir or dir == '' then return nil end
  local full = vim.fn.fnamemodify(dir, ':p'):gsub('[/\\]$', '')
  return uv.fs_realpath(full) or full
end

-- The virtual environment in the root folder `dir` itself: its folder and Python, or nil.
local function workspace_venv(dir)
  for _, venv in ipairs(VENVS) do
    local python = table.concat({ dir, venv, PYTHON[1], PYTHON[2] }, sep)
    if executable(python) then return dir .. sep .. venv, python end
  end
  return nil
end

-- Whether the user let the workspace root `dir` run its own venv (`ask`: may ask through vim.secure).
local function venv_allowed(dir, venv, ask)
  local choice = vim.g.sqlintent_workspace_python
  if type(choice) == 'table' then
    for _, allowed in ipairs(choice) do
      if normalise(allowed) == dir then return true end
    end
    return false
  end
  if choice ~= true and choice ~= 1 then return false end
  if not (vim.secure and vim.secure.read) then
    vim.schedule(function()
      vim.notify('sqlintent: vim.g.sqlintent_workspace_python = true needs Neovim 0.9 (vim.secure); list the '
        .. 'workspace folders whose venv may run instead', vim.log.levels.WARN)
    end)
    return false
  end
  if not ask then return false end
  -- Neovim asks once, and remembers the answer for this file's contents in its trust database
  local ok, contents = pcall(vim.secure.read, venv .. sep .. 'pyvenv.cfg')
  return ok and contents ~= nil
end

local last_cmd = nil -- the command last tried, named when the server cannot start

local function cannot_start(command, why)
  local text = ('sqlintent: cannot start the language server with `%s`: %s')
    :format(table.concat(command, ' '), why)
  vim.schedule(function() vim.notify(text, vim.log.levels.ERROR) end)
end

local function command_for(root_dir, ask)
  local dir = normalise(root_dir)
  if dir then
    local venv, python = workspace_venv(dir)
    if venv and venv_allowed(dir, venv, ask) then return { python, '-m', 'sqlintent', 'server' } end
  end
  -- sqlintent installed in a virtual environment of its own (pipx, a venv outside the project) whose
  -- bin folder is on PATH: its console script runs with that environment's Python
  if vim.fn.executable('sqlintent') == 1 then return { 'sqlintent', 'server' } end
  return { 'python3', '-c', RUN_SQLINTENT, 'server' }
end

-- The command that starts the server for a workspace root (a notification when it cannot be run).
local function cmd_for(root_dir)
  local command = command_for(root_dir, true)
  last_cmd = command
  if vim.fn.executable(command[1]) ~= 1 then
    cannot_start(command, ('neither sqlintent nor %s is on PATH'):format(command[1]))
  end
  return command
end

-- settings.sqlintent (or the whole settings table when it has no such section)
local function sqlintent_settings(config)
  local settings = (config and config.settings) or {}
  if type(settings.sqlintent) == 'table' then return settings.sqlintent end
  return settings
end

local cmd = command_for(vim.fn.getcwd(), false)
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
  -- the settings as initializationOptions, over the config's own init_options
  before_init = function(params, config)
    local options = vim.tbl_deep_extend('force', {}, (config and config.init_options) or {},
                                        sqlintent_settings(config))
    if next(options) ~= nil then params.initializationOptions = options end
  end,
  -- and pushed once started, as Neovim 0.7 does not; later changes: client.notify the same
  on_init = function(client)
    if next(sqlintent_settings(client.config)) ~= nil then
      client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    end
  end,
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
