"""Determinization from a view (EN-9, DP-1): the table a search bot plays out instead of
the one it may not see."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import Rng, replace
from gamefold.diplomacy import DiplomacyState, determinize, legal_actions, view
from gamefold.diplomacy.invariants import violations
from gamefold.testing.diplomacy import reachable_states

from .test_views import AGREEMENT, EFFECT, STATE, VALUES


@given(reachable_states(), st.integers(0, 6), st.integers(0, 2**32))
def test_en9_a_drawn_table_shows_the_view_it_came_from(
    state: DiplomacyState, seat: int, seed: int
) -> None:
    names = [p.player for p in state.players]
    viewer = names[seat] if seat < len(names) else "crowd"  # a spectator too
    seen = view(state, viewer)
    drawn = determinize(seen, viewer, Rng.from_seed(seed))
    assert view(drawn, viewer) == seen
    assert violations(drawn) == []  # DP-1: every card in exactly one place
    if viewer in names:
        assert set(legal_actions(drawn, viewer)) == set(legal_actions(state, viewer))
    assert determinize(seen, viewer, Rng.from_seed(seed)) == drawn


def test_en9_dp1_what_the_viewer_sees_stays_and_the_rest_is_redrawn() -> None:
    seen = view(STATE, "cy")  # not a party to ann's proposal, nor sees bob's effect
    draws = [determinize(seen, "cy", Rng.from_seed(k)) for k in range(8)]
    for d in draws:
        assert d.players[2].hand == STATE.players[2].hand
        assert d.players[1].pending is None  # bob's waiting effect is his secret
        assert [p.id for p in d.pacts] == [7, 8]  # cy is party to the secret pact
    assert len({d.proposals[0].cards for d in draws}) > 1
    assert len({d.players[0].hand for d in draws}) > 1
    assert len({d.pool for d in draws}) > 1
    mine = determinize(view(STATE, "bob"), "bob", Rng.from_seed(1))
    assert (mine.proposals[0].agreement, mine.proposals[0].values) == (AGREEMENT, VALUES)
    assert mine.players[1].pending == EFFECT
    assert [p.id for p in mine.pacts] == [7, 8]
    assert [p.id for p in determinize(view(STATE, "ann"), "ann", Rng.from_seed(1)).pacts] == [7]


def test_en9_a_view_no_table_could_give_is_refused() -> None:
    seen = view(STATE, "cy")
    ann = replace(seen.players[0], hand_size=seen.players[0].hand_size + 1)
    with pytest.raises(ValueError, match="came from no diplomacy state"):
        determinize(replace(seen, players=(ann, *seen.players[1:])), "cy", Rng.from_seed(1))
