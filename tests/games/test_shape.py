"""Every game keeps the one module shape CONTRIBUTING describes, so a reader who knows one
game finds their way in the others (a user relies on ``game.py``, ``config.py``,
``account.py`` … being where the guide says)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gamefold.games

ROOT = Path(__file__).resolve().parents[2]
GAMES = Path(gamefold.games.__file__).parent
SHIPPED = ("skirmish", "summit", "campaign")


def _table() -> tuple[set[str], dict[str, set[str]]]:
    """The shape table of CONTRIBUTING: the modules every game has, and each game's own
    modules as its 'one per rule concept' and 'parts of the config' rows name them."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text[text.index("**A game's modules**") :]
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", section.split("\n\n")[1], re.M)
    required = {m.strip("`") for m, _ in rows if m.startswith("`")}
    by_game: dict[str, set[str]] = {}
    for module, what in rows:
        if module in ("one per rule concept", "parts of the config"):
            for game, names in re.findall(r"(skirmish|summit|campaign) ((?:`\w+`,? ?)+)", what):
                by_game.setdefault(game, set()).update(re.findall(r"`(\w+)`", names))
    return required, by_game


def test_the_table_names_every_shipped_game() -> None:
    required, by_game = _table()
    assert {"__init__.py", "game.py", "rules.py", "state.py", "flow.py"} <= required
    assert set(by_game) == set(SHIPPED)


@pytest.mark.parametrize("game", SHIPPED)
def test_each_game_has_the_shared_modules_and_only_its_named_concepts(game: str) -> None:
    required, by_game = _table()
    modules = {p.name for p in (GAMES / game).glob("*.py")}
    assert required <= modules, f"{game} lacks {sorted(required - modules)}"
    concepts = {name.removesuffix(".py") for name in modules - required}
    assert concepts == by_game[game], f"{game}'s concept modules differ from CONTRIBUTING's"
