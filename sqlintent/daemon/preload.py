"""Imported by the fork server of the daemon's workers (:mod:`.pool`): load once what every worker needs."""
from sqlintent import threads

threads.configure()  # before numpy loads: one BLAS thread (each worker sets its ONNX Runtime share)

try:
    import onnxruntime  # noqa: F401
    import tokenizers  # noqa: F401

    import sqlintent.detector.scoring  # noqa: F401
    import sqlintent.engine  # noqa: F401
    import sqlintent.graphs.sql_graph  # noqa: F401
    from sqlintent.graphs.question_graph import default_parser

    default_parser().nlp  # noqa: B018 - spaCy and its model, shared by the forked workers
except Exception:  # noqa: BLE001 - a worker reports what is missing when it needs it
    pass
