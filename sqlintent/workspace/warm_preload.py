"""Imported by the fork server of the daemon's warm workers (:mod:`.warm_pool`): load once what every worker needs."""
from sqlintent import threads

threads.configure()  # before numpy loads: one BLAS thread (each worker sets its ONNX Runtime share)

from sqlintent.workspace.batch import load_model_stack  # noqa: E402 - after the thread plan

load_model_stack()  # shared by the forked workers
