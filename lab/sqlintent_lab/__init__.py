"""The lab: how the shipped models are made and measured; a program (``sqlintent-lab``, ``python -m
sqlintent_lab``) and a distribution (``lab/pyproject.toml``) of its own, beside the product, which never
imports it nor names it.

- :mod:`.model_export`: the detector's training data (``sqlintent-lab build-data``), its training (torch,
  ``sqlintent-lab train``) and its ONNX export (``sqlintent-lab export``);
- :mod:`.verdict`: the verdict's training pairs, their inputs computed as ``check`` computes them, the fit
  (scikit-learn) and the export of ``sqlintent/verdict/verdict.json`` (``sqlintent-lab verdict``);
- :mod:`.evaluation`: execution-based labelling (the fixed Spider evaluation) and ``sqlintent-lab eval``;
- :mod:`.commands`: those subcommands, registered by name in :mod:`.cli` and imported only when one of
  them runs.

The lab may import anything of the package; the runtime (``check``, the server, the daemon, ``scan``,
``rerank``) never imports the lab (tests/test_layers.py).
"""
