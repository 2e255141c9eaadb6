"""The printed summary: per-game facts once, one column per player, fits 100 columns."""

from __future__ import annotations

import pandas as pd
import pytest

from gamefold.sim import simulate, summary_text
from gamefold.sim.summary import game_columns, player_table


@pytest.fixture(scope="module")
def skirmish_frame() -> pd.DataFrame:
    return simulate("skirmish", games=12, seed=4, progress=False)


@pytest.mark.parametrize("game", ["skirmish", "summit"])
def test_every_line_fits_100_columns(game: str) -> None:
    frame = simulate(game, games=6, seed=2, progress=False)
    text = summary_text(frame, game, 2)
    assert max(len(line) for line in text.splitlines()) <= 100


def test_per_game_facts_are_said_once_not_per_player(skirmish_frame: pd.DataFrame) -> None:
    per_game = game_columns(skirmish_frame)
    assert {"finished", "steps", "rounds"} <= set(per_game)
    assert "winner" not in per_game  # the GM and the party differ within a game
    table = player_table(skirmish_frame)
    assert not set(per_game) & set(table.index)
    text = summary_text(skirmish_frame, "skirmish", 4)
    steps = skirmish_frame.drop_duplicates("game")["steps"].mean()
    assert f"{steps:.1f} steps" in text.splitlines()[1]


def test_player_columns_hold_each_players_means(skirmish_frame: pd.DataFrame) -> None:
    table = player_table(skirmish_frame)
    gm = skirmish_frame[skirmish_frame["player"] == "gm"]
    assert table.loc["damage_taken", "gm"] == f"{gm['damage_taken'].mean():.2f}"
    assert table.loc["policy", "ana"] == "random"


def test_a_side_of_several_players_gets_its_mean(skirmish_frame: pd.DataFrame) -> None:
    table = player_table(skirmish_frame)
    party = skirmish_frame[skirmish_frame["side"] == "party"]
    assert table.loc["damage_dealt", "party (all)"] == f"{party['damage_dealt'].mean():.2f}"
    assert "enemies (all)" not in table.columns  # the GM alone is no average


def test_a_mean_over_no_value_is_shown_as_a_dash(skirmish_frame: pd.DataFrame) -> None:
    """The GM never falls in a round (fell_round is empty): a dash, not NaN."""
    table = player_table(skirmish_frame)
    assert skirmish_frame[skirmish_frame["player"] == "gm"]["fell_round"].isna().all()
    assert table.loc["fell_round", "gm"] == "-"
    assert "nan" not in summary_text(skirmish_frame, "skirmish", 4).lower()


def test_the_legend_explains_rates_and_dashes(skirmish_frame: pd.DataFrame) -> None:
    text = summary_text(skirmish_frame, "skirmish", 4, hint="see --wide")
    assert "Means over the 12 games, per player" in text
    assert "rate" in text
    assert text.endswith("see --wide")
