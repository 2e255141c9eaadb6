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
    pact = Pact(0, "Ceasefire T1", "ann", "bob", ("Troops T1",), remaining=3, since=1)
    assert events == (ProposalAccepted(0, "bob"), PactBegan(pact))
    assert state.proposals == ()
    assert state.pacts == (pact,)
    assert ceasefire in state.pool.agreement
    assert troop in state.pool.value
    assert held_count(state, 0) == 3


WHEN = {
    "own turn": lambda s: step(s, Accept("bob", 0))[0],  # turn 1, ann's
    "between turns": lambda s: step(end(s), Accept("bob", 0))[0],  # after turn 1 ended
    "partner's turn": lambda s: step(begin(end(s))[0], Accept("bob", 0))[0],  # turn 2, bob's
}


def _pact_life(clock: str, when: str, last: int) -> tuple[list[int], list[tuple[int, int]], int]:
    """ann's Ceasefire T1 (3 turns) proposed in turn 1 and accepted ``when``: the turns in
    force (from turn 2 on), the counts down (turn, turns left) and the turn it ended at."""
    state, _, _, _ = _proposed(DiplomacyConfig(pact_clock=clock))
    state = WHEN[when](state)
    in_force, counted, ended = [], [], 0
    while state.turn < last:
        if state.active is not None:
            state = end(state)
        state, events = begin(state)
        counted += [(state.turn, e.remaining) for e in of_type(events, PactCountedDown)]
        ended = next((state.turn for _ in of_type(events, PactEnded)), ended)
        in_force += [state.turn] if state.pacts else []
        assert violations(state) == []
    return in_force, counted, ended


@pytest.mark.parametrize("when", list(WHEN))
def test_dp8_a_pact_lasts_n_whole_turns_of_its_proposer_then_ends(when: str) -> None:
    """DP-8 (default reading, ``pact_clock="proposer"``): a 3-turn pact accepted in turn 1,
    between turns or in bob's turn 2 is in force for the rest of that turn, then for ann's
    3 whole turns (4, 7, 10), and ends at the start of the turn after those (11). Each whole
    turn is counted off at the start of the turn after it."""
    in_force, counted, ended = _pact_life("proposer", when, 12)
    first = 2 if when != "partner's turn" else 3
    assert in_force == list(range(first, 11))
    assert counted == [(5, 2), (8, 1)]
    assert ended == 11


@pytest.mark.parametrize(
    ("when", "whole", "ends"),
    [("own turn", [2, 3, 4], 5), ("between turns", [2, 3, 4], 5), ("partner's turn", [3, 4, 5], 6)],
)
def test_dp8_pact_clock_every_counts_every_players_whole_turns(
    when: str, whole: list[int], ends: int
) -> None:
    """DP-8 with ``pact_clock="every"``: the rest of the turn it was accepted in, then 3
    whole turns of any player, and it ends at the start of the turn after those."""
    in_force, counted, ended = _pact_life("every", when, 8)
    first = 2 if when != "partner's turn" else 3
    assert in_force == list(range(first, ends))
    assert in_force[-3:] == whole
    assert counted == [(whole[0] + 1, 2), (whole[1] + 1, 1)]
    assert ended == ends


def test_dp8_pact_clock_is_a_config_field_defaulting_to_the_proposers_turns() -> None:
    """DP-8: ``pact_clock`` is ``"proposer"`` by default, ``"every"`` is the other value."""
    assert DiplomacyConfig().pact_clock == "proposer"
    assert DiplomacyConfig(pact_clock="every").pact_clock == "every"


def test_dp8_a_ceasefire_t2_pact_lasts_5_turns() -> None:
    config = DiplomacyConfig()
    ceasefire = ids_of(config, "Ceasefire T2")[0]
    troops = ids_of(config, "Troops T1")[:2]
    state, _ = begin(arrange(table(config), {"ann": (ceasefire, *troops)}))
    state = step(state, Propose("ann", "cy", ceasefire, tuple(troops)))[0]
    state, events = step(state, Accept("cy", 0))
    assert of_type(events, PactBegan)[0].pact.remaining == 5
    state = end(state)
    for _ in range(3 * 5):  # DP-8: ann's 5 whole turns are turns 4, 7, 10, 13, 16
        state, events = full_turn(state)
        assert bool(state.pacts) is (state.turn < 17)
    state, events = begin(state)  # turn 17: the turn after the fifth
    assert of_type(events, PactEnded) != []


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
