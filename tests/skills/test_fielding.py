"""The host action FieldUnits: the GM's units of the next encounter (SD-13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import EndRound, IllegalAction, StartRound
from gamefold.skills import (
    GM,
    Activate,
    DefeatUnit,
    EndActivation,
    FieldUnits,
    UnitsFielded,
    check,
    describe,
    owner_of,
    step,
)

from .support import in_round, new_state, run


def test_sd13_fielded_units_activate_from_the_next_round() -> None:
    """SD-13: a defeated GM unit is gone; fielding brings new units into the alternation."""
    state = in_round(new_state(gm_units=("orc",)))
    state, _ = step(state, DefeatUnit("orc"))
    state, _ = run(state, Activate("ana"), EndActivation("ana"), Activate("bo"))
    state, _ = run(state, EndActivation("bo"), EndRound())
    decks_before = state.owners
    state, events = step(state, FieldUnits(("wolf", "bear")))
    assert events == (UnitsFielded(("wolf", "bear"), ()),)
    assert state.owners == decks_before  # decks, hands, Fatigue untouched
    state, _ = step(state, StartRound())
    assert set(state.pending) == {"ana", "bo", "wolf", "bear"}


def test_sd13_fielding_dismisses_the_units_left() -> None:
    """SD-13: the units not named again leave the GM's side and are reported."""
    state = new_state(gm_units=("orc", "troll"))
    state, events = step(state, FieldUnits(("troll", "imp")))
    assert state.gm_units == ("troll", "imp")
    assert events == (UnitsFielded(("troll", "imp"), ("orc",)),)
    assert describe(events[0]) == "The GM fields troll, imp."


def test_sd13_no_fielding_during_a_round() -> None:
    """SD-13: the GM's units change only between Rounds; the state is untouched."""
    state = in_round(new_state(gm_units=("orc",)))
    action = FieldUnits(("wolf",))
    problem = check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule) == ("skills/round-in-progress", "SD-13")
    assert problem.message == "the GM's units change only between Rounds"
    assert problem.action is action


_DISTINCT = "the GM's units need distinct, non-empty names"


@pytest.mark.parametrize(
    ("units", "sentence"),
    [
        (("ana",), "'ana' is a player's or the GM's id, not a GM unit's"),
        (("wolf", "bo", "ana"), "'ana' is a player's or the GM's id, not a GM unit's"),
        ((GM,), f"{GM!r} is a player's or the GM's id, not a GM unit's"),
        (("x", "x"), _DISTINCT),
        (("",), _DISTINCT),
        (("x", ""), _DISTINCT),
    ],
)
def test_sd13_fielded_names_are_distinct_and_not_players(
    units: tuple[str, ...], sentence: str
) -> None:
    """SD-13: a GM unit's name is its own: not a player's (the first taken, in name order),
    not the GM's, not repeated, not empty; the refusal says which."""
    state = new_state()
    action = FieldUnits(units)
    problem = check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule, problem.message) == (
        "skills/unit-name-taken",
        "SD-13",
        sentence,
    )
    assert problem.action is action


@given(st.lists(st.sampled_from(["u1", "u2", "u3", "ana", ""]), max_size=4))
def test_sd13_fielding_either_applies_or_leaves_the_state(units: list[str]) -> None:
    """EN-4: a refused FieldUnits raises and leaves the state; an accepted one sets the units."""
    state = new_state(gm_units=("orc",))
    action = FieldUnits(tuple(units))
    if check(state, action) is None:
        after, _ = step(state, action)
        assert after.gm_units == tuple(units)
        assert owner_of(after, "ana") == owner_of(state, "ana")
    else:
        with pytest.raises(IllegalAction):
            step(state, action)
        assert state.gm_units == ("orc",)
