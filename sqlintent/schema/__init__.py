"""Schema model and loaders (database files and servers through sqlintent.db, CREATE TABLE files)."""
from sqlintent.schema.model import Column, ForeignKey, Schema, Table

__all__ = ["Column", "ForeignKey", "Schema", "Table"]
