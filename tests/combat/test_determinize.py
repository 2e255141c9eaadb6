"""Determinization from a view (EN-9, CB-10): the fight a search bot plays out instead of
the one it may not see."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamefold import Rng
from gamefold.combat import (
    CombatState,
    Retreat,
    declarations,
    determinize,
    legal_actions,
    retreats,
    view,
    violations,
)
from gamefold.testing.combat import reachable_states

from .support import ROCK, attack, duel, play

VIEWERS = st.sampled_from(("party", "enemies", None))


@given(reachable_states(), VIEWERS, st.integers(0, 2**32))
def test_en9_a_drawn_fight_shows_the_view_it_came_from(
    state: CombatState, viewer: str | None, seed: int
) -> None:
    seen = view(state, viewer)
    drawn = determinize(seen, viewer, Rng.from_seed(seed))
    assert view(drawn, viewer) == seen
    assert violations(drawn) == ()
    for c in state.combatants:  # CB-10: the viewer's side chooses from what it sees
        if viewer is not None and c.side.value == viewer:
            assert legal_actions(drawn, c.id) == legal_actions(state, c.id)
    assert determinize(seen, viewer, Rng.from_seed(seed)) == drawn


def test_en9_cb10_a_hidden_declaration_is_drawn_among_the_legal_ones() -> None:
    state, _ = play(duel(), attack("hero", ROCK, "orc"))
    seen = view(state, "enemies")
    before = duel()
    options = {(d.ability, d.hand, d.target) for d in declarations(before, "hero")}
    options |= {("retreat", r.carry, r.drop) for r in retreats(before, "hero")}
    drawn = [determinize(seen, "enemies", Rng.from_seed(k)).combatants[0] for k in range(30)]
    choices = set()
    for c in drawn:
        assert (c.declaration is None) != (c.retreat is None)  # one choice, made
        if c.retreat is not None:
            choices.add(("retreat", c.retreat.carry, c.retreat.drop))
        elif c.declaration is not None:
            choices.add((c.declaration.ability, c.declaration.hand, c.declaration.target))
    assert choices <= options
    assert len(choices) > 1


def test_en9_a_shown_choice_stays() -> None:
    state, _ = play(duel(), Retreat("hero"))
    seen = view(state, "party")
    assert determinize(seen, "party", Rng.from_seed(3)).combatants == state.combatants
