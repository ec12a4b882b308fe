"""Rules on the names a statement uses against the schema: unknown tables (SIS002) and columns (SIS003),
ambiguous columns (SIS004)."""
