"""The printed summary: per-game facts once, one column per player, fits 100 columns."""

from __future__ import annotations

import pandas as pd
import pytest

from gamefold.sim import simulate, summary_text
from gamefold.sim.stats import mean_interval
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
    steps = skirmish_frame.drop_duplicates("game")["steps"]
    found = mean_interval(steps.to_numpy())
    assert text.splitlines()[1] == "a game on average (95% t intervals over the 12 games):"
    facts = text.splitlines()[2]
    assert f"{steps.mean():.1f} steps [{found.low:.1f}, {found.high:.1f}]" in facts


def test_a_game_without_turns_reports_none(skirmish_frame: pd.DataFrame) -> None:
    """Skirmish's clock never starts a turn: no "0.0 turns", no turns anywhere."""
    assert (skirmish_frame["turns"] == 0).all()
    facts = summary_text(skirmish_frame, "skirmish", 4).split("\n\n")[0]
    assert "rounds" in facts
    assert "turns" not in facts


def test_every_mean_has_its_interval_with_its_method(skirmish_frame: pd.DataFrame) -> None:
    """A count's mean (hp, damage_dealt …) has a 95% row: the t interval over the player's
    games (SciPy's), named in the legend beside Clopper-Pearson's for the rates."""
    from scipy import stats

    table = player_table(skirmish_frame)
    ana = skirmish_frame[skirmish_frame["player"] == "ana"]["damage_dealt"].astype(float)
    found = stats.ttest_1samp(ana, 0.0).confidence_interval(0.95)
    assert table.loc["damage_dealt 95%", "ana"] == f"[{found.low:.2f},{found.high:.2f}]"
    numbers = [r for r in table.index if r != "policy" and not r.endswith((" 95%", " games"))]
    assert all(f"{name} 95%" in table.index for name in numbers)
    text = summary_text(skirmish_frame, "skirmish", 4)
    assert "the Clopper-Pearson exact" in text
    assert "t interval of the mean" in text


def test_a_mean_over_some_games_states_how_many(skirmish_frame: pd.DataFrame) -> None:
    """fell_round exists only in the games where the player fell: its mean is over those
    games, and a ``games`` row says how many."""
    table = player_table(skirmish_frame)
    for player in ("ana", "bo", "cy", "gm"):
        rows = skirmish_frame[skirmish_frame["player"] == player]["fell_round"]
        assert table.loc["fell_round games", player] == str(rows.notna().sum())
        if rows.notna().any():
            assert table.loc["fell_round", player] == f"{rows.mean():.2f}"
    assert "hp games" not in table.index  # every game has a value: all the games
    assert "the games in which" in summary_text(skirmish_frame, "skirmish", 4)


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


def test_an_interval_from_too_few_differing_games_is_starred(
    skirmish_frame: pd.DataFrame,
) -> None:
    """Twelve games leave fewer than 10 of a count off its most common value, where the t
    interval cannot hold its 95%: the cell is starred and the legend says why."""
    from gamefold.sim.stats import mean_interval

    table = player_table(skirmish_frame)
    ana = skirmish_frame[skirmish_frame["player"] == "ana"]["damage_dealt"].astype(float)
    starred = table.loc["damage_dealt 95%", "ana"].endswith("*")
    assert starred == bool(mean_interval(ana.to_numpy()).note)
    text = summary_text(skirmish_frame, "skirmish", 4)
    assert ("*" in "".join(table.to_numpy().ravel())) == ("*: fewer than 10 games" in text)
    assert "*: fewer than 10 games differ from the most common value," in text
