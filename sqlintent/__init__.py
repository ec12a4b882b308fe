"""sqlintent: catch SQL that runs but does not do what its author meant."""
__version__ = "0.1.0"
