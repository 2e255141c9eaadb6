"""No game edits the territory's slice behind its back (CONTRIBUTING, "Host actions, not
edits"; TR-3 … TR-7): a game changes the map only by keeping what the territory's own step
returns for one of its host actions (``Fortify``, ``Seize``, ``OpenBattle`` …).

Read from the source of every module under ``gamefold/games``, so a new rule that builds
the map by hand fails here before it reaches a game: no copy of a record with ``map=`` or
with a field only the map's record has, no territory record built, no edit helper of the
territory called (the face exports none; these are its private modules' names).
"""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest

import gamefold.games
from gamefold import territory
from gamefold.games.summit import MapState

GAMES = Path(gamefold.games.__file__).parent
MODULES = sorted(GAMES.rglob("*.py"))

MAP = "territory"
"""How the games name the territory's face."""
COPIERS = frozenset({"replace", "evolve"})
"""The copies a rule writes a record with."""
MAP_FIELDS = frozenset(
    {f.name for f in attrs.fields(territory.TerritoryState)}
    - {"scenario", "rng", "current", "owners"}  # names other slices' records share
) | {territory.NAME}
"""What a copy may not set: the map slice itself, or a field only the map's record has."""
RECORDS = frozenset({"TerritoryState", "Board", MapState.__name__})
"""The territory's records, built only by the territory."""
HELPERS = frozenset(
    {"put_at", "take", "gain_troops", "with_realm", "open_battle", "close_battle", "_open"}
    | {"_close", "decide_fortify", "decide_seize", "decide_open_battle", "decide_close_battle"}
)
"""The territory's editing helpers and decide functions, for its own modules alone."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def map_edits(source: str) -> list[str]:
    """Each place ``source`` edits or builds the map itself, as ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            called = _name(node.func)
            keys = {k.arg for k in node.keywords if k.arg is not None}
            if called in COPIERS and keys & MAP_FIELDS:
                found.append(f"{node.lineno}: {called}(..., {sorted(keys & MAP_FIELDS)})")
            if called in RECORDS:
                found.append(f"{node.lineno}: builds a {called}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gamefold.terr"):
            found += [f"{node.lineno}: imports {a.name}" for a in node.names if a.name in HELPERS]
        if isinstance(node, ast.Name) and node.id in HELPERS:
            found.append(f"{node.lineno}: uses {node.id}")
        if isinstance(node, ast.Attribute) and node.attr in HELPERS and _name(node.value) == MAP:
            found.append(f"{node.lineno}: uses {node.attr}")
    return found


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_tr3_tr7_no_game_edits_the_map_but_through_the_territory(module: Path) -> None:
    assert map_edits(module.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("game = replace(game, map=board)", ["1: replace(..., ['map'])"]),
        (
            "s = replace(s, forts=put_at(s.forts, 0, 1))",
            ["1: replace(..., ['forts'])", "1: uses put_at"],
        ),
        ("s = attrs.evolve(s, truces=())", ["1: evolve(..., ['truces'])"]),
        ("b = MapState(**fields)", ["1: builds a MapState"]),
        ("b = territory.Board(a, r, o, f, g)", ["1: builds a Board"]),
        ("from gamefold.territory import take", ["1: imports take"]),
        ("b, e = territory.open_battle(b, a)", ["1: uses open_battle"]),
        ("s, e = gain_troops(s, 'p1', 1, 'aid')", ["1: uses gain_troops"]),
        ("game = game.with_slice(MAP, territory.step(game.map, a)[0])", []),
        ("state = replace(state, battle=None, rng=rng)", []),
    ],
)
def test_the_check_finds_every_kind_of_edit(source: str, expected: list[str]) -> None:
    assert map_edits(source) == expected


def test_the_map_fields_are_the_territory_s_own() -> None:
    assert {"forts", "garrisons", "traps", "truces", "realms", "map"} == MAP_FIELDS
