"""Training the verdict (:mod:`sqlintent.verdict`): training pairs (:mod:`.data`), their inputs computed as
``check`` computes them (:mod:`.collect`, out-of-fold detector scores :mod:`.oof`), the fit and its figures
(:mod:`.train`, boosted trees :mod:`.boost`, recipe selection :mod:`.select`) and the verdict as an
evaluation scorer (:mod:`.evalscore`). Needs scikit-learn (the ``train`` extra).
"""
