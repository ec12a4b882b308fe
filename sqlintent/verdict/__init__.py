"""The verdict: one calibrated probability per statement that the query does what its intent says.

It fuses the detector's score(s) with every other finding, the query's structure and what the intent
asks for (:mod:`.features`), with boosted trees (or a logistic regression) shipped as data
(``verdict.json``, scored by :mod:`.model` with numpy; the trees are fitted and exported by :mod:`.boost`).
The engine runs it after all rules (:mod:`.step`, rule SIV001); training pairs (:mod:`.data`), their inputs
(:mod:`.collect`) and the fit (:mod:`.train`) are for ``sqlintent verdict``.
"""
