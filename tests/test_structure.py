"""Dependencies point down, and no circle runs across packages.

Every module of ``src/gamefold`` belongs to a package (``gamefold.combat``, ``gamefold.games``
with its games, or a module of the engine such as ``gamefold.record``) and every package to
a layer of :data:`LAYERS`. A module may import its own layer and the layers below, never one
above, and the packages' imports never close a circle. Every import counts: at the top of a
module, inside a function, under ``TYPE_CHECKING``. Where a lower layer needs what a higher
one answers, the higher one registers it when imported (``gamefold._providers``).
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "the engine",
        frozenset(
            {
                "gamefold",
                "gamefold._convert",
                "gamefold._fields",
                "gamefold._files",
                "gamefold._loading",
                "gamefold._providers",
                "gamefold.core",
                "gamefold.domains",
                "gamefold.errors",
                "gamefold.fields",
                "gamefold.pipeline",
                "gamefold.record",
                "gamefold.registry",
                "gamefold.rng",
            }
        ),
    ),
    (
        "the subsystems",
        frozenset(
            {"gamefold.skills", "gamefold.combat", "gamefold.diplomacy", "gamefold.territory"}
        ),
    ),
    ("the games", frozenset({"gamefold.games"})),
    (
        "the front ends",
        frozenset(
            {
                "gamefold.search",
                "gamefold.sim",
                "gamefold.envs",
                "gamefold.viewer",
                "gamefold.serve",
                "gamefold.testing",
            }
        ),
    ),
    ("the command line", frozenset({"gamefold.cli", "gamefold.__main__"})),
)
"""The layers, from the ground up: each package's place."""

EXCEPTIONS: dict[tuple[str, str], str] = {
    ("gamefold", "gamefold.testing._plugin"): (
        "the Hypothesis plugin hook: only when Hypothesis is loaded before gamefold does the "
        "package's face register the testing kit's strategies"
    ),
}
"""Imports (module, imported module) the checks let pass, each with its reason."""


def _module_of(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.AST, here: str, is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level:  # relative: from the package this module is in (or is)
            base = here.split(".")
            base = base[: len(base) - node.level + (1 if is_package else 0)]
            module = ".".join([*base, node.module] if node.module else base)
        else:
            module = node.module or ""
        yield module
        # ``from gamefold import games`` imports the module gamefold.games
        yield from (f"{module}.{alias.name}" for alias in node.names)


@functools.cache
def imports(root: Path = SRC) -> list[tuple[str, str, int]]:
    """Every import of a gamefold module by a gamefold module: (importer, imported, line),
    an ``from X import name`` giving ``X.name`` too (it is a module when it is one)."""
    modules = {_module_of(path, root) for path in root.rglob("*.py")}
    found: list[tuple[str, str, int]] = []
    for path in sorted(root.rglob("*.py")):
        here = _module_of(path, root)
        if not here.startswith("gamefold"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            for module in _imported(node, here, path.name == "__init__.py"):
                if module in modules and module != here:
                    found.append((here, module, getattr(node, "lineno", 0)))
    return found


def package_of(module: str) -> str:
    """The package a module belongs to: ``gamefold.X`` for any module under ``gamefold.X``,
    ``gamefold`` for the package's own face."""
    return ".".join(module.split(".")[:2])


def layer_of(package: str) -> int:
    """The index of ``package``'s layer in :data:`LAYERS`; ``LookupError`` if it has none."""
    for index, (_, members) in enumerate(LAYERS):
        if package in members:
            return index
    raise LookupError(f"{package} has no layer: add it to LAYERS in tests/test_structure.py")


def upward_imports(root: Path = SRC) -> list[str]:
    """Every import of a higher layer's module, or of a package without a layer."""
    bad: list[str] = []
    for here, module, line in imports(root):
        if (here, module) in EXCEPTIONS:
            continue
        mine, theirs = package_of(here), package_of(module)
        try:
            if layer_of(theirs) > layer_of(mine):
                above, below = LAYERS[layer_of(theirs)][0], LAYERS[layer_of(mine)][0]
                bad.append(f"{here}:{line} imports {module} ({above}, above {below})")
        except LookupError as err:
            bad.append(f"{here}:{line}: {err}")
    return sorted(set(bad))


def package_circles(root: Path = SRC) -> list[list[str]]:
    """Each set of two or more packages whose imports run in a circle, with the imports."""
    edges: dict[str, dict[str, str]] = {}
    for here, module, line in imports(root):
        mine, theirs = package_of(here), package_of(module)
        if mine != theirs and (here, module) not in EXCEPTIONS:
            edges.setdefault(mine, {}).setdefault(theirs, f"{here}:{line} imports {module}")
    circles: list[list[str]] = []
    for group in _strongly_connected(edges):
        if len(group) > 1:
            ties = [
                edges[a][b] for a in sorted(group) for b in sorted(edges.get(a, {})) if b in group
            ]
            circles.append(ties)
    return circles


def _strongly_connected(edges: dict[str, dict[str, str]]) -> list[set[str]]:
    """Tarjan's strongly connected components of the graph ``edges``."""
    nodes = sorted(set(edges) | {b for targets in edges.values() for b in targets})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, {})):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            groups.append(group)

    for node in nodes:
        if node not in index:
            visit(node)
    return groups


def test_no_module_imports_a_layer_above_its_own() -> None:
    assert upward_imports() == []


def test_no_circle_of_imports_runs_across_packages() -> None:
    assert package_circles() == []


def test_every_package_has_a_layer() -> None:
    packages = {package_of(_module_of(path, SRC)) for path in SRC.rglob("*.py")}
    for package in sorted(p for p in packages if p.startswith("gamefold")):
        layer_of(package)


def _write(root: Path, module: str, text: str) -> None:
    path = root.joinpath(*module.split(".")).with_suffix(".py")
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in path.relative_to(root).parents:
        if parent != Path("."):
            (root / parent / "__init__.py").touch()
    path.write_text(text)


def test_the_checks_find_an_upward_import_and_a_circle(tmp_path: Path) -> None:
    """The checks themselves can fail: a subsystem reaching up into the games inside a
    function, the games importing it back, and a record importing the viewer for types."""
    _write(tmp_path, "gamefold.core", "")
    _write(tmp_path, "gamefold.games.base", "from gamefold.combat import fight\n")
    _write(
        tmp_path,
        "gamefold.combat.fight",
        "def fight():\n    from gamefold.games import base\n",
    )
    _write(
        tmp_path,
        "gamefold.record",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import gamefold.viewer\n",
    )
    _write(tmp_path, "gamefold.viewer.build", "from gamefold.core import *\n")
    assert upward_imports(tmp_path) == [
        "gamefold.combat.fight:2 imports gamefold.games (the games, above the subsystems)",
        "gamefold.combat.fight:2 imports gamefold.games.base (the games, above the subsystems)",
        "gamefold.record:3 imports gamefold.viewer (the front ends, above the engine)",
    ]
    assert package_circles(tmp_path) == [
        [
            "gamefold.combat.fight:2 imports gamefold.games",
            "gamefold.games.base:1 imports gamefold.combat",
        ]
    ]


def _all_modules() -> list[str]:
    return sorted(
        _module_of(path, SRC)
        for path in SRC.rglob("*.py")
        if _module_of(path, SRC).startswith("gamefold") and path.stem != "__main__"
    )


@pytest.mark.parametrize("first", ["gamefold.record", "gamefold.games.base", "gamefold.search"])
def test_every_module_imports_whichever_is_imported_first(first: str) -> None:
    """A fresh interpreter imports ``first``, then every module of the package: no import
    depends on another having been imported before it."""
    script = (
        "import importlib, sys\n"
        f"importlib.import_module({first!r})\n"
        f"for name in {_all_modules()!r}:\n"
        "    importlib.import_module(name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
