"""The neural error detector at run time: ONNX Runtime + tokenizers + numpy, no torch.

* :mod:`sqlintent.detector.featurize` - pairs to model inputs (shared with training);
* :mod:`sqlintent.detector.runtime` - :class:`~sqlintent.detector.runtime.Detector` (load, score);
* :mod:`sqlintent.detector.explain` - which clauses drive a score;
* :mod:`sqlintent.detector.rerank` - re-ranking candidate queries (RR, ED+RR, Bertrand-DR threshold);
* :mod:`sqlintent.detector.metrics` - detection and re-ranking metrics.

Nothing heavy is imported here.
"""
