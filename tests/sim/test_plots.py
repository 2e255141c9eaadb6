"""The plot helpers draw what the frames say, on the Agg backend."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import matplotlib

matplotlib.use("Agg")  # before pyplot: no display in tests

import matplotlib.pyplot as plt
import pandas as pd
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")
from matplotlib.axes import Axes

from gamefold.sim import simulate
from gamefold.sim.plots import (
    differences,
    game_length,
    measures,
    metric_by_round,
    standings,
    win_rate,
)


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


def _team_frame(games: int) -> pd.DataFrame:
    """A party of three who win or lose together (every other game), and a GM."""
    rows = []
    for game in range(games):
        won = game % 2 == 0
        rows += [{"game": game, "player": p, "policy": "team", "winner": won} for p in "xyz"]
        rows.append({"game": game, "player": "gm", "policy": "gm", "winner": not won})
    return pd.DataFrame(rows)


def _error_bars(ax: Axes) -> list[float]:
    from matplotlib.container import ErrorbarContainer

    container = next(c for c in ax.containers if isinstance(c, ErrorbarContainer))
    segments = container.lines[2][0].get_segments()
    return [end for seg in segments for end in (seg[0][1], seg[1][1])]


def test_win_rate_error_bars_are_95_exact_intervals_over_games_not_teammates() -> None:
    """Three teammates of one game are one observation: the bars are the Clopper-Pearson 95%
    interval of 8 wins in 16 games (statsmodels), and the axis label says so."""
    from statsmodels.stats.proportion import proportion_confint

    ax = win_rate(_team_frame(16), by="policy")
    assert _heights(ax) == pytest.approx([0.5, 0.5])
    low, high = proportion_confint(8, 16, alpha=0.05, method="beta")
    assert _error_bars(ax) == pytest.approx([low, high] * 2)
    assert " ".join(ax.get_ylabel().split()) == (
        "winner rate (bars: 95% interval, Clopper-Pearson exact interval)"
    )


def test_titles_name_the_game_and_the_number_of_games(frames: tuple[Any, Any]) -> None:
    games, trace = frames
    assert win_rate(games).get_title() == "winner rate by player: toy-scored, 30 games"
    assert game_length(games).get_title() == "game length (steps): toy-scored, 30 games"
    assert "toy-scored, 30 games" in metric_by_round(trace, "Added", by="turn").get_title()


def test_game_length_puts_whole_numbers_in_whole_number_bins(frames: tuple[Any, Any]) -> None:
    """Turns take few values: one bar per value, centred on it, none empty between."""
    games, _ = frames
    ax = game_length(games, column="turns")
    turns = games.drop_duplicates("game")["turns"]
    lefts = [patch.get_x() for patch in ax.patches]
    assert lefts == [t - 0.5 for t in range(turns.min(), turns.max() + 1)]
    counts = turns.value_counts()
    assert _heights(ax) == [counts.get(t, 0) for t in range(turns.min(), turns.max() + 1)]


def _trace(reach: dict[int, int]) -> pd.DataFrame:
    """One CardsDrawn a round; game ``g`` reaches round ``reach[g]`` (round 0: the setup)."""
    rows = [{"game": g, "round": 0, "CardsDrawn": 0} for g in reach]
    rows += [
        {"game": g, "round": r, "CardsDrawn": 1}
        for g, last in reach.items()
        for r in range(1, last + 1)
    ]
    return pd.DataFrame(rows)


def test_metric_by_round_leaves_out_round_0_and_rounds_few_games_reached() -> None:
    reach = dict.fromkeys(range(40), 2) | {0: 6}  # game 0 alone plays rounds 3 to 6
    ax = metric_by_round(_trace(reach), "CardsDrawn")
    assert [patch.get_x() + patch.get_width() / 2 for patch in ax.patches] == [1, 2]
    everything = metric_by_round(_trace(reach), "CardsDrawn", min_games=1)
    assert len(everything.patches) == 6


def _outside(fig: Any) -> list[str]:
    """The texts of ``fig`` (titles, labels, tick labels) that run off it."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    texts = [fig._suptitle] if fig._suptitle is not None else []
    for ax in fig.axes:
        texts += [ax.title, ax.xaxis.label, ax.yaxis.label]
        for axis, (low, high) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            low, high = min(low, high), max(low, high)
            shown = zip(axis.get_ticklocs(), axis.get_ticklabels(), strict=True)
            texts += [label for at, label in shown if low <= at <= high]  # drawn ones only
    off = []
    for text in texts:
        if not text.get_text() or not text.get_visible():
            continue
        extent = text.get_window_extent(renderer)
        inside = (
            extent.x0 >= box.x0 - 1
            and extent.y0 >= box.y0 - 1
            and extent.x1 <= box.x1 + 1
            and extent.y1 <= box.y1 + 1
        )
        if not inside:
            off.append(text.get_text())
    return off


def test_win_rates_label_names_its_interval_and_fits(frames: tuple[Any, Any]) -> None:
    games, _ = frames
    ax = win_rate(games)
    label = " ".join(ax.get_ylabel().split())
    assert "95% interval" in label
    assert "Clopper-Pearson exact interval" in label
    assert _outside(ax.figure) == []


def test_measures_draws_a_panel_per_measure_each_on_its_scale() -> None:
    frame = simulate("skirmish", games=8, seed=2, max_steps=600, progress=False)
    columns = ["winner", "hp", "damage_dealt", "fatigue", "fell_round", "cards_played"]
    panels = measures(frame, columns)
    assert len(panels) == 6
    assert len({id(ax) for ax in panels}) == 6
    fig = panels[0].figure
    assert _outside(fig) == []
    # each panel's points are that measure's per-player means, on its own scale
    hp = panels[1].lines[0].get_ydata()
    assert list(hp) == pytest.approx(list(frame.groupby("player")["hp"].mean()))
    assert panels[1].get_ylim() != panels[0].get_ylim()
    fell = frame.dropna(subset=["fell_round"])["game"].nunique()
    if fell < 8:
        assert f"over the {fell} games" in " ".join(panels[4].get_title().split())


def test_differences_draws_each_metric_in_its_own_panel() -> None:
    from gamefold.sim import compare

    arms = (None, {"skills.hand_limit": 6})
    options: dict[str, Any] = {"games": 6, "seed": 1, "max_steps": 600, "progress": False}
    won = compare("skirmish", *arms, **options)
    dealt = compare("skirmish", *arms, metric="damage_dealt", **options)
    panels = differences([won, dealt])
    assert len(panels) == 2
    for ax, found in zip(panels, (won, dealt), strict=True):
        (line,) = ax.lines[:1]
        assert list(line.get_xdata()) == pytest.approx([found.difference.value])
        label = " ".join(ax.get_xlabel().split())
        assert found.difference.method in label
        assert "95% interval" in label
        assert any(rule.get_xdata()[0] == 0 for rule in ax.lines[1:])  # no difference's line
    assert _outside(panels[0].figure) == []
    assert len(differences(won)) == 1


def test_standings_charts_a_tournaments_table() -> None:
    from gamefold.sim import tournament

    cup = tournament(
        "toy-scored", {"rnd": "random", "greedy": "greedy"}, games=10, seed=2, progress=False
    )
    ax = standings(cup)
    widths = [patch.get_width() for patch in ax.patches]
    assert widths == pytest.approx(list(cup.leaderboard["share"]))
    labels = ax.get_yticklabels()
    ticks = sorted(((t.get_position()[1], t.get_text()) for t in labels), reverse=True)
    assert [text.split("\n")[0] for _, text in ticks] == list(cup.leaderboard.index)  # best on top
    assert "win share per game" in " ".join(ax.get_xlabel().split())
    assert _outside(ax.figure) == []


def test_differences_takes_named_differences_of_one_comparisons_games() -> None:
    from gamefold.sim import Metric, compare, difference

    found = compare("toy-scored", None, {"target": 8}, games=12, seed=1, progress=False)
    arms = [found.games[found.games["arm"] == arm] for arm in ("A", "B")]
    named = {}
    for column in ("score", "moves"):
        metric = Metric(column, of="a")
        named[metric.label()] = difference(*(metric.values(arm) for arm in arms))
    panels = differences(named)
    assert [ax.get_title() for ax in panels] == ["score of a", "moves of a"]
    for ax, one in zip(panels, named.values(), strict=True):
        assert list(ax.lines[0].get_xdata()) == pytest.approx([one.value])
    assert _outside(panels[0].figure) == []
