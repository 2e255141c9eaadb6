"""Bad input: each mistake has its own stable code and rule ID, and changes nothing (EN-4)."""

from __future__ import annotations

import copy

import pytest

from gamefold import Action, IllegalAction, StartRound, StartTurn
from gamefold.record import to_json
from gamefold.skills import (
    Activate,
    Burn,
    ChangeHandLimit,
    DefeatUnit,
    Discard,
    EndActivation,
    OpenReactionWindow,
    PayCost,
    Play,
    SkillsState,
    check,
    legal_actions,
    owner_of,
    reduce,
    step,
)

from .support import new_state, run


def _activating() -> SkillsState:
    """Round 1, ana activating; bo is dead."""
    state, _ = run(new_state(players=("ana", "bo", "cy")), DefeatUnit("bo"), StartRound())
    return reduce(state, Activate("ana"))


def _not_held(state: SkillsState) -> int:
    ana = owner_of(state, "ana")
    return ana.deck[0]


CASES = [
    (lambda s: Play("zed", 0), "skills/unknown-player", "EN-4"),
    (lambda s: Discard("zed", 0), "skills/unknown-player", "EN-4"),
    (lambda s: PayCost("zed", "attack", (0,)), "skills/unknown-player", "EN-4"),
    (lambda s: ChangeHandLimit("zed", 1), "skills/unknown-player", "EN-4"),
    (lambda s: Activate("zed"), "skills/unknown-unit", "EN-4"),
    (lambda s: Play("ana", _not_held(s)), "skills/card-not-in-hand", "EN-4"),
    (lambda s: Burn("ana", 10_000), "skills/card-not-in-hand", "EN-4"),
    (lambda s: Play("ana", owner_of(s, "cy").hand[0]), "skills/card-not-in-hand", "EN-4"),
    (lambda s: Play("cy", owner_of(s, "cy").hand[0]), "skills/not-your-activation", "SD-8"),
    (lambda s: Discard("cy", owner_of(s, "cy").hand[0]), "skills/not-your-activation", "SD-9"),
    (lambda s: EndActivation("cy"), "skills/not-your-activation", "SD-15"),
    (lambda s: Play("bo", owner_of(s, "bo").hand[0]), "skills/dead-character", "SD-6"),
    (lambda s: Activate("bo"), "skills/dead-character", "SD-6"),
    (lambda s: OpenReactionWindow("bo"), "skills/dead-character", "SD-6"),
    (lambda s: Play("ana", "0"), "skills/malformed", "EN-4"),  # type: ignore[arg-type]
    (lambda s: Play("ana", True), "skills/malformed", "EN-4"),
    (lambda s: Activate(7), "skills/malformed", "EN-4"),  # type: ignore[arg-type]
    (lambda s: PayCost("ana", "attack", (1, 1)), "skills/malformed", "EN-4"),
    (lambda s: PayCost("ana", "attack", "01"), "skills/malformed", "EN-4"),  # type: ignore[arg-type]
    (lambda s: ChangeHandLimit("ana", 1.5), "skills/malformed", "EN-4"),  # type: ignore[arg-type]
    (lambda s: StartTurn("ana"), "skills/malformed", "EN-4"),
]


@pytest.mark.parametrize(("make", "code", "rule"), CASES)
def test_bad_input_has_a_stable_code_and_rule(make: object, code: str, rule: str) -> None:
    """EN-4: unknown player, card not in hand, outside the activation, dead, malformed."""
    state = _activating()
    action: Action = make(state)  # type: ignore[operator]
    saved = to_json(state)
    twin = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        step(state, action)
    assert (caught.value.code, caught.value.rule) == (code, rule)
    assert caught.value.action == action
    assert caught.value.message
    assert to_json(state) == saved
    assert state == twin
    assert check(state, action) == caught.value


def test_non_actions_raise_type_error() -> None:
    """EN-4: something that is not a gamefold Action at all is a TypeError."""
    with pytest.raises(TypeError):
        step(_activating(), "Play ana 3")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check(_activating(), None)  # type: ignore[arg-type]


def test_unknown_or_dead_actors_have_no_legal_actions() -> None:
    """EN-5: legal_actions answers () for an unknown actor and for a dead character."""
    state = _activating()
    assert legal_actions(state, "zed") == ()
    assert legal_actions(state, "bo") == ()
    assert legal_actions(state, "ana")


def test_owner_of_unknown_player_is_a_key_error() -> None:
    """owner_of is a lookup: an unknown id is a KeyError, not an IllegalAction."""
    with pytest.raises(KeyError):
        owner_of(_activating(), "zed")


def test_payment_with_mixed_card_types_is_malformed() -> None:
    """EN-4: cards that cannot even be ordered are rejected as malformed."""
    action = PayCost("ana", "equipment", ("a", 1))  # type: ignore[arg-type]
    problem = check(_activating(), action)
    assert problem is not None
    assert (problem.code, problem.rule) == ("skills/malformed", "EN-4")
