"""Attacks: costs, forts, truces and refusals (SM-6, SM-7, EN-4, EN-5).

With an in-order deal for four players p1 holds Consulate, Drillyard, Warehouse and Docks,
p2 holds Chancery among others, and Forge and Mine are neutral.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.summit.helpers import (
    act,
    board,
    first_turn,
    forts,
    owner,
    summit,
    troops,
    with_forts,
    with_map,
    with_troops,
)

from gamefold.games.summit import Attack, Summit, TerritoryTaken, Truce, attack_cost
from gamefold.registry import Game
from gamefold.testing import assert_refused


def _ready(**scenario: Any) -> tuple[Summit, Game]:
    game = summit(4, deal="in-order", **scenario)
    return game, first_turn(game)


def _refusal(game: Summit, state: Game, action: Any) -> tuple[str, str]:
    err = assert_refused(game, state, action)
    assert err is not None
    return err.code, err.rule


def test_sm6_a_neutral_territory_costs_claim_cost_2_by_default() -> None:
    game, state = _ready()
    assert owner(state, "Forge") == ""
    state = with_troops(state, "p1", 2)
    state, events = act(game, state, Attack("p1", "Forge"))
    assert owner(state, "Forge") == "p1"
    assert troops(state, "p1") == 0
    assert events == [TerritoryTaken("p1", "Forge", "", "attack", 2)]


def test_sm6_claim_cost_is_a_scenario_figure() -> None:
    game, state = _ready(claim_cost=5)
    short = with_troops(state, "p1", 4)
    assert _refusal(game, short, Attack("p1", "Forge")) == ("summit/too-few-troops", "SM-6")
    state, _ = act(game, with_troops(state, "p1", 5), Attack("p1", "Forge"))
    assert (owner(state, "Forge"), troops(state, "p1")) == ("p1", 0)


def test_sm6_another_players_territory_costs_attack_cost_4_by_default() -> None:
    game, state = _ready()
    assert owner(state, "Chancery") == "p2"
    short = with_troops(state, "p1", 3)
    assert _refusal(game, short, Attack("p1", "Chancery")) == ("summit/too-few-troops", "SM-6")
    state, events = act(game, with_troops(state, "p1", 5), Attack("p1", "Chancery"))
    assert events == [TerritoryTaken("p1", "Chancery", "p2", "attack", 4)]
    assert troops(state, "p1") == 1


def test_sm6_attack_cost_is_a_scenario_figure() -> None:
    game, state = _ready(attack_cost=6)
    index = board(state).scenario.territories.index("Chancery")
    assert attack_cost(board(state), index) == 6
    state, _ = act(game, with_troops(state, "p1", 6), Attack("p1", "Chancery"))
    assert troops(state, "p1") == 0


def test_sm6_each_fort_adds_fort_cost_2_and_capture_razes_them() -> None:
    game, state = _ready()
    state = with_forts(with_troops(state, "p1", 8), "Chancery", 2)
    index = board(state).scenario.territories.index("Chancery")
    assert attack_cost(board(state), index) == 4 + 2 * 2
    state, events = act(game, state, Attack("p1", "Chancery"))
    assert events[0].cost == 8
    assert (owner(state, "Chancery"), forts(state, "Chancery"), troops(state, "p1")) == ("p1", 0, 0)


def test_sm6_fort_cost_is_a_scenario_figure() -> None:
    game, state = _ready(fort_cost=1)
    state = with_forts(with_troops(state, "p1", 6), "Chancery", 2)
    assert attack_cost(board(state), board(state).scenario.territories.index("Chancery")) == 6
    state, _ = act(game, state, Attack("p1", "Chancery"))
    assert troops(state, "p1") == 0


def test_sm6_a_player_cannot_attack_their_own_territory() -> None:
    game, state = _ready()
    state = with_troops(state, "p1", 9)
    assert _refusal(game, state, Attack("p1", "Consulate")) == ("summit/own-territory", "SM-6")


def test_sm7_a_truce_forbids_attacking_its_other_party() -> None:
    game, state = _ready()
    state = with_map(with_troops(state, "p1", 9), truces=(Truce(0, "p2", "p1"),))
    assert _refusal(game, state, Attack("p1", "Chancery")) == ("summit/truce", "SM-7")
    assert owner(state, "Legation") == "p3"
    assert Attack("p1", "Legation") in game.rules.legal_actions(state, "p1")


def test_sm6_attacks_happen_only_in_ones_own_turn() -> None:
    game, state = _ready()
    state = with_troops(state, "p2", 9)
    assert _refusal(game, state, Attack("p2", "Consulate")) == ("summit/not-your-turn", "SM-6")


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Attack("p1", "Atlantis"), "summit/unknown-territory"),
        (Attack("p9", "Forge"), "summit/unknown-player"),
        (Attack("p1", 3), "summit/malformed"),  # type: ignore[arg-type]
        (Attack(None, "Forge"), "summit/malformed"),  # type: ignore[arg-type]
    ],
)
def test_en4_unknown_or_malformed_attacks_are_refused(action: Attack, code: str) -> None:
    game, state = _ready()
    assert _refusal(game, with_troops(state, "p1", 9), action) == (code, "EN-4")


def test_en5_the_listed_attacks_are_exactly_the_affordable_ones_in_map_order() -> None:
    game, state = _ready()
    names = board(state).scenario.territories
    cheap = list(game.rules.legal_actions(with_troops(state, "p1", 2), "p1"))
    assert [a for a in cheap if isinstance(a, Attack)] == [
        Attack("p1", "Forge"),
        Attack("p1", "Mine"),
    ]
    rich = game.rules.legal_actions(with_troops(state, "p1", 4), "p1")
    expected = [Attack("p1", t) for t in names if owner(state, t) != "p1"]
    assert [a for a in rich if isinstance(a, Attack)] == expected
    assert not [a for a in game.rules.legal_actions(state, "p2") if isinstance(a, Attack)]
