"""The lab's subcommands: ``build-data``, ``train``, ``export``, ``verdict`` and ``eval`` (registered by name
in :mod:`sqlintent_lab.cli`, the ``sqlintent-lab`` program)."""
