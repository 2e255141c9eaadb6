"""The map: the deal, bonus zones and the holdings each turn start carries (SM-2, SM-3,
DP-4, DP-5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.summit.helpers import board, clock, dip, first_turn, flow, summit, with_owners

from gamefold import StartRound, StartTurn
from gamefold.diplomacy import BeginTurn, CardEarned, Counter, TicksGained
from gamefold.games.summit import Phase, initial_state, subsystem
from gamefold.rng import Rng
from gamefold.territory import DEFAULT_TERRITORIES, NEUTRAL, holdings, territory_count, zones_held
from gamefold.testing import assert_refused


@pytest.mark.parametrize(
    ("players", "each", "neutral"), [(3, 6, 0), (4, 4, 2), (5, 3, 3), (6, 3, 0)]
)
def test_sm2_territories_are_dealt_evenly_and_the_remainder_stays_neutral(
    players: int, each: int, neutral: int
) -> None:
    state = board(summit(players).setup(5))
    assert state.owners.count(NEUTRAL) == neutral
    assert [territory_count(state, p) for p in state.players] == [each] * players


def test_sm2_the_default_deal_is_shuffled_with_the_maps_own_stream() -> None:
    game = summit()
    assert game.config.scenario.deal == "shuffled"
    deals = {board(game.setup(seed)).owners for seed in range(8)}
    assert len(deals) == 8  # the seed decides the deal
    assert board(game.setup(3)).owners == board(game.setup(3)).owners
    players = ("p1", "p2", "p3", "p4")
    expected = Rng.from_seed(3).split("map").shuffle(range(18))[0]
    state = initial_state(game.config.scenario, players, 3)
    assert [state.owners[i] for i in expected[:16]] == [players[k % 4] for k in range(16)]
    assert state.rng != Rng.from_seed(3).split("map")  # the shuffle drew from it


def test_sm2_an_in_order_deal_goes_round_robin_in_map_order() -> None:
    state = board(summit(4, deal="in-order").setup(3))
    assert state.owners[:16] == ("p1", "p2", "p3", "p4") * 4
    assert state.owners[16:] == (NEUTRAL, NEUTRAL)
    assert board(summit(4, deal="in-order").setup(4)).owners == state.owners


def test_sm2_a_majority_of_a_zone_holds_it_by_default() -> None:
    game = summit()
    state = board(with_owners(game.setup(1), {"Docks": "p2", "Lighthouse": "p2", "Shipyard": ""}))
    assert game.config.scenario.zone_rule == "majority"
    assert "Harbour" in zones_held(state, "p2")
    state = board(with_owners(game.setup(1), {"Docks": "p2", "Lighthouse": "p3", "Shipyard": ""}))
    assert all("Harbour" not in zones_held(state, p) for p in state.players)


def test_sm2_under_the_all_rule_only_every_territory_holds_a_zone() -> None:
    game = summit(zone_rule="all")
    two = with_owners(game.setup(1), {"Docks": "p2", "Lighthouse": "p2", "Shipyard": "p1"})
    assert "Harbour" not in zones_held(board(two), "p2")
    three = with_owners(two, {"Shipyard": "p2"})
    assert "Harbour" in zones_held(board(three), "p2")


def test_sm3_the_clock_begins_each_turn_with_the_maps_holdings() -> None:
    game = summit()
    state = game.setup(2)
    assert game.clock_action(state) == StartRound()
    state = game.rules.reduce(state, StartRound())
    action = game.clock_action(state)
    territories, zones = holdings(board(state), "p1")
    assert action == BeginTurn("p1", territories, zones)
    assert territories == 4


def test_dp4_dp5_a_turn_start_feeds_the_counters_from_the_map() -> None:
    game = summit(deal="in-order")
    start = with_owners(
        game.rules.reduce(game.setup(2), StartRound()),
        {"Consulate": "p1", "Chancery": "p1", "Forum": "p1", "Senate": "p1", "Archive": "p1"},
    )
    territories, zones = holdings(board(start), "p1")
    assert (territories, zones) == (8, ("Embassy Row", "Council Hill"))
    state, events = game.rules.step(start, game.clock_action(start))
    gains = {e.counter: e.quarters for e in events if isinstance(e, TicksGained)}
    assert gains[Counter.RANDOM] == territories  # DP-4: 0.25 ticks each
    assert gains[Counter.AGREEMENT] == 40 + 28  # DP-5: both zones feed Agreement
    assert dip(state).players[0].ticks.agreement == 68 - 60  # DP-6: 15 ticks bought a card
    assert any(isinstance(e, CardEarned) and e.counter is Counter.AGREEMENT for e in events)


def test_sm3_dp4_a_turn_start_with_other_territories_is_refused() -> None:
    game = summit()
    state = game.rules.reduce(game.setup(2), StartRound())
    action = game.clock_action(state)
    assert isinstance(action, BeginTurn)
    wrong = BeginTurn("p1", action.territories + 1, action.zones)
    err = assert_refused(game, state, wrong)
    assert err is not None
    assert (err.code, err.rule) == ("summit/holdings-mismatch", "DP-4")


def test_sm3_dp5_a_turn_start_with_other_zones_is_refused() -> None:
    game = summit()
    state = game.rules.reduce(game.setup(2), StartRound())
    action = game.clock_action(state)
    assert isinstance(action, BeginTurn)
    assert "Harbour" not in action.zones
    wrong = BeginTurn("p1", action.territories, (*action.zones, "Harbour"))
    err = assert_refused(game, state, wrong)
    assert err is not None
    assert (err.code, err.rule) == ("summit/holdings-mismatch", "DP-5")


def test_sm3_a_plain_start_turn_is_refused() -> None:
    game = summit()
    state = game.rules.reduce(game.setup(2), StartRound())
    err = assert_refused(game, state, StartTurn("p1"))
    assert err is not None
    assert (err.code, err.rule) == ("summit/begin-turn-needed", "SM-3")


def test_sm9_a_turn_out_of_order_is_refused() -> None:
    game = summit()
    state = game.rules.reduce(game.setup(2), StartRound())
    territories, zones = holdings(board(state), "p2")
    err = assert_refused(game, state, BeginTurn("p2", territories, zones))
    assert err is not None
    assert err.code.endswith("not-your-turn")
    err = subsystem.check(flow(state), BeginTurn("p2", territories, zones))
    assert err is not None
    assert err.code == "summit/not-now"


def test_the_first_turn_is_under_way_after_the_clock() -> None:
    game = summit()
    state = first_turn(game)
    assert flow(state).phase is Phase.TURN
    assert flow(state).current == "p1" == game.actor(state)
    assert state.clock.round == state.clock.turn == 1
    assert clock(game, state)[1] == []


def test_default_map_names_are_unique_and_stable() -> None:
    assert DEFAULT_TERRITORIES[:3] == ("Consulate", "Chancery", "Legation")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(("p1", "p2", "p3", NEUTRAL)), min_size=18, max_size=18),
    st.sampled_from(("majority", "all")),
)
def test_sm2_zones_held_count_each_zones_territories(owners: list[str], rule: str) -> None:
    """SM-2: a player holds the zones where they own more than half (or, under ``"all"``,
    every one) of the territories; the scenario's ``zone_members`` are their map indices."""
    game = summit(3, zone_rule=rule)
    names = game.config.scenario.territories
    state = board(with_owners(game.setup(1), dict(zip(names, owners, strict=True))))
    zones = state.scenario.zones
    members = [tuple(names.index(t) for t in zone.territories) for zone in zones]
    assert list(state.scenario.zone_members) == members
    for player in state.players:
        counts = [sum(owners[i] == player for i in each) for each in members]
        need = [len(each) if rule == "all" else len(each) // 2 + 1 for each in members]
        expected = tuple(z.name for z, c, n in zip(zones, counts, need, strict=True) if c >= n)
        assert zones_held(state, player) == expected
