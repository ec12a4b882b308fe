"""The lab: how the shipped models are made and measured. Nothing the product runs imports it.

- :mod:`.model_export`: the detector's training data (``sqlintent build-data``), its training (torch,
  ``sqlintent train``) and its ONNX export (``sqlintent export``);
- :mod:`.verdict`: the verdict's training pairs, their inputs computed as ``check`` computes them, the fit
  (scikit-learn) and the export of ``sqlintent/verdict/verdict.json`` (``sqlintent verdict``);
- :mod:`.evaluation`: execution-based labelling (the fixed Spider evaluation) and ``sqlintent eval``;
- :mod:`.commands`: those subcommands, registered by name in :mod:`sqlintent.commands` and imported only
  when one of them runs.

The lab may import anything of the package; the runtime (``check``, the server, the daemon, ``scan``,
``rerank``) never imports the lab (tests/test_layers.py).
"""
