"""EN-9, CB-10: a view hides the other side's pending declarations and the RNG."""

from __future__ import annotations

import pytest

from gamefold.combat import CombatView, Declaration, Ending, Retreat, RetreatPlan, view
from gamefold.core import replace
from gamefold.record import from_json, to_json

from .support import PAPER, ROCK, attack, duel, play


def test_en9_cb10_the_other_side_sees_who_declared_but_not_what() -> None:
    """EN-9, CB-10: the party's declaration is hidden from the enemies until resolution."""
    state, _ = play(duel(), attack("hero", ROCK, "orc"))
    theirs = view(state, "enemies")
    assert theirs.declared == ("hero",)
    assert all(c.declaration is None for c in theirs.combatants)
    assert view(state, "orc").combatants == theirs.combatants  # a member sees as its side
    ours = view(state, "hero")
    assert ours.combatants[0].declaration == Declaration("Attack", ROCK, "orc")
    assert view(state, "party").combatants == ours.combatants


def test_en9_a_retreat_is_hidden_too_and_spectators_see_no_choice() -> None:
    """EN-9, CB-13: retreats are hidden from the enemies; a spectator sees no pending choice."""
    state, _ = play(duel(), Retreat("hero"))
    assert view(state, "party").combatants[0].retreat == RetreatPlan()
    assert view(state, "enemies").combatants[0].retreat is None
    assert view(state, None).combatants[0].retreat is None
    assert view(state, None).declared == ("hero",)


def test_en9_resolution_reveals_everything() -> None:
    """CB-10: once resolved, both sides see the same state: nothing is pending."""
    state, _ = play(duel(), attack("hero", ROCK, "orc"), attack("orc", PAPER, "hero"))
    assert view(state, "party").combatants == view(state, "enemies").combatants == state.combatants


def test_en9_the_view_has_no_rng_and_round_trips() -> None:
    """EN-3, EN-9: no RNG in a view (a bot cannot see the future); views are records."""
    shown = view(duel(), "party")
    assert not hasattr(shown, "rng")
    assert "rng" not in to_json(shown)
    assert from_json(to_json(shown), CombatView) == shown


def test_en9_an_unknown_viewer_is_an_error() -> None:
    """EN-9: a typo in the viewer is not silently a spectator."""
    with pytest.raises(ValueError, match="unknown viewer"):
        view(duel(), "hera")


def test_en9_the_unknown_viewer_error_says_what_a_viewer_is() -> None:
    with pytest.raises(ValueError, match=r"^unknown viewer 'hera'") as err:
        view(duel(), "hera")
    assert str(err.value) == "unknown viewer 'hera': a side's name, a combatant id or None"


def test_en9_a_view_carries_the_public_figures_and_its_viewer() -> None:
    """EN-9: the config, the exchange count and the ending are public."""
    state, _ = play(duel(), attack("hero", ROCK, "orc"), attack("orc", PAPER, "hero"))
    state = replace(state, ending=Ending.PARTY_WON)
    for viewer in ("party", "enemies", "hero", None):
        shown = view(state, viewer)
        assert (shown.viewer, shown.config, shown.exchange, shown.ending) == (
            viewer,
            state.config,
            state.exchange,
            state.ending,
        )
    assert view(state, None).exchange == 1
