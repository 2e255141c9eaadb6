"""Standalone effects on the map, their targets and the window (SM-8, SM-9, DP-12).

With an in-order deal for four players: p1 holds Consulate, Drillyard, Warehouse, Docks;
p2 Chancery, Garrison, Forum, Lighthouse; p3 Legation, Quay, Senate, Shipyard; p4 Armoury,
Bazaar, Archive, Mill; Forge and Mine are neutral.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.summit.helpers import (
    act,
    board,
    first_turn,
    give,
    of_type,
    summit,
    until_turn,
)

from gamefold import EndTurn, replace
from gamefold.diplomacy import Effect, PlayStandalone, StandaloneResolved
from gamefold.games.summit import (
    HANDLERS,
    EffectFizzled,
    Fortified,
    MapState,
    Pass,
    Passed,
    Phase,
    TerritoryTaken,
    TroopsGained,
    Truce,
    TruceEnded,
)
from gamefold.testing import assert_refused


def _map(**scenario: Any) -> MapState:
    return board(summit(4, deal="in-order", **scenario).setup(1))


def _resolve(
    state: MapState, name: str, target: str = "", player: str = "p1"
) -> tuple[MapState, Any]:
    subtype, tier = name.rsplit(" T", 1)
    effect = Effect(0, name, subtype, int(tier), target)
    return HANDLERS.run(state, (StandaloneResolved(player, effect),))


def _owner(state: MapState, territory: str) -> str:
    return state.owners[state.scenario.territories.index(territory)]


def _taken(events: Any) -> list[str]:
    return [e.territory for e in events if isinstance(e, TerritoryTaken)]


def test_sm8_a_siege_takes_the_weakest_territory_of_the_biggest_open_player() -> None:
    state = _map()
    state, events = _resolve(state, "Siege T1")
    assert _owner(state, "Chancery") == "p1"
    assert events == (TerritoryTaken("p1", "Chancery", "p2", "siege"),)
    state = _map()
    state, events = _resolve(with_forts_map(state, "Legation", 1), "Siege T1", "p3")
    assert _taken(events) == ["Quay"]


def with_forts_map(state: MapState, territory: str, count: int) -> MapState:
    """A map with ``count`` forts on ``territory``."""
    index = state.scenario.territories.index(territory)
    return replace(state, forts=(*state.forts[:index], count, *state.forts[index + 1 :]))


def test_sm8_siege_territories_is_per_tier() -> None:
    assert _taken(_resolve(_map(), "Siege T2")[1]) == ["Chancery", "Garrison"]
    assert _taken(_resolve(_map(siege_territories=2), "Siege T1")[1]) == ["Chancery", "Garrison"]


def test_sm7_sm8_a_truce_protects_from_a_siege() -> None:
    state = _map()
    truced = replace(state, truces=(Truce(0, "p3", "p1"),))
    _, events = _resolve(truced, "Siege T1", "p3")
    assert events == (EffectFizzled("p1", "Siege T1", "no territory to besiege"),)
    _, events = _resolve(truced, "Siege T1")  # auto-aim skips the truce partner
    assert _taken(events) == ["Chancery"]


def test_sm8_a_forced_march_takes_the_cheapest_territory_first() -> None:
    after, events = _resolve(_map(), "Forced March T1")
    assert _owner(after, "Forge") == "p1"
    assert events == (TerritoryTaken("p1", "Forge", "", "forced march"),)
    assert _taken(_resolve(_map(), "Forced March T2")[1]) == ["Forge", "Mine"]
    assert _taken(_resolve(_map(march_territories=3), "Forced March T1")[1]) == [
        "Forge",
        "Mine",
        "Chancery",
    ]


def test_sm8_an_aimed_forced_march_ignores_forts_and_razes_them() -> None:
    state = with_forts_map(_map(), "Senate", 3)
    state, events = _resolve(state, "Forced March T1", "Senate")
    assert _taken(events) == ["Senate"]
    assert _owner(state, "Senate") == "p1"
    assert state.forts[state.scenario.territories.index("Senate")] == 0
    _, events = _resolve(_map(), "Forced March T1", "Docks")  # p1's own
    assert events == (EffectFizzled("p1", "Forced March T1", "no territory to march on"),)


def test_sm8_fortify_builds_fort_levels_on_the_weakest_or_aimed_territory() -> None:
    state, events = _resolve(_map(), "Fortify T1")
    assert events == (Fortified("p1", "Consulate", 1),)
    state, events = _resolve(state, "Fortify T2", "Docks")
    assert events == (Fortified("p1", "Docks", 2),)
    _, events = _resolve(_map(fort_levels=3), "Fortify T1", "Docks")
    assert events == (Fortified("p1", "Docks", 3),)
    _, events = _resolve(_map(), "Fortify T1", "Chancery")
    assert events == (EffectFizzled("p1", "Fortify T1", "no territory of theirs to fortify"),)


def test_sm8_foreign_aid_brings_aid_troops_per_tier() -> None:
    assert _resolve(_map(), "Foreign Aid T1")[1] == (TroopsGained("p1", 3, "Foreign Aid T1", 3),)
    assert _resolve(_map(), "Foreign Aid T2")[1] == (TroopsGained("p1", 6, "Foreign Aid T2", 6),)
    assert _resolve(_map(aid_troops=5), "Foreign Aid T1")[1][0].troops == 5


def test_sm8_betrayal_ends_the_truces_with_the_aimed_player() -> None:
    truces = (Truce(4, "p2", "p3"), Truce(5, "p1", "p2"), Truce(7, "p3", "p1"))
    state = replace(_map(), truces=truces)
    after, events = _resolve(state, "Betrayal T1")  # auto: the oldest truce's partner
    assert events == (TruceEnded(5, "betrayed"),)
    assert after.truces == (truces[0], truces[2])
    after, events = _resolve(state, "Betrayal T2", "p3")
    assert events == (TruceEnded(7, "betrayed"),)
    _, events = _resolve(_map(), "Betrayal T1")
    assert events == (EffectFizzled("p1", "Betrayal T1", "no truce to betray"),)


@pytest.mark.parametrize("name", ["Trap T1", "Duration Modifier T2"])
def test_sm8_trap_and_duration_modifier_do_nothing_on_the_map(name: str) -> None:
    state = _map()
    after, events = _resolve(state, name)
    assert after == state
    assert events == (EffectFizzled("p1", name, "no effect on the map"),)


def test_dp12_sm9_a_standalone_card_is_played_in_the_window_and_resolves_next_turn() -> None:
    game = summit(4, deal="in-order")
    state, (siege,) = give(first_turn(game), "p1", ["Siege T1"])
    state, _ = act(game, state, EndTurn("p1"))
    assert (board(state).phase, game.actor(state)) == (Phase.WINDOW, "p1")
    legal = game.rules.legal_actions(state, "p1")
    assert PlayStandalone("p1", siege) in legal
    assert Pass("p1") in legal
    state, _ = act(game, state, PlayStandalone("p1", siege, "p3"))
    assert game.actor(state) == "p2"
    state, events = until_turn(game, state, "p1")
    assert of_type(events, TerritoryTaken) == [TerritoryTaken("p1", "Legation", "p3", "siege")]


def test_sm9_passing_closes_the_window_and_keeps_the_card() -> None:
    game = summit(4, deal="in-order")
    state, (card,) = give(first_turn(game), "p1", ["Fortify T1"])
    state, _ = act(game, state, EndTurn("p1"))
    state, events = act(game, state, Pass("p1"))
    assert events[0] == Passed("p1")
    assert game.actor(state) == "p2"
    assert card in next(p.hand for p in state["diplomacy"].players if p.player == "p1")


def test_sm9_with_no_standalone_card_the_window_is_skipped() -> None:
    game = summit(4, deal="in-order")
    state, _ = give(first_turn(game), "p1", ["Troops T1"])
    state, _ = act(game, state, EndTurn("p1"))
    assert (board(state).phase, board(state).current) == (Phase.TURN, "p2")


@pytest.mark.parametrize(
    ("card", "target"),
    [
        ("Siege T1", "Forge"),
        ("Siege T1", "p1"),
        ("Betrayal T1", "nobody"),
        ("Fortify T1", "p2"),
        ("Forced March T2", "Atlantis"),
        ("Foreign Aid T1", "p2"),
        ("Trap T1", "Docks"),
    ],
)
def test_sm8_a_target_that_does_not_suit_the_card_is_refused(card: str, target: str) -> None:
    game = summit(4, deal="in-order")
    state, (played,) = give(first_turn(game), "p1", [card])
    state, _ = act(game, state, EndTurn("p1"))
    err = assert_refused(game, state, PlayStandalone("p1", played, target))
    assert err is not None
    assert (err.code, err.rule) == ("summit/bad-target", "SM-8")


def test_dp12_diplomacys_refusal_comes_before_the_target() -> None:
    game = summit(4, deal="in-order")
    state, (played,) = give(first_turn(game), "p1", ["Siege T1"])
    err = assert_refused(game, state, PlayStandalone("p1", played, "Forge"))
    assert err is not None
    assert (err.code, err.rule) == ("diplomacy/not-between-turns", "DP-12")
