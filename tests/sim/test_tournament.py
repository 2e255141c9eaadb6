"""A tournament's leaderboard: each entrant's win share per game, its denominator and its
interval, and the ratings with their uncertainty."""

from __future__ import annotations

import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold import ConfigError
from gamefold.sim import tournament
from gamefold.sim.tournament import Tournament

ENTRANTS = {"rnd": "random", "greedy": "greedy"}


@pytest.fixture(scope="module")
def summit_cup() -> Tournament:
    return tournament("summit", ENTRANTS, games=6, seed=1, max_steps=400, progress=False)


def test_an_entrant_holding_two_seats_wins_a_whole_game(summit_cup: Tournament) -> None:
    """Two entrants in four seats: an entrant whose seat won has won the game (share 1),
    not half of it; the shares of a game add up to one when anyone won."""
    games = summit_cup.games
    won = games.groupby(["game", "entrant"])["winner"].any().unstack()
    winners = won.sum(axis=1)
    assert (winners >= 1).all()
    expected = (won.astype(float).div(winners, axis=0)).mean()
    board = summit_cup.leaderboard
    for name in ENTRANTS:
        assert board.loc[name, "share"] == pytest.approx(expected[name])
        assert board.loc[name, "wins"] == pytest.approx(board.loc[name, "share"] * 6)
        assert board.loc[name, "games"] == 6
    assert board["share"].sum() == pytest.approx(1.0)


def test_the_share_has_its_interval_and_the_rating_its_uncertainty(summit_cup: Tournament) -> None:
    from statsmodels.stats.proportion import proportion_confint

    board = summit_cup.leaderboard
    for name in ENTRANTS:
        row = board.loc[name]
        if row["method"] == "Clopper-Pearson exact interval":
            low, high = proportion_confint(round(row["wins"]), row["games"], method="beta")
            assert (row["low"], row["high"]) == pytest.approx((low, high))
        assert row["low"] <= row["share"] <= row["high"]
        assert row["mu_low"] == pytest.approx(row["mu"] - 1.959964 * row["sigma"])
        assert row["mu_high"] == pytest.approx(row["mu"] + 1.959964 * row["sigma"])
    text = summit_cup.table()
    assert "Clopper-Pearson exact interval" in text
    assert "share: wins / games" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_a_side_of_several_players_wins_once_a_game() -> None:
    """Skirmish's party is three players who win together: one win, not three."""
    cup = tournament("skirmish", ENTRANTS, games=4, seed=1, max_steps=600, progress=False)
    board = cup.leaderboard
    assert board["share"].between(0, 1).all()
    sides = cup.games.groupby(["game", "competitor", "entrant"])["winner"].any()
    wins = sides.groupby(level="entrant").sum()
    for name in ENTRANTS:
        assert board.loc[name, "wins"] == pytest.approx(wins[name])


def test_a_number_column_reports_a_mean_with_its_t_interval() -> None:
    cup = tournament("toy-scored", ENTRANTS, games=10, seed=2, column="score", progress=False)
    board = cup.leaderboard
    assert "share" not in board
    assert cup.measure == "mean"
    means = cup.games.groupby("entrant")["score"].mean()
    for name in ENTRANTS:
        assert board.loc[name, "mean"] == pytest.approx(means[name])
    assert set(board["method"]) <= {"t interval of the mean"}


@pytest.mark.parametrize("games", [0, -3, True])
def test_a_tournament_of_no_games_is_refused_up_front(games: object) -> None:
    with pytest.raises(ConfigError, match="games") as found:
        tournament("toy-scored", ENTRANTS, games=games, progress=False)  # type: ignore[arg-type]
    assert found.value.field == "games"


def test_an_interval_from_too_few_differing_games_is_starred_with_its_note() -> None:
    """Four games are too few for a t interval to hold its 95%: each entrant's note says
    so, and the leaderboard stars its interval and says what the star means."""
    cup = tournament("toy-scored", ENTRANTS, games=4, seed=2, column="score", progress=False)
    assert all(cup.leaderboard["note"].str.contains("too few for a t interval"))
    table = cup.table()
    assert table.count("]*") == len(ENTRANTS)
    assert "*: too few of its games differ for the t interval to hold its 95%" in table
