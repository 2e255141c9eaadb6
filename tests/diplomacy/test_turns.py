"""Turn order, turn-start inputs and the pipeline's guard (DP-4, DP-5, DP-12, EN-4)."""

from __future__ import annotations

import attrs
import pytest
from tests.diplomacy.helpers import begin, end, table

from gamefold import Action, EndTurn, IllegalAction, StartRound, StartTurn
from gamefold.diplomacy import (
    BeginTurn,
    BonusZone,
    DiplomacyConfig,
    Discard,
    Kind,
    Propose,
    TurnBegan,
    TurnEnded,
    check,
    reduce,
    step,
)


def test_turns_go_round_the_seats_in_order() -> None:
    state = table()
    order = []
    for _ in range(7):
        state, events = begin(state)
        order.append(events[0])
        state = end(state)
    assert [e.player for e in order] == ["ann", "bob", "cy", "ann", "bob", "cy", "ann"]
    assert [e.turn for e in order] == list(range(1, 8))


def test_dp4_a_plain_start_turn_is_a_turn_start_holding_nothing() -> None:
    state = table()
    plain, events = step(state, StartTurn("ann"))
    assert plain == step(state, BeginTurn("ann"))[0]
    assert events == (TurnBegan("ann", 1),)


def test_dp12_end_turn_opens_the_players_between_turn_window() -> None:
    state, _ = begin(table())
    state, events = step(state, EndTurn("ann"))
    assert events == (TurnEnded("ann"),)
    assert state.active is None
    assert state.players[0].between_turns


@pytest.mark.parametrize(
    ("action", "code", "rule"),
    [
        (BeginTurn("bob"), "diplomacy/not-your-turn", "DP-4"),
        (BeginTurn("zed"), "diplomacy/unknown-player", "EN-4"),
        (BeginTurn("ann", zones=("atlantis",)), "diplomacy/unknown-zone", "DP-5"),
        (EndTurn("ann"), "diplomacy/not-your-turn", "DP-12"),
    ],
)
def test_turn_lifecycle_out_of_order_is_refused(action: Action, code: str, rule: str) -> None:
    problem = check(table(), action)
    assert problem is not None
    assert (problem.code, problem.rule) == (code, rule)


def test_a_turn_cannot_begin_while_another_is_under_way() -> None:
    state, _ = begin(table())
    with pytest.raises(IllegalAction) as err:
        step(state, BeginTurn("bob"))
    assert err.value.code == "diplomacy/not-your-turn"
    with pytest.raises(IllegalAction):
        step(state, EndTurn("bob"))


@attrs.frozen
class Foreign(Action):
    player: str


@pytest.mark.parametrize(
    "action",
    [
        StartRound(),
        Foreign("ann"),
        BeginTurn("ann", territories=-1),
        BeginTurn("ann", territories=True),  # type: ignore[arg-type]
        BeginTurn("ann", zones=["hill"]),  # type: ignore[arg-type]
        BeginTurn("ann", zones=(3,)),  # type: ignore[arg-type]
        Discard("ann", -1),
        Discard("ann", 1.0),  # type: ignore[arg-type]
        Discard(3, 1),  # type: ignore[arg-type]
        Propose("ann", "bob", 0, [1]),  # type: ignore[arg-type]
    ],
)
def test_en4_a_malformed_action_is_refused_before_anything_happens(action: Action) -> None:
    state = table(DiplomacyConfig(bonus_zones={"hill": BonusZone(Kind.VALUE, 4)}))
    problem = check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule) == ("diplomacy/malformed", "EN-4")
    with pytest.raises(IllegalAction) as err:
        step(state, action)
    assert err.value == problem


def test_en4_a_non_action_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        step(table(), "BeginTurn ann")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check(table(), None)  # type: ignore[arg-type]


def test_reduce_is_steps_state_and_check_is_none_for_a_legal_action() -> None:
    state = table()
    assert check(state, BeginTurn("ann", 4)) is None
    assert reduce(state, BeginTurn("ann", 4)) == step(state, BeginTurn("ann", 4))[0]


def test_dp5_a_zone_named_twice_is_refused_as_malformed() -> None:
    config = DiplomacyConfig(bonus_zones={"hill": BonusZone(Kind.VALUE, 4)})
    problem = check(table(config), BeginTurn("ann", zones=("hill", "hill")))
    assert problem is not None
    assert problem.code == "diplomacy/malformed"
