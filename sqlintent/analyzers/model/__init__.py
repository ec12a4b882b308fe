"""The rule that reads the error detector (SIM001); the verdict (SIV001) is an engine step
(:mod:`sqlintent.verdict.step`)."""
