"""Leaving the fight with the decks (SK-6): who still stands, the shields of those leaving,
and nothing to do for units already out or a fight already over (CB-11, SK-5)."""

from __future__ import annotations

from typing import Any

import pytest

from gamefold import combat
from gamefold.combat import Ending
from gamefold.core import replace
from gamefold.errors import IllegalAction
from gamefold.games.skirmish import LeftTheFight, Skirmish
from gamefold.games.skirmish.fight import leave_fight, owner, settle, withdraw
from gamefold.registry import Game

from .support import pair_first
from .test_reactions import _goblin_attacks_ana

"""The skirmish's own layout: its rules read the slices there."""

GAME = Skirmish()


def _fight(game: Game, ending: Ending | None = None, **changes: dict[str, Any]) -> Game:
    fight = game["combat"]
    combatants = tuple(replace(c, **changes.get(c.id, {})) for c in fight.combatants)
    return game.with_slice("combat", replace(fight, combatants=combatants, ending=ending))


def test_sk6_a_unit_at_1_hit_point_still_stands_and_leaves_the_fight() -> None:
    """SK-6, CB-11: any hit point left is standing: a unit at 1 leaves, told as such."""
    game = _fight(pair_first(GAME, GAME.setup(1)), ana={"hp": 1})
    assert withdraw(game, ("ana",), "defeated") == leave_fight(game, ("ana",), "defeated")
    game, events = leave_fight(game, ("ana",), "defeated")
    assert LeftTheFight("ana", "defeated") in events
    assert next(c for c in game["combat"].combatants if c.id == "ana").zone is None


def test_sk5_the_shields_of_those_leaving_go_the_others_stay() -> None:
    """SK-5, SK-6: a unit leaving loses its shield; the others keep theirs."""
    game = pair_first(GAME, GAME.setup(1))
    for unit, amount in (("ana", 2), ("bo", 3)):
        game = replace(game, combat=combat.step(game.combat, combat.Ward(unit, amount))[0])
    game, _ = leave_fight(game, ("ana",), "defeated")
    assert {c.id: c.ward for c in game.combat.combatants if c.ward} == {"bo": 3}


def test_sk6_nothing_happens_for_units_already_out_or_a_fight_already_over() -> None:
    """SK-6, CB-11: units not standing (or unknown) leave nothing to do, nor may anyone
    leave a fight that is over (combat refuses it: ``combat/over``)."""
    game = _fight(pair_first(GAME, GAME.setup(1)), bo={"hp": 0})
    assert leave_fight(game, ("bo", "zed"), "defeated") == (game, ())
    assert withdraw(game, ("bo", "zed"), "defeated") == (game, ())
    over = _fight(game, Ending.PARTY_WON)
    assert leave_fight(over, ("ana",), "defeated") == (over, ())
    with pytest.raises(IllegalAction) as refused:
        withdraw(over, ("ana",), "defeated")
    assert refused.value.code == "combat/over"


def test_sk7_a_combatants_player_is_its_seat_or_the_gm() -> None:
    """SK-7: a character is its player's; every other combatant is the GM's."""
    deck = GAME.setup(1)["skills"]
    assert [owner(deck, c) for c in ("ana", "cy", "goblin", "gm", "zed")] == [
        "ana",
        "cy",
        "gm",
        "gm",
        "gm",
    ]


def test_sk4_a_target_at_1_hit_point_still_awaits_its_reaction() -> None:
    """SK-4: a held declaration at a target still standing, even at 1 hit point, waits
    while its window is open: settling changes nothing."""
    game, _ = _goblin_attacks_ana(GAME)
    game = _fight(game, ana={"hp": 1})
    assert settle(game) == (game, ())
