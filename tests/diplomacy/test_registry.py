"""The diplomacy subsystem inside a Rules registry (EN-6), as a host game would use it."""

from __future__ import annotations

from typing import Any

import attrs
from tests.diplomacy.helpers import table

from gamefold import Action, EndTurn, Event, Events, StartTurn, Subsystem
from gamefold.diplomacy import (
    ACTIONS,
    EVENTS,
    BeginTurn,
    BonusZone,
    Counter,
    DiplomacyConfig,
    DiplomacyView,
    Discard,
    Kind,
    TicksGained,
    TurnBegan,
    describe,
    subsystem,
)
from gamefold.registry import Game, Handler, Rules, Wrapper


def test_en6_the_subsystem_entry_names_its_slice_actions_and_lifecycle() -> None:
    assert subsystem.name == "diplomacy"
    assert set(subsystem.actions) == set(ACTIONS)
    assert set(subsystem.lifecycle) == {BeginTurn, StartTurn, EndTurn}
    assert subsystem.state_type is type(table())


def test_en6_a_registry_routes_turns_and_actions_to_the_diplomacy_slice() -> None:
    rules = Rules([subsystem])
    game = rules.new_game({"diplomacy": table()})
    game, events = rules.step(game, BeginTurn("ann", territories=8))
    assert events[:2] == (TurnBegan("ann", 1), TicksGained("ann", Counter.RANDOM, 8))
    card = game["diplomacy"].players[0].hand[0]
    assert Discard("ann", card) in rules.legal_actions(game, "ann")
    game = rules.reduce(game, Discard("ann", card))
    game = rules.reduce(game, EndTurn("ann"))
    assert game["diplomacy"].players[0].between_turns
    assert rules.invariants(game) == {}
    shown = rules.view(game, "bob")["diplomacy"]
    assert isinstance(shown, DiplomacyView)
    assert shown.players[0].hand is None


@attrs.frozen
class Territories:
    """A toy map slice: territories and bonus zones held, per player."""

    held: tuple[tuple[str, int, tuple[str, ...]], ...]


def _map_subsystem() -> Subsystem[Territories]:
    def step(state: Territories, action: Action) -> tuple[Territories, Events]:
        return state, ()

    return Subsystem(
        name="map",
        actions=(),
        lifecycle=(StartTurn,),
        step=step,
        check=lambda state, action: None,
        legal_actions=lambda state, actor: (),
    )


def _with_holdings(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """The host's hook: a plain StartTurn becomes a BeginTurn carrying the map's facts."""
    for player, territories, zones in game["map"].held:
        if player == action.player:
            return inner(game, BeginTurn(player, territories, zones))
    return inner(game, action)


def test_dp4_dp5_a_host_game_feeds_its_map_to_turn_starts_with_a_wrapper() -> None:
    config = DiplomacyConfig(bonus_zones={"capital": BonusZone(Kind.VALUE, 64)})
    rules = Rules([_map_subsystem(), subsystem], wrappers=[Wrapper(StartTurn, _with_holdings)])
    world = Territories((("ann", 12, ("capital",)), ("bob", 3, ())))
    game = rules.new_game({"map": world, "diplomacy": table(config, players=("ann", "bob"))})
    game, events = rules.step(game, StartTurn("ann"))
    ann = game["diplomacy"].players[0]
    assert (ann.ticks.random, ann.ticks.value) == (12, 4)
    assert len(ann.hand) == 4
    assert game.clock.turn == 1
    assert game.clock.player == "ann"
    lines = [describe(config, e) for e in events]
    assert lines[0] == "-- turn 1: ann --"
    assert any("earns Troops" in line for line in lines)


def test_en7_every_event_class_has_a_readable_line() -> None:
    from gamefold.diplomacy import LINES

    assert set(EVENTS) == set(LINES)
    assert describe(DiplomacyConfig(), TurnBegan("ann", 3)) == "-- turn 3: ann --"
    assert describe(DiplomacyConfig(), _Other()) == "_Other()"


@attrs.frozen
class _Other(Event):
    """An event of another subsystem."""
