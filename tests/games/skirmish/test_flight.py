"""SK-8 (CB-13, CB-14, CB-15): the party flees, member by member in its activations."""

from __future__ import annotations

from gamefold.combat import (
    Carry,
    CombatConfig,
    CombatEnded,
    Ending,
    Fled,
    Retreat,
    RetreatFailed,
    StressGained,
)
from gamefold.games.skirmish import Skirmish, outcome
from gamefold.games.skirmish.config import scenario
from gamefold.skills import Activate, DefeatUnit

from .choosers import fleeing, passive
from .support import classic, events_of, pair_first, play_until, step

CLASSIC = scenario("classic")
"""The pre-zones skirmish these tests pin."""


def test_cb13_cb14_every_member_retreats_so_the_party_flees_and_the_game_ends() -> None:
    """CB-13: all three retreat in their activations; the last choice resolves the exchange:
    the party escapes, each gains 2d3 Stress (CB-14), and the game is over (SK-9)."""
    game_def = Skirmish(CLASSIC)
    game, events = play_until(game_def, game_def.setup(1), game_def.is_over, fleeing)
    fled = events_of(events, Fled)
    assert fled == [Fled(("ana", "bo", "cy"), (), (), ())]
    gains = events_of(events, StressGained)
    assert [g.combatant for g in gains] == ["ana", "bo", "cy"]
    assert all(2 <= g.amount <= 6 for g in gains)
    assert CombatEnded(Ending.FLED) in events
    assert game["skills"].round == 1
    rows = outcome(game_def.config, game)
    assert [rows[p]["fled"] for p in ("ana", "bo", "cy")] == [True, True, True]
    assert rows["ana"]["result"] == "fled"
    assert rows["ana"]["stress"] == gains[0].amount
    assert rows["gm"]["winner"]
    assert not any(rows[p]["winner"] for p in ("ana", "bo", "cy"))


def test_cb13_a_retreat_without_everyone_fails() -> None:
    """CB-13: only ana retreats: the retreat fails ("not-agreed") and the fight goes on."""
    game_def = Skirmish(CLASSIC)
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, Activate("ana"))
    game, _ = step(game_def, game, Retreat("ana"))
    game, events = play_until(game_def, game, lambda g: g["combat"].exchange == 1, passive)
    assert RetreatFailed("not-agreed", ("ana",)) in events
    assert not game_def.is_over(game)


def test_cb13_dire_other_value_the_party_cannot_escape() -> None:
    """``CombatConfig(dire="always")``: an agreed retreat fails as dire."""
    game_def = classic(combat=CombatConfig(dire="always"))
    done = lambda g: g["combat"].exchange == 1  # noqa: E731
    game, events = play_until(game_def, game_def.setup(1), done, fleeing)
    assert RetreatFailed("dire", ("ana", "bo", "cy")) in events
    assert game["combat"].ending is None


def test_cb15_a_fleeing_member_drags_a_fallen_ally_along() -> None:
    """CB-15: bo has fallen (a host defeat); ana, with 10 free slots, carries him away."""
    game_def = classic(party_size=2)
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, DefeatUnit("bo"))
    game = pair_first(game_def, game)
    game, _ = step(game_def, game, Activate("ana"))
    legal = game_def.rules.legal_actions(game, "ana")
    assert Retreat("ana", "bo") in legal
    game, _ = step(game_def, game, Retreat("ana", "bo"))
    game, events = play_until(game_def, game, game_def.is_over, passive)
    fled = events_of(events, Fled)
    assert fled == [Fled(("ana",), (Carry("ana", "bo"),), (), ())]
    assert game_def.is_over(game)


def test_cb15_body_slots_other_value_the_fallen_are_left_behind() -> None:
    """``CombatConfig(body_slots=12)``: ana has too few slots; bo is left behind."""
    game_def = classic(party_size=2, combat=CombatConfig(body_slots=12))
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, DefeatUnit("bo"))
    game = pair_first(game_def, game)
    game, _ = step(game_def, game, Activate("ana"))
    assert Retreat("ana", "bo") not in game_def.rules.legal_actions(game, "ana")
    game, _ = step(game_def, game, Retreat("ana"))
    game, events = play_until(game_def, game, game_def.is_over, passive)
    assert events_of(events, Fled) == [Fled(("ana",), (), ("bo",), ())]


def test_sk8_a_member_retreats_only_in_its_own_activation() -> None:
    """SK-8: bo cannot retreat during ana's activation; an enemy never retreats (CB-13)."""
    game_def = Skirmish(CLASSIC)
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, Activate("ana"))
    problem = game_def.rules.check(game, Retreat("bo"))
    assert problem is not None
    assert (problem.code, problem.rule) == ("skirmish/not-activating", "SD-13")
    enemy = game_def.rules.check(game, Retreat("goblin"))
    assert enemy is not None
    assert enemy.code == "combat/not-party"


def test_cb13_the_ambush_reaches_the_dire_branch() -> None:
    """CB-13 (the ``ambush`` scenario, ``dire="outnumbered"``): four enemies against three,
    the party's agreed retreat fails as dire and the fight goes on."""
    game_def = Skirmish(scenario("ambush"))
    done = lambda g: g["combat"].exchange == 1  # noqa: E731
    game, events = play_until(game_def, game_def.setup(1), done, fleeing)
    assert RetreatFailed("dire", ("ana", "bo", "cy")) in events
    assert not game_def.is_over(game)
