"""Counts are bounded and arguments checked before any game: one error line, never a hang,
a traceback or a refusal after every game was played."""

from __future__ import annotations

import sys

import pytest
import tests.sim.scored  # noqa: F401  (registers "toy-scored")

from gamefold import ConfigError
from gamefold.cli import main
from gamefold.games import parse_settings
from gamefold.games.skirmish import Skirmish
from gamefold.sim import Arm, compare, coverage, simulate, tournament
from gamefold.sim.bounds import (
    MAX_BATCHES,
    MAX_GAMES,
    MAX_PROBES,
    MAX_STEPS,
    MAX_WORKERS,
)

HUGE = 10**15
DEEP = "[" * 5000 + "]" * 5000


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_usage_line(err: str) -> None:
    assert err.startswith("gamefold: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "toy-scored", "--games", str(HUGE)], f"at most {MAX_GAMES:,}"),
        (["compare", "toy-scored", "--games", str(HUGE)], f"at most {MAX_GAMES:,}"),
        (["coverage", "toy-scored", "--games", str(HUGE)], f"at most {MAX_GAMES:,}"),
        (["simulate", "toy-scored", "--workers", str(HUGE)], f"at most {MAX_WORKERS:,}"),
        (["compare", "toy-scored", "--workers", str(HUGE)], f"at most {MAX_WORKERS:,}"),
        (["simulate", "toy-scored", "--batch-size", str(HUGE)], f"at most {MAX_GAMES:,}"),
        (["coverage", "toy-scored", "--probes", str(HUGE)], f"at most {MAX_PROBES:,}"),
        (["play", "toy-scored", "--max-steps", str(HUGE)], f"at most {MAX_STEPS:,}"),
        (["replay", "game.json", "--max-bytes", str(HUGE)], "argument --max-bytes: must be at"),
        (["play", "toy-scored", "--max-string", str(HUGE)], "argument --max-string: must be at"),
    ],
)
def test_every_count_on_the_command_line_is_bounded(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    one_usage_line(err)
    assert message in err
    assert err.endswith(f"(see `gamefold {argv[0]} --help`)\n")


def test_too_many_batches_are_refused_naming_the_batch_size_to_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "simulate", "toy-scored", "--games", str(MAX_GAMES), "--batch-size", "1"
    )
    assert (status, out) == (2, "")
    one_usage_line(err)
    least = -(-MAX_GAMES // MAX_BATCHES)
    assert f"use a batch_size of at least {least:,} [batch_size]" in err


@pytest.mark.parametrize(
    ("call", "field", "limit"),
    [
        (lambda: simulate("toy-scored", games=HUGE, progress=False), "games", MAX_GAMES),
        (lambda: simulate("toy-scored", games=2, max_steps=HUGE), "max_steps", MAX_STEPS),
        (lambda: simulate("toy-scored", games=2, batch_size=HUGE), "batch_size", MAX_GAMES),
        (
            lambda: compare("toy-scored", None, {"target": 12}, games=HUGE, progress=False),
            "games",
            MAX_GAMES,
        ),
        (lambda: coverage("toy-scored", games=HUGE), "games", MAX_GAMES),
        (lambda: coverage("toy-scored", games=1, probes=HUGE), "probes", MAX_PROBES),
        (
            lambda: tournament(
                "toy-scored", {"r": "random", "g": "greedy"}, games=HUGE, progress=False
            ),
            "games",
            MAX_GAMES,
        ),
    ],
    ids=[
        "simulate",
        "max_steps",
        "batch_size",
        "compare",
        "coverage",
        "probes",
        "tournament",
    ],
)
def test_every_count_of_the_sim_apis_is_bounded_before_anything_is_built(
    call: object, field: str, limit: int
) -> None:
    """``simulate(games=10**15)`` once built a list of every batch before the first game:
    now it, and every count the APIs take, is a ConfigError naming the count and its limit."""
    with pytest.raises(ConfigError) as raised:
        call()  # type: ignore[operator]
    assert raised.value.field == field
    assert f"{field} is at most {limit:,}" in str(raised.value)


def test_too_many_batches_are_a_config_error_naming_batch_size() -> None:
    with pytest.raises(ConfigError, match="at most 100,000 are allowed") as raised:
        simulate("toy-scored", games=MAX_GAMES, batch_size=1, progress=False)
    assert raised.value.field == "batch_size"


# -- --set values are read within the limits of --config files ---------------------------------


def test_a_deeply_nested_set_value_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "toy-scored", "--set", f"target={DEEP}")
    assert (status, out) == (2, "")
    one_usage_line(err)
    assert "--set target: objects and arrays nest deeper than 32 levels (max_depth)" in err


def test_set_values_follow_the_limits_given_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("play", "toy-scored", "--set", "target=[[1]]")
    status, _, err = run(capsys, *argv, "--max-depth", "1")
    assert status == 2
    assert "nest deeper than 1 levels (max_depth)" in err
    status, _, err = run(
        capsys, "play", "toy-scored", "--set", "target=abcdef", "--max-string", "5"
    )
    assert status == 2
    one_usage_line(err)
    assert "a text of 6 characters; the limit is 5 (max_string)" in err


def test_parse_settings_refuses_a_deep_value_as_a_config_error_naming_the_path() -> None:
    with pytest.raises(ConfigError) as raised:
        parse_settings(Skirmish(), [f"skills.hand_limit={DEEP}"])
    assert raised.value.field == "skills.hand_limit"
    assert sys.getrecursionlimit() < 5000  # deeper than Python's stack: the limit did it


# -- compare: metrics, players and a change checked before any game ---------------------------


def spy(*args: object, **kwargs: object) -> object:
    raise AssertionError("no game may be played before the arguments are checked")


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: every check must come before the first."""
    monkeypatch.setattr(sys.modules["gamefold.sim.compare"], "play_games", spy)
    monkeypatch.setattr(sys.modules["gamefold.sim.batching"], "play_games", spy)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"metric": "nonexistent"}, "the games have no column 'nonexistent'; they have: "),
        ({"of": "nobody"}, "no player or side 'nobody'; players: a, b"),
    ],
)
def test_compare_checks_its_metric_and_player_before_any_game(
    no_games: None, options: dict[str, str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        compare("toy-scored", None, {"target": 12}, games=1000, progress=False, **options)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (None, None),
        (None, Arm(policies="random")),
        (Arm(policies={"a": "greedy"}), Arm({"target": 10}, policies={"a": "greedy"})),
    ],
    ids=["nothing", "the default policy named", "the default target named"],
)
@pytest.mark.parametrize("paired", [True, False])
def test_compare_refuses_arms_with_nothing_to_compare(
    no_games: None, a: object, b: object, paired: bool
) -> None:
    with pytest.raises(ValueError, match="nothing to compare"):
        compare("toy-scored", a, b, games=1000, paired=paired, progress=False)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--set", "target=12", "--metric", "nonexistent"], "no column 'nonexistent'"),
        (["--set", "target=12", "--of", "nobody"], "no player or side 'nobody'"),
        ([], "nothing to compare"),
        (["--policy", "a=random", "--vs-policy", "random"], "nothing to compare"),
        (["--set", "target=10"], "nothing to compare"),
    ],
)
def test_cli_compare_refuses_before_any_game_in_one_line(
    no_games: None, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "compare", "toy-scored", "--games", "1000", *argv)
    assert (status, out) == (2, "")
    one_usage_line(err)
    assert message in err
    assert err.endswith("(see `gamefold compare --help`)\n")
