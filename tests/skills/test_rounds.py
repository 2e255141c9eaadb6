"""Rounds and activations: SD-13 (alternation), SD-15 (any number of actions), defeats."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from gamefold import EndRound, StartRound
from gamefold.skills import (
    GM,
    Activate,
    ActivationEnded,
    ActivationStarted,
    CardDiscarded,
    CardPlayed,
    CharacterDied,
    DefeatUnit,
    Discard,
    EndActivation,
    OpenReactionWindow,
    Play,
    ReactionWindowClosed,
    RoundEnded,
    SkillsConfig,
    SkillsState,
    UnitDefeated,
    check,
    initial_state,
    legal_actions,
    owner_of,
    round_over,
    step,
)
from gamefold.testing.skills import reachable_states

from .support import SMALL, in_round, new_state, run


def _code(state: SkillsState, action: object) -> tuple[str, str]:
    problem = check(state, action)  # type: ignore[arg-type]
    assert problem is not None
    return problem.code, problem.rule


def _sides_in_order(state: SkillsState) -> list[str]:
    """Activate whichever unit legal_actions offers first, until the Round is over."""
    sides = []
    while state.pending:
        actor = next(seat for seat in state.seats if legal_actions(state, seat))
        unit = legal_actions(state, actor)[0].unit  # type: ignore[attr-defined]
        sides.append(state.side)
        state, _ = run(state, Activate(unit), EndActivation(unit))
    return sides


@pytest.mark.parametrize(
    ("first", "players", "units", "expected"),
    [
        ("players", ("a", "b"), ("x", "y"), ["players", GM, "players", GM]),
        (GM, ("a", "b"), ("x", "y"), [GM, "players", GM, "players"]),
        ("players", ("a", "b", "c"), ("x",), ["players", GM, "players", "players"]),
        (GM, ("a",), ("x", "y", "z"), [GM, "players", GM, GM]),
        ("players", ("a",), (), ["players"]),
        (GM, ("a", "b"), (), ["players", "players"]),
    ],
)
def test_sd13_sides_alternate_while_both_have_units(
    first: str, players: tuple[str, ...], units: tuple[str, ...], expected: list[str]
) -> None:
    """SD-13: alternate sides while both have units left; first_side (default players) opens."""
    config = SkillsConfig(first_side=first)
    state = in_round(new_state(config, players=players, gm_units=units))
    assert _sides_in_order(state) == expected


def test_sd13_which_unit_goes_next_is_the_sides_choice() -> None:
    """SD-13: any pending unit of the side to act may go; the GM picks among its units."""
    state = in_round(new_state(players=("ana", "bo"), gm_units=("orc", "troll")))
    assert legal_actions(state, "ana")[0] == Activate("ana")
    assert legal_actions(state, "bo")[0] == Activate("bo")
    assert legal_actions(state, GM) == ()
    state, _ = run(state, Activate("bo"), EndActivation("bo"))
    assert legal_actions(state, GM) == (Activate("orc"), Activate("troll"))
    assert legal_actions(state, "ana") == ()
    state, events = step(state, Activate("troll"))
    assert events == (ActivationStarted("troll", GM),)


def test_sd13_each_living_unit_activates_once_per_round() -> None:
    """SD-13: a unit that already activated cannot activate again this Round."""
    state, _ = run(in_round(new_state()), Activate("ana"), EndActivation("ana"))
    state, _ = run(state, Activate("goblin"), EndActivation("goblin"))
    assert _code(state, Activate("ana")) == ("skills/already-activated", "SD-13")
    state, _ = run(state, Activate("bo"), EndActivation("bo"))
    state, events = step(state, EndRound())
    assert events == (RoundEnded(1),)
    state = in_round(state)
    assert check(state, Activate("ana")) is None


def test_sd13_not_your_sides_turn() -> None:
    """SD-13: a unit of the side that is not due may not activate."""
    state = in_round(new_state())
    assert _code(state, Activate("goblin")) == ("skills/not-your-side", "SD-13")


def test_sd13_one_activation_at_a_time() -> None:
    """SD-13: units activate one at a time."""
    state, _ = run(in_round(new_state()), Activate("ana"))
    assert _code(state, Activate("bo")) == ("skills/activation-in-progress", "SD-13")


def test_sd13_round_ends_only_when_all_have_activated() -> None:
    """SD-13: EndRound waits for every living unit; StartRound waits for EndRound."""
    state = in_round(new_state())
    assert _code(state, EndRound()) == ("skills/round-not-over", "SD-13")
    assert _code(state, StartRound()) == ("skills/round-in-progress", "SD-13")
    assert _code(new_state(), EndRound()) == ("skills/no-round", "SD-13")
    assert _code(new_state(), Activate("ana")) == ("skills/no-round", "SD-13")


def test_sd15_any_number_of_actions_then_end() -> None:
    """SD-15: an activation takes any number of legal actions, until the unit ends it."""
    state, _ = run(in_round(new_state(SMALL)), Activate("ana"))
    hand = owner_of(state, "ana").hand
    state, used = run(state, Play("ana", hand[0]), Discard("ana", hand[1]), Play("ana", hand[2]))
    assert [type(event) for event in used] == [CardPlayed, CardDiscarded, CardPlayed]
    assert state.active == "ana"
    assert owner_of(state, "ana").hand == ()
    assert legal_actions(state, "ana") == (EndActivation("ana"),)
    state, ended = step(state, EndActivation("ana"))
    assert ended == (ActivationEnded("ana", "ana"),)
    assert state.active is None


def test_sd15_only_the_active_unit_ends_its_activation() -> None:
    """SD-15: ending another unit's activation is refused."""
    state, _ = run(in_round(new_state()), Activate("ana"))
    assert _code(state, EndActivation("bo")) == ("skills/not-your-activation", "SD-15")
    assert _code(state, EndActivation("nobody")) == ("skills/unknown-unit", "EN-4")


def test_sd13_defeated_gm_unit_activates_no_more() -> None:
    """SD-13: the host game defeats a GM unit; it leaves the alternation."""
    state = in_round(new_state(gm_units=("orc", "troll")))
    state, events = step(state, DefeatUnit("orc"))
    assert events == (UnitDefeated("orc"),)
    assert state.gm_units == ("troll",)
    assert state.pending == ("ana", "bo", "troll")
    assert _code(state, Activate("orc")) == ("skills/unknown-unit", "EN-4")


def test_sd6_defeated_character_dies_and_its_activation_and_window_end() -> None:
    """SD-6: a player character defeated in its activation dies; everything it had open ends."""
    state, _ = run(in_round(new_state()), Activate("ana"), OpenReactionWindow("ana"))
    state, events = step(state, DefeatUnit("ana"))
    assert events == (
        CharacterDied("ana", "defeated"),
        ActivationEnded("ana", "ana"),
        ReactionWindowClosed("ana"),
    )
    assert not owner_of(state, "ana").alive
    assert state.active is None
    assert state.side == GM
    assert _code(state, DefeatUnit("ana")) == ("skills/dead-character", "SD-6")


def test_sd13_side_passes_when_its_last_pending_unit_falls() -> None:
    """SD-13: if the side due has no unit left, the other side goes on."""
    state = in_round(new_state(players=("ana",), gm_units=("orc",)))
    state, _ = step(state, DefeatUnit("ana"))
    assert state.side == GM
    assert legal_actions(state, GM) == (Activate("orc"),)


def test_lifecycle_only_skills_actions_and_lifecycle_are_routed() -> None:
    """EN-4: a StartTurn (not a skills lifecycle) is malformed here."""
    from gamefold import StartTurn

    assert _code(new_state(), StartTurn("ana")) == ("skills/malformed", "EN-4")


@settings(max_examples=60)
@given(state=reachable_states())
def test_sd13_round_over_is_what_end_round_accepts(state: SkillsState) -> None:
    """SD-13: the clock's predicate agrees with EndRound's check in every reachable state."""
    assert round_over(state) == (check(state, EndRound()) is None)


def test_sd8_an_open_window_keeps_the_round_from_ending() -> None:
    """SD-8, SD-13: every unit has activated, but a window still open holds the Round."""
    state = initial_state(SkillsConfig(), ["ana"], seed=0, gm_units=["goblin"])
    state = step(state, StartRound())[0]
    for unit in ("ana", "goblin"):
        state = step(step(state, Activate(unit))[0], EndActivation(unit))[0]
    assert round_over(state)
    state = step(state, OpenReactionWindow("ana"))[0]
    assert not round_over(state)
    assert check(state, EndRound()) is not None
