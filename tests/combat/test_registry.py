"""EN-6: the combat slice composes in a Rules registry and round-trips inside a Game."""

from __future__ import annotations

from gamefold import EndRound, StartRound
from gamefold.combat import (
    ACTIONS,
    EVENTS,
    Afflict,
    CombatState,
    Condition,
    ConditionEnded,
    Declare,
    subsystem,
    view,
)
from gamefold.record import from_json, to_json
from gamefold.registry import Game, Rules

from .support import PAPER, ROCK, duel


def test_en6_the_subsystem_entry_routes_actions_and_end_round() -> None:
    """EN-6, CB-12: Rules routes combat actions to the slice and fans EndRound out to it."""
    rules = Rules([subsystem])
    game = rules.new_game({"combat": duel()})
    assert rules.legal_actions(game, "hero")[0] == Declare("hero", "Attack", ROCK, "orc")
    game, _ = rules.step(game, StartRound())  # CB-12: fanned out, a Round is under way
    assert game["combat"].in_round
    game, _ = rules.step(game, Afflict("hero", Condition.FOLDED))
    assert rules.check(game, Declare("hero", "Attack", PAPER, "orc")) is not None
    game, events = rules.step(game, EndRound())
    assert events == ()  # CB-12: it also limits the next Round
    assert not game["combat"].in_round
    game, _ = rules.step(game, StartRound())
    game, events = rules.step(game, EndRound())
    assert events == (ConditionEnded("hero", Condition.FOLDED),)
    assert rules.invariants(game) == {}
    assert rules.view(game, "party")["combat"] == view(game["combat"], "party")


def test_en6_en8_a_game_with_a_combat_slice_round_trips() -> None:
    """EN-8: the slice's record type is declared, so a Game goes through JSON."""
    rules = Rules([subsystem])
    game = rules.new_game({"combat": duel()})
    assert from_json(to_json(game), Game) == game
    assert subsystem.state_type is CombatState


def test_en7_every_action_and_event_type_is_listed() -> None:
    """EN-7: ACTIONS and EVENTS list the subsystem's records."""
    assert subsystem.actions == ACTIONS
    assert len(set(EVENTS)) == len(EVENTS) == 21  # then Warded, WardsLapsed,
    # DamagePrevented, Moved, Empowered and Healed
