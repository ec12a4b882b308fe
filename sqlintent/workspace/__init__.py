"""The workspace: what every door (``check``, the language server, the daemon, ``scan``, ``rerank``) shares
between a set of files and the engine.

* :mod:`.resolver`: which configuration applies to each file, with the run's flags (or the editor's settings)
  applied on top; one Engine per resolved configuration.
* :mod:`.engine_store`: the store of engines every door keeps (one per resolved configuration), and the
  config key read from file stamps.
* :mod:`.engines`: the language server's registry, whose engines are kept across edits, replaced when a
  config file or the database changes, and share one loaded detector.
* :mod:`.detectors`: the loaded detectors every door shares between its engines, one per model setting.
* :mod:`.batch`: checking files in batches, in this process or in worker processes, and how many workers pay.
* :mod:`.process_pool`: the one pool machinery (``check --jobs``, the daemon's ``--jobs``, ``scan``): ordered
  batches on worker processes that survive a worker's death.
* :mod:`.warm_pool`: the daemon's worker processes, kept warm between requests (the pool's workers there).
* :mod:`.overrides`: the flags and the editor's settings over the config model.
"""
__all__ = ["ConfigResolver"]


def __getattr__(name: str):
    if name == "ConfigResolver":  # on use: a door that needs no resolver does not load it
        from sqlintent.workspace.resolver import ConfigResolver

        return ConfigResolver
    raise AttributeError(name)
