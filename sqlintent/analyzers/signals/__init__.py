"""The database signals (after SQLENS): joins (SIJ), predicates (SIP), results (SIR), subqueries (SIQ),
grouping (SIG) and ambiguity (SIA); their shared machinery is :mod:`sqlintent.analyzers.signals_util`."""
