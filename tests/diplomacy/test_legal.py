"""Listing the legal actions (EN-5) and the players' views (EN-9)."""

from __future__ import annotations

from tests.diplomacy.helpers import arrange, begin, end, ids_of, table

from gamefold import EndTurn
from gamefold.diplomacy import (
    Accept,
    Decline,
    DiplomacyConfig,
    Discard,
    PlayStandalone,
    Propose,
    SelfApply,
    check,
    legal_actions,
    step,
    view,
)
from gamefold.record import from_json, to_json


def _rich(config: DiplomacyConfig):
    names = ["Ceasefire T1", "Ceasefire T1", "Covert Support T2", "Troops T1", "Troops T1"]
    names += ["Troops T2", "Siege T1"]
    taken: dict[str, int] = {}
    cards = []
    for name in names:
        cards.append(ids_of(config, name)[taken.get(name, 0)])
        taken[name] = taken.get(name, 0) + 1
    return arrange(table(config), {"ann": cards}), cards


def test_en5_own_turn_lists_one_action_per_distinct_card_type_in_a_fixed_order() -> None:
    state, cards = _rich(DiplomacyConfig())
    cf, _, cs, t1, _, t2, siege = cards
    state, _ = begin(state)
    listed = legal_actions(state, "ann")
    assert listed[:5] == (
        Discard("ann", cf),
        Discard("ann", cs),
        Discard("ann", t1),
        Discard("ann", t2),
        Discard("ann", siege),
    )
    assert listed[5:7] == (SelfApply("ann", t1), SelfApply("ann", t2))
    proposals = listed[7:-1]
    # Ceasefire T1: 2 fillings (T1 or T2) x 2 recipients; Covert Support T2 (2 slots):
    # {T1, T1}, {T1, T2} (only one T2) x 2 recipients.
    assert proposals == (
        Propose("ann", "bob", cf, (t1,)),
        Propose("ann", "cy", cf, (t1,)),
        Propose("ann", "bob", cf, (t2,)),
        Propose("ann", "cy", cf, (t2,)),
        Propose("ann", "bob", cs, (t1, cards[4])),
        Propose("ann", "cy", cs, (t1, cards[4])),
        Propose("ann", "bob", cs, (t1, t2)),
        Propose("ann", "cy", cs, (t1, t2)),
    )
    assert listed[-1] == EndTurn("ann")
    assert legal_actions(state, "ann") == listed
    assert all(check(state, action) is None for action in listed)


def test_en5_proposals_are_listed_up_to_the_configured_bound() -> None:
    for limit, expected in [(64, 8), (3, 3), (0, 0)]:
        state, _ = _rich(DiplomacyConfig(proposal_listing_limit=limit))
        state, _ = begin(state)
        listed = legal_actions(state, "ann")
        assert sum(isinstance(a, Propose) for a in listed) == expected


def test_en5_others_may_answer_proposals_and_play_standalone_cards_between_turns() -> None:
    state, cards = _rich(DiplomacyConfig())
    state, _ = begin(state)
    assert legal_actions(state, "bob") == ()
    assert legal_actions(state, "nobody") == ()
    state = step(state, Propose("ann", "bob", cards[0], (cards[3],)))[0]
    state = end(state)
    assert legal_actions(state, "bob") == (Accept("bob", 0), Decline("bob", 0))
    assert legal_actions(state, "ann") == (PlayStandalone("ann", cards[6]),)
    state = step(state, PlayStandalone("ann", cards[6]))[0]
    assert legal_actions(state, "ann") == ()


def test_en9_a_view_shows_own_cards_and_hides_the_rest() -> None:
    state, cards = _rich(DiplomacyConfig())
    state, _ = begin(state)
    state = step(state, Propose("ann", "bob", cards[0], (cards[3],)))[0]
    state = end(state)
    state = step(state, PlayStandalone("ann", cards[6]))[0]
    own, bobs, cys = view(state, "ann"), view(state, "bob"), view(state, "cy")
    assert own.players[0].hand == state.players[0].hand
    assert own.players[0].pending == state.players[0].pending
    assert bobs.players[0].hand is None
    assert bobs.players[0].pending is None
    assert bobs.players[0].hand_size == len(state.players[0].hand)
    assert bobs.players[0].locked == 2
    assert bobs.players[0].between_turns
    assert bobs.proposals[0].agreement == cards[0]
    assert bobs.proposals[0].values == (cards[3],)
    assert cys.proposals[0].agreement is None
    assert cys.proposals[0].values is None
    assert cys.proposals[0].size == 2
    assert (cys.pool.agreement, cys.pool.value, cys.pool.standalone) == (
        len(state.pool.agreement),
        len(state.pool.value),
        len(state.pool.standalone),
    )
    assert not hasattr(cys, "rng")
    assert "rng" not in to_json(cys)
    assert from_json(to_json(cys), type(cys)) == cys
