"""Real-world corpora from fetched public repositories: one module per source, one shared judge.

    python tools/realworld/build.py [--only KEY,...] [--mirror /work/.mirror] [--out /work/ext/corpora]
                                    [--label] [--list]

A *source* (``tools/realworld/sources/<key>.py``, one ``SOURCE = Source(...)`` each) is one published exercise
set answered by several people: the repositories at named commits (bare git directories that the ``fetch``
tool brings to ``/work/.mirror/<owner>+<name>/repo``), the questions with their intent text and a reference
query written and checked here, how its database is built, its engine, and how each repository's answers are
found. ``build.py`` writes ``OUT/<key>/queries/<author>.sql`` (one ``-- intent:`` comment and one statement
per answer) with a ``sqlintent.toml`` naming the database, and ``--label`` writes
``benchmarks/realworld_labels/<key>.csv``: the judge (``judge.py``) runs every answer and the reference
read-only with a timeout and compares the results as multisets (as lists where the question asks for an
order); equal is ``ok``, anything else ``unjudged`` until a person reads it and writes ``wrong``, ``ok`` or
``debatable`` with a reason and a mistake category. Hand labels are kept across rebuilds while the statement's
sha is unchanged (``labels.py``). Nothing of the repositories' text enters git: only the label keys.

The corpora of ``tools/realworld_corpus.py`` (ext_pgx_*, ext_leetcode_cm2908, ext_dbt_jaffle) are still built
by that script; ``benchmarks/realworld_corpora.py`` reads both the same way (a labels CSV per corpus).
"""
