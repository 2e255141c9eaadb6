"""SD-6/SD-13 and CB-11 through the skirmish: units leave the fight only with the decks."""

from __future__ import annotations

from gamefold.combat import Withdraw
from gamefold.games import play
from gamefold.games.skirmish import Skirmish
from gamefold.skills import DefeatUnit


def test_sd13_a_bare_combat_withdraw_is_refused_by_the_game() -> None:
    """A unit cannot leave the fight while it stays in the Skill decks (SD-13)."""
    game = Skirmish()
    played = play(game, 5, max_steps=30)
    state = played.final
    assert not game.is_over(state)
    problem = game.rules.check(state, Withdraw(("ana",), "host"))
    assert problem is not None
    assert (problem.code, problem.rule) == ("skirmish/use-defeat-unit", "SD-13")
    assert game.rules.check(state, DefeatUnit("ana")) is None


def test_cb11_defeat_unit_is_refused_once_the_fight_is_over() -> None:
    game = Skirmish()
    played = play(game, 5)
    assert played.finished
    survivors = [p for p, row in game.outcome(played.final).items() if row.get("alive")]
    unit = next(p for p in survivors if p != "gm")
    problem = game.rules.check(played.final, DefeatUnit(unit))
    assert problem is not None
    assert problem.code == "combat/over"
