"""Which settings apply to which file: their display (--show-settings), rule-code checks and the reference
docs. The per-file resolution itself is :mod:`sqlintent.workspace.resolver`."""
