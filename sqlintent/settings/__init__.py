"""Which settings apply to which file: per-file config resolution, its display and its reference docs."""
from sqlintent.settings.resolver import ConfigResolver

__all__ = ["ConfigResolver"]
