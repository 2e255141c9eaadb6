"""The territory on its own: the atlas, the deal, deploys, attacks and battles (TR-1 … TR-8).

These play the standalone slice (``gamefold.territory.step``), which follows the clock's
``StartTurn`` and ``EndTurn``, so they check the map's rules without summit's flow.
"""

from __future__ import annotations

from math import isqrt
from typing import Any

import pytest

from gamefold import ConfigError, EndTurn, IllegalAction, Rng, StartTurn, replace
from gamefold.territory import (
    MAX_TROOPS,
    NEUTRAL,
    Atlas,
    Attack,
    BattleFought,
    Deploy,
    TerritoryState,
    TerritoryTaken,
    TroopDeployed,
    Truce,
    Zone,
    check,
    holder_of,
    initial_state,
    legal_actions,
    reduce,
    step,
    truce_attacks,
    zones_held,
)
from gamefold.territory.battle import volley

SMALL = Atlas(
    territories=("a", "b", "c", "d"),
    zones=(Zone("north", ("a", "b")), Zone("south", ("c", "d"))),
    adjacency=(("a", "b"), ("b", "c"), ("c", "d")),
    deal="in-order",
)
"""A line of four territories: p1 holds a and c, p2 holds b and d."""


def _board(**changes: Any) -> TerritoryState[Atlas]:
    board = initial_state(SMALL, ["p1", "p2"], seed=3)
    board, _ = step(board, StartTurn("p1"))
    return replace(board, **changes) if changes else board


def _refusal(board: TerritoryState[Atlas], action: Any) -> tuple[str, str]:
    problem = check(board, action)
    assert isinstance(problem, IllegalAction)
    with pytest.raises(IllegalAction) as raised:
        step(board, action)
    assert (raised.value.code, raised.value.rule) == (problem.code, problem.rule)
    return problem.code, problem.rule


def test_tr1_an_in_order_deal_is_round_robin_and_the_rest_stays_neutral() -> None:
    three = initial_state(SMALL, ["p1", "p2", "p3"])
    assert three.owners == ("p1", "p2", "p3", NEUTRAL)
    assert initial_state(
        replace_atlas(starting_troops=4, neutral_troops=2), ["p1", "p2", "p3"]
    ).garrisons == (4, 4, 4, 2)


def replace_atlas(**changes: Any) -> Atlas:
    """The small atlas with ``changes`` (through the constructor, so they are checked)."""
    fields = {
        "territories": SMALL.territories,
        "zones": SMALL.zones,
        "adjacency": SMALL.adjacency,
        "deal": SMALL.deal,
    }
    return Atlas(**{**fields, **changes})


def test_tr1_a_shuffled_deal_depends_on_the_seed_alone() -> None:
    shuffled = replace_atlas(deal="shuffled")
    deals = {initial_state(shuffled, ["p1", "p2"], seed=s).owners for s in range(20)}
    assert len(deals) > 1
    assert initial_state(shuffled, ["p1", "p2"], seed=5) == initial_state(
        shuffled, ["p1", "p2"], seed=5
    )
    for owners in deals:
        assert sorted(owners) == ["p1", "p1", "p2", "p2"]


def test_tr1_a_map_whose_territories_cannot_all_be_reached_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as err:
        replace_atlas(adjacency=(("a", "b"),))
    assert (err.value.field, err.value.rule) == ("adjacency", "TR-1")


def test_tr2_a_zone_is_held_by_a_majority_or_by_all() -> None:
    north = SMALL.zone("north")
    assert holder_of(SMALL, ("p1", "p1", "p2", "p2"), north) == "p1"
    assert holder_of(SMALL, ("p1", "p2", "p2", "p2"), north) == NEUTRAL  # one of two: no majority
    assert zones_held(_board(owners=("p1", "p1", "p2", "p2")), "p1") == ("north",)
    strict = replace_atlas(zone_rule="all")
    assert holder_of(strict, ("p1", "p1", "p2", "p2"), north) == "p1"


def _with_reserve(board: TerritoryState[Atlas], troops: int) -> TerritoryState[Atlas]:
    realms = (replace(board.realms[0], troops=troops), *board.realms[1:])
    return replace(board, realms=realms)


def test_tr3_a_deploy_moves_one_reserve_troop_onto_ones_own_territory() -> None:
    board = _with_reserve(_board(), 2)
    assert legal_actions(board, "p1") == (Deploy("p1", "a"), Deploy("p1", "c"), EndTurn("p1"))
    after, events = step(board, Deploy("p1", "c"))
    assert (after.realms[0].troops, after.garrisons[2]) == (1, 2)
    assert events == (TroopDeployed("p1", "c", 2),)
    assert _refusal(board, Deploy("p1", "b")) == ("territory/not-yours", "TR-3")
    assert _refusal(_board(), Deploy("p1", "a")) == ("territory/no-reserve", "TR-3")
    assert _refusal(board, Deploy("p2", "b")) == ("territory/not-your-turn", "TR-3")
    assert _refusal(board, Deploy("p9", "b")) == ("territory/unknown-player", "EN-4")
    assert _refusal(board, Deploy("p1", "z")) == ("territory/unknown-territory", "EN-4")


def test_tr3_tr4_the_turn_passes_with_start_and_end_turn() -> None:
    board = _with_reserve(_board(), 1)
    ended, _ = step(board, EndTurn("p1"))
    assert legal_actions(ended, "p1") == ()
    assert _refusal(ended, Deploy("p1", "a")) == ("territory/not-your-turn", "TR-3")
    assert _refusal(board, EndTurn("p2")) == ("territory/not-your-turn", "TR-4")


def test_tr4_attacks_cross_one_border_from_two_troops_to_a_territory_not_held() -> None:
    board = _board(garrisons=(3, 1, 1, 1))
    assert legal_actions(board, "p1") == (Attack("p1", "a", "b"), EndTurn("p1"))
    assert legal_actions(board, "p2") == ()
    assert _refusal(board, Attack("p1", "c", "d")) == ("territory/too-few-troops", "TR-4")
    assert _refusal(board, Attack("p1", "a", "d")) == ("territory/not-adjacent", "TR-4")
    assert _refusal(board, Attack("p1", "b", "c")) == ("territory/not-yours", "TR-4")
    assert _refusal(board, Attack("p1", "a", "c")) == ("territory/own-territory", "TR-4")
    assert _refusal(board, Attack("p2", "b", "a")) == ("territory/not-your-turn", "TR-4")


def test_tr5_a_battle_ends_with_one_side_gone_and_the_winner_holding_the_territory() -> None:
    for seed in range(30):
        board = replace(_board(garrisons=(6, 3, 1, 1)), rng=initial_state(SMALL, ["p1"], seed).rng)
        after, events = step(board, Attack("p1", "a", "b"))
        fought = events[0]
        assert isinstance(fought, BattleFought)
        assert (fought.attackers, fought.defenders) == (5, 3)
        assert after.garrisons[0] == 1  # the source keeps its one troop
        if fought.won:
            assert fought.killed == 3
            assert events[1] == TerritoryTaken("p1", "b", "p2", "attack", 5 - fought.lost)
            assert (after.owners[1], after.garrisons[1]) == ("p1", 5 - fought.lost)
        else:
            assert fought.lost == 5
            assert after.owners[1] == "p2"
            assert after.garrisons[1] == 3 - fought.killed


def test_tr5_an_empty_territory_is_taken_without_a_battle() -> None:
    board = _board(garrisons=(2, 0, 1, 1))
    after, events = step(board, Attack("p1", "a", "b"))
    assert after.rng == board.rng  # no roll
    assert events[1] == TerritoryTaken("p1", "b", "p2", "attack", 1)


@pytest.mark.parametrize("field", ["starting_troops", "neutral_troops", "fort_strength"])
def test_tr8_troop_figures_are_bounded_and_the_error_names_the_field(field: str) -> None:
    assert getattr(replace_atlas(**{field: MAX_TROOPS}), field) == MAX_TROOPS
    with pytest.raises(ConfigError) as err:
        replace_atlas(**{field: MAX_TROOPS + 1})
    assert err.value.field == field
    with pytest.raises(ConfigError) as err:
        replace_atlas(**{field: 10**30})
    assert err.value.field == field


def _draws(monkeypatch: pytest.MonkeyPatch, attackers: int, defenders: int) -> int:
    """How many draws one Attack step takes with ``attackers + 1`` troops on the source."""
    calls = []
    below = Rng.below

    def counted(rng: Rng, n: int) -> tuple[int, Rng]:
        calls.append(n)
        return below(rng, n)

    board = _board(garrisons=(attackers + 1, defenders, 1, 1))
    monkeypatch.setattr(Rng, "below", counted)
    _, events = step(board, Attack("p1", "a", "b"))
    monkeypatch.undo()
    fought = events[0]
    assert isinstance(fought, BattleFought)
    assert (fought.lost == attackers) != fought.won  # one side fell to its last troop
    return len(calls)


def test_tr8_an_attack_step_costs_no_more_draws_from_small_troops_to_any_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-5, TR-8: a battle rolls once per fallen troop up to MAX_TROOPS troops in all;
    beyond, one volley draw brings it down to MAX_TROOPS, so the cost stays bounded."""
    small = _draws(monkeypatch, 3, 2)
    assert 2 <= small <= 4  # round by round: one draw per fallen troop
    at_bound = _draws(monkeypatch, MAX_TROOPS // 2, MAX_TROOPS // 2)
    for troops in (10**4, 10**6, 10**9, 2**70):
        assert _draws(monkeypatch, troops, troops) <= MAX_TROOPS + 1
    assert at_bound <= MAX_TROOPS


def test_tr8_a_volley_leaves_each_side_a_troop_and_conserves_the_fallen() -> None:
    rng = Rng.from_seed(1)
    for attackers, defenders, weight in ((10**6, 5, 0), (5, 10**6, 0), (600, 600, 10**5)):
        a, d, _ = volley(attackers, defenders, weight, rng)
        assert min(a, d) >= 1
        assert a + d == MAX_TROOPS
        assert a <= attackers
        assert d <= defenders


def test_tr6_a_truce_forbids_attacks_between_its_parties_either_way() -> None:
    board = _board(garrisons=(3, 1, 3, 1), truces=(Truce(7, "p2", "p1"),))
    assert [a for a in legal_actions(board, "p1") if isinstance(a, Attack)] == []
    assert _refusal(board, Attack("p1", "a", "b")) == ("territory/truce", "TR-6")
    assert truce_attacks(board, "p1") == (
        Attack("p1", "a", "b"),
        Attack("p1", "c", "b"),
        Attack("p1", "c", "d"),
    )
    assert truce_attacks(board, "p2") == ()  # not p2's turn
    free = replace(board, truces=())
    assert truce_attacks(free, "p1") == ()
    assert Attack("p1", "a", "b") in legal_actions(free, "p1")


@pytest.mark.parametrize(
    ("attackers", "defenders", "weight"), [(10**5, 10**5, 0), (110_000, 100_000, 21_000)]
)
def test_tr8_a_volley_takes_one_draw_and_falls_in_the_expected_share(
    attackers: int, defenders: int, weight: int
) -> None:
    """TR-8: the defenders' share of a volley's falls is ``falls * A / (A + D + F)`` give
    or take an even spread of ``isqrt(3 * variance)``: one draw decides it."""
    falls = attackers + defenders - MAX_TROOPS
    total = attackers + defenders + weight
    mean = falls * attackers // total
    spread = isqrt(3 * falls * attackers * (defenders + weight) // (total * total))
    shares = []
    for seed in range(200):
        rng = Rng.from_seed(seed)
        a, d, after = volley(attackers, defenders, weight, rng)
        assert after == rng.below(2 * spread + 1)[1]  # exactly one draw
        killed = defenders - d
        assert attackers - a == falls - killed
        assert mean - spread <= killed <= mean + spread
        shares.append(killed - mean)
    assert min(shares) < -spread // 2 < spread // 2 < max(shares)  # the spread is used
    assert abs(sum(shares)) < spread * 200 // 10  # and even around the expected share


def test_tr8_a_volley_keeps_a_troop_on_each_side() -> None:
    rng = Rng.from_seed(4)
    assert volley(10**6, 5, 0, rng)[:2] == (MAX_TROOPS - 1, 1)  # the few defenders
    assert volley(5, 10**6, 0, rng)[:2] == (1, MAX_TROOPS - 1)  # the few attackers
    assert volley(600, 600, 10**9, rng)[:2] == (400, 600)  # forts: no defender falls


def test_tr3_tr4_the_standalone_turn_begins_for_a_seated_player_and_ends_by_its_own() -> None:
    board = initial_state(SMALL, ["p1", "p2"], seed=3)
    started = reduce(board, StartTurn("p2"))
    assert started == step(board, StartTurn("p2"))[0]
    assert (started.current, started.realms[1].turns) == ("p2", 1)
    unseated = check(board, StartTurn("p9"))
    assert unseated is not None
    assert (unseated.code, unseated.rule, unseated.message) == (
        "territory/unknown-player",
        "EN-4",
        "'p9' is not seated.",
    )
    wrong = check(started, EndTurn("p1"))
    assert wrong is not None
    assert (wrong.code, wrong.rule, wrong.message) == (
        "territory/not-your-turn",
        "TR-4",
        "p1 ends only their own turn.",
    )
    ended, events = step(started, EndTurn("p2"))
    assert (ended.current, events) == ("", ())
