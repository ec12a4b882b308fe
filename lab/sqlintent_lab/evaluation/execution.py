"""Label a candidate query by executing it against the gold query (the fixed Spider evaluation).

The rules are those of Chen et al. (2023), appendix A, with the row comparison of Spider's test-suite
evaluation:

1. text is decoded as UTF-8 (the project's read-only runner does this);
2. when both queries end in a top-level ``LIMIT`` with the same argument, it is removed from both;
3. when the gold query returns no rows, execution cannot tell right from wrong, so the label is decided by
   exact set match (values ignored, :mod:`sqlintent_lab.evaluation.exact_match`);
4. otherwise the results must have the same number of rows and columns and be equal up to a permutation of
   the columns; row order counts only when the gold query has a top-level ``ORDER BY`` (otherwise rows are
   compared as multisets).

Refinement of rule 2 (ours): with a top-level ``ORDER BY`` in the gold, removing the LIMIT exposes the whole
ordering, where rows tied on the sort keys come in an arbitrary, plan-dependent order. So rows the gold's
ORDER BY keys rank as equal are compared as multisets (the keys are read by re-running the gold with its
sort expressions appended), and the candidate also counts as correct when the results *with* the shared
LIMIT agree, as in the official evaluation. Removing the LIMIT thus only repairs false negatives; it never
turns an answer the official evaluation accepts into a wrong one.

A candidate that cannot be executed (SQLite rejects it, it times out, it is not a single SELECT) gets no
label: ``label is None`` with a reason, and evaluation drops it and counts it. Queries run through
:func:`sqlintent.db.run_select` on read-only connections.
"""
from __future__ import annotations

import re
import sqlite3
from collections import Counter, OrderedDict
from dataclasses import dataclass
from pathlib import Path

from sqlintent.db import (DatabaseOpenError, NotReadOnlyError, QueryResult, QueryTimeout,
                          open_sqlite_readonly, run_select)
from sqlintent_lab.evaluation.datasets import resolve_db
from sqlintent.sqltext import QUOTED, quote_ident

DEFAULT_TIMEOUT_S = 5.0
DEFAULT_MAX_ROWS = 100_000

# status values of an ExecutionLabel
OK = "ok"
MISSING_DB = "missing_db"
GOLD_ERROR = "gold_error"
PRED_ERROR = "pred_error"
PRED_TIMEOUT = "pred_timeout"
PRED_REFUSED = "pred_refused"


@dataclass(frozen=True)
class ExecutionLabel:
    """The outcome of labelling one candidate.

    ``label`` is 1 (correct) or 0 (wrong), or None when no label could be given; then ``status`` says why
    (``missing_db``, ``gold_error``, ``pred_error``, ``pred_timeout``, ``pred_refused``) and ``reason`` in
    words. ``exact_match_fallback`` is True when the gold result was empty and exact set match decided.
    """

    label: int | None
    status: str = OK
    reason: str | None = None
    exact_match_fallback: bool = False

    @property
    def executable(self) -> bool:
        """False when the candidate itself could not be run (the evaluation drops such candidates)."""
        return self.status not in (PRED_ERROR, PRED_TIMEOUT, PRED_REFUSED)


# ---- text helpers ------------------------------------------------------------------------------------


def _blank_nested(sql: str) -> str:
    """``sql`` with quoted text, comments and everything inside parentheses replaced by spaces (same length)."""
    chars = list(QUOTED.sub(lambda m: " " * len(m.group(0)), sql))
    depth = 0
    for i, ch in enumerate(chars):
        if ch == "(":
            depth += 1
            chars[i] = " "
        elif ch == ")":
            depth = max(depth - 1, 0)
            chars[i] = " "
        elif depth:
            chars[i] = " "
    return "".join(chars)


_TOP_LIMIT = re.compile(r"\blimit\b", re.I)
_TOP_ORDER = re.compile(r"\border\s+by\b", re.I)


def _strip_sql(sql: str) -> str:
    return sql.strip().rstrip(";").strip()


def top_level_limit(sql: str) -> tuple[str, str] | None:
    """Split ``sql`` at its top-level LIMIT: (query without it, normalised argument), or None."""
    text = _strip_sql(sql)
    blank = _blank_nested(text)
    matches = list(_TOP_LIMIT.finditer(blank))
    if not matches:
        return None
    m = matches[-1]
    arg = " ".join(text[m.end():].split()).lower()
    if not arg:
        return None
    return text[:m.start()].rstrip(), arg


def has_top_level_order_by(sql: str) -> bool:
    """True when ``sql`` has an ORDER BY outside any parentheses (it orders the final result)."""
    return bool(_TOP_ORDER.search(_blank_nested(_strip_sql(sql))))


def remove_common_limit(gold: str, pred: str) -> tuple[str, str]:
    """Drop the top-level LIMIT from both queries when both have one with the same argument."""
    g, p = top_level_limit(gold), top_level_limit(pred)
    if g and p and g[1] == p[1]:
        return g[0], p[0]
    return _strip_sql(gold), _strip_sql(pred)


# ---- result comparison -------------------------------------------------------------------------------
def _column_permutations(gold_rows: list[tuple], pred_rows: list[tuple], ncols: int, limit: int = 2000):
    """Yield mappings gold column -> pred column under which each column holds the same multiset of values."""
    gcols = [Counter(r[i] for r in gold_rows) for i in range(ncols)]
    pcols = [Counter(r[j] for r in pred_rows) for j in range(ncols)]
    options = [[j for j in range(ncols) if pcols[j] == gcols[i]] for i in range(ncols)]
    if any(not o for o in options):
        return
    # try the identity first, then search
    if all(i in options[i] for i in range(ncols)):
        yield tuple(range(ncols))
    count = 0
    perm: list[int] = []
    used: set[int] = set()

    def search(i: int):
        nonlocal count
        if count >= limit:
            return
        if i == ncols:
            count += 1
            yield tuple(perm)
            return
        for j in options[i]:
            if j not in used:
                used.add(j)
                perm.append(j)
                yield from search(i + 1)
                perm.pop()
                used.discard(j)

    yield from search(0)


def _tie_groups(keys: list[tuple] | None, n: int) -> list[tuple[int, int]]:
    """Runs [start, end) of consecutive rows whose ORDER BY keys are equal (one run per row without keys)."""
    if keys is None:
        return [(i, i + 1) for i in range(n)]
    groups, start = [], 0
    for i in range(1, n + 1):
        if i == n or keys[i] != keys[start]:
            groups.append((start, i))
            start = i
    return groups


def results_match(gold: QueryResult | list[tuple], pred: QueryResult | list[tuple], order_matters: bool,
                  gold_order_keys: list[tuple] | None = None) -> bool:
    """Spider test-suite style equality of two results: same shape, equal up to a column permutation;
    row order counts only when ``order_matters``. With ``gold_order_keys`` (the gold's ORDER BY key values,
    one tuple per gold row) rows that the gold ranks as ties may come in any order among themselves."""
    grows = gold.rows if isinstance(gold, QueryResult) else list(gold)
    prows = pred.rows if isinstance(pred, QueryResult) else list(pred)
    gcols = len(gold.columns) if isinstance(gold, QueryResult) else (len(grows[0]) if grows else 0)
    pcols = len(pred.columns) if isinstance(pred, QueryResult) else (len(prows[0]) if prows else 0)
    if len(grows) != len(prows):
        return False
    if not grows:
        return gcols == pcols
    if gcols != pcols:
        return False
    gset = None if order_matters else Counter(grows)
    groups = _tie_groups(gold_order_keys, len(grows)) if order_matters and gold_order_keys else None
    for perm in _column_permutations(grows, prows, gcols):
        permuted = [tuple(r[j] for j in perm) for r in prows]
        if groups is not None:
            if all(Counter(grows[a:b]) == Counter(permuted[a:b]) for a, b in groups):
                return True
        elif order_matters:
            if permuted == grows:
                return True
        elif Counter(permuted) == gset:
            return True
    return False


def with_order_keys(sql: str) -> tuple[str, int] | None:
    """Rewrite a single (non-DISTINCT) SELECT with a top-level ORDER BY so that it also returns its sort keys.

    Returns (rewritten SQL, number of original columns), or None when the query has no such form (set
    operations, DISTINCT, ``SELECT *``) or cannot be parsed.
    """
    try:
        import sqlglot
        from sqlglot import exp

        from sqlintent.sqlast import is_star

        tree = sqlglot.parse_one(sql, read="sqlite")
    except Exception:  # noqa: BLE001 - any parser failure means: no keys
        return None
    if not isinstance(tree, exp.Select) or tree.args.get("distinct") or not tree.args.get("order"):
        return None
    items = list(tree.expressions)
    if any(is_star(i) for i in items):
        return None
    aliases = {i.alias.lower(): i.this for i in items if isinstance(i, exp.Alias) and i.alias}
    keys = []
    for k, o in enumerate(tree.args["order"].expressions):
        e = o.this if isinstance(o, exp.Ordered) else o
        if isinstance(e, exp.Literal) and not e.is_string and e.this.isdigit() and 1 <= int(e.this) <= len(items):
            e = items[int(e.this) - 1]
            e = e.this if isinstance(e, exp.Alias) else e
        elif isinstance(e, exp.Column) and not e.table and e.name.lower() in aliases:
            e = aliases[e.name.lower()]
        keys.append(exp.alias_(e.copy(), f"__sqlintent_key{k}"))
    new = tree.copy()
    new.set("expressions", items + keys)
    try:
        return new.sql(dialect="sqlite"), len(items)
    except Exception:  # noqa: BLE001
        return None


# ---- the labeller ------------------------------------------------------------------------------------
class ExecutionLabeller:
    """Labels candidates against gold queries on Spider-layout databases under ``db_dir``.

    Keeps one read-only connection per database and caches gold results per (database, gold SQL) within
    its lifetime. Not thread-safe: use one labeller per thread.

    ``empty_gold_needs_empty_pred`` (off by default, as in the paper) makes the exact-set-match fallback
    stricter: when the gold returns no rows, a candidate that returns rows is wrong whatever its structure
    (exact set match ignores values, so ``x = 'b'`` would otherwise pass for ``x = 'a'``). The training-data
    builder turns it on.
    """

    def __init__(self, db_dir: str | Path | None = None, *, timeout_s: float = DEFAULT_TIMEOUT_S,
                 max_rows: int = DEFAULT_MAX_ROWS, cache_size: int = 512,
                 empty_gold_needs_empty_pred: bool = False):
        self.empty_gold_needs_empty_pred = empty_gold_needs_empty_pred
        self.db_dir = Path(db_dir) if db_dir is not None else None
        self.timeout_s = timeout_s
        self.max_rows = max_rows
        self.cache_size = cache_size
        self._conns: dict[Path, sqlite3.Connection] = {}
        self._gold_cache: OrderedDict[tuple[str, str], QueryResult | Exception] = OrderedDict()
        self._schemas: dict[Path, dict[str, list[str]]] = {}

    # -- resources
    def close(self) -> None:
        for c in self._conns.values():
            c.close()
        self._conns.clear()

    def __enter__(self) -> "ExecutionLabeller":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _conn(self, db_path: Path) -> sqlite3.Connection:
        conn = self._conns.get(db_path)
        if conn is None:
            conn = open_sqlite_readonly(db_path)
            self._conns[db_path] = conn
        return conn

    def schema(self, db_path: str | Path) -> dict[str, list[str]]:
        """Table -> column names of a database (read with SELECTs only; cached)."""
        db_path = Path(db_path)
        if db_path not in self._schemas:
            conn = self._conn(db_path)
            names = [r[0] for r in run_select(conn, "SELECT name FROM sqlite_master WHERE type = 'table'",
                                              timeout_s=self.timeout_s, max_rows=100_000).rows]
            schema: dict[str, list[str]] = {}
            for name in names:
                quoted = quote_ident(name)
                try:
                    schema[name] = list(run_select(conn, f"SELECT * FROM {quoted} LIMIT 0",
                                                   timeout_s=self.timeout_s, max_rows=1).columns)
                except sqlite3.Error:
                    schema[name] = []
            self._schemas[db_path] = schema
        return self._schemas[db_path]

    def plain_match(self, db_path: str | Path, gold: str, pred: str) -> bool | None:
        """The comparison without the paper's fixes (Spider test-suite style): results equal up to a column
        permutation, rows ordered when the gold mentions ORDER BY anywhere, no LIMIT removal, no exact-match
        fallback. None when either query does not run. For comparing with published accuracies."""
        db_path = Path(db_path)
        try:
            g = self._gold(db_path, _strip_sql(gold))
            p = self._run(db_path, _strip_sql(pred))
        except (sqlite3.Error, QueryTimeout, NotReadOnlyError, sqlite3.Warning, OverflowError, ValueError,
                DatabaseOpenError):
            return None
        return results_match(g, p, order_matters="order by" in " ".join(gold.lower().split()))

    def _run(self, db_path: Path, sql: str) -> QueryResult:
        return run_select(self._conn(db_path), sql, timeout_s=self.timeout_s, max_rows=self.max_rows)

    def _gold(self, db_path: Path, sql: str) -> QueryResult:
        key = (str(db_path), sql)
        hit = self._gold_cache.get(key)
        if hit is None:
            try:
                hit = self._run(db_path, sql)
            except (sqlite3.Error, QueryTimeout, NotReadOnlyError, sqlite3.Warning) as exc:
                hit = exc
            self._gold_cache[key] = hit
            if len(self._gold_cache) > self.cache_size:
                self._gold_cache.popitem(last=False)
        else:
            self._gold_cache.move_to_end(key)
        if isinstance(hit, Exception):
            raise hit
        return hit

    # -- labelling
    def label(self, db_id: str, gold: str, pred: str) -> ExecutionLabel:
        """Label ``pred`` against ``gold`` on the database ``db_id`` found under ``db_dir``."""
        path = resolve_db(self.db_dir, db_id)
        if path is None:
            return ExecutionLabel(None, MISSING_DB, f"no database for {db_id!r} under {self.db_dir}")
        return self.label_on(path, gold, pred)

    def label_on(self, db_path: str | Path, gold: str, pred: str) -> ExecutionLabel:
        """Label ``pred`` against ``gold`` on the SQLite file ``db_path``."""
        db_path = Path(db_path)
        try:
            self._conn(db_path)
        except DatabaseOpenError as exc:
            return ExecutionLabel(None, MISSING_DB, str(exc))
        gold_sql, pred_sql = remove_common_limit(gold, pred)
        try:
            gres = self._gold(db_path, gold_sql)
        except QueryTimeout as exc:
            return ExecutionLabel(None, GOLD_ERROR, f"gold query timed out: {exc}")
        except (sqlite3.Error, NotReadOnlyError, sqlite3.Warning) as exc:
            return ExecutionLabel(None, GOLD_ERROR, f"gold query does not execute: {exc}")
        try:
            pres = self._run(db_path, pred_sql)
        except NotReadOnlyError as exc:
            return ExecutionLabel(None, PRED_REFUSED, str(exc))
        except QueryTimeout as exc:
            return ExecutionLabel(None, PRED_TIMEOUT, str(exc))
        except (sqlite3.Error, sqlite3.Warning, OverflowError, ValueError) as exc:
            return ExecutionLabel(None, PRED_ERROR, f"candidate does not execute: {exc}")
        if not gres.rows:
            from sqlintent_lab.evaluation.exact_match import exact_set_match

            ok = exact_set_match(gold, pred, self.schema(db_path))
            if self.empty_gold_needs_empty_pred and pres.rows:
                ok = False
            return ExecutionLabel(int(ok), OK, None, exact_match_fallback=True)
        order_matters = has_top_level_order_by(gold_sql)
        limit_removed = gold_sql != _strip_sql(gold)
        if limit_removed and order_matters:
            # The paper removes a shared LIMIT so that ties at the cut do not make right answers wrong. Rows
            # the gold ranks as ties are then compared as multisets, and the answer also counts as right
            # when the results with the LIMIT agree (as in the official evaluation).
            keyed = self._gold_with_keys(db_path, gold_sql, len(gres.columns))
            if keyed is not None and len(keyed[0].rows) == len(gres.rows):
                ok = results_match(keyed[0], pres, True, keyed[1])
            else:
                ok = results_match(gres, pres, True)
            if not ok:
                ok = self._match_with_limit(db_path, gold, pred)
            return ExecutionLabel(int(ok), OK, None)
        ok = results_match(gres, pres, order_matters=order_matters)
        return ExecutionLabel(int(ok), OK, None)

    def _gold_with_keys(self, db_path: Path, gold_sql: str, ncols: int) -> tuple[QueryResult, list[tuple]] | None:
        rewritten = with_order_keys(gold_sql)
        if rewritten is None or rewritten[1] != ncols:
            return None
        try:
            res = self._gold(db_path, rewritten[0])
        except (sqlite3.Error, QueryTimeout, NotReadOnlyError, sqlite3.Warning):
            return None
        rows = [r[:ncols] for r in res.rows]
        keys = [r[ncols:] for r in res.rows]
        return QueryResult(res.columns[:ncols], rows, res.truncated, res.seconds), keys

    def _match_with_limit(self, db_path: Path, gold: str, pred: str) -> bool:
        try:
            g = self._gold(db_path, _strip_sql(gold))
            p = self._run(db_path, _strip_sql(pred))
        except (sqlite3.Error, QueryTimeout, NotReadOnlyError, sqlite3.Warning, OverflowError, ValueError):
            return False
        return bool(g.rows) and results_match(g, p, order_matters=True)
