"""A package's face is its API: outside a subsystem's package, code imports its face only.

``gamefold.combat`` (its ``__init__``) is what games, the testing kit, ``sim``, ``record`` and
the CLI may use; ``gamefold.combat.resolution`` is the subsystem's own business. The same
holds for the skill-deck, diplomacy and territory subsystems and for each shipped game.
"""

from __future__ import annotations

import ast
import inspect
import itertools
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"
PACKAGES = (
    "gamefold.skills",
    "gamefold.combat",
    "gamefold.diplomacy",
    "gamefold.territory",
    "gamefold.games.skirmish",
    "gamefold.games.summit",
    "gamefold.games.campaign",
    "gamefold.viewer",
    "gamefold.envs",
    "gamefold.search",
    "gamefold.serve",
)


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def _module_of(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def internal_imports(root: Path = SRC) -> list[str]:
    """Every import of a package's internal module from outside that package."""
    bad: list[str] = []
    for path in sorted(root.rglob("*.py")):
        here = _module_of(path, root)
        for line, module in _imports(path):
            for package in PACKAGES:
                inside = here == package or here.startswith(f"{package}.")
                if module.startswith(f"{package}.") and not inside:
                    bad.append(f"{path.relative_to(root)}:{line} imports {module}")
    return bad


def test_outside_a_package_only_its_face_is_imported() -> None:
    assert internal_imports() == []


def test_the_check_finds_an_internal_import(tmp_path: Path) -> None:
    """The check itself can fail: a game module reaching into combat's internals."""
    game = tmp_path / "gamefold" / "games" / "toy"
    game.mkdir(parents=True)
    (game / "rules.py").write_text("from gamefold.combat.combatants import find\n")
    (game / "ok.py").write_text("from gamefold.combat import find\n")
    assert internal_imports(tmp_path) == [
        "gamefold/games/toy/rules.py:1 imports gamefold.combat.combatants"
    ]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_face_exports_what_it_lists(package: str) -> None:
    module = __import__(package, fromlist=["__all__"])
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert missing == []


FACES = (
    "gamefold",
    *PACKAGES,
    "gamefold.games",
    "gamefold.sim",
    "gamefold.testing",
)
"""Every public face: a package's ``__init__`` and its ``__all__``."""


def _documented_data(root: Path = SRC / "gamefold") -> frozenset[str]:
    """Module-level names assigned with a docstring right after them (``X = 1`` then a
    string), the way a constant or an alias is documented."""
    names: set[str] = set()
    for path in root.rglob("*.py"):
        body = ast.parse(path.read_text(encoding="utf-8")).body
        for node, after in itertools.pairwise(body):
            if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)):
                continue
            if isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return frozenset(names)


def undocumented(face: str, documented: frozenset[str]) -> list[str]:
    """The names of ``face.__all__`` without a docstring of their own."""
    module = __import__(face, fromlist=["__all__"])
    missing = []
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isclass(value):
            has = bool(value.__dict__.get("__doc__"))
        elif inspect.isroutine(value) or inspect.ismodule(value):
            has = bool(value.__doc__)
        else:
            has = name in documented
        if not has and name != "__version__":
            missing.append(name)
    return missing


@pytest.mark.parametrize("face", FACES)
def test_every_name_of_a_face_has_a_docstring(face: str) -> None:
    assert undocumented(face, _documented_data()) == []


def test_the_docstring_check_finds_an_undocumented_name() -> None:
    """A constant without its docstring and a class that only inherits one are caught."""
    assert undocumented("gamefold.sim", frozenset()) != []
    assert "HELP" not in _documented_data(SRC / "gamefold" / "serve")  # its text is the value


def test_sim_still_answers_for_the_names_games_owns() -> None:
    """``gamefold.sim.variant`` was listed by the sim face; it is now ``gamefold.games``'."""
    import gamefold.games
    import gamefold.sim

    with pytest.warns(DeprecationWarning, match="gamefold.games.variant"):
        assert gamefold.sim.variant is gamefold.games.variant
    assert "variant" not in gamefold.sim.__all__
    with pytest.raises(AttributeError):
        _ = gamefold.sim.no_such_name
