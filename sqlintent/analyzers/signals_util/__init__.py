"""Shared machinery of the SQLENS database signals (rules SIJ, SIP, SIR, SIQ, SIG, SIA).

- :mod:`.query`: the query's SELECT blocks, their base-table sources, resolved columns, join predicates
  and column-versus-literal comparisons, computed once per statement;
- :mod:`.joingraph`: the schema's join graph (declared keys and key pairs derivable from them), cached
  per schema; :mod:`.steiner`: its shortest paths and Steiner trees, in pure Python (the results networkx
  gave, ties included);
- :mod:`.values`: the lazily built value-to-column index of a database, cached in ``ctx.shared.value_indexes`` and
  rebuilt when ``database.version()`` changes;
- :mod:`sqlintent.intent.words`: how close a column or table name is to the intent's words (it lives with the intent);
- :mod:`.report`: the SQLENS-style error report and span helpers;
- :mod:`.alignment`: the shape of an alignment (SIL) finding: its intent words, spans, duplicate-row probe,
  DISTINCT fix; ``is_plain_query`` (a query with no writing part) is :mod:`.query`'s.
"""
