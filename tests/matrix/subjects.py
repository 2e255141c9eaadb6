"""The games every front end is tried on: the shipped three, and three games of a user's.

A user's games are written the way a user writes them, into one directory a session:

- ``matrix_duel``: the module ``gamefold new matrix_duel`` writes, untouched;
- ``house_rules``: the house-rule subclass of skirmish, the first code block of
  ``docs/guides/change-a-game.md`` exactly as the page shows it;
- ``border_war``: ``examples/border_war.py``, the territory subsystem composed alone;
- ``undrawn``: skirmish with a slice of the user's own that says nothing of determinizing
  (:class:`tests.own_games.Undrawn`), the row where search cannot apply.

Each test imports a user's module afresh (its game registers as it is imported, and the
suite forgets registrations after every test), with the directory on the module search path
so that worker processes find it too.
"""

from __future__ import annotations

import importlib
import re
import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest

from gamefold.cli import main
from gamefold.games import GameDef, get_game

ROOT = Path(__file__).resolve().parents[2]


@attrs.frozen
class Subject:
    """One game of the matrix: how to load it and what to ask of it."""

    label: str
    """The test ID."""
    game: str
    """Its registered name."""
    module: str | None
    """The user's module that registers it; ``None`` for a shipped game."""
    variant: str
    """One ``--set PATH=VALUE`` that changes a rule, for ``compare``."""
    rival: str
    """A second policy for every seat, for ``compare`` and ``tournament`` against random."""
    cannot: tuple[tuple[str, str], ...] = ()
    """The front ends that cannot apply, each with a part of the one line that says so."""

    def refused(self, front_end: str) -> str | None:
        """The line ``front_end`` gives this game instead of working, if it cannot apply."""
        return dict(self.cannot).get(front_end)

    def argv(self, *command: str) -> list[str]:
        """``gamefold [--import MODULE] COMMAND…``"""
        imports = [] if self.module is None else ["--import", self.module]
        return [*imports, *command]

    def load(self) -> GameDef[Any]:
        """An instance of the game at its defaults (its module imported, once a test)."""
        if self.module is not None:
            importlib.import_module(self.module)
        game: GameDef[Any] = get_game(self.game)()
        return game


SUBJECTS = (
    Subject("skirmish", "skirmish", None, "skills.hand_limit=6", "greedy"),
    Subject("summit", "summit", None, "diplomacy.hand_limit=12", "greedy"),
    Subject("campaign", "campaign", None, "summit.diplomacy.hand_limit=12", "greedy"),
    Subject("skeleton", "matrix_duel", "matrix_duel", "rounds=3", "eager"),
    Subject("house-rule", "fury-skirmish", "house_rules", "skills.hand_limit=6", "greedy"),
    Subject("border-war", "border-war", "border_war", "reserve=10", "ismcts:iterations=8"),
    Subject(
        "undrawn",
        "undrawn-skirmish",
        "undrawn",
        "skills.hand_limit=6",
        "greedy",
        cannot=(
            ("ismcts", "cannot be played by ismcts: subsystem 'bounty' has no determinize"),
            ("determinize", "subsystem 'bounty' has no determinize"),
        ),
    ),
)
QUICK = "skirmish"
"""The one game the quick lane tries every front end on."""

USER_MODULES = tuple(s.module for s in SUBJECTS if s.module is not None)


def params(*, quick: str = QUICK) -> list[Any]:
    """Every subject as a ``pytest.param``, all but ``quick`` in the slow lane."""
    return [
        pytest.param(s, id=s.label, marks=() if s.label == quick else pytest.mark.slow)
        for s in SUBJECTS
    ]


def first_python_block(page: Path) -> str:
    """The first ```` ```python ```` block of a Markdown page, as a reader copies it."""
    found = re.search(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
    assert found is not None, f"{page} shows no python block"
    return found.group(1)


def write_user_games(directory: Path) -> None:
    """Write the user's three modules into ``directory`` as a user would."""
    status = main(["new", "matrix_duel", "--dir", str(directory)])
    assert status == 0
    guide = ROOT / "docs" / "guides" / "change-a-game.md"
    (directory / "house_rules.py").write_text(first_python_block(guide), encoding="utf-8")
    shutil.copy(ROOT / "examples" / "border_war.py", directory / "border_war.py")
    (directory / "undrawn.py").write_text(
        "from gamefold.games import register_game\n"
        "from tests.own_games import Undrawn\n\n"
        "register_game(Undrawn)\n",
        encoding="utf-8",
    )
