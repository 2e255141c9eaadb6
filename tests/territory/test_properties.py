"""Properties of the standalone territory slice under any legal play (TR-3 … TR-5, EN-2,
EN-3, EN-8): troops are conserved but for those a battle reports fallen, inputs are never
modified, the same actions give the same states, and every state round-trips through JSON.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold import Action, EndTurn, StartTurn, replace
from gamefold.record import from_json, to_json
from gamefold.territory import (
    INVARIANTS,
    Atlas,
    BattleFought,
    Board,
    TerritoryState,
    TrapSprung,
    initial_state,
    legal_actions,
    step,
)

PLAYERS = ("p1", "p2", "p3")


def _troops(board: TerritoryState[Any]) -> int:
    return sum(board.garrisons) + sum(r.troops for r in board.realms)


def _start(seed: int, reserve: int) -> TerritoryState[Atlas]:
    board = initial_state(Atlas(), PLAYERS, seed=seed)
    return replace(board, realms=tuple(replace(r, troops=reserve) for r in board.realms))


@st.composite
def plays(
    draw: st.DrawFn,
) -> tuple[TerritoryState[Atlas], list[TerritoryState[Atlas]], list[Action]]:
    """A board, then each state and action of up to 40 legal steps, turns passing."""
    board = _start(draw(st.integers(0, 2**32)), draw(st.integers(0, 12)))
    states, actions = [board], []
    seat = 0
    board, _ = step(board, StartTurn(PLAYERS[seat]))
    for _ in range(draw(st.integers(0, 40))):
        player = PLAYERS[seat]
        options = legal_actions(board, player)
        if not options or draw(st.integers(0, 5)) == 0:
            action: Action = EndTurn(player)
        else:
            action = draw(st.sampled_from(options))
        states.append(board)
        actions.append(action)
        board, _ = step(board, action)
        if isinstance(action, EndTurn):
            seat = (seat + 1) % len(PLAYERS)
            board, _ = step(board, StartTurn(PLAYERS[seat]))
    return board, states, actions


@settings(max_examples=60, deadline=None)
@given(plays())
def test_tr5_troops_are_conserved_but_for_the_fallen_and_inputs_never_change(
    play: tuple[TerritoryState[Atlas], list[TerritoryState[Atlas]], list[Action]],
) -> None:
    _, states, actions = play
    for board, action in zip(states[1:], actions, strict=True):
        before = copy.deepcopy(board)
        after, events = step(board, action)
        assert board == before  # EN-2: the input is untouched
        fallen = sum(e.lost + e.killed for e in events if isinstance(e, BattleFought))
        fallen += sum(e.killed for e in events if isinstance(e, TrapSprung))
        assert _troops(after) == _troops(board) - fallen
        for invariant in INVARIANTS:
            assert list(invariant(after)) == [], invariant.__name__


@settings(max_examples=30, deadline=None)
@given(plays())
def test_en3_the_same_actions_give_the_same_states(
    play: tuple[TerritoryState[Atlas], list[TerritoryState[Atlas]], list[Action]],
) -> None:
    _, states, actions = play
    for board, action in zip(states[1:], actions, strict=True):
        assert step(board, action) == step(copy.deepcopy(board), action)


@settings(max_examples=30, deadline=None)
@given(plays())
def test_en8_every_state_round_trips_through_json(
    play: tuple[TerritoryState[Atlas], list[TerritoryState[Atlas]], list[Action]],
) -> None:
    final, states, _ = play
    for board in (*states, final):
        text = to_json(board)
        back = from_json(text, Board)
        assert back == board
        assert to_json(back) == text
