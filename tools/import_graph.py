"""The import graph of the sqlintent package, read from the source with ``ast`` (nothing is imported).

Every ``import`` and ``from ... import`` anywhere in a module counts: at the top, inside a function, under
``if TYPE_CHECKING``, relative or absolute; so does a string that names a module of the package
(``importlib.import_module("sqlintent.x.y")``, ``"sqlintent.x.y:attr"``, ``f"sqlintent.x.{name}"``), since
importing through a string makes the same dependency. A module's *package* is its first name under ``sqlintent``
(``sqlintent.engine.core`` -> ``engine``, ``sqlintent.cli`` -> ``cli``); ``sqlintent/__init__.py`` itself
is ``sqlintent``.

    python tools/import_graph.py              # package edges, every circle (exit 1 if any), then the
                                              # rooms (packages), arrows (edges), floors and circles
    python tools/import_graph.py --modules    # module edges instead of package edges
    python tools/import_graph.py --why A B    # the imports that make package A import package B

tests/test_layers.py uses :func:`package_edges` and :func:`cycles`.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = "sqlintent"


def module_files(source: Path) -> dict[str, Path]:
    """Every module of the package under ``source`` (the directory holding ``sqlintent/``) by dotted name."""
    out: dict[str, Path] = {}
    for path in sorted((source / ROOT).rglob("*.py")):
        parts = list(path.relative_to(source).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imported(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> list[tuple[str, int]]:
    """(imported module, line) of every import statement in ``tree``; ``from X import name`` counts as an
    import of ``X.name`` where that is a module, else of ``X``."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = here[:len(here) - (node.level - 1)] if node.level > 1 else list(here)
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((sub if sub in known else base, node.lineno))
        elif isinstance(node, (ast.Constant, ast.JoinedStr)):
            name = _named_module(node)
            if name is not None:
                found.append((_longest_known(name, known), node.lineno))
    return [(name, line) for name, line in found if name == ROOT or name.startswith(ROOT + ".")]


_DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+")


def _named_module(node: ast.AST) -> str | None:
    """The module a string names, when the whole string is a dotted module path (``importlib.import_module``'s
    argument, ``"module:attr"`` as in entry points and worker targets), or an f-string starting with one
    (``f"sqlintent.output.{fmt}"``: its fixed part); None for any other string."""
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, str):
            return None
        text = node.value.split(":", 1)[0] if node.value.count(":") == 1 else node.value
        return text if _DOTTED.fullmatch(text) else None
    first = node.values[0] if node.values else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)) or len(node.values) < 2:
        return None
    head = first.value.rstrip(".")
    return head if first.value.endswith(".") and _DOTTED.fullmatch(head) else None


def _longest_known(name: str, known: set[str]) -> str:
    """``name``, or the longest module of the package it starts with (``pkg.mod.attr`` -> ``pkg.mod``)."""
    parts = name.split(".")
    while len(parts) > 1 and ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts) if ".".join(parts) in known else name


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT


def module_edges(source: Path) -> dict[str, dict[str, list[int]]]:
    """module -> imported module -> the lines importing it (modules of the package only)."""
    files = module_files(source)
    known = set(files)
    edges: dict[str, dict[str, list[int]]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets: dict[str, list[int]] = defaultdict(list)
        for target, line in _imported(tree, name, path.name == "__init__.py", known):
            targets[target].append(line)
        edges[name] = dict(targets)
    return edges


def package_edges(source: Path) -> dict[str, dict[str, list[str]]]:
    """package -> imported package -> ``module:line`` of each import that makes the edge (self-edges out)."""
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for module, targets in module_edges(source).items():
        src = package_of(module)
        out[src]  # every package is a node, even one importing nothing
        for target, lines in targets.items():
            dst = package_of(target)
            if dst != src:
                out[src][dst].extend(f"{module}:{line}" for line in lines)
    return {k: dict(v) for k, v in out.items()}


def cycles(graph: dict[str, dict]) -> list[list[str]]:
    """The strongly connected components of more than one node (each sorted), by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]
    nodes = set(graph) | {d for targets in graph.values() for d in targets}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(nodes) + 100))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(found)


def floors(graph: dict[str, dict]) -> int:
    """The house's height: the most packages on one chain of imports (a package importing nothing is floor 1;
    one importing packages is one floor above the highest of them). Circles are counted once."""
    memo: dict[str, int] = {}

    def floor(v: str, path: frozenset) -> int:
        if v not in memo:
            below = [floor(w, path | {v}) for w in graph.get(v, {}) if w != v and w not in path]
            memo[v] = 1 + max(below, default=0)
        return memo[v]

    return max((floor(v, frozenset()) for v in graph), default=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=str(Path(__file__).resolve().parent.parent),
                        help="the directory holding sqlintent/ (default: this checkout)")
    parser.add_argument("--modules", action="store_true", help="module edges instead of package edges")
    parser.add_argument("--why", nargs=2, metavar=("A", "B"), help="the imports behind package edge A -> B")
    args = parser.parse_args(argv)
    source = Path(args.source)
    if args.why:
        for where in package_edges(source).get(args.why[0], {}).get(args.why[1], []):
            print(where)
        return 0
    if args.modules:
        graph = {m: {t: None for t in ts if t != m} for m, ts in module_edges(source).items()}
    else:
        graph = package_edges(source)
    for src in sorted(graph):
        print(f"{src} -> {', '.join(sorted(graph[src])) or '-'}")
    found = cycles(graph)
    for component in found:
        print("circle: " + " ".join(component))
    print(f"{len(graph)} rooms, {sum(len(t) for t in graph.values())} arrows, {floors(graph)} floors, "
          f"{len(found)} circles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
