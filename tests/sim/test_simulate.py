"""simulate(): seeds, batching, executors, the step cap, policies by name, progress, trace."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pandas as pd
import pytest
from tests.core.toy import RaceConfig
from tests.sim.scored import ScoredRace, biggest

from gamefold import Rng
from gamefold.games import play
from gamefold.registry import Game
from gamefold.sim import (
    GAME_COLUMNS,
    TRACE_COLUMNS,
    game_seed,
    game_seeds,
    policy_names,
    resolve_policy,
    simulate,
    summarize,
)
from gamefold.sim.batching import progress_enabled

GAMES = 60


def quiet(**kwargs: Any) -> Any:
    """A simulation of the scored race, seed 11, without a progress bar."""
    return simulate("toy-scored", **{"games": GAMES, "seed": 11, "progress": False, **kwargs})


def test_one_row_per_game_and_player_with_the_outcome_columns() -> None:
    frame = quiet()
    assert list(frame.columns) == [*GAME_COLUMNS, "score", "winner", "moves"]
    assert len(frame) == 2 * GAMES
    assert list(frame["game"]) == [i for i in range(GAMES) for _ in "ab"]
    assert list(frame["player"]) == ["a", "b"] * GAMES
    assert frame["finished"].all()
    assert (frame.groupby("game")["winner"].sum() == 1).all()


def test_each_game_is_played_from_its_derived_seed() -> None:
    frame = quiet(games=5)
    seeds = game_seeds(11, 0, 5)
    assert list(frame["seed"].iloc[::2]) == seeds == [game_seed(11, i) for i in range(5)]
    assert len(set(seeds)) == 5
    assert seeds[0] == Rng.from_seed(11).split("game:0").state & (2**63 - 1)
    third = play(ScoredRace(), seeds[3])
    row = frame[(frame["game"] == 3) & (frame["player"] == "a")].iloc[0]
    assert row["steps"] == len(third.actions)
    assert row["score"] == third.final["a"].value


def test_the_same_seed_gives_the_same_frame_whatever_the_batch_size() -> None:
    serial = quiet()
    for size in (1, 7, GAMES, 1000):
        pd.testing.assert_frame_equal(quiet(batch_size=size), serial)
    assert not quiet(seed=12).equals(serial)


def test_a_longer_simulation_extends_a_shorter_one() -> None:
    short, longer = quiet(games=10), quiet(games=25)
    pd.testing.assert_frame_equal(longer.iloc[:20], short)


def test_a_process_pool_gives_the_same_frame_as_serial() -> None:
    serial = quiet(trace=True)
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        pooled = quiet(trace=True, executor=pool, batch_size=7)
    pd.testing.assert_frame_equal(pooled[0], serial[0])
    pd.testing.assert_frame_equal(pooled[1], serial[1])


def test_a_game_definition_or_its_name() -> None:
    by_name = quiet(games=10)
    frame = simulate(ScoredRace(RaceConfig(target=10)), games=10, seed=11, progress=False)
    pd.testing.assert_frame_equal(frame, by_name)
    longer = simulate(ScoredRace(RaceConfig(target=30)), games=10, seed=11, progress=False)
    assert longer["steps"].mean() > by_name["steps"].mean()


def test_the_step_cap_stops_a_game_and_says_so() -> None:
    frame = simulate(
        ScoredRace(RaceConfig(target=1000)), games=4, seed=3, max_steps=9, progress=False
    )
    assert list(frame["steps"]) == [9] * 8
    assert not frame["finished"].any()
    assert not frame["winner"].any()


def test_policies_by_name_and_as_functions() -> None:
    assert policy_names(ScoredRace()) == ("greedy", "random")
    frame = quiet(policies={"a": "greedy"})
    assert list(frame["policy"]) == ["greedy", "random"] * GAMES
    a_rows = frame[frame["player"] == "a"]
    assert a_rows["winner"].all()  # a moves first and needs only 4 greedy moves
    assert (a_rows["moves"] == 4).all()
    by_function = quiet(policies={"a": biggest})
    assert list(by_function["policy"].iloc[:2]) == ["biggest", "random"]
    pd.testing.assert_frame_equal(by_function.drop(columns="policy"), frame.drop(columns="policy"))
    everyone = quiet(policies="greedy")
    assert (everyone["policy"] == "greedy").all()
    assert everyone["steps"].nunique() == 1


def test_unknown_policies_and_players_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown policy 'smart' for toy-scored; known: greedy"):
        quiet(policies="smart")
    with pytest.raises(ValueError, match="toy-scored has no player 'c'"):
        quiet(policies={"c": "greedy"})
    with pytest.raises(TypeError, match="a policy is a name or a function"):
        resolve_policy(ScoredRace(), 3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"games": -1}, "games is a whole number >= 0"),
        ({"batch_size": 0}, "batch_size is a whole number >= 1"),
        ({"max_steps": 0}, "max_steps is a whole number >= 1"),
    ],
)
def test_bad_sizes_are_refused(options: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        quiet(**options)


def test_no_games_is_an_empty_frame_with_the_columns() -> None:
    frame = quiet(games=0)
    assert frame.empty
    assert list(frame.columns) == list(GAME_COLUMNS)


def test_the_trace_has_a_row_per_step_and_counts_events() -> None:
    games, trace = quiet(games=6, trace=True)
    assert list(trace.columns) == [*TRACE_COLUMNS, "Added"]
    steps = games.drop_duplicates("game").set_index("game")["steps"]
    assert trace.groupby("game").size().equals(steps.rename(None))
    choices = trace[trace["actor"] != ""]
    assert set(choices["action"]) == {"Add", "Sub"}
    assert (choices["Added"] == 1).all()
    assert (trace.loc[trace["actor"] == "", "action"] == "StartTurn").all()
    assert choices["events"].str.match(r"^[ab] reaches \d+$").all()
    assert (choices["actor"] == choices["player"]).all()


def test_the_progress_bar_shows_unless_ci_is_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CI", raising=False)
    assert progress_enabled(True)
    assert not progress_enabled(False)
    simulate("toy-scored", games=3, seed=1)
    assert "toy-scored" in capsys.readouterr().err
    for value in ("true", "1"):
        monkeypatch.setenv("CI", value)
        assert not progress_enabled(True)
        simulate("toy-scored", games=3, seed=1)
        assert capsys.readouterr().err == ""
    monkeypatch.setenv("CI", "false")
    assert progress_enabled(True)


def test_an_outcome_may_not_report_a_column_the_simulation_fills() -> None:
    class Clashing(ScoredRace):
        def outcome(self, game: Game) -> dict[str, dict[str, object]]:
            return {p: {"steps": 0} for p in self.players(game)}

    with pytest.raises(ValueError, match="reports 'steps', a column the simulation fills"):
        simulate(Clashing(), games=1, progress=False)


class OwnClock(ScoredRace):
    """Counts its own turns and rounds per player, as summit counts each player's turns."""

    def outcome(self, game: Game) -> dict[str, dict[str, object]]:
        return {p: {"turns": game[p].moves, "rounds": -1} for p in self.players(game)}


def test_the_clock_columns_stay_the_clocks_and_an_outcomes_own_count_is_renamed() -> None:
    clock = quiet()
    own = simulate(OwnClock(), games=GAMES, seed=11, progress=False)
    pd.testing.assert_frame_equal(own[["rounds", "turns"]], clock[["rounds", "turns"]])
    assert list(own["outcome_turns"]) == list(clock["moves"])
    assert set(own["outcome_rounds"]) == {-1}


def test_an_outcome_reporting_a_clock_column_and_its_new_name_is_refused() -> None:
    class Twice(ScoredRace):
        def outcome(self, game: Game) -> dict[str, dict[str, object]]:
            return {p: {"turns": 1, "outcome_turns": 2} for p in self.players(game)}

    with pytest.raises(ValueError, match="reports both 'turns' and 'outcome_turns'"):
        simulate(Twice(), games=1, progress=False)


def test_summarize_gives_means_and_rates_per_player() -> None:
    frame = quiet(policies={"b": "greedy"})
    table = summarize(frame)
    assert list(table.index) == ["a", "b"]
    assert list(table.columns[:4]) == ["policy", "games", "finished", "steps"]
    assert list(table["policy"]) == ["random", "greedy"]
    assert list(table["games"]) == [GAMES, GAMES]
    b_rows = frame[frame["player"] == "b"]
    assert table.loc["b", "winner"] == pytest.approx(b_rows["winner"].mean())
    assert table.loc["a", "score"] == pytest.approx(frame[frame["player"] == "a"]["score"].mean())
    assert "seed" not in table.columns


def test_importing_gamefold_sim_imports_no_pandas_tqdm_or_matplotlib() -> None:
    code = "import sys, gamefold.sim, gamefold.cli; print(sorted(set(sys.modules) & HEAVY))"
    heavy = "HEAVY = {'pandas', 'tqdm', 'matplotlib', 'distributed', 'dask'}; "
    done = subprocess.run(
        [sys.executable, "-c", heavy + code], capture_output=True, text=True, check=True
    )
    assert done.stdout == "[]\n"


def test_en3_the_frame_is_the_same_whatever_the_batches_dtypes_included() -> None:
    """EN-3: games played one to a batch give the frame of one batch for all, column kinds
    included: a batch where a column is all missing (no death in it) takes the kind all the
    games give that column (``death_round`` is a float column with NaN for the living)."""
    import pandas as pd

    whole = simulate("skirmish", games=40, seed=0, batch_size=40, progress=False)
    single = simulate("skirmish", games=40, seed=0, batch_size=1, progress=False)
    assert whole["death_round"].dtype == "float64"
    pd.testing.assert_frame_equal(single, whole)
