"""``sqlintent clean``: delete the persistent cache (statement findings, detector results, intents' parses)."""
from __future__ import annotations

import argparse


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("clean", help="delete the persistent cache of findings and detector results",
                       description="Delete the persistent cache that `sqlintent check` keeps of statement findings and detector results "
                                   "($SQLINTENT_CACHE_DIR, else the user's cache directory, e.g. "
                                   "~/.cache/sqlintent).")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from sqlintent.cache import cache_dir, clean

    removed = clean()
    if removed:
        print(f"sqlintent: removed the cache in {cache_dir()}")
    else:
        print(f"sqlintent: no cache in {cache_dir()}")
    return 0
