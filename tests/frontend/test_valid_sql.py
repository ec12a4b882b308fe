"""A slice of benchmarks/bench_valid_sql.py: no error finding (SIS001-SIS004) on statements SQLite accepts,
Spider dev gold and the `ok` answers of ../shared/data/realworld_dev (skipped without ../shared)."""
import importlib.util
from collections import Counter
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench():
    import sys

    sys.path.insert(0, str(BENCH))  # bench_valid_sql imports valid_sql_corpora
    try:
        yield _bench("bench_valid_sql")
    finally:
        sys.path.remove(str(BENCH))


@pytest.mark.parametrize("corpus", ["spider-dev", "realworld-B", "realworld-A"])
def test_no_error_on_what_sqlite_accepts(shared, bench, corpus):
    corpora = bench.corpora
    if corpus == "spider-dev":
        groups = list(corpora.spider(shared, "dev", limit=10))  # 10 per database: about 200 statements
    else:
        groups = list(corpora.realworld(shared, corpus.split("-")[1]))
    counts, examples = Counter(), []
    for g in groups:
        bench.check_group(g, counts, examples, show=5)
    assert sum(len(g.statements) for g in groups) >= 150
    assert not counts, examples
