"""The turn-by-turn account (``gamefold play``): each heading once, plain English counts."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from gamefold.diplomacy import Counter, DiplomacyConfig, TicksGained, describe
from gamefold.games import get_game, play
from gamefold.sim import narrate


@pytest.mark.parametrize("game", ["summit", "skirmish"])
def test_each_turn_heading_is_told_once(game: str) -> None:
    """Summit's own TurnBegan line repeated the account's heading on the next line."""
    definition = get_game(game)()
    lines = list(narrate(definition, play(definition, 7)))
    for before, after in pairwise(lines):
        assert before.strip().casefold() != after.strip().casefold(), before


def test_dp_ticks_are_told_in_the_singular_for_exactly_one() -> None:
    config = DiplomacyConfig()
    told = {
        quarters: describe(config, TicksGained("p1", Counter.RANDOM, quarters))
        for quarters in (3, 4, 8)
    }
    assert told[4].endswith("gains 1 tick")
    assert told[3].endswith("gains 0.75 ticks")
    assert told[8].endswith("gains 2 ticks")


def test_a_summit_account_never_says_one_ticks() -> None:
    definition = get_game("summit")()
    text = "\n".join(narrate(definition, play(definition, 7)))
    assert "gains 1 tick" in text
    assert not re.search(r"\b1 ticks\b", text)
