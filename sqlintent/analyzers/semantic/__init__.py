"""Semantic errors (SIE): conditions and constructs that are wrong whatever the intent (after Brass and
Goldberg's catalogue). Pattern rules read the statement alone; proof rules confirm on the database that the
repair their reading implies answers differently (:mod:`sqlintent.analyzers.signals_util.semantic`)."""
