"""Evaluation support: loading labelled and candidate files, execution labelling, exact set match.

- :mod:`sqlintent_lab.evaluation.datasets` reads evaluation files (``gold`` + ``candidates`` or ``sql`` +
  ``label``), finds Spider-layout databases and loads ``tables.json`` schemas.
- :mod:`sqlintent_lab.evaluation.execution` labels a candidate against the gold query by executing both
  (the fixed Spider evaluation of Chen et al. 2023, appendix A).
- :mod:`sqlintent_lab.evaluation.exact_match` compares two queries structurally, ignoring values.
"""
