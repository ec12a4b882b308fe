"""What rendering in a limited child process costs: milliseconds per file of a small dbt-style model.

Three ways, on the same model (a ref, a var, a config call, a loop and a macro from the project's macros/):

- ``in-process``: the sandboxed render in the checker's own process (as before the render process; no
  limits hold there, shown for comparison);
- ``reused process``: ``sqlintent.templating.prepare`` as the checker calls it, the render process kept
  between files (what ``check`` and the language server do);
- ``process per file``: the same with a new render process for each file (the cost of starting one).

    python benchmarks/bench_render.py [--files 200]

The figure in docs/templating.md comes from this command.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

MODEL = """{{ config(materialized='table') }}
-- intent: every order's total in cents
select o.id, {{ cents('o.amount') }} as total_cents
from {{ ref('orders') }} as o
where o.status in ({% for s in var('statuses', ['shipped']) %}'{{ s }}'{% if not loop.last %}, {% endif %}{% endfor %})
"""
MACROS = "{% macro cents(x) %}round({{ x }} * 100){% endmacro %}\n"


def project(root: Path) -> Path:
    (root / "models").mkdir(parents=True)
    (root / "macros").mkdir()
    (root / "dbt_project.yml").write_text("name: shop\nprofile: shop\n", encoding="utf-8")
    (root / "macros" / "cents.sql").write_text(MACROS, encoding="utf-8")
    (root / "models" / "order_totals.sql").write_text(MODEL, encoding="utf-8")
    return root / "models" / "order_totals.sql"


def in_process(model: Path) -> str:
    from sqlintent.templating import worker
    from sqlintent.templating.dbt_project import DbtProject

    p = DbtProject.load(model.parents[1])  # read each time, as the render process does for a new project
    return worker._jinja({"text": MODEL, "root": str(p.root), "loaded": True, "serial": p.serial,
                          "model": model.stem, "tables": None})[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=200)
    args = ap.parse_args()
    from sqlintent.config import Config
    from sqlintent.templating import prepare, process

    with tempfile.TemporaryDirectory() as tmp:
        model = project(Path(tmp) / "proj")
        config = Config()

        def reused() -> str:
            done = prepare(MODEL, str(model), config, cache={})
            assert done.error is None, done.error
            return done.rendered

        def fresh() -> str:
            process.shutdown()
            return reused()

        expected = in_process(model)
        rows = []
        for name, fn, n in (("in-process", lambda: in_process(model), args.files),
                            ("reused process", reused, args.files),
                            ("process per file", fresh, max(10, args.files // 10))):
            assert fn() == expected  # warm up, and the same SQL each way
            times = []
            for _ in range(n):
                t0 = time.perf_counter()
                fn()
                times.append((time.perf_counter() - t0) * 1000)
            rows.append((name, n, statistics.median(times), statistics.mean(times)))
        process.shutdown()
    print(f"{'render':<18} {'files':>6} {'median ms':>10} {'mean ms':>9}")
    for name, n, median, mean in rows:
        print(f"{name:<18} {n:>6} {median:>10.2f} {mean:>9.2f}")


if __name__ == "__main__":
    main()
