"""Rules on the statement's text: syntax (SIS001), a missing ';' (SIS005), a missing intent comment (SII001)."""
