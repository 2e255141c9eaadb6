"""The map slice's shared queries and updates (SM-2, SM-6, SM-13): the deal's stream, who
holds a zone, the weakest territory, taking a territory and gaining troops, pinned where
mutation testing (``tests/mutation/run.py games/summit/state.py``) found them loose."""

from __future__ import annotations

import json

import pytest

from gamefold import replace
from gamefold.games.summit import Scenario
from gamefold.games.summit.state import MapState, initial_state
from gamefold.rng import Rng
from gamefold.territory import (
    NEUTRAL,
    Realm,
    Reinforce,
    Seize,
    TerritoryTaken,
    TroopsGained,
    Zone,
    holder_of,
    realm_of,
    weakest,
    zone_holder,
)
from gamefold.territory import step as map_step

PLAYERS = ("p1", "p2", "p3", "p4")


def _state(**changes: object) -> MapState:
    return replace(initial_state(Scenario(deal="in-order"), PLAYERS), **changes)


def test_sm2_the_deal_seed_defaults_to_0_and_an_rng_is_used_as_is() -> None:
    scenario = Scenario()
    assert initial_state(scenario, PLAYERS) == initial_state(scenario, PLAYERS, 0)
    assert initial_state(scenario, PLAYERS).owners != initial_state(scenario, PLAYERS, 1).owners
    stream = Rng.from_seed(5)
    order, after = stream.shuffle(range(18))
    state = initial_state(scenario, PLAYERS, stream)
    assert [state.owners[i] for i in order[:16]] == [PLAYERS[k % 4] for k in range(16)]
    assert state.rng == after


def test_sm2_a_zone_is_held_by_a_majority_or_under_all_by_every_territory() -> None:
    """SM-2: more than half of a zone's territories hold it (3 of 4, not 2 of 4); under
    ``zone_rule="all"`` only all of them; a neutral majority holds nothing."""
    big = Zone("Big", ("a", "b", "c", "d"))
    chain = tuple(zip("abcdef", "bcdefg", strict=True))
    small = Zone("Small", ("e", "f", "g"))
    for rule, needs in (("majority", 3), ("all", 4)):
        scenario = Scenario(
            territories=tuple("abcdefg"),
            zones=(big, small),
            zone_rule=rule,
            adjacency=chain,
            domination=0,
        )
        for held in range(5):
            owners = ("p1",) * held + ("p2",) * (4 - held) + ("p1", NEUTRAL, NEUTRAL)
            expected = "p1" if held >= needs else ("p2" if 4 - held >= needs else NEUTRAL)
            assert holder_of(scenario, owners, big) == expected, (rule, held)
        assert holder_of(scenario, ("p1",) * 4 + (NEUTRAL,) * 3, small) == NEUTRAL
    state = _state()
    zone = state.scenario.zones[1]
    owners = list(state.owners)
    for territory in zone.territories[:2]:
        owners[state.scenario.territories.index(territory)] = "p3"
    held = replace(state, owners=tuple(owners))
    assert zone_holder(held, zone) == "p3"
    assert zone_holder(held, zone) == holder_of(held.scenario, held.owners, zone)


def test_sm6_the_weakest_territory_has_fewest_forts_then_troops_then_comes_first() -> None:
    owners = ("p1", "p2", "p1", "p1", "p1") + (NEUTRAL,) * 13
    forts = (1, 0, 0, 0, 0) + (0,) * 13
    garrisons = (1, 1, 3, 2, 2) + (1,) * 13
    state = _state(owners=owners, forts=forts, garrisons=garrisons)
    assert weakest(state, "p1") == 3  # no fort, 2 troops, before index 4
    assert weakest(state, "p2") == 1
    assert weakest(state, "p3") is None
    fortless = _state(owners=owners, forts=(0,) * 18, garrisons=(1, *garrisons[1:]))
    assert weakest(fortless, "p1") == 0


def test_a_player_not_seated_has_no_realm() -> None:
    assert realm_of(_state(), "p3") == 2
    with pytest.raises(ValueError, match=r"^'zed' is not seated$"):
        realm_of(_state(), "zed")


def test_sm6_sm13_taking_a_territory_razes_it_and_counts_a_conquest() -> None:
    """SM-6, SM-13 (TR-5): the taker of a seized territory holds it with no troops, its
    forts razed and its trap cleared; the taker's conquests grow by one."""
    state = _state(forts=(2,) + (0,) * 17, traps=(3,) + (0,) * 17, garrisons=(4,) * 18)
    name = state.scenario.territories[0]
    after, events = map_step(state, Seize("p2", name, "siege"))
    assert (after.owners[0], after.forts[0], after.garrisons[0], after.traps[0]) == ("p2", 0, 0, 0)
    assert after.owners[1:] == state.owners[1:]
    assert (after.traps[1:], after.garrisons[1:]) == (state.traps[1:], state.garrisons[1:])
    assert after.realms[1] == Realm("p2", conquests=1)
    assert after.realms[0] == state.realms[0]
    assert events == (TerritoryTaken("p2", name, "p1", "siege", 0),)
    again, events = map_step(after, Seize("p3", name, "transfer"))
    assert (again.garrisons[0], again.realms[2].conquests) == (0, 1)
    assert events == (TerritoryTaken("p3", name, "p2", "transfer", 0),)


def test_troops_gained_are_added_to_the_reserve_and_reported() -> None:
    state = _state()
    once, events = map_step(state, Reinforce("p2", 3, "deploy"))
    assert once.realms[1].troops == 3
    assert events == (TroopsGained("p2", 3, "deploy", 3),)
    twice, events = map_step(once, Reinforce("p2", 2, "pact"))
    assert events == (TroopsGained("p2", 2, "pact", 5),)
    assert twice.realms[1] == replace(state.realms[1], troops=5)


def test_en1_en8_a_summit_state_round_trips_with_the_map_and_the_flow_in_their_own_slices() -> None:
    """EN-1, EN-8: a played summit writes and loads its three slices: the map as the
    territory's record on summit's scenario, the turn flow as summit's own."""
    from gamefold._convert import from_json, to_json
    from gamefold.games import get_game, play
    from gamefold.registry import Game

    final = play(get_game("summit")(), 0, keep_states=False).final
    text = to_json(final)
    assert '"gamefold.games.summit.state.MapState"' in text
    assert '"gamefold.games.summit.state.SummitState"' in text
    assert '"phase"' not in json.dumps(json.loads(text)["slices"][1])
    assert from_json(text, Game) == final
