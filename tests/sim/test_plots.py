"""The plot helpers draw what the frames say, on the Agg backend."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import matplotlib

matplotlib.use("Agg")  # before pyplot: no display in tests

import matplotlib.pyplot as plt
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")
from matplotlib.axes import Axes

from gamefold.sim import simulate
from gamefold.sim.plots import game_length, metric_by_round, win_rate


@pytest.fixture(scope="module")
def frames() -> tuple[Any, Any]:
    """Games and trace of 30 scored races, b playing greedy."""
    return simulate(
        "toy-scored", games=30, seed=2, policies={"b": "greedy"}, progress=False, trace=True
    )


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


def _heights(ax: Axes) -> list[float]:
    return [patch.get_height() for patch in ax.patches]


def test_win_rate_draws_one_bar_per_group_at_its_rate(frames: tuple[Any, Any]) -> None:
    games, _ = frames
    ax = win_rate(games)
    expected = games.groupby("player")["winner"].mean()
    assert _heights(ax) == pytest.approx(list(expected))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b"]
    assert ax.get_ylim() == (0, 1)
    by_policy = win_rate(games, by="policy")
    assert [t.get_text() for t in by_policy.get_xticklabels()] == ["greedy", "random"]


def test_helpers_draw_on_the_axes_they_are_given(frames: tuple[Any, Any]) -> None:
    games, trace = frames
    fig, (left, middle, right) = plt.subplots(1, 3)
    assert win_rate(games, ax=left) is left
    assert game_length(games, ax=middle) is middle
    assert metric_by_round(trace, "Added", by="turn", ax=right) is right
    assert len(fig.axes) == 3


def test_game_length_counts_each_game_once(frames: tuple[Any, Any]) -> None:
    games, _ = frames
    ax = game_length(games, bins=5)
    assert sum(_heights(ax)) == 30
    assert ax.get_xlabel() == "steps"


def test_metric_by_round_totals_per_game_then_averages(frames: tuple[Any, Any]) -> None:
    _, trace = frames
    ax = metric_by_round(trace, "Added", by="turn")
    per_turn = trace.groupby(["game", "turn"])["Added"].sum().groupby(level="turn").mean()
    assert _heights(ax) == pytest.approx(list(per_turn))
    assert all(h == 1 for h in _heights(ax))  # one move a turn, every turn
    total = metric_by_round(trace, "Added", stat="sum", by="turn")
    assert sum(_heights(total)) == trace["Added"].sum()


def test_a_missing_column_is_named(frames: tuple[Any, Any]) -> None:
    games, trace = frames
    with pytest.raises(ValueError, match="the frame has no column 'damage'"):
        win_rate(games, column="damage")
    with pytest.raises(ValueError, match="no column 'round'"):
        metric_by_round(trace.drop(columns="round"), "Added")
