"""Listing the legal actions (EN-5) and the players' views (EN-9)."""

from __future__ import annotations

from tests.diplomacy.helpers import arrange, begin, end, ids_of, table

from gamefold import EndTurn, Rng
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
    list_proposals,
    proposal_count,
    sample_proposals,
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


def test_en5_own_turn_lists_every_action_by_card_in_the_documented_order() -> None:
    state, cards = _rich(DiplomacyConfig())
    cf, cf2, cs, t1, t1b, t2, _siege = cards
    state, _ = begin(state)
    listed = legal_actions(state, "ann")
    assert listed[:7] == tuple(Discard("ann", c) for c in cards)
    assert listed[7:10] == (SelfApply("ann", t1), SelfApply("ann", t1b), SelfApply("ann", t2))
    proposals = listed[10:-1]
    values = (t1, t1b, t2)
    expected = [
        Propose("ann", to, agreement, (v,))
        for agreement in (cf, cf2)
        for v in values
        for to in ("bob", "cy")
    ]
    expected += [
        Propose("ann", to, cs, (v, w))
        for v in values
        for w in values
        if v != w
        for to in ("bob", "cy")
    ]
    assert proposals == tuple(expected)
    assert proposal_count(state, "ann") == len(expected) == 24
    assert listed[-1] == EndTurn("ann")
    assert legal_actions(state, "ann") == listed
    assert all(check(state, action) is None for action in listed)


def test_en5_proposals_are_uncapped_and_sampled_on_request() -> None:
    state, _ = _rich(DiplomacyConfig())
    state, _ = begin(state)
    every = tuple(a for a in legal_actions(state, "ann") if isinstance(a, Propose))
    picked, rng = sample_proposals(state, "ann", Rng.from_seed(3), 5)
    assert len(set(picked)) == 5
    assert set(picked) <= set(every)
    assert list(picked) == sorted(picked, key=every.index)
    assert sample_proposals(state, "ann", Rng.from_seed(3), 5) == (picked, rng)
    assert sample_proposals(state, "ann", Rng.from_seed(3), 100)[0] == every
    # Asking for exactly as many as there are lists them all and leaves the stream untouched.
    assert sample_proposals(state, "ann", Rng.from_seed(3), len(every)) == (
        every,
        Rng.from_seed(3),
    )
    assert proposal_count(state, "bob") == 0


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


def test_en5_dp9_a_player_answers_proposals_in_their_own_turn_and_proposes_only_then() -> None:
    """EN-5/DP-9: in bob's own turn his listing is his turn's actions, then Accept and
    Decline of each proposal to him, oldest first; out of turn he has no proposal to make
    although he holds an Agreement card and a Value card."""
    config = DiplomacyConfig()
    state, cards = _rich(config)
    bobs = (ids_of(config, "Ceasefire T1")[2], ids_of(config, "Troops T1")[5])
    state = arrange(state, {"bob": bobs})
    state, _ = begin(state)
    assert list(list_proposals(state, "bob")) == []
    assert proposal_count(state, "bob") == 0
    state = step(state, Propose("ann", "bob", cards[0], (cards[3],)))[0]
    state = step(state, Propose("ann", "bob", cards[1], (cards[4],)))[0]
    state, _ = begin(end(state))
    assert state.active == "bob"
    listed = legal_actions(state, "bob")
    assert listed[:2] == (Discard("bob", bobs[0]), Discard("bob", bobs[1]))
    assert listed[-5:] == (
        EndTurn("bob"),
        Accept("bob", 0),
        Decline("bob", 0),
        Accept("bob", 1),
        Decline("bob", 1),
    )
