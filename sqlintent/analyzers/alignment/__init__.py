"""The intent-alignment rules (SIL): what the intent asks for (:mod:`sqlintent.intent`) against what the query
does."""
