"""compare, sequential stopping and tournaments on real games: what a user relies on."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import distributed
import pandas as pd
import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")
from tests.sim.test_dask import client  # noqa: F401  (the local cluster fixture)

from gamefold.games import get_game
from gamefold.sim import SPRT, Arm, Metric, compare, difference, seat_fairness, simulate
from gamefold.sim import tournament as play_tournament

OPTIONS: dict[str, Any] = {"games": 60, "seed": 3, "progress": False}


def test_both_arms_play_the_same_seeds_and_the_interval_is_the_paired_one() -> None:
    found = compare("toy-scored", Arm(policies="random"), Arm(policies={"a": "greedy"}), **OPTIONS)
    assert (found.per_game["seed_a"] == found.per_game["seed_b"]).all()
    assert found.metric == Metric("winner", "a")  # the first seat: toy-scored has no sides
    values = found.per_game
    assert found.difference == difference(values["a"], values["b"], paired=True)
    assert found.difference.n == 60
    assert set(found.games["arm"]) == {"A", "B"}
    assert len(found.games) == 2 * 60 * 2  # both arms, every game, both players


def test_unpaired_arms_play_other_seeds_and_get_newcombes_interval() -> None:
    found = compare("toy-scored", None, Arm(policies={"a": "greedy"}), paired=False, **OPTIONS)
    assert (found.per_game["seed_a"] != found.per_game["seed_b"]).all()
    assert found.difference.method == "Newcombe's hybrid score interval"


def test_a_greedy_player_wins_more_and_the_conclusion_says_so_with_the_interval() -> None:
    found = compare("toy-scored", None, Arm(policies={"a": "greedy"}), **OPTIONS)
    assert found.difference.interval.low > 0
    sentence = found.conclusion()
    low, high = found.difference.interval.low, found.difference.interval.high
    assert f"95% interval {low:+.3f} to {high:+.3f}" in sentence
    assert sentence.startswith("winner of a is higher with B (policies a=greedy)")
    assert max(len(line) for line in str(found).splitlines()) <= 100


def test_variants_are_arms_and_labelled_by_their_changed_paths() -> None:
    game = get_game("toy-scored")()
    found = compare(game, None, {"target": 12}, metric="steps", **OPTIONS)
    assert found.labels == ("toy-scored as is", "target=12")
    assert not found.difference.binary
    assert found.difference.method == "paired t interval of the per-seed differences"
    longer = simulate(game.variant(target=12), **OPTIONS).drop_duplicates("game")
    assert found.difference.b.value == pytest.approx(longer["steps"].mean())


def test_a_skirmish_variant_compares_the_party_with_its_own_deck() -> None:
    found = compare("skirmish", None, {"skills.hand_limit": 6}, games=3, seed=1, progress=False)
    assert found.metric == Metric("winner", "party")
    b_game = found.games[found.games["arm"] == "B"]
    assert len(b_game) == 3 * 4
    assert found.labels[1] == "skills.hand_limit=6"


def test_the_same_seed_gives_the_same_comparison_on_worker_processes() -> None:
    arms = (None, Arm(policies={"a": "greedy"}))
    serial = compare("toy-scored", *arms, **OPTIONS)
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        spread = compare("toy-scored", *arms, executor=pool, batch_size=7, **OPTIONS)
    assert spread.difference == serial.difference
    pd.testing.assert_frame_equal(spread.per_game, serial.per_game)


def test_the_same_seed_gives_the_same_comparison_and_tournament_on_dask(
    client: distributed.Client,  # noqa: F811
) -> None:
    arms = (None, Arm(policies={"a": "greedy"}))
    test = SPRT(h1=0.3, step=10)
    serial = compare("toy-scored", *arms, sequential=test, **OPTIONS)
    spread = compare(
        "toy-scored", *arms, sequential=test, executor=client.get_executor(), **OPTIONS
    )
    assert spread.difference == serial.difference
    assert spread.decision == serial.decision
    entrants = {"rnd": "random", "greedy": "greedy"}
    here = play_tournament("toy-scored", entrants, games=20, seed=2, progress=False)
    there = play_tournament(
        "toy-scored", entrants, games=20, seed=2, progress=False, executor=client.get_executor()
    )
    pd.testing.assert_frame_equal(here.leaderboard, there.leaderboard)


def test_a_sequential_comparison_stops_once_decided_and_is_a_prefix_of_the_full_one() -> None:
    arms = (None, Arm(policies={"a": "greedy"}))
    found = compare(
        "toy-scored", *arms, sequential=SPRT(h1=0.2, step=10), games=200, seed=3, progress=False
    )
    assert found.decision is not None
    assert found.decision.verdict == "H1"
    assert found.decision.games < 200
    assert found.difference.n == found.decision.games
    full = compare("toy-scored", *arms, games=found.decision.games, seed=3, progress=False)
    assert full.difference == found.difference
    assert f"after {found.decision.games} games" in found.conclusion()


def test_bad_metrics_and_arms_are_refused_with_what_exists() -> None:
    with pytest.raises(ValueError, match="no column 'wins'; they have"):
        compare("toy-scored", metric="wins", **OPTIONS)
    with pytest.raises(ValueError, match="no player or side 'c'; players: a, b"):
        compare("toy-scored", of="c", **OPTIONS)
    with pytest.raises(ValueError, match="games is a whole number >= 2"):
        compare("toy-scored", games=1)


def test_a_tournament_rotates_seats_and_rates_entrants_with_openskill() -> None:
    from openskill.models import PlackettLuce

    cup = play_tournament(
        "toy-scored", {"rnd": "random", "greedy": "greedy"}, games=20, seed=2, progress=False
    )
    rows = cup.games
    assert len(rows) == 20 * 2  # one row per game and seat
    seats = rows.groupby(["entrant", "player"]).size()
    assert (seats == 10).all()  # every entrant held every seat equally often
    assert list(cup.leaderboard.index) == ["greedy", "rnd"]
    assert (cup.leaderboard["games"] == 20).all()
    # The ratings are openskill's, fed game by game in game order.
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in ("rnd", "greedy")}
    for _, game in rows.groupby("game", sort=True):
        order = list(game["entrant"])
        ranks = [0 if won else 1 for won in game["winner"]]
        if len(set(ranks)) == 1:
            ranks = [0, 0]
        rated = model.rate([[ratings[e]] for e in order], ranks=ranks)
        ratings = {e: r[0] for e, r in zip(order, rated, strict=True)}
    assert cup.leaderboard.loc["greedy", "mu"] == pytest.approx(ratings["greedy"].mu)
    assert cup.leaderboard.loc["rnd", "sigma"] == pytest.approx(ratings["rnd"].sigma)
    assert "ordinal = mu - 3 sigma" in cup.table()
    assert max(len(line) for line in cup.table().splitlines()) <= 100


def test_a_skirmish_tournament_rotates_the_sides() -> None:
    cup = play_tournament(
        "skirmish", {"rnd": "random", "greedy": "greedy"}, games=2, seed=1, progress=False
    )
    sides = cup.games.groupby(["game", "competitor"])["entrant"].unique()
    assert {tuple(v) for v in sides} == {("rnd",), ("greedy",)}
    assert sides.loc[(0, "party")][0] != sides.loc[(1, "party")][0]


def test_seat_fairness_counts_games_and_tests_with_cochrans_q() -> None:
    from statsmodels.stats.contingency_tables import cochrans_q

    frame = simulate("toy-scored", **OPTIONS)
    fair = seat_fairness(frame)
    wins = frame.pivot(index="game", columns="player", values="winner").astype(int)
    assert fair.rates["a"].value == pytest.approx(wins["a"].mean())
    assert fair.rates["a"].n == 60
    found = cochrans_q(wins[["a", "b"]].to_numpy())
    assert fair.statistic == pytest.approx(found.statistic)
    assert fair.pvalue == pytest.approx(found.pvalue)
    assert f"p = {found.pvalue:.2g}" in fair.verdict()


def test_compare_plays_arms_that_differ_only_in_policies_or_only_in_config() -> None:
    """The refusal is no more than it says: one change, of either kind, is a comparison."""
    for a, b in ((None, Arm(policies={"a": "greedy"})), (None, {"target": 12})):
        found = compare("toy-scored", a, b, games=4, seed=1, progress=False)
        assert found.difference.n == 4


def test_a_difference_of_numbers_from_too_few_pairs_says_so() -> None:
    """Four pairs of games are too few for the paired t interval to hold its 95%: the
    table ends with the note and the conclusion carries it."""
    found = compare("toy-scored", None, {"target": 12}, metric="steps", games=4, progress=False)
    note = found.difference.note
    assert note.endswith("too few for a t interval to hold its 95%")
    assert "Note: B - A: only" in found.table()
    assert found.conclusion().endswith(f" But {note}.")
