"""Proposals at their edges: ids, a partner at the hand limit, the pact countdown (DP-9)."""

from __future__ import annotations

from gamefold.diplomacy import (
    Accept,
    DiplomacyConfig,
    DiplomacyState,
    PactCountedDown,
    Propose,
    check,
    step,
)

from .helpers import arrange, begin, end, full_turn, hand, ids_of, of_type, table

PARTNER = DiplomacyConfig(accepted_cards="partner")
CEASEFIRE = ids_of(PARTNER, "Ceasefire T1")[:2]
TROOPS = ids_of(PARTNER, "Troops T1")


def _two_proposals(bob_holds: int) -> DiplomacyState:
    """ann proposed two Ceasefires (ids 0 and 1) to bob, who holds ``bob_holds`` Troops."""
    hands = {
        "ann": (CEASEFIRE[0], TROOPS[0], CEASEFIRE[1], TROOPS[1]),
        "bob": tuple(TROOPS[5 : 5 + bob_holds]),
    }
    state, _ = begin(arrange(table(PARTNER), hands))
    state = step(state, Propose("ann", "bob", CEASEFIRE[0], (TROOPS[0],)))[0]
    state = step(state, Propose("ann", "bob", CEASEFIRE[1], (TROOPS[1],)))[0]
    return end(state)


def test_dp9_proposals_are_numbered_one_after_the_other() -> None:
    """DP-9: each proposal takes the next id: 0, then 1."""
    assert [p.id for p in _two_proposals(3).proposals] == [0, 1]


def test_dp9_a_partner_at_the_hand_limit_keeps_no_accepted_card() -> None:
    """DP-9 (accepted_cards="partner"): bob already holds 15 cards, the limit: both cards of
    the accepted proposal go to the pool."""
    state = _two_proposals(PARTNER.hand_limit)
    before = hand(state, "bob")
    after, _ = step(state, Accept("bob", 0))
    assert hand(after, "bob") == before
    assert len(after.pool) == len(state.pool) + 2


def test_dp9_a_partner_keeps_accepted_cards_only_while_it_has_room() -> None:
    """DP-9 (accepted_cards="partner"): with one free slot, bob keeps the Agreement card and
    the Troops card goes to the pool."""
    state = _two_proposals(PARTNER.hand_limit - 1)
    before = hand(state, "bob")
    after, _ = step(state, Accept("bob", 0))
    assert hand(after, "bob") == (*before, CEASEFIRE[0])
    assert len(after.pool) == len(state.pool) + 1


def test_dp8_dp9_the_countdown_names_the_pact() -> None:
    """DP-8, DP-9: the proposer's first whole turn is counted off at the start of the turn
    after it, and the event says which pact."""
    state, _ = step(_two_proposals(3), Accept("bob", 1))
    state, _ = full_turn(state)  # bob
    state, _ = full_turn(state)  # cy
    state, events = full_turn(state)  # ann, the proposer: a whole turn of the pact
    assert of_type(events, PactCountedDown) == []
    _, events = begin(state)  # bob: ann's whole turn is over
    assert of_type(events, PactCountedDown) == [PactCountedDown(1, 2)]


def test_en4_refusals_of_unseated_players_and_unheld_cards_carry_the_action() -> None:
    """EN-4, DP-9: a proposal by a stranger, with an Agreement or a Value card not held, and an
    answer by a stranger are refused with the offending action."""
    state, _ = begin(arrange(table(PARTNER), {"ann": (CEASEFIRE[0], TROOPS[0])}))
    cases = [
        (Propose("zed", "bob", CEASEFIRE[0], (TROOPS[0],)), "diplomacy/unknown-player"),
        (Propose("ann", "bob", CEASEFIRE[1], (TROOPS[0],)), "diplomacy/card-not-in-hand"),
        (Propose("ann", "bob", CEASEFIRE[0], (TROOPS[1],)), "diplomacy/card-not-in-hand"),
    ]
    proposed = end(step(state, Propose("ann", "bob", CEASEFIRE[0], (TROOPS[0],)))[0])
    for where, (action, code) in [(state, c) for c in cases] + [
        (proposed, (Accept("zed", 0), "diplomacy/unknown-player"))
    ]:
        problem = check(where, action)
        assert problem is not None
        assert (problem.code, problem.action) == (code, action)
