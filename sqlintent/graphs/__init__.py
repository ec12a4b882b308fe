"""Question and SQL graphs for the error detector (see docs/graphs.md).

Public entry points (import them from their modules; this package imports nothing heavy):

* :func:`sqlintent.graphs.sql_graph.build_sql_graph`
* :func:`sqlintent.graphs.question_graph.build_question_graph`
* :func:`sqlintent.graphs.batch.batch_graphs`
* :mod:`sqlintent.graphs.vocab` (node-type ids), :mod:`sqlintent.graphs.render` (JSON / DOT)
"""
