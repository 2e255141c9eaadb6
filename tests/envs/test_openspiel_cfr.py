"""OpenSpiel's CFR on the skirmish duel: its NashConv (what best responses gain over the
policy, summed over the players; OpenSpiel's ``exploitability`` module) falls, and
docs/envs.md shows it. The game is general-sum (win shares), so NashConv rather than
``exploitability.exploitability``, which takes constant-sum games only."""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest
from open_spiel.python.algorithms import cfr, exploitability

from gamefold.envs import openspiel_game
from gamefold.games.skirmish import Skirmish
from gamefold.games.skirmish.config import scenario

PAGE = Path(__file__).resolve().parents[2] / "docs" / "envs.md"
CHECKPOINTS = (1, 2, 4, 8, 16)
"""The iterations after which the docs give CFR's NashConv."""


@functools.cache
def nash_convs() -> tuple[tuple[int, float], ...]:
    """The NashConv of CFR's average policy on the duel (two seeds) after each of
    :data:`CHECKPOINTS`, after the uniform policy's (iteration 0)."""
    game = openspiel_game(Skirmish(scenario("duel")), seeds=2)
    solver = cfr.CFRSolver(game)
    found = [(0, exploitability.nash_conv(game, solver.average_policy()))]
    for iteration in range(1, CHECKPOINTS[-1] + 1):
        solver.evaluate_and_update_policy()
        if iteration in CHECKPOINTS:
            found.append((iteration, exploitability.nash_conv(game, solver.average_policy())))
    return tuple(found)


def table() -> str:
    """The page's table of :func:`nash_convs`."""
    rows = [f"| {n} | {value:.5f} |" for n, value in nash_convs()]
    return "\n".join(["| CFR iterations | NashConv |", "|---|---|", *rows])


def test_cfr_nash_conv_falls_well_below_the_uniform_policys() -> None:
    """After the first iteration (whose average policy is the uniform one), every doubling
    of the iterations lowers the NashConv, and 16 leave less than a tenth of it."""
    found = dict(nash_convs())
    uniform = found[0]
    assert uniform > 0.0
    assert found[1] == pytest.approx(uniform)
    later = [found[n] for n in CHECKPOINTS]
    assert all(b < a for a, b in itertools.pairwise(later))
    assert found[CHECKPOINTS[-1]] < uniform / 10


def tree() -> tuple[int, int]:
    """The duel's states (two seeds) and the information states of its decisions."""
    game = openspiel_game(Skirmish(scenario("duel")), seeds=2)
    states, infos, stack = 0, set(), [game.new_initial_state()]
    while stack:
        state = stack.pop()
        states += 1
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            infos.add((state.current_player(), state.information_state_string()))
        stack.extend(state.child(action) for action in state.legal_actions())
    return states, len(infos)


def test_the_page_shows_the_figures_the_code_computes() -> None:
    """docs/envs.md's table is what :func:`nash_convs` computes, figure for figure, and its
    tree the one the duel has."""
    page = PAGE.read_text(encoding="utf-8")
    assert table() in page, table()
    states, infos = tree()
    told = f"its tree has {states:,} states and {infos} information states"
    assert told in " ".join(page.split()), told
