"""EN-5: the listing is sound and complete over reachable states.

Sound: every listed action is accepted. Complete: every action of a bounded brute-force
enumeration of the action space that ``check`` accepts is listed. The enumeration takes
every action type with every player, every card id the actor holds or has locked plus two
held by nobody, every proposal id up to one past the last, and every ordered filling of up
to two slots.
"""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings

from gamefold import Action, EndTurn
from gamefold.diplomacy import (
    Accept,
    Decline,
    DiplomacyState,
    Discard,
    PlayStandalone,
    Propose,
    SelfApply,
    check,
    legal_actions,
    locked_cards,
    standalone_plays,
)
from gamefold.testing.diplomacy import reachable_states


def _space(state: DiplomacyState, actor: str) -> list[Action]:
    seat = [p.player for p in state.players].index(actor)
    cards = [*state.players[seat].hand, *locked_cards(state, actor)]
    cards += list(state.pool.value[:1]) + list(state.pool.agreement[:1])
    players = [p.player for p in state.players]
    out: list[Action] = [EndTurn(actor)]
    for card in cards:
        out += [Discard(actor, card), SelfApply(actor, card), PlayStandalone(actor, card)]
    for proposal in range(state.next_id + 1):
        out += [Accept(actor, proposal), Decline(actor, proposal)]
    for agreement in cards:
        for slots in range(3):
            for values in permutations(cards, slots):
                out += [Propose(actor, to, agreement, values) for to in players]
    return out


@settings(max_examples=40, deadline=None)
@given(reachable_states(max_steps=25))
def test_en5_the_listing_is_sound_and_complete(state: DiplomacyState) -> None:
    for player in state.players:
        listed = legal_actions(state, player.player)
        assert len(set(listed)) == len(listed)
        assert all(check(state, a) is None for a in listed)
        accepted = {a for a in _space(state, player.player) if check(state, a) is None}
        assert accepted <= set(listed), accepted - set(listed)


@settings(max_examples=40, deadline=None)
@given(reachable_states(max_steps=25))
def test_dp12_standalone_plays_are_the_listings_plays(state: DiplomacyState) -> None:
    """DP-12, EN-5: ``standalone_plays`` is the listing's PlayStandalone actions, in order,
    and nothing for a stranger."""
    for player in state.players:
        listed = legal_actions(state, player.player)
        plays = tuple(a for a in listed if isinstance(a, PlayStandalone))
        assert standalone_plays(state, player.player) == plays
    assert standalone_plays(state, "nobody") == ()
