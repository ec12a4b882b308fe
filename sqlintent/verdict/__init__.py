"""The verdict: one calibrated probability per statement that the query does what its intent says.

It fuses the detector's score(s) with every other finding, the query's structure and what the intent
asks for (:mod:`.features`), with boosted trees (or a logistic regression) shipped as data
(``verdict.json``, scored by :mod:`.model` with numpy). The engine runs it after all rules (:mod:`.step`,
rule SIV001); :mod:`sqlintent.rerank` orders a parser's candidates by it. Training lives in the lab
(:mod:`sqlintent_lab.verdict`: pairs, their inputs, the fit and the trees' export behind ``sqlintent-lab verdict``).
"""
