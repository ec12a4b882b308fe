"""The sqlintent language server: a thin door onto the engine for editors (pygls 2).

One module per LSP method or feature: :mod:`app` builds the server, :mod:`diagnostics` (push and pull),
:mod:`hover`, :mod:`code_actions`, :mod:`configuration`, :mod:`workspace_check`; :mod:`convert` turns
findings into LSP diagnostics at the edge (UTF-16 positions through pygls' position codec).
"""
from __future__ import annotations


def create_server(**kwargs):
    """Build the language server (imports pygls lazily)."""
    from sqlintent.server.app import create_server as _create

    return _create(**kwargs)


__all__ = ["create_server"]
