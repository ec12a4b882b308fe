"""The package's layers: who may import whom, and what a ``check`` loads.

Imports are read from the source (``tools/import_graph.py``: every ``import`` anywhere in a module, inside
functions too, and every string naming a module: ``importlib.import_module("...")``, ``"module:attr"``).
The layers, lowest first; a package may import its own layer (without circles) and any layer below, never
one above. The lab (training, export, evaluation: lab/sqlintent_lab, the ``sqlintent-lab`` program) is a
distribution of its own: the product never imports it nor names it. docs/development.md draws the same table.
"""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import import_graph  # noqa: E402 - tools/ is not a package

LAYERS: dict[str, tuple[str, ...]] = {
    # the building blocks every layer reads: findings and spans, text, limits, the cache, fixes
    # (trust, disclosure, frontend and workspace come with issue 29, 31 and 30's other branches)
    "core": ("sqlintent", "findings", "limits", "files", "redact", "split", "sqltext", "sqlast",
             "sqlite_syntax", "document", "threads", "fixes", "grammars", "cache", "trust", "disclosure", "location", "escape",
             "lines", "engine_shared"),
    # where a check's inputs come from: the config, the database and its front end, the schema, templated text
    "sources": ("config", "config_files", "db", "frontend", "schema", "templating"),
    # reading what an intent asks for
    "intent": ("intent",),
    # the rules (one per module) and their registry
    "rules": ("analyzers",),
    # the error detector (and the graphs it reads) and the verdict that fuses every finding
    "detector and verdict": ("detector", "graphs", "verdict"),
    # running the rules over a file
    "engine": ("engine",),
    # one engine per resolved config, the worker pools (settings: config resolution)
    "workspace": ("workspace", "settings"),
    # the doors: command line, language server, daemon, scan, re-ranking, output formats
    "doors": ("cli", "__main__", "commands", "server", "daemon", "scan", "rerank", "output"),
}
RANK = {pkg: i for i, pkgs in enumerate(LAYERS.values()) for pkg in pkgs}
LAB = "sqlintent_lab"


@pytest.fixture(scope="module")
def graph():
    return import_graph.package_edges(ROOT)


def test_every_package_has_a_layer(graph):
    """A new top-level module or package must be placed in the table above (and in docs/development.md)."""
    assert sorted(set(graph) - set(RANK)) == []


def test_no_import_circles_among_packages(graph):
    found = import_graph.cycles(graph)
    detail = {f"{a} -> {b}": graph[a][b][:3] for comp in found for a in comp for b in graph[a] if b in comp}
    assert found == [], detail


def test_no_package_imports_a_layer_above_it(graph):
    upward = {f"{src} -> {dst}": where[:3] for src, targets in graph.items() for dst, where in targets.items()
              if RANK.get(dst, -1) > RANK[src]}
    assert upward == {}


def test_the_product_never_names_the_lab():
    """No module of sqlintent/ imports the lab or names one of its modules in a string (an import through
    ``importlib``, a command table): ``sqlintent --help`` and ``check`` cannot reach it."""
    import ast

    named = []
    for path in sorted((ROOT / "sqlintent").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) else []
            named += [f"{path.relative_to(ROOT)}:{node.lineno}" for n in names
                      if n == LAB or n.startswith((LAB + ".", LAB + ":"))]
    assert named == []


def test_the_graph_follows_imports_through_strings(tmp_path):
    """A module imported through ``importlib.import_module("...")``, a ``"module:attr"`` string or an f-string
    with a fixed package prefix makes an edge, so a circle through a string is found."""
    pkg = tmp_path / "sqlintent"
    for name in ("low", "high", "out"):
        (pkg / name).mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("import importlib\nM = importlib.import_module('sqlintent.high.thing')\n")
    (pkg / "high" / "__init__.py").write_text("")
    (pkg / "high" / "thing.py").write_text("TARGET = 'sqlintent.low:f'\n")
    (pkg / "out" / "__init__.py").write_text("def get(fmt):\n    return f'sqlintent.low.{fmt}'\n")
    edges = import_graph.package_edges(tmp_path)
    assert edges["low"] == {"high": ["sqlintent.low:2"]}
    assert edges["high"] == {"low": ["sqlintent.high.thing:1"]}
    assert edges["out"] == {"low": ["sqlintent.out:2"]}
    assert import_graph.cycles(edges) == [["high", "low"]]


def test_help_lists_no_lab_command_and_loads_no_lab_module():
    """``sqlintent --help`` lists the product's commands only, and imports nothing of the lab to do it; the
    lab's commands are ``sqlintent-lab``'s (``python -m sqlintent_lab --help``)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((str(ROOT), str(ROOT / "lab"))))
    proc = subprocess.run([sys.executable, "-c", _CHECK, "--help"], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)
    assert "EXIT=0" in proc.stderr.splitlines(), proc.stderr[-2000:]
    listed = {m.group(1) for m in re.finditer(r"^    (\S+)\s", proc.stdout, re.M)}  # argparse's command list
    assert "check" in listed and not {"eval", "train", "export", "build-data", "verdict"} & listed
    modules = next(x for x in proc.stderr.splitlines() if x.startswith("MODULES=")).split("=", 1)[1].split(",")
    assert [m for m in modules if m.split(".")[0] in {LAB, "torch", "sklearn", "transformers"}] == []
    lab = subprocess.run([sys.executable, "-m", LAB, "--help"], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=300)
    assert lab.returncode == 0
    assert {"eval", "train", "export", "build-data", "verdict"} <= {m.group(1) for m in re.finditer(r"^    (\S+)\s", lab.stdout, re.M)}


def test_the_graph_sees_imports_inside_functions(tmp_path):
    """The tool's own check: a function-level and a relative import make edges, a circle is found."""
    pkg = tmp_path / "sqlintent"
    (pkg / "low").mkdir(parents=True)
    (pkg / "high").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("def f():\n    from sqlintent.high import thing\n")
    (pkg / "high" / "__init__.py").write_text("from . import thing\n")
    (pkg / "high" / "thing.py").write_text("from ..low import f\n")
    edges = import_graph.package_edges(tmp_path)
    assert edges["low"] == {"high": ["sqlintent.low:2"]}
    assert edges["high"] == {"low": ["sqlintent.high.thing:1"]}
    assert import_graph.cycles(edges) == [["high", "low"]]


_CHECK = """
import sys
from sqlintent.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
print("\\nEXIT=%s" % code, file=sys.stderr)
print("MODULES=" + ",".join(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("onnxruntime") is None, reason="the model needs onnxruntime")
def test_a_check_with_the_model_loads_no_training_code(tmp_path, example_workspace):
    """``sqlintent check examples/`` with the model on: the findings come out, and neither the lab nor
    torch, scikit-learn or transformers was imported to get them."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SQLINTENT_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("SQLINTENT_DAEMON", None)
    # --min-severity hint: the verdict's SIV001 is a hint unless it is under verdict.show_below (issue 39)
    proc = subprocess.run([sys.executable, "-c", _CHECK, "check", "examples/", "--no-cache", "--format", "json",
                           "--min-severity", "hint"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    lines = proc.stderr.splitlines()
    assert "EXIT=1" in lines, proc.stderr[-2000:]  # examples/ has findings
    assert '"SIM001"' in proc.stdout or '"SIV001"' in proc.stdout  # the model ran
    modules = next(x for x in lines if x.startswith("MODULES=")).removeprefix("MODULES=").split(",")
    assert {"sqlintent.detector.runtime", "sqlintent.detector.normalise"} <= set(modules)  # the model ran here
    loaded = sorted(m for m in modules
                    if m.split(".")[0] in {LAB, "torch", "sklearn", "transformers"})
    assert loaded == []


def test_the_development_guide_draws_the_same_layers():
    """docs/development.md's layer drawing names the same packages per layer as :data:`LAYERS`."""
    import re

    page = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    block = re.search(r"```layers\n(.*?)```", page, re.S).group(1)
    drawn: dict[str, set[str]] = {}
    layer = None
    for line in block.splitlines():
        name, _, rest = line.partition("  ")
        if name.strip():
            layer = name.strip()
        items = rest.split() if name.strip() else line.split()
        drawn.setdefault(layer, set()).update(
            "sqlintent" if item == "sqlintent/__init__.py" else item.removesuffix("/").removesuffix(".py")
            for item in items)
    assert drawn == {name: set(pkgs) for name, pkgs in LAYERS.items()}


_FAMILIES = ("statement", "schema", "signals", "alignment", "model")


def test_no_rule_imports_another_rule_and_no_door_imports_a_rule_module():
    """A rule's module (``analyzers/<family>/<code>_<name>.py``) is imported by the registry only (through
    ``RULE_MODULES``): shared helpers live in ``signals_util/``, the query package or the detector's rooms."""
    edges = import_graph.module_edges(ROOT)
    rule_modules = {m for m in edges if m.split(".")[1:3] and m.split(".")[1] == "analyzers"
                    and len(m.split(".")) == 4 and m.split(".")[2] in _FAMILIES}
    assert len(rule_modules) > 30
    found = {f"{src} -> {dst}": lines for src, targets in edges.items() for dst, lines in targets.items()
             if dst in rule_modules and src != dst}
    assert found == {}
