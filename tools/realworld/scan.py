"""List the fetched snapshots that hold a source's answer folder, with their commit (to write a source module).

    python tools/realworld/scan.py FOLDER_REGEX [--min N] [--mirror /work/.mirror]

Prints ``Repo("owner/name", "commit"),  # folder: n files`` for each snapshot whose newest commit has a folder
matching FOLDER_REGEX (case-insensitive, matched against the folder's last part) with at least N numbered
``.sql`` files.
"""
from __future__ import annotations

import argparse
import sys
import re
import subprocess
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from realworld.snapshot import git_dir


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--min", type=int, default=3)
    ap.add_argument("--mirror", type=Path, default=Path("/work/.mirror"))
    args = ap.parse_args(argv)
    for repo in sorted(args.mirror.glob("*/repo")):
        git = git_dir(repo)
        try:
            head = subprocess.run(["git", "--git-dir", str(git), "rev-parse", "HEAD"], check=True,
                                  capture_output=True, text=True).stdout.strip()
            files = subprocess.run(["git", "--git-dir", str(git), "ls-tree", "-r", "--name-only", head], check=True,
                                   capture_output=True, text=True).stdout.split("\n")
        except subprocess.CalledProcessError:
            continue
        folders: dict[str, int] = {}
        for f in files:
            folder, _, name = f.rpartition("/")
            if re.fullmatch(r"\d+\.sql", name) and re.search(args.folder, folder.rpartition("/")[2], re.I):
                folders[folder] = folders.get(folder, 0) + 1
        best = max(folders.items(), key=lambda kv: kv[1], default=None)
        if best and best[1] >= args.min:
            name = repo.parent.name.replace("+", "/", 1)
            print(f'    Repo("{name}", "{head}"),  # {best[0]}: {best[1]} files')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
