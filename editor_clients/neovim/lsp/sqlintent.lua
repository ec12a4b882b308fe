-- sqlintent language server for Neovim, in the nvim-lspconfig shape (Neovim >= 0.11):
--   put this folder on 'runtimepath' (or copy this file to ~/.config/nvim/lsp/sqlintent.lua), then
--   vim.lsp.enable('sqlintent')
-- Override any field with vim.lsp.config('sqlintent', { ... }); see ../README.md.
--
-- `settings` use the keys of sqlintent.toml (database, dialect, probes.timeout_ms, ...); they override
-- the project's config file. Leave them empty to use sqlintent.toml / [tool.sqlintent] alone.
return {
  cmd = { 'python3', '-m', 'sqlintent', 'server' },
  filetypes = { 'sql' },
  root_markers = { 'sqlintent.toml', 'pyproject.toml', '.git' },
  settings = {
    sqlintent = {},
  },
}
