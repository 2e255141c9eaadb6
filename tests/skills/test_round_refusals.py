"""The refusals of Rounds and activations, as a user sees them (SD-13, SD-15, SD-8, EN-4).

Each refused action raises :class:`~gamefold.IllegalAction` with a stable code, the rule it
cites, the offending action and a sentence naming what is wrong; a game loop matches on the
code and shows the sentence, so all four are pinned here, and the state is left untouched.
"""

from __future__ import annotations

import pytest
from tests.refusals import refusal_of

from gamefold import Action, EndRound, StartRound
from gamefold.skills import (
    GM,
    Activate,
    DefeatUnit,
    EndActivation,
    OpenReactionWindow,
    SkillsState,
    check,
    step,
)

from .support import in_round, new_state, run


def _refusal(state: SkillsState, action: Action) -> tuple[str, str, str]:
    """(code, rule, message) of the refusal of ``action``; ``check`` and ``step`` agree on it."""
    return refusal_of(check, step, state, action)


def _all_activated(state: SkillsState) -> SkillsState:
    """``state`` with every unit of the Round activated, in the alternation's order."""
    while state.pending:
        side_is_gm = state.side == GM
        unit = next(u for u in state.pending if (u in state.gm_units) is side_is_gm)
        state, _ = run(state, Activate(unit), EndActivation(unit))
    return state


def test_sd13_start_round_refused_while_one_is_under_way_names_its_number() -> None:
    """SD-13: a StartRound during Round 1 is refused, naming Round 1."""
    state = in_round(new_state())
    assert _refusal(state, StartRound()) == (
        "skills/round-in-progress",
        "SD-13",
        "Round 1 has not ended yet",
    )


def test_sd13_end_round_refused_outside_a_round() -> None:
    """SD-13: an EndRound with no Round under way is refused with ``skills/no-round``."""
    assert _refusal(new_state(), EndRound()) == (
        "skills/no-round",
        "SD-13",
        "no Round is in progress",
    )


def test_sd13_end_round_refused_names_every_unit_still_to_go_active_first() -> None:
    """SD-13: the refusal lists the active unit, then the pending ones in order."""
    state = in_round(new_state(players=("ana", "bo"), gm_units=("orc", "troll")))
    assert _refusal(state, EndRound()) == (
        "skills/round-not-over",
        "SD-13",
        "the Round ends when every unit has activated; still to go: ana, bo, orc, troll",
    )
    state, _ = run(state, Activate("bo"))
    assert _refusal(state, EndRound())[2] == (
        "the Round ends when every unit has activated; still to go: bo, ana, orc, troll"
    )


def test_sd13_end_round_refused_while_only_the_last_unit_is_activating() -> None:
    """SD-13: nothing pending but a unit still activating: the Round is not over."""
    state = in_round(new_state(players=("ana",), gm_units=()))
    state, _ = run(state, Activate("ana"))
    assert state.pending == ()
    assert _refusal(state, EndRound()) == (
        "skills/round-not-over",
        "SD-13",
        "the Round ends when every unit has activated; still to go: ana",
    )


def test_sd8_end_round_refused_while_reaction_windows_are_open_names_them() -> None:
    """SD-8: every unit activated, but open reaction windows keep the Round going.

    The refusal names the players whose windows are open, in seat order.
    """
    state = _all_activated(in_round(new_state()))
    state, _ = run(state, OpenReactionWindow("bo"), OpenReactionWindow("ana"))
    assert _refusal(state, EndRound()) == (
        "skills/reaction-window-open",
        "SD-8",
        "reaction windows are still open for ana, bo",
    )


def test_en4_activate_refused_for_a_unit_not_in_play() -> None:
    """EN-4: an unknown unit, and the GM itself (an owner, not a unit), are refused."""
    state = in_round(new_state())
    for unit in ("nobody", GM):
        assert _refusal(state, Activate(unit)) == (
            "skills/unknown-unit",
            "EN-4",
            f"there is no unit {unit!r} in play",
        )


def test_en4_unknown_unit_refused_for_every_unit_action() -> None:
    """EN-4: EndActivation and DefeatUnit of a unit not in play are refused the same way."""
    state, _ = run(in_round(new_state()), Activate("ana"))
    for action in (EndActivation("nobody"), DefeatUnit("nobody"), DefeatUnit(GM)):
        assert _refusal(state, action)[:2] == ("skills/unknown-unit", "EN-4")


def test_sd13_activate_refused_outside_a_round() -> None:
    """SD-13: units activate only during a Round."""
    assert _refusal(new_state(), Activate("ana")) == (
        "skills/no-round",
        "SD-13",
        "units activate only during a Round",
    )


def test_sd13_activate_refused_while_another_unit_activates_names_it() -> None:
    """SD-13: one activation at a time; the refusal names the unit still activating."""
    state, _ = run(in_round(new_state()), Activate("ana"))
    assert _refusal(state, Activate("bo")) == (
        "skills/activation-in-progress",
        "SD-13",
        "ana is still activating",
    )


def test_sd13_activate_refused_for_a_unit_that_already_activated() -> None:
    """SD-13: each living unit activates once per Round."""
    state, _ = run(in_round(new_state()), Activate("ana"), EndActivation("ana"))
    state, _ = run(state, Activate("goblin"), EndActivation("goblin"))
    assert _refusal(state, Activate("ana")) == (
        "skills/already-activated",
        "SD-13",
        "ana already activated",
    )


@pytest.mark.parametrize(
    ("first", "unit", "due"), [("players", "goblin", "players"), (GM, "ana", GM)]
)
def test_sd13_activate_refused_for_the_side_not_due_names_the_side_due(
    first: str, unit: str, due: str
) -> None:
    """SD-13: sides alternate; the refusal names the side that activates next."""
    state = in_round(new_state(first_side=first))
    assert _refusal(state, Activate(unit)) == (
        "skills/not-your-side",
        "SD-13",
        f"the {due} side activates a unit next",
    )


def test_sd15_end_activation_refused_for_a_unit_not_activating() -> None:
    """SD-15: only the active unit ends its activation; with none active, none may."""
    state = in_round(new_state())
    assert _refusal(state, EndActivation("ana")) == (
        "skills/not-your-activation",
        "SD-15",
        "ana is not activating",
    )
    state, _ = run(state, Activate("ana"))
    assert _refusal(state, EndActivation("bo")) == (
        "skills/not-your-activation",
        "SD-15",
        "bo is not activating",
    )


def test_sd6_dead_character_refused_activation() -> None:
    """SD-6: a defeated character may not activate (its death is the refusal's reason)."""
    state = in_round(new_state())
    state, _ = step(state, DefeatUnit("bo"))
    code, rule, _ = _refusal(state, Activate("bo"))
    assert (code, rule) == ("skills/dead-character", "SD-6")
