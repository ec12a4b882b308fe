"""``python -m sqlintent_lab``: the lab's program (:mod:`sqlintent_lab.cli`)."""
from sqlintent_lab.cli import entry

entry()
