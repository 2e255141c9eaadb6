"""The greedy policy's rules of thumb, each on an arranged turn (SM-4, SM-6, SM-7, SM-8,
SM-9, SM-15, DP-14, EN-9).

With an in-order deal for four players p1 holds Consulate (bordering Chancery, Legation and
the neutral Mine), Drillyard, Warehouse and Docks (bordering Archive, Lighthouse and
Shipyard); every territory starts with one troop.
"""

from __future__ import annotations

from tests.games.summit.helpers import (
    act,
    first_turn,
    give,
    summit,
    with_garrison,
    with_map,
    with_trap,
    with_troops,
)

from gamefold import Action, EndTurn, Rng
from gamefold.diplomacy import Accept, Decline, Discard, PlayStandalone, Propose, SelfApply
from gamefold.games.summit import Attack, Deploy, Pass
from gamefold.registry import Game

GAME = summit(4, deal="in-order")


def _greedy(state: Game, player: str = "p1") -> Action:
    legal = GAME.rules.legal_actions(state, player)
    view = GAME.rules.view(state, player)
    action, rng = GAME.policies()["greedy"](view, legal, Rng.from_seed(1))
    assert rng == Rng.from_seed(1)  # it never draws
    return action


def _garrisons(state: Game, **troops: int) -> Game:
    for name, count in troops.items():
        state = with_garrison(state, name, count)
    return state


def _idle(**troops: int) -> Game:
    """p1's first turn with an empty reserve and the garrisons given."""
    return _garrisons(with_troops(first_turn(GAME), "p1", 0), **troops)


def test_sm4_greedy_deploys_on_the_border_facing_most_troops_earliest_on_ties() -> None:
    state = first_turn(GAME)
    assert _greedy(state) == Deploy("p1", "Consulate")  # every border faces 6
    assert _greedy(_garrisons(state, Lighthouse=5)) == Deploy("p1", "Drillyard")
    assert _greedy(_garrisons(state, Lighthouse=5, Shipyard=3)) == Deploy("p1", "Docks")


def test_sm4_greedy_counts_a_border_up_to_30_troops() -> None:
    state = _garrisons(first_turn(GAME), Lighthouse=25, Shipyard=2)  # 30 against 31
    assert _greedy(state) == Deploy("p1", "Drillyard")


def test_sm6_greedy_attacks_for_a_zone_first_then_neutral_land() -> None:
    assert _greedy(_idle(Consulate=5)) == Attack("p1", "Consulate", "Chancery")
    walled = _idle(Consulate=5, Chancery=9, Legation=9)
    assert _greedy(walled) == Attack("p1", "Consulate", "Mine")
    assert _greedy(_idle(Docks=5)) == Attack("p1", "Docks", "Lighthouse")


def test_sm6_sm13_greedy_attacks_only_outnumbering_the_defence_and_its_trap() -> None:
    assert _greedy(_idle(Consulate=3, Chancery=9, Legation=9)) == Attack("p1", "Consulate", "Mine")
    trapped = with_trap(_idle(Consulate=3, Chancery=9, Legation=9), "Mine", 1)
    assert _greedy(trapped) == EndTurn("p1")
    assert _greedy(_idle(Consulate=3, Chancery=2, Legation=2, Mine=2)) == EndTurn("p1")


def test_sm7_greedy_accepts_a_proposal_but_declines_a_territory_transfer() -> None:
    for agreement, answer in (("Ceasefire T1", Accept), ("Territory Transfer T1", Decline)):
        state, cards = give(first_turn(GAME), "p1", [agreement, "Troops T1"])
        state, _ = act(GAME, state, Propose("p1", "p3", cards[0], (cards[1],)))
        assert _greedy(state, "p3") == answer("p3", 0)


def test_sm5_dp14_greedy_self_applies_its_cheapest_value_card_only_while_investing() -> None:
    state, cards = give(_idle(), "p1", ["Troops T2", "Troops T1"])
    assert _greedy(state) == SelfApply("p1", cards[1])
    assert _greedy(with_map(state, round=6)) == SelfApply("p1", cards[1])  # half-way
    assert _greedy(with_map(state, round=7)) == EndTurn("p1")  # cards score at the end
    blocked = _garrisons(state, Consulate=2, Chancery=5, Legation=5, Mine=5)
    assert _greedy(blocked) == EndTurn("p1")  # an attack is listed: no self-apply


def test_sm15_greedy_never_discards_a_hand_one_short_of_the_limit_invests_late_too() -> None:
    state, cards = give(_idle(), "p1", ["Troops T1"] * 10)
    state = with_map(state, round=7)
    assert any(isinstance(a, Discard) for a in GAME.rules.legal_actions(state, "p1"))
    assert _greedy(state) == SelfApply("p1", cards[0])
    state, cards = give(_idle(), "p1", ["Troops T1"] * 9)
    assert _greedy(with_map(state, round=7)) == SelfApply("p1", cards[0])
    state, cards = give(_idle(), "p1", ["Troops T1"] * 8)
    assert _greedy(with_map(state, round=7)) == EndTurn("p1")


def test_sm8_sm9_greedy_plays_a_useful_standalone_card_while_investing_else_passes() -> None:
    state, (siege,) = give(_idle(), "p1", ["Siege T1"])
    state, _ = act(GAME, state, EndTurn("p1"))
    assert _greedy(state) == PlayStandalone("p1", siege, "")
    assert _greedy(with_map(state, round=7)) == Pass("p1")
