"""Training-time code: training data, the detector model, training, evaluation helpers and ONNX export.

Torch, transformers and torch-geometric are imported only under this package (the ``train`` extra);
the runtime (CLI, server, ``sqlintent.detector``) needs none of them.
"""
