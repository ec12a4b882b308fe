"""``sqlintent scan``: check tables of statements (query logs, text-to-SQL output) at scale.

>>> from sqlintent.scan import ScanOptions, scan
>>> summary = scan(config, ScanOptions("log.jsonl", "findings.jsonl"))   # doctest: +SKIP

* :mod:`sqlintent.scan.table`: the input and output tables (Parquet, JSONL, CSV), resume.
* :mod:`sqlintent.scan.checker`: one worker's checks (engine per database, the detector, batch scoring).
* :mod:`sqlintent.scan.run`: in-process runs (a process pool over all cores), progress, summary.
* :mod:`sqlintent.scan.on_ray`: the same on a Ray cluster (Ray Data, stateful actors); needs the
  ``ray`` extra.
"""
from sqlintent.scan.run import ScanOptions, Summary, scan
from sqlintent.scan.table import OUTPUT_COLUMNS, TableError, read_output

__all__ = ["OUTPUT_COLUMNS", "ScanOptions", "Summary", "TableError", "read_output", "scan"]
