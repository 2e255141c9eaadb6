"""Games speak the subsystems' language, the territory owns its slice, and every module is a
room a newcomer can read (CONTRIBUTING's rules 4 and 5; the style's ~400 lines a module).

- A game-level rule refuses as a subsystem does, by returning a ``Refusal`` that the pipeline
  turns into :class:`~gamefold.IllegalAction` (EN-4): no module of ``gamefold.games`` raises
  it.
- Summit's map is the territory's: a game asks it with host actions (``territory.step``) and
  stores the board it gets back; nothing outside ``gamefold.territory`` copies its state with
  changes (``replace(game.map, ...)``) or writes the slice by keyword (``replace(game,
  map=...)``).
- A module holds at most :data:`MOST_LINES` lines, but for those :data:`LARGE` names, each
  with why; a module that fits must leave the list.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).parents[1] / "src" / "gamefold"

MOST_LINES = 400
"""The longest module the style allows (about 400 lines)."""

LARGE: dict[str, str] = {}
"""Modules allowed beyond :data:`MOST_LINES`, each with why (paths under ``src/gamefold``)."""

COPIERS = frozenset({"replace", "evolve"})
"""The functions that copy a record with changes (``gamefold.replace``, ``attrs.evolve``)."""


def _modules(root: Path) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(root.rglob("*.py")):
        yield path.relative_to(root).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def raised_illegal_actions(root: Path) -> list[str]:
    """Every ``raise IllegalAction`` (called or not) in the modules under ``root``."""
    found = []
    for module, tree in _modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if _name(exc) == "IllegalAction":
                    found.append(f"{module}:{node.lineno}")
    return found


def map_edits(root: Path) -> list[str]:
    """Every copy of the territory's state with changes, and every write of the ``map`` slice
    by keyword, in the modules under ``root`` but outside ``territory/``."""
    found = []
    for module, tree in _modules(root):
        if module.startswith("territory/"):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name(node.func) not in COPIERS:
                continue
            first = node.args[0] if node.args else None
            of_map = isinstance(first, ast.Attribute) and first.attr == "map"
            if of_map or any(keyword.arg == "map" for keyword in node.keywords):
                found.append(f"{module}:{node.lineno}")
    return found


def large_modules(root: Path) -> dict[str, int]:
    """The modules under ``root`` longer than :data:`MOST_LINES`, with their lengths."""
    lengths = {
        path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in root.rglob("*.py")
    }
    return {module: n for module, n in sorted(lengths.items()) if n > MOST_LINES}


def test_en4_no_game_rule_raises_illegal_action() -> None:
    assert raised_illegal_actions(SRC / "games") == []


def test_only_the_territory_edits_its_state() -> None:
    assert map_edits(SRC) == []


def test_every_module_is_a_room_or_says_why_not() -> None:
    assert sorted(large_modules(SRC)) == sorted(LARGE)
    assert all(why.strip() for why in LARGE.values())


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """Each check can fail: a raised refusal, both kinds of map edit, a long module."""
    (tmp_path / "territory").mkdir()
    (tmp_path / "rule.py").write_text(
        "def rule(game, board):\n"
        "    if game.over:\n"
        "        raise errors.IllegalAction('x/y', 'SM-1', 'no')\n"
        "    game = replace(game.map, forts=board)\n"
        "    return attrs.evolve(game, map=board)\n"
    )
    (tmp_path / "territory" / "own.py").write_text("def own(m):\n    return replace(m.map)\n")
    (tmp_path / "long.py").write_text("x = 1\n" * (MOST_LINES + 1))
    assert raised_illegal_actions(tmp_path) == ["rule.py:3"]
    assert map_edits(tmp_path) == ["rule.py:4", "rule.py:5"]
    assert large_modules(tmp_path) == {"long.py": MOST_LINES + 1}
