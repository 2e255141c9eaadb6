"""Determinization from a view (EN-9): the skill-deck state a search bot plays out instead
of the one it may not see."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import Rng, StartRound, replace
from gamefold.skills import SkillsState, determinize, legal_actions, owner_of, view
from gamefold.skills.invariants import violations
from gamefold.testing.skills import reachable_states

from .support import new_state, run


@given(reachable_states(), st.integers(0, 6), st.integers(0, 2**32))
def test_en9_a_drawn_state_shows_the_view_it_came_from(
    state: SkillsState, seat: int, seed: int
) -> None:
    viewer = state.seats[seat] if seat < len(state.seats) else "crowd"  # a spectator too
    seen = view(state, viewer)
    drawn = determinize(seen, viewer, Rng.from_seed(seed))
    assert view(drawn, viewer) == seen
    assert violations(drawn) == ()
    if viewer in state.seats:  # SD-1: the viewer's choices depend on what the viewer sees
        assert legal_actions(drawn, viewer) == legal_actions(state, viewer)
    assert determinize(seen, viewer, Rng.from_seed(seed)) == drawn


def test_en9_sd1_hidden_hands_and_decks_are_redrawn_from_the_owner_s_own_cards() -> None:
    state, _ = run(new_state(), StartRound())
    seen = view(state, "ana")
    draws = [determinize(seen, "ana", Rng.from_seed(k)) for k in range(8)]
    assert all(owner_of(d, "ana").hand == owner_of(state, "ana").hand for d in draws)
    assert len({owner_of(d, "bo").hand for d in draws}) > 1
    assert len({owner_of(d, "ana").deck for d in draws}) > 1  # its order is hidden too
    for d in draws:
        bo, real = owner_of(d, "bo"), owner_of(state, "bo")
        assert sorted(bo.hand + bo.deck) == sorted(real.hand + real.deck)
    assert len({d.rng for d in draws}) == len(draws)


def test_en9_a_view_no_state_could_give_is_refused() -> None:
    seen = view(new_state(), "ana")
    bo = replace(seen.owners[1], deck_size=seen.owners[1].deck_size + 1)
    broken = replace(seen, owners=(seen.owners[0], bo, *seen.owners[2:]))
    with pytest.raises(ValueError, match="came from no skill-deck state"):
        determinize(broken, "ana", Rng.from_seed(1))
