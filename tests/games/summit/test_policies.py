"""The greedy policy's rules of thumb, each on an arranged turn (SM-4, SM-6, SM-7, SM-8,
SM-9, SM-15, DP-14, EN-9).

With an in-order deal for four players p1 holds Consulate (bordering Chancery, Legation and
the neutral Mine), Drillyard, Warehouse and Docks (bordering Archive, Lighthouse and
Shipyard); every territory starts with one troop.
"""

from __future__ import annotations

from tests.games.summit.helpers import (
    act,
    dip,
    first_turn,
    give,
    summit,
    with_flow,
    with_forts,
    with_garrison,
    with_owners,
    with_trap,
    with_troops,
)

from gamefold import Action, EndTurn, Rng, replace
from gamefold.diplomacy import Accept, Decline, Discard, Pact, PlayStandalone, Propose, SelfApply
from gamefold.games.summit import DIPLOMACY, Defer, Pass
from gamefold.registry import Game
from gamefold.territory import Attack, Deploy

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
    assert _greedy(with_flow(state, round=6)) == SelfApply("p1", cards[1])  # half-way
    assert _greedy(with_flow(state, round=7)) == EndTurn("p1")  # cards score at the end
    blocked = _garrisons(state, Consulate=2, Chancery=5, Legation=5, Mine=5)
    assert _greedy(blocked) == EndTurn("p1")  # an attack is listed: no self-apply


def test_sm15_greedy_never_discards_a_hand_one_short_of_the_limit_invests_late_too() -> None:
    state, cards = give(_idle(), "p1", ["Troops T1"] * 10)
    state = with_flow(state, round=7)
    assert any(isinstance(a, Discard) for a in GAME.rules.legal_actions(state, "p1"))
    assert _greedy(state) == SelfApply("p1", cards[0])
    state, cards = give(_idle(), "p1", ["Troops T1"] * 9)
    assert _greedy(with_flow(state, round=7)) == SelfApply("p1", cards[0])
    state, cards = give(_idle(), "p1", ["Troops T1"] * 8)
    assert _greedy(with_flow(state, round=7)) == EndTurn("p1")


def test_sm8_sm9_greedy_plays_a_useful_standalone_card_while_investing_else_passes() -> None:
    state, (siege,) = give(_idle(), "p1", ["Siege T1"])
    state, _ = act(GAME, state, EndTurn("p1"))
    assert _greedy(state) == PlayStandalone("p1", siege, "")
    assert _greedy(with_flow(state, round=7)) == Pass("p1")


def test_sm4_greedy_deploys_on_a_border_rather_than_an_inner_territory() -> None:
    inner = with_owners(first_turn(GAME), {"Chancery": "p1", "Legation": "p1", "Mine": "p1"})
    assert _greedy(inner) == Deploy("p1", "Drillyard")  # the Consulate faces no enemy now


def test_sm6_greedy_weighs_the_forts_of_the_target() -> None:
    """SM-6: 4 attackers against 1 troop and 3 forts at fort strength 1: no attack."""
    walled = with_forts(_idle(Consulate=5), "Chancery", 3)
    assert _greedy(walled) == Attack("p1", "Consulate", "Legation")
    assert _greedy(with_forts(_idle(Consulate=5), "Chancery", 2)) == Attack(
        "p1", "Consulate", "Chancery"
    )


def test_dp13_greedy_counts_its_locked_cards_toward_a_full_hand() -> None:
    state, cards = give(_idle(), "p1", ["Ceasefire T1", *["Troops T1"] * 8])
    state, _ = act(GAME, state, Propose("p1", "p3", cards[0], (cards[1],)))
    state, _ = act(GAME, state, Defer("p3", 0))
    late = with_flow(state, round=7)  # 7 in hand and 2 locked: one short of the limit
    assert _greedy(late) == SelfApply("p1", cards[2])


def test_sm7_sm14_greedy_plays_a_duration_modifier_only_with_a_pact_never_a_betrayal() -> None:
    state, (extend, betray) = give(_idle(), "p1", ["Duration Modifier T1", "Betrayal T1"])
    pact = Pact(9, "Ceasefire T1", "p1", "p2", ("Troops T1",), 3)
    state = state.with_slice(DIPLOMACY, replace(dip(state), pacts=(pact,)))
    state, _ = act(GAME, state, EndTurn("p1"))
    assert _greedy(state) == PlayStandalone("p1", extend, "")
    loose = summit(4, deal="in-order", needs_pact=False)
    state, _ = give(with_troops(first_turn(loose), "p1", 0), "p1", ["Duration Modifier T1"])
    state, _ = act(loose, state, EndTurn("p1"))
    legal = loose.rules.legal_actions(state, "p1")
    action, _ = loose.policies()["greedy"](loose.rules.view(state, "p1"), legal, Rng.from_seed(1))
    assert action == Pass("p1")  # no pact to extend
    assert betray not in [getattr(a, "card", None) for a in legal]


def test_sm7_greedy_offers_a_ceasefire_to_the_strongest_a_partnership_to_the_weakest() -> None:
    state = with_owners(_idle(), {"Forge": "p3", "Mine": "p3", "Mill": "p3", "Bazaar": "p3"})
    offered, cards = give(state, "p1", ["Ceasefire T1", "Troops T2", "Troops T1"])
    assert _greedy(offered) == Propose("p1", "p3", cards[0], (cards[2],))  # the cheapest value
    offered, cards = give(state, "p1", ["Manufacturing Partnership T1", "Troops T1"])
    assert _greedy(offered) == Propose("p1", "p4", cards[0], (cards[1],))


def test_sm7_greedy_answers_the_proposal_asked_not_an_older_one() -> None:
    state, cards = give(
        first_turn(GAME), "p1", ["Territory Transfer T1", "Ceasefire T1", "Troops T1", "Troops T1"]
    )
    state, _ = act(GAME, state, Propose("p1", "p3", cards[0], (cards[2],)))
    state, _ = act(GAME, state, Defer("p3", 0))
    state, _ = act(GAME, state, Propose("p1", "p3", cards[1], (cards[3],)))
    assert _greedy(state, "p3") == Accept("p3", 1)


def test_sm2_sm6_greedy_counts_the_zone_an_attack_would_complete_on_the_map_as_it_is() -> None:
    """Under zone_rule "all" taking the Lighthouse completes no zone (p3 keeps the
    Shipyard): every target is worth the same and the earliest is attacked."""
    game = summit(4, deal="in-order", zone_rule="all")
    state = with_garrison(with_troops(first_turn(game), "p1", 0), "Docks", 5)
    legal = game.rules.legal_actions(state, "p1")
    action, _ = game.policies()["greedy"](game.rules.view(state, "p1"), legal, Rng.from_seed(1))
    assert action == Attack("p1", "Docks", "Archive")


def test_sm6_greedy_prefers_neutral_land_when_no_zone_is_won() -> None:
    game = summit(4, deal="in-order", zone_rule="all")
    state = _garrisons(with_troops(first_turn(game), "p1", 0), Consulate=5, Legation=9)
    legal = game.rules.legal_actions(state, "p1")
    action, _ = game.policies()["greedy"](game.rules.view(state, "p1"), legal, Rng.from_seed(1))
    assert action == Attack("p1", "Consulate", "Mine")


def test_sm4_greedy_weighs_the_troops_facing_a_border_more_than_the_number_of_enemies() -> None:
    """The Consulate faces 6 troops on the Mine alone (7), the others three single troops (6)."""
    state = with_owners(first_turn(GAME), {"Chancery": "p1", "Legation": "p1"})
    state = _garrisons(state, Mine=6)
    assert _greedy(state) == Deploy("p1", "Consulate")


def test_sm7_greedy_offers_no_pact_late_in_the_game() -> None:
    state, _ = give(_idle(), "p1", ["Ceasefire T1", "Troops T1"])
    assert isinstance(_greedy(state), Propose)
    assert _greedy(with_flow(state, round=7)) == EndTurn("p1")


class Stranger(Action):
    """An action kind greedy does not know."""


def test_greedy_ranks_an_unknown_kind_last_whatever_the_order_and_takes_a_lone_action() -> None:
    state, _ = give(_idle(Consulate=2, Chancery=5, Legation=5, Mine=5), "p1", ["Troops T1"])
    legal = GAME.rules.legal_actions(state, "p1")
    view = GAME.rules.view(state, "p1")
    greedy = GAME.policies()["greedy"]
    shuffled = (Stranger(), *reversed(legal))
    assert greedy(view, shuffled, Rng.from_seed(1))[0] == EndTurn("p1")
    lone = Stranger()
    assert greedy(view, (lone,), Rng.from_seed(1))[0] is lone
