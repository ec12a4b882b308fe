"""Rules the engine itself reports (no per-statement check): their codes and documentation."""
from __future__ import annotations

from sqlintent.analyzers.base import Rule
from sqlintent.findings import Severity

DATABASE_UNAVAILABLE = Rule("SID001", "database-unavailable", None, """
The configured database could not be opened.

What it does:
    Reports once per run that the database (or schema files) named in the configuration or on the command
    line could not be read: a missing or locked file, a refused or silent server, an unreadable schema file.
    The checks that need no database still run and are reported, but ``sqlintent check`` exits with status
    2 (as for a usage error), whichever config source named the database: a CI run must not pass because
    every database check was silently skipped. The language server shows it and goes on.

Why is this bad?
    Without the schema and the data, unknown names and wrong answers go unnoticed.

Example:
    sqlintent check --db missing.sqlite queries/

Use instead:
    sqlintent check --db examples/shop.sqlite queries/

Fix safety:
    No fix: point the configuration at a database that exists.
""", Severity.ERROR)

UNUSED_NOQA = Rule("SIN001", "unused-noqa", None, """
A noqa comment that suppresses nothing.

What it does:
    Reports a ``-- noqa`` or ``-- noqa: CODE`` directive that matched no finding of its statement, or that
    names a code sqlintent does not have (a code, a prefix such as ``SIS`` or a name such as ``syntax-error``
    are read as ``--select`` reads them; a list that does not parse suppresses nothing: it is never read as
    a bare ``noqa``).

Why is this bad?
    A stale suppression hides the next real problem on that statement.

Example:
    SELECT name FROM singer -- noqa: SIS003

Use instead:
    SELECT name FROM singer

Fix safety:
    Removing the directive is safe: it suppressed nothing.
""", Severity.INFO)

TEMPLATE_ERROR = Rule("SIT001", "template-error", None, """
A templated file (Jinja, dbt) could not be rendered, so it was not checked.

What it does:
    Reports, once per file, why the templater could not turn the file into SQL: a Jinja syntax error, a
    ``var`` with no value and no default, a macro or filter the built-in templater does not provide, a
    construct the template sandbox refuses, a render stopped by its limits (CPU time, memory, wall clock:
    docs/templating.md), a template over the size a templated file may have, or a failed ``dbt compile``.
    The finding sits on the line Jinja names, or at the start of the file.

Why is this bad?
    Nothing in the file was checked, so a clean run would say nothing about it: the finding is a warning
    and fails CI by default (``severity.SIT001 = "info"`` lets such files pass). A construct the built-in
    templater lacks (a dbt package's macro) is rendered by ``templater = "dbt"``, which runs dbt-core's own
    compiler.

Example:
    select {{ var('missing_var') }} from {{ ref('orders') }}

Use instead:
    select {{ var('missing_var', 'id') }} from {{ ref('orders') }}

Fix safety:
    No fix: the template needs an edit (or the project a var, or the templater the macro's package).
""", Severity.WARNING)

PROBE_FAILED = Rule("SIX001", "probe-failed", None, """
A database probe could not run, so a check was skipped.

What it does:
    Reports, as information, that a read-only probe query of a database check ran past its timeout or was
    rejected by the database, so that check could not judge the statement. The other checks still ran.

Why is this bad?
    It is not: it says which checks did not run, so a clean result is not mistaken for a verdict.

Example:
    SELECT * FROM huge_table a JOIN huge_table b ON a.x > b.x

Use instead:
    SELECT * FROM huge_table a JOIN huge_table b ON a.id = b.parent_id

Fix safety:
    No fix; raise ``probes.timeout_ms`` to give probes more time.
""", Severity.INFO)

MODEL_UNAVAILABLE = Rule("SIM002", "model-unavailable", None, """
The error detector could not be loaded, so the model check was skipped.

What it does:
    Reports once per run that the neural error detector named by ``model.path`` (or the model bundled
    with sqlintent) could not be loaded: missing files, an unreadable model, or ONNX Runtime missing.
    Every other check still runs.

Why is this bad?
    Without the detector, queries that are valid and touch the right tables but answer another question
    than their intent are only caught by the database signals.

Example:
    sqlintent check --db shop.sqlite queries/   # with [model] path = "no/such/dir"

Use instead:
    sqlintent check --db shop.sqlite queries/   # with the bundled model, or --no-model to turn it off

Fix safety:
    No fix: point ``model.path`` at a model directory, or turn the model off.
""", Severity.INFO)

PROBE_REFUSED = Rule("SIX002", "probe-refused", None, """
A statement was not probed: it calls a function or reads a source that probes never touch.

What it does:
    Reports once per statement, as information, that sqlintent refused to run it (or any probe built from
    it) against the database, and names what it refused: a function that is not on the database's
    allowlist of pure functions (``pg_read_file``, ``pg_advisory_lock``, ``set_config``, ``dblink``,
    ``read_csv``, ``glob``, ``load_extension``...), a command (``COPY``, ``ATTACH``, ``INSTALL``, ``LOAD``,
    ``PRAGMA``, ``SET``...), a quoted file path or a system catalogue in ``FROM``, or several statements
    in one. Nothing of it was sent to the database; the checks that need no database still ran.

    With stored values hidden (``CI=true``, ``--show-values never``), it also reports, once per column and
    run, a column no probe reads: one whose values look like keys or tokens, or one whose findings reached
    ``probes.max_findings_per_column`` in the run (docs/security.md, "Findings as an oracle").

Why is this bad?
    A checked file is input from anyone who can open a pull request; a probe that read files, took locks,
    changed settings or ran commands on the database server would be an attack. See docs/security.md.

Example:
    SELECT pg_read_file('/etc/passwd')

Use instead:
    SELECT name FROM customers

Fix safety:
    No fix: the statement is reported so that a clean result is not mistaken for a verdict.
""", Severity.INFO)

PRIVILEGED_ROLE = Rule("SID002", "privileged-database-role", None, """
The database role can do more than read: probes should run as a read-only role.

What it does:
    Reports once per run that the PostgreSQL role sqlintent connected as is a superuser, a member of
    ``pg_read_server_files``, ``pg_write_server_files`` or ``pg_execute_server_program``, or can insert,
    update, delete or truncate the tables it reads. For a superuser no probe runs at all unless
    ``probes.allow_superuser = true``: the checks that need the data are skipped.

Why is this bad?
    Every probe is guarded, but least privilege is what holds when a guard has a bug: a read-only role
    cannot write, whatever SQL reaches the server.

Example:
    database = "postgresql://postgres@db.internal/shop"

Use instead:
    database = "postgresql://sqlintent_ro@db.internal/shop"

Fix safety:
    No fix: create a read-only role as docs/security.md shows and put it in the configuration.
""", Severity.INFO)

STATEMENT_NOT_CHECKED = Rule("SIS006", "statement-not-checked", None, """
A statement too deeply nested, or too slow to read, to be checked.

What it does:
    Reports, once per statement, that sqlintent gave up on it: nesting deeper than 200 levels
    (parentheses, CASE, chains of NOT or unary minus), a parse that used more than 1 second of CPU
    time, or an analysis that used more than 10 seconds (CPU time, so that a loaded machine checks what a
    quiet one checks; a statement blocked ten times as long in wall time is stopped too). The checks that
    need the parsed statement are skipped for it; every other statement of the file is still checked. Once
    the checks of one file have used 120 seconds of the process's CPU time, its remaining statements are
    not checked: one finding, on the first of them, says how many were skipped.

    A statement its database reads but sqlintent's parser cannot (SQLite's `FROM a JOIN b ON ..., c ON
    ...`) is "not analysed": an info, since the database itself judged its syntax and names (SIS001-SIS004).

Why is this bad?
    A statement nobody can read is hard to review, and a clean result for it would be no verdict at all:
    the finding is a warning and fails CI by default (``severity.SIS006 = "info"`` lets it pass).

Example:
    SELECT ((((((((((((((((((((((((((((((((((((((((( ... 1 ... )))))))))))))))))))))))))))))))))))))))))

Use instead:
    SELECT 1

Fix safety:
    No fix: split the statement, or flatten its nesting.
""", Severity.WARNING)

CHECK_CRASHED = Rule("SIX003", "check-crashed", None, """
A statement made sqlintent fail, so it was not checked.

What it does:
    Reports, as information, that checking a statement raised an error outside the rules (the statement
    splitter, the error detector, or a worker process that died) in ``sqlintent scan``. The row keeps its
    place in the output with this finding and the error, and the scan goes on with the next statement.

Why is this bad?
    It is not a verdict on the query: it says the query was not judged, so a clean row is not mistaken
    for a correct one (a warning, so it fails CI by default). Report it with the statement: it is a bug in
    sqlintent.

Example:
    sqlintent scan log.jsonl --out findings.jsonl   # a row whose SQL crashes the checker

Use instead:
    sqlintent scan log.jsonl --out findings.jsonl   # the same row, once the bug is fixed

Fix safety:
    No fix: the statement was not checked.
""", Severity.WARNING)

VERDICT = Rule("SIV001", "low-verdict", None, """
The verdict: all the evidence about a query together says it probably does not do what its intent says.

What it does:
    After every other rule has run on a statement with an intent, combines the error detector's scores,
    every rule's finding and confidence (database signals, schema rules, intent checks), the query's
    structure and what the intent asks for into one probability that the query is right (learnt from real
    text-to-SQL mistakes, and checked on databases it never saw; see docs/verdict.md). Reports the statement when that probability is below ``verdict.threshold``
    (default 0.5), naming the reasons that pull it down most; each reason points at the finding or clause
    that produced it. The probability is shown in the hover of every statement with an intent.

Why is this bad?
    Separate findings each say little; together they say how likely the query is to answer its question.
    On databases it never saw, its probabilities match how often queries were right to within about 4
    points; where right answers are more common than in what it learnt from, it says "wrong" too often.
    Its default severity is info: on real text-to-SQL output 50-64% of the answers it reports are wrong (a
    warning needs more), and it reports 11.5% of Spider dev's correct queries (docs/verdict.md).

Example:
    -- intent: How many singers are there for each country?
    SELECT name FROM singer ORDER BY age DESC

Use instead:
    -- intent: How many singers are there for each country?
    SELECT country, count(*) FROM singer GROUP BY country

Fix safety:
    There is no automatic fix: the verdict says how likely the query is to be wrong, and why.
""", Severity.INFO, needs=frozenset({"model", "intent"}))

NOT_CHECKED = Rule("SIU001", "not-checked", None, """
Something this run was asked to check was not checked, so a clean result would say nothing about it.

What it does:
    Reports once per run and per cause, with how many statements or files it left unchecked: no SQL
    file matched the paths given (an empty folder, a typo, only ``.pgsql`` or other files that are not
    ``*.sql``); the PostgreSQL role may not read the tables (no SELECT grant), or is a superuser, so no
    probe ran (SID002); probes ran past ``probes.timeout_ms``; the database refused a probe or the
    statement for a reason sqlintent cannot tell apart from a wrong query. The summary line counts them.

Why is this bad?
    A run that checked nothing must not pass as if it had checked everything: the finding is a warning
    and fails CI by default. To accept it knowingly, pass ``--allow-unchecked`` or set
    ``allow_unchecked = true`` in sqlintent.toml: it is then an info, still reported and counted.

Example:
    sqlintent check queries/   # a folder holding only reports.pgsql

Use instead:
    sqlintent check queries/reports.pgsql --dialect postgres   # a file named directly is checked

Fix safety:
    No fix: give the role SELECT, a read-only role instead of a superuser, more time, or the right paths.
""", Severity.WARNING)

RULES = (DATABASE_UNAVAILABLE, PRIVILEGED_ROLE, MODEL_UNAVAILABLE, UNUSED_NOQA, PROBE_FAILED, PROBE_REFUSED,
         STATEMENT_NOT_CHECKED, CHECK_CRASHED, TEMPLATE_ERROR, NOT_CHECKED, VERDICT)
