"""Player views hide other hands, every deck's order and the RNG (EN-9)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamefold import Rng, StartRound, replace
from gamefold.record import to_json
from gamefold.skills import GM, Activate, SkillsState, owner_of, view
from gamefold.skills.catalogue import Modifier
from gamefold.testing.skills import reachable_states

from .support import new_state, run


def test_view_shows_own_hand_and_counts_of_the_rest() -> None:
    """EN-9: the viewer's hand is shown; other hands and all decks are counts."""
    state, _ = run(new_state(), StartRound())
    seen = view(state, "ana")
    ana, bo, gm = seen.owners
    assert ana.hand == owner_of(state, "ana").hand
    assert bo.hand is None
    assert gm.hand is None
    assert bo.hand_size == len(owner_of(state, "bo").hand)
    assert ana.deck_size == len(owner_of(state, "ana").deck)
    assert not hasattr(ana, "deck")
    assert not hasattr(seen, "rng")
    assert "rng" not in to_json(seen)


def test_gm_and_spectators() -> None:
    """EN-9: the GM sees its own hand; a spectator sees no hand at all."""
    state = new_state()
    assert view(state, GM).owners[-1].hand == owner_of(state, GM).hand
    assert all(owner.hand is None for owner in view(state, "crowd").owners)


def _scrambled(state: SkillsState, player: str) -> SkillsState:
    """``player``'s hidden cards changed: deck reversed, first hand card swapped with the deck."""
    seat = state.seats.index(player)
    owner = state.owners[seat]
    deck, hand = owner.deck[::-1], owner.hand
    if deck and hand:
        deck, hand = (hand[0], *deck[1:]), (deck[0], *hand[1:])
    owners = (*state.owners[:seat], replace(owner, deck=deck, hand=hand), *state.owners[seat + 1 :])
    return replace(state, owners=owners, rng=Rng.from_seed(state.rng.state + 1))


@given(reachable_states(max_steps=25), st.data())
def test_views_do_not_depend_on_hidden_information(state: SkillsState, data: st.DataObject) -> None:
    """EN-9: changing what a viewer may not see (other hands, deck orders, RNG) changes nothing."""
    viewer = data.draw(st.sampled_from((*state.seats, "crowd")))
    others = [seat for seat in state.seats if seat != viewer]
    hidden = _scrambled(state, data.draw(st.sampled_from(others)))
    assert view(hidden, viewer) == view(state, viewer)
    for owner, seen in zip(state.owners, view(state, viewer).owners, strict=True):
        assert seen.hand_size == len(owner.hand)
        assert seen.deck_size == len(owner.deck)
        assert (seen.hand is None) is (owner.player != viewer)


def test_en9_a_view_shows_every_public_figure_as_it_is() -> None:
    """EN-9: discards, Exhausted cards, limits, Fatigue, life, Burns and the Round's
    progress are public; the view shows them unchanged, for any viewer."""
    state, _ = run(new_state(), StartRound(), Activate("ana"))
    assert state.active == "ana"
    ana = replace(
        owner_of(state, "ana"), fatigue=2, hand_limit=4, modifiers=(Modifier("attack", 1),)
    )
    bo = replace(owner_of(state, "bo"), alive=False)
    state = replace(state, owners=(ana, bo, state.owners[2]), reacting=("ana",))
    for viewer in ("ana", "bo", GM, "crowd"):
        seen = view(state, viewer)
        assert seen.viewer == viewer
        assert seen.config == state.config
        assert (seen.gm_units, seen.round, seen.in_round) == (
            state.gm_units,
            state.round,
            state.in_round,
        )
        assert (seen.pending, seen.active, seen.side, seen.reacting) == (
            state.pending,
            state.active,
            state.side,
            state.reacting,
        )
        for owner, shown in zip(state.owners, seen.owners, strict=True):
            assert shown.player == owner.player
            assert (shown.discard, shown.exhausted) == (owner.discard, owner.exhausted)
            assert (shown.hand_limit, shown.fatigue, shown.alive) == (
                owner.hand_limit,
                owner.fatigue,
                owner.alive,
            )
            assert shown.modifiers == owner.modifiers
    assert view(state, "ana").owners[0].modifiers == (Modifier("attack", 1),)
    assert not view(state, "ana").owners[1].alive
