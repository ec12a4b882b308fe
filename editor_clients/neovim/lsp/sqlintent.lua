-- sqlintent language server for Neovim, in the nvim-lspconfig shape (Neovim >= 0.11):
--   put this folder on 'runtimepath' (or copy this file to ~/.config/nvim/lsp/sqlintent.lua), then
--   vim.lsp.enable('sqlintent')
-- Override any field with vim.lsp.config('sqlintent', { ... }); see ../README.md.
--
-- The server runs with the workspace's own Python when it has a virtual environment: `.venv` (or `venv`)
-- in the root folder or a folder above it, as `pip install` into a project venv leaves it; otherwise
-- `python3` from PATH.
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

-- The Python of the nearest virtual environment at or above `dir`, or nil.
local function venv_python(dir)
  dir = dir and vim.fn.fnamemodify(dir, ':p'):gsub('[/\\]$', '') or nil
  while dir and dir ~= '' do
    for _, venv in ipairs(VENVS) do
      local python = table.concat({ dir, venv, PYTHON[1], PYTHON[2] }, sep)
      if executable(python) then return python end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then break end
    dir = parent
  end
  return nil
end

-- The command that starts the server for a workspace root.
local function cmd_for(root_dir)
  return { venv_python(root_dir) or 'python3', '-m', 'sqlintent', 'server' }
end

local cmd = cmd_for(vim.fn.getcwd())
if vim.lsp.config ~= nil and vim.lsp.rpc ~= nil and vim.lsp.rpc.start ~= nil then
  -- Neovim 0.11+: `cmd` may be a function, started per root folder (the config argument came in 0.11;
  -- without it, the current directory stands in for the root)
  cmd = function(dispatchers, config)
    local root = (config and config.root_dir) or vim.fn.getcwd()
    return vim.lsp.rpc.start(cmd_for(root), dispatchers,
                             { cwd = config and config.cmd_cwd or root, env = config and config.cmd_env })
  end
end

return {
  cmd = cmd,
  cmd_for = cmd_for,
  filetypes = { 'sql' },
  root_markers = { 'sqlintent.toml', 'pyproject.toml', '.git' },
  settings = {
    sqlintent = {},
  },
}
