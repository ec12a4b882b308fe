"""Database locations as URLs or paths (printed through :func:`sqlintent.redact.redact`)."""
from __future__ import annotations


from sqlintent.location import classify  # noqa: F401  (the one reading of a location, importable here)
from sqlintent.redact import redact  # noqa: F401  (the one redaction function, importable here)


NO_FILE = "/dev/null/none"  # a path that can never exist (ENOTDIR): libpq finds no file there, silently


def credential_options(info: dict, origin: str, libpq_version: int) -> dict:
    """The libpq options that keep a PostgreSQL connection to what the URL's origin allows (docs/security.md).

    "user" (flags, environment, editor): none, the URL is used as written. "config" (a trusted config file):
    SCRAM or no authentication at all unless the URL names its own ``require_auth`` (libpq 16+), so the
    password never travels in clear or as an MD5 hash. "untrusted" (a file of the checkout): no credential of
    the operator's: an empty password unless the URL holds one (libpq then takes none from PGPASSWORD, and a
    PGSERVICE entry fills only what is unset), no passfile (``~/.pgpass``, PGPASSFILE), no client
    certificate, no GSSAPI encryption, and SCRAM or no authentication at all.
    """
    if origin == "user":
        return {}
    out: dict = {}
    if libpq_version >= 160000 and (origin != "config" or "require_auth" not in info):
        out["require_auth"] = "scram-sha-256,none"
    if origin != "config":
        out.update(password=info.get("password") or "", passfile=NO_FILE, sslcert=NO_FILE, sslkey=NO_FILE,
                   gssencmode="disable")
    return out
