"""Write the data card of a source: benchmarks/realworld_labels/<key>.md (where from, snapshots, licence,
authors, labels, what is skewed), from its module and its label file.

    python tools/realworld/card.py KEY [--skew "one paragraph"]
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT)]

from realworld import labels  # noqa: E402
from realworld.build import LABELS_DIR  # noqa: E402


def card(key: str, skew: str) -> str:
    from realworld.sources import all_sources

    src = all_sources()[key]
    rows = labels.read(LABELS_DIR / f"{key}.csv")
    n = labels.counts(rows)
    authors = len({r["file"] for r in rows})
    cats = Counter(r["category"] for r in rows if r["label"] == "wrong")
    lines = [f"# {key}: {src.title}", "",
             f"- Questions: {src.url} ({len(src.questions)} questions; the intent is the published question, "
             "lightly shortened; the reference query of each was written and checked here: "
             f"`tools/realworld/sources/{key}.py`).",
             f"- Engine: {src.engine}. Licence: {src.licence}.",
             f"- Statements: {len(rows)} from {authors} authors (near-copies of another author's answer to the same "
             "question dropped, see OUT/<key>/build.log): " + ", ".join(f"{v} {k}" for k, v in sorted(n.items())) + ".",
             "- Labels: every answer the judge could not match to the reference was read and labelled; a sample of "
             "the agreeing ones was read, and answers matching known right-rows-wrong patterns were searched for "
             "and read (labels with a reason not starting with `judge:` are a person's).",
             "- Wrong answers by category: " + (", ".join(f"{k or '-'} {v}" for k, v in cats.most_common()) or "none") + ".",
             "", "## What is skewed", "", skew, "",
             "## Build", "", "```sh",
             f"python tools/realworld/build.py --fetch-list {key}   # fetch each with the fetch tool",
             f"python tools/realworld/build.py --only {key} --label", "```", "",
             "## Snapshots (owner/name@commit)", ""]
    lines += [f"- {r.name}@{r.commit}" for r in src.repos]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("key")
    ap.add_argument("--skew", default="")
    args = ap.parse_args(argv)
    (LABELS_DIR / f"{args.key}.md").write_text(card(args.key, args.skew), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
