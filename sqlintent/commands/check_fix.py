"""``sqlintent check --fix`` / ``--diff``: apply the findings' fixes in place, or print them as a diff.

Each file is checked, fixed and re-checked until no fix applies (``sqlintent.fixes.fix_until_stable``);
the findings printed after ``--fix`` are those of the fixed text. Safe fixes only unless ``--unsafe-fixes``.
``--diff`` writes nothing and exits 1 when there is a diff. Stdin with ``--fix`` prints the fixed text.

The diff's headers name the file escaped (:func:`sqlintent.escape.safe_text`: a file name from a pull request
cannot forge a diff line or a terminal sequence) and its body is the file's own text with what a terminal
would obey escaped (:func:`sqlintent.escape.diff_lines`); a line of plain text is printed as is, so the diff
of a plain file applies with ``git apply``. When a line had to be escaped, a note on stderr says that the
diff does not apply as printed.
"""
from __future__ import annotations

import difflib
import os
import sys

from sqlintent.escape import diff_line, lines_of, note, runner_inert, safe_text


def _write(path: str, text: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            bom = fh.read(3) == b"\xef\xbb\xbf"
        with open(path, "w", encoding="utf-8-sig" if bom else "utf-8", newline="") as fh:
            fh.write(text)
    except OSError as exc:
        return f"cannot write the fixed file: {exc.strerror or exc}"
    return None


def run_fix(args, files: list[str], reports: list, resolver, target, visible) -> tuple[int, list]:
    """Fix (or diff) ``files``; returns (exit status for --diff or None, the reports of the fixed texts)."""
    from sqlintent.engine.result import FileResult
    from sqlintent.files import read_source
    from sqlintent.fixes import eligible, fix_until_stable

    fixed = skipped = changed_files = more_unsafe = 0
    diffs: list[str] = []
    for path in files:
        stdin_name = args.stdin_filename if path == "-" else None
        engine = resolver.engine_for(target(path, stdin_name))
        src = read_source(path, max_bytes=engine.config.max_file_size, stdin_name=stdin_name)
        if src.error:
            reports.append(FileResult(src.path, None, error=src.error))
            continue
        statements = [0]

        def check(text: str) -> list:
            result = engine.check_text(text, src.path)
            statements[0] = result.statements
            return [f for f in result.findings if visible(f)]

        try:
            loop = fix_until_stable(src.text, check, unsafe=args.unsafe_fixes)
        except Exception as exc:  # an engine bug must not stop the other files
            from sqlintent.db.errors import printable  # a database's message quotes values
            reports.append(FileResult(src.path, src.text, error=f"internal error while fixing: {printable(exc)}"))
            continue
        fixed += loop.fixed
        skipped += loop.skipped
        more_unsafe += sum(1 for f in loop.findings if eligible(f, True) and not eligible(f, args.unsafe_fixes))
        report = FileResult(src.path, loop.text, findings=loop.findings, statements=statements[0])
        if loop.text != src.text:
            changed_files += 1
            if args.diff:
                diff, escaped = unified_diff(src.path, src.text, loop.text)
                diffs.append(diff)
                if escaped:
                    note(f"sqlintent: the diff of {src.path} shows control characters or workflow commands as escapes (such as \\x1b "
                         "or \\u202e): those lines do not apply as printed", args.format)
            elif path == "-":
                sys.stdout.write(loop.text)
            else:
                error = _write(path, loop.text)
                if error:
                    report = FileResult(src.path, src.text, error=error)
        reports.append(report)
    verb = "Would fix" if args.diff else "Fixed"
    summary = f"sqlintent: {verb} {fixed} finding{'s' if fixed != 1 else ''} in {changed_files} " \
              f"file{'s' if changed_files != 1 else ''}"
    if skipped:
        summary += f"; {skipped} fix{'es' if skipped != 1 else ''} not applied (overlapping another fix, " \
                   "or no longer applicable after the others)"
    if more_unsafe:
        summary += f"; {more_unsafe} more with --unsafe-fixes"
    print(summary + ".", file=sys.stderr)
    if args.diff:
        for d in diffs:
            sys.stdout.write(d)
        return (1 if diffs else 0), reports
    return None, reports


def unified_diff(path: str, before: str, after: str) -> tuple[str, bool]:
    """The unified diff of one file's fix, and whether a line of it had to be escaped: the headers name the
    file escaped, each body line is :func:`sqlintent.escape.diff_line`, and a line without a final newline
    is marked as ``diff`` marks it."""
    name = safe_text(path)
    out, escaped = [], False
    # in a GitHub Actions log, a context line " ::error ...::" is a command once the runner trims it, and
    # "##[" is one anywhere: both are escaped there (elsewhere a line such as "  ::int" stays as written)
    in_actions = os.environ.get("GITHUB_ACTIONS", "").lower() == "true"
    for i, line in enumerate(difflib.unified_diff(lines_of(before), lines_of(after), f"a/{name}", f"b/{name}")):
        if i >= 2 and not line.startswith("@@"):
            shown = diff_line(line)
            if in_actions:
                shown = runner_inert(shown)
            escaped = escaped or shown != line
            line = shown
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out), escaped
