"""Proposals, locking and pacts (DP-9, DP-10)."""

from __future__ import annotations

import pytest
from tests.diplomacy.helpers import arrange, begin, end, full_turn, hand, ids_of, of_type, table

from gamefold import IllegalAction
from gamefold.diplomacy import (
    Accept,
    Decline,
    DiplomacyConfig,
    Pact,
    PactBegan,
    PactCountedDown,
    PactEnded,
    PlayStandalone,
    Proposal,
    ProposalAccepted,
    ProposalDeclined,
    ProposalExpired,
    ProposalMade,
    Propose,
    held_count,
    locked_cards,
    step,
)
from gamefold.diplomacy.invariants import violations


def _proposed(config: DiplomacyConfig | None = None):
    """ann, in turn 1, has proposed Ceasefire T1 with one troop to bob (proposal 0)."""
    config = config or DiplomacyConfig()
    ceasefire = ids_of(config, "Ceasefire T1")[0]
    fortify = ids_of(config, "Fortify T1")[0]
    troops = ids_of(config, "Troops T1")[:3]
    state, _ = begin(arrange(table(config), {"ann": (ceasefire, fortify, *troops)}))
    state, events = step(state, Propose("ann", "bob", ceasefire, (troops[0],)))
    return state, events, ceasefire, troops[0]


def test_dp9_dp10_a_proposal_locks_its_cards_which_still_count_as_held() -> None:
    state, events, ceasefire, troop = _proposed()
    expected = Proposal(0, "ann", "bob", ceasefire, (troop,), expires=4)
    assert events == (ProposalMade(expected),)
    assert state.proposals == (expected,)
    assert locked_cards(state, "ann") == (ceasefire, troop)
    assert ceasefire not in hand(state, "ann")
    assert troop not in hand(state, "ann")
    assert held_count(state, 0) == 5
    assert violations(state) == []


def test_dp9_accepted_a_pact_begins_with_the_cards_duration_and_the_cards_go_back() -> None:
    state, _, ceasefire, troop = _proposed()
    state, events = step(state, Accept("bob", 0))
    pact = Pact(0, "Ceasefire T1", "ann", "bob", ("Troops T1",), remaining=3)
    assert events == (ProposalAccepted(0, "bob"), PactBegan(pact))
    assert state.proposals == ()
    assert state.pacts == (pact,)
    assert ceasefire in state.pool.agreement
    assert troop in state.pool.value
    assert held_count(state, 0) == 3


def test_dp9_a_pact_counts_down_at_its_proposers_turn_starts_and_ends() -> None:
    state, _, _, _ = _proposed()
    state = end(step(state, Accept("bob", 0))[0])
    remaining = []
    for _ in range(9):  # turns 2 … 10
        state, events = full_turn(state)
        remaining += [e.remaining for e in of_type(events, PactCountedDown)]
        remaining += ["ended" for _ in of_type(events, PactEnded)]
        if of_type(events, PactEnded):
            assert state.turn == 10
    assert remaining == [2, 1, "ended"]
    assert state.pacts == ()


def test_dp9_pact_clock_every_counts_down_at_every_turn_start() -> None:
    state, _, _, _ = _proposed(DiplomacyConfig(pact_clock="every"))
    state = end(step(state, Accept("bob", 0))[0])
    ended_at = []
    for _ in range(4):
        state, events = full_turn(state)
        ended_at += [state.turn for _ in of_type(events, PactEnded)]
    assert ended_at == [4]


def test_dp8_a_ceasefire_t2_pact_lasts_5_turns() -> None:
    config = DiplomacyConfig()
    ceasefire = ids_of(config, "Ceasefire T2")[0]
    troops = ids_of(config, "Troops T1")[:2]
    state, _ = begin(arrange(table(config), {"ann": (ceasefire, *troops)}))
    state = step(state, Propose("ann", "cy", ceasefire, tuple(troops)))[0]
    state, events = step(state, Accept("cy", 0))
    assert of_type(events, PactBegan)[0].pact.remaining == 5


def test_dp9_declined_the_cards_unlock_and_stay_in_the_proposers_hand() -> None:
    state, _, ceasefire, troop = _proposed()
    state = end(state)
    state, _ = begin(state)  # bob's turn; answering works any time
    state, events = step(state, Decline("bob", 0))
    assert events == (ProposalDeclined(0, "ann", "bob"),)
    assert state.proposals == ()
    assert locked_cards(state, "ann") == ()
    assert {ceasefire, troop} <= set(hand(state, "ann"))
    assert held_count(state, 0) == 5


def test_dp9_unanswered_a_proposal_expires_after_one_full_turn_cycle() -> None:
    state, _, ceasefire, troop = _proposed()
    state = end(state)
    for _ in range(2):  # bob's and cy's turns: still pending
        state, events = full_turn(state)
        assert of_type(events, ProposalExpired) == []
    state, events = begin(state)  # ann's next turn
    assert of_type(events, ProposalExpired) == [ProposalExpired(0, "ann", "bob")]
    assert {ceasefire, troop} <= set(hand(state, "ann"))
    assert state.proposals == ()


def test_dp9_proposal_ttl_two_cycles_is_the_other_value() -> None:
    state, _, _, _ = _proposed(DiplomacyConfig(proposal_ttl=2))
    state = end(state)
    for _ in range(5):
        state, events = full_turn(state)
        assert of_type(events, ProposalExpired) == []
    state, events = begin(state)
    assert state.turn == 7
    assert len(of_type(events, ProposalExpired)) == 1


def test_dp10_a_locked_card_cannot_be_offered_again_or_played() -> None:
    state, _, ceasefire, troop = _proposed()
    config = state.config
    other = ids_of(config, "Ceasefire T1")[1]
    state = arrange(state, {"ann": (*hand(state, "ann"), other)})
    for action in [
        Propose("ann", "cy", ceasefire, (hand(state, "ann")[1],)),
        Propose("ann", "cy", other, (troop,)),
    ]:
        with pytest.raises(IllegalAction) as err:
            step(state, action)
        assert (err.value.code, err.value.rule) == ("diplomacy/card-locked", "DP-10")
    state = end(state)
    with pytest.raises(IllegalAction) as err:
        step(state, PlayStandalone("ann", troop))
    assert err.value.code == "diplomacy/card-locked"


@pytest.mark.parametrize(
    ("change", "code", "rule"),
    [
        ({"to": "ann"}, "diplomacy/proposal-to-self", "DP-9"),
        ({"to": "zed"}, "diplomacy/unknown-player", "EN-4"),
        ({"values": ()}, "diplomacy/slots-mismatch", "DP-9"),
        ({"values": "two troops"}, "diplomacy/slots-mismatch", "DP-9"),
        ({"values": "same troop twice"}, "diplomacy/duplicate-card", "EN-4"),
        ({"values": "fortify"}, "diplomacy/wrong-kind", "DP-9"),
        ({"agreement": "troop"}, "diplomacy/wrong-kind", "DP-9"),
        ({"agreement": "bobs"}, "diplomacy/card-not-in-hand", "EN-4"),
        ({"player": "bob", "to": "ann"}, "diplomacy/not-your-turn", "DP-9"),
    ],
)
def test_dp9_an_ill_made_proposal_is_refused_with_its_code(change, code, rule) -> None:
    config = DiplomacyConfig()
    ceasefire = ids_of(config, "Ceasefire T1")[0]
    fortify = ids_of(config, "Fortify T1")[0]
    troops = ids_of(config, "Troops T1")[:3]
    state, _ = begin(arrange(table(config), {"ann": (ceasefire, fortify, *troops)}))
    named = {
        "two troops": tuple(troops[:2]),
        "same troop twice": (troops[0], troops[0]),
        "fortify": (fortify,),
        "troop": troops[0],
        "bobs": hand(state, "bob")[0],
    }
    fields = {"player": "ann", "to": "bob", "agreement": ceasefire, "values": (troops[0],)}
    fields.update({k: named.get(v, v) if isinstance(v, str) else v for k, v in change.items()})
    with pytest.raises(IllegalAction) as err:
        step(state, Propose(**fields))
    assert (err.value.code, err.value.rule) == (code, rule)


def test_dp9_only_the_recipient_answers_a_pending_proposal() -> None:
    state, _, _, _ = _proposed()
    for action, code in [
        (Accept("cy", 0), "diplomacy/not-recipient"),
        (Decline("ann", 0), "diplomacy/not-recipient"),
        (Accept("bob", 1), "diplomacy/unknown-proposal"),
        (Accept("zed", 0), "diplomacy/unknown-player"),
    ]:
        with pytest.raises(IllegalAction) as err:
            step(state, action)
        assert err.value.code == code
    state = step(state, Accept("bob", 0))[0]
    with pytest.raises(IllegalAction) as err:
        step(state, Decline("bob", 0))
    assert (err.value.code, err.value.rule) == ("diplomacy/unknown-proposal", "DP-9")
