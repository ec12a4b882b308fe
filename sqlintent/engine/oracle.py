"""Findings as an oracle: what the engine does so that a checked file cannot spell out stored values.

Whether a data rule reports a statement depends on the data: ``SELECT id FROM secrets WHERE substr(token, 3,
1) = 'k'`` is reported as returning no rows (SIR001) exactly when the token's third character is not ``k``.
With stored values hidden (``--show-values never``, ``CI=true``, GitHub and SARIF output) a file of such
statements would still spell a token out one finding at a time. So, in the hidden-values modes, with a
database (:class:`OracleGuard`, one per engine, that is per run and per ``--jobs`` worker):

- **secret-looking columns are not probed**: a probe that reads a column named like a secret
  (:func:`secret_name`: ``password``, ``api_key``, ``access_token``, ``salt``, ``ssn``...) or whose sampled
  values mostly look like keys or tokens (:func:`sqlintent.disclosure.looks_like_key`) is not run, and one SIX002 per column and run
  says why;
- **a cap on findings per column**: once ``probes.max_findings_per_column`` findings of rules that read the
  data (through probes), and failed probes (SIX001: whether a probe fails or times out can depend on the
  data too), have been reported on statements that read a column, no further statement that reads it is
  probed in that run (one SIX002 per column and run says so).

What a statement "reads" is every column of the schema it names (resolved through its tables and aliases),
and every column of a table it reads whole (``*``, a whole-row reference). In the ``enum`` and ``always``
modes nothing here runs: findings there already show values. docs/security.md says what is left: any column
the role can read can still be inferred, a few findings per run.
"""
from __future__ import annotations

import threading

SAMPLE = 20  # values sampled from a column to judge whether it holds secrets
SAMPLE_TIMEOUT_S = 1.0


def guard_for(shared, config, database, schema) -> "OracleGuard | None":
    """The engine's guard (``shared``: the engine's :class:`~sqlintent.engine_shared.EngineShared`, field
    ``oracle_guard``), or None when values are shown or nothing is probed."""
    if database is None or schema is None:
        return None
    from sqlintent.disclosure import mode

    if mode() != "never":
        return None
    guard = shared.oracle_guard
    if guard is None or guard.database is not database:
        guard = shared.oracle_guard = OracleGuard(database, schema, config.probes.max_findings_per_column)
    return guard


class OracleGuard:
    def __init__(self, database, schema, cap: int):
        self.database = database
        self.schema = schema
        self.cap = cap
        self._lock = threading.Lock()
        self._secret: dict[tuple[str, str], bool] = {}
        self._found: dict[tuple[str, str], set] = {}  # column -> the (statement, code, span) reported on it
        self._said: set[tuple[str, str]] = set()  # columns whose SIX002 was reported this run
        self._reads: dict[str, frozenset] = {}  # SQL text -> the columns it reads

    # -- what a text reads --------------------------------------------------------------------------------
    def reads(self, sql: str, trees=None) -> frozenset:
        """The (table, column) pairs, lower case, of the schema that ``sql`` reads."""
        hit = self._reads.get(sql)
        if hit is not None:
            return hit
        try:
            if trees is None:
                from sqlintent import sqlast

                trees = sqlast.parse_trees(sql, self.schema.dialect or self.database.dialect)
            out = frozenset().union(*(_tree_reads(t, self.schema) for t in trees)) if trees else frozenset()
        except Exception:  # noqa: BLE001 - unparsable: every column of every table it names
            out = _word_reads(sql, self.schema)
        if len(self._reads) > 20_000:
            self._reads.clear()
        self._reads[sql] = out
        return out

    # -- secrets ------------------------------------------------------------------------------------------
    def secret(self, column: tuple[str, str]) -> bool:
        """Whether most of a sample of the column's non-null text values look like secrets."""
        with self._lock:
            known = self._secret.get(column)
        if known is not None:
            return known
        from sqlintent.disclosure import looks_like_key
        from sqlintent.sqltext import quote_ident

        from sqlintent.limits import paused

        t = self.schema.table(column[0])
        col = t.column(column[1]) if t is not None else None
        verdict = False
        if col is not None:
            c = quote_ident(col.name)
            sql = f"SELECT {c} FROM {quote_ident(t.name)} WHERE {c} IS NOT NULL LIMIT {SAMPLE}"
            try:
                with paused():  # a probe with its own limit, not charged to the statement's analysis
                    rows = self.database.run_select(sql, timeout_s=SAMPLE_TIMEOUT_S, max_rows=SAMPLE).rows
            except Exception:  # noqa: BLE001 - a sample that cannot be read: judged by nothing
                rows = []
            texts = [r[0] for r in rows if isinstance(r[0], str)]
            verdict = bool(texts) and 2 * sum(1 for v in texts if looks_like_key(v)) >= len(texts)
        with self._lock:
            self._secret[column] = verdict
        return verdict

    # -- the statement's probes -----------------------------------------------------------------------------
    def blocked(self, columns) -> tuple[tuple[str, str], str] | None:
        """(column, why) for the first column of ``columns`` no probe may read now, else None."""
        for col in sorted(columns):
            if secret_name(col[1]):
                return col, "is named like a secret; with stored values hidden, probes never read it"
        for col in sorted(columns):
            if self.secret(col):
                return col, ("holds values that look like secrets (keys, tokens, hashes); with stored values "
                             "hidden, probes never read it")
        with self._lock:
            full = [col for col in sorted(columns) if len(self._found.get(col, ())) >= self.cap]
        if full:
            more = ", ".join(".".join(self.names(c)) for c in full[1:4]) + (" ..." if len(full) > 4 else "")
            return full[0], ((f"(and {more}) " if more else "") +
                             f"has had {self.cap} findings that depend on its data in this run, the most "
                             "probes.max_findings_per_column allows with stored values hidden; further "
                             "statements that read it are not probed")
        return None

    def refusal(self, column: tuple[str, str], why: str) -> tuple[str, str] | None:
        """The SIX002 message and its ``refused`` for ``column``, the first time in the run; then None."""
        with self._lock:
            if column in self._said:
                return None
            self._said.add(column)
        name = ".".join(self.names(column))
        return f"not probed: column {name} {why} (docs/security.md, 'Findings as an oracle')", name

    def names(self, column: tuple[str, str]) -> tuple[str, str]:
        t = self.schema.table(column[0])
        c = t.column(column[1]) if t is not None else None
        return (t.name if t is not None else column[0]), (c.name if c is not None else column[1])

    def count(self, statement: str, columns, findings, codes) -> None:
        """Charge the findings of rules that read the data (``codes``) to the columns the statement reads."""
        hits = {(statement, f.code, f.span.start) for f in findings if f.code in codes}
        if not hits:
            return
        with self._lock:
            for col in columns:
                self._found.setdefault(col, set()).update(hits)


_SECRET_WORDS = frozenset({"password", "passwd", "passphrase", "pwd", "secret", "secrets", "token", "tokens",
                           "apikey", "salt", "otp", "totp", "mfa", "credential", "credentials", "ssn",
                           "privatekey", "accesskey", "secretkey", "apisecret", "pin"})


def secret_name(name: str) -> bool:
    """Whether a column's name says it holds secrets (``password_hash``, ``apiKey``, ``access_token``,
    ``ssn``): a word of it (split at ``_``, ``-``, spaces and lower-to-upper case changes), or two
    neighbouring words run together (``api key``), is one of a few words of credentials."""
    import re

    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)]
    pairs = {a + b for a, b in zip(words, words[1:])}
    return any(w in _SECRET_WORDS for w in words) or bool(pairs & _SECRET_WORDS)


def _tree_reads(tree, schema) -> set[tuple[str, str]]:
    from sqlglot import exp

    tables: dict[str, object] = {}
    for t in tree.find_all(exp.Table):
        st = schema.table(t.name) if t.name else None
        if st is not None:
            tables[t.name.lower()] = st
            tables[(t.alias_or_name or t.name).lower()] = st
    real = {id(t): t for t in tables.values()}.values()
    out: set[tuple[str, str]] = set()

    def whole(ts) -> None:
        for st in ts:
            out.update((st.name.lower(), c.name.lower()) for c in st.columns)

    for node in tree.find_all(exp.Column):
        q = (node.table or "").lower()
        if isinstance(node.this, exp.Star):
            whole([tables[q]] if q in tables else real)
            continue
        name = (node.name or "").lower()
        cands = [tables[q]] if q in tables else list(real)
        hit = False
        for st in cands:
            if st.column(name) is not None:
                out.add((st.name.lower(), name))
                hit = True
        if not hit and name in tables:  # a whole-row reference (``SELECT s FROM secrets s``)
            whole([tables[name]])
    for star in tree.find_all(exp.Star):
        if isinstance(star.parent, (exp.Column, exp.Count)):
            continue
        whole(real)
    return out


def _word_reads(sql: str, schema) -> frozenset:
    import re

    words = {w.lower() for w in re.findall(r"[^\W\d][\w$]*", sql)}
    return frozenset((t.name.lower(), c.name.lower()) for t in schema.tables.values() if t.name.lower() in words
                     for c in t.columns)
