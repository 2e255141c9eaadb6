"""The ISMCTS policy: by name, seeded, fair (it reads the view alone), and the
scores it plays for (``GameDef.evaluate``)."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.own_games import HouseSkirmish, skeleton_game

from gamefold import Rng
from gamefold.games import GameDef, get_game, play
from gamefold.search import ISMCTS
from gamefold.sim.policies import resolve_policy

GAMES = ("skirmish", "summit", "campaign")


def first_choice(game: GameDef[Any], seed: int) -> tuple[Any, str, tuple[Any, ...]]:
    """The first state of a game from ``seed`` where a choice among several is due."""
    state, _rng = game.setup(seed), Rng.from_seed(seed)
    while True:
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            if len(legal) > 1:
                return state, actor, legal
            action = legal[0]
        state, _ = game.rules.step(state, action)


def test_ismcts_is_a_policy_of_every_game_by_name_with_options() -> None:
    for name in GAMES:
        game = get_game(name)()
        default = resolve_policy(game, "ismcts")
        assert isinstance(default, ISMCTS)
        assert default.iterations == 100
        tuned = resolve_policy(game, "ismcts:iterations=7,horizon=12,exploration=1.5")
        assert isinstance(tuned, ISMCTS)
        assert (tuned.iterations, tuned.horizon, tuned.exploration) == (7, 12, 1.5)
        assert tuned.__name__ == "ismcts:iterations=7"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:depth=3", "no option 'depth'"),
        ("ismcts:iterations", "name=value pairs"),
        ("ismcts:iterations=0", "iterations is a whole number from 1 to 1,000,000"),
        ("ismcts:iterations=1000001", "iterations is a whole number from 1 to 1,000,000"),
        ("ismcts:iterations=2.5", "whole number"),
        ("ismcts:horizon=-1", "horizon is a whole number from 1 to 1,000,000"),
        ("ismcts:horizon=0", "horizon is a whole number from 1"),  # would search nothing
        ("ismcts:exploration=nan", "exploration is a finite number of at least 0, not nan"),
        ("ismcts:exploration=inf", "exploration is a finite number"),
        ("ismcts:exploration=-inf", "exploration is a finite number"),
        ("ismcts:exploration=1e999", "exploration is a finite number"),
        ("ismcts:exploration=-0.5", "exploration is a finite number of at least 0"),
        ("ismcts:exploration=wide", "exploration is a finite number"),
        ("random:iterations=3", "takes no options"),
        ("mcts:iterations=3", "unknown policy 'mcts'"),
    ],
)
def test_a_bad_policy_option_is_named(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        resolve_policy(get_game("summit")(), spec)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("exploration", float("nan")),
        ("exploration", np.float64("nan")),
        ("exploration", True),
        ("exploration", float("inf")),
        ("iterations", True),
        ("iterations", np.float64(3)),
        ("horizon", False),
    ],
)
def test_the_constructor_refuses_nan_infinity_and_bools(option: str, value: object) -> None:
    """NaN used to be taken as the UCB constant: every UCB comparison then fails and the
    search plays the first legal move whatever it learnt."""
    with pytest.raises(ValueError, match=f"{option} is a "):
        ISMCTS(get_game("summit")(), **{option: value})  # type: ignore[arg-type]


def test_numpy_numbers_are_taken_as_options() -> None:
    game = get_game("summit")()
    bot = ISMCTS(game, iterations=np.int64(4), horizon=np.int32(6), exploration=np.float64(0.5))
    assert (bot.iterations, bot.horizon, bot.exploration) == (4, 6, 0.5)
    assert type(bot.iterations) is int
    assert type(bot.horizon) is int
    view_state, actor, legal = first_choice(game, 3)
    plain = ISMCTS(game, iterations=4, horizon=6, exploration=0.5)
    view = game.rules.view(view_state, actor)
    assert bot(view, legal, Rng.from_seed(1)) == plain(view, legal, Rng.from_seed(1))


def test_the_command_line_refuses_a_nan_exploration_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gamefold.cli import main

    argv = ["simulate", "summit", "--games", "1", "--policy", "p1=ismcts:exploration=nan"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "gamefold: error: exploration is a finite number of at least 0, not nan\n"


@pytest.mark.parametrize("name", GAMES)
def test_en9_it_moves_from_the_view_alone_and_legally(name: str) -> None:
    """The same view gives the same move whatever state stands behind it: the plain view,
    the lazy view a game hands its policies, and a determinized state's view."""
    game = get_game(name)()
    state, actor, legal = first_choice(game, 3)
    bot, rng = ISMCTS(game, iterations=12), Rng.from_seed(4)
    lazy = game.rules.lazy_view(state, actor)
    plain = game.rules.view(state, actor)
    other = game.rules.view(game.determinize(plain, actor, Rng.from_seed(8)), actor)
    moves = {bot(view, legal, rng) for view in (lazy, plain, other)}  # type: ignore[arg-type]
    assert len(moves) == 1
    ((move, after),) = moves
    assert move in legal
    assert after != rng


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_gives_the_same_moves_and_a_pickled_bot_plays_alike(name: str) -> None:
    game = get_game(name)()
    seat = game.players(game.setup(5))[0]
    bot = ISMCTS(game, iterations=6, horizon=10)
    one = play(game, 5, {seat: bot}, max_steps=60)
    two = play(game, 5, {seat: pickle.loads(pickle.dumps(bot))}, max_steps=60)
    assert one.actions == two.actions
    other = play(game, 6, {seat: bot}, max_steps=60)
    assert other.actions != one.actions


def test_the_same_moves_in_another_process_under_another_hash_seed() -> None:
    code = (
        "from gamefold.games import get_game, play\n"
        "from gamefold.sim.policies import resolve_policy\n"
        "g = get_game('summit')()\n"
        "bot = resolve_policy(g, 'ismcts:iterations=5,horizon=8')\n"
        "print(repr(play(g, 2, {'p1': bot}, max_steps=50).actions))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("0", "123")
    }
    assert len(outputs) == 1


def test_a_move_with_one_legal_action_searches_nothing() -> None:
    game = get_game("summit")()
    state, actor, legal = first_choice(game, 1)
    bot = ISMCTS(game, iterations=1_000_000)
    move, _ = bot(game.rules.lazy_view(state, actor), legal[:1], Rng.from_seed(1))  # type: ignore[arg-type]
    assert move == legal[0]


@pytest.mark.parametrize("name", GAMES)
def test_evaluate_gives_win_shares_at_the_end(name: str) -> None:
    game = get_game(name)()
    final = play(game, 2, keep_states=False).final
    outcome = game.outcome(final)
    winners = [p for p in outcome if outcome[p]["winner"]]
    assert winners
    scores = game.evaluate(final)
    assert scores == {p: (1 / len(winners) if p in winners else 0.0) for p in outcome}


def test_skirmish_scores_a_cut_fight_by_the_sides_hit_points() -> None:
    game = get_game("skirmish")()
    state = play(game, 1, max_steps=120, keep_states=False).final
    assert not game.is_over(state)
    rows = game.outcome(state)
    party = sum(r["hp"] for r in rows.values() if r["side"] == "party")
    enemies = sum(r["hp"] for r in rows.values() if r["side"] != "party")
    scores = game.evaluate(state)
    assert scores["ana"] == scores["cy"] == pytest.approx(party / (party + enemies))
    assert scores["gm"] == pytest.approx(enemies / (party + enemies))


def test_skirmish_counts_no_hit_points_for_a_fallen_unit_in_a_cut_fight() -> None:
    """A unit that fell stands with no hit points: in a fight cut short after it fell, its
    side's share is that of the hit points its other units still have."""
    game = get_game("skirmish")()
    state = next(
        s
        for s in play(game, 1).states
        if not game.is_over(s) and any(r["hp"] <= 0 for r in game.outcome(s).values())
    )
    rows = game.outcome(state)
    standing = {
        side: sum(r["hp"] for r in rows.values() if r["side"] == side and r["hp"] > 0)
        for side in ("party", "enemies")
    }
    total = standing["party"] + standing["enemies"]
    scores = game.evaluate(state)
    assert scores["gm"] == pytest.approx(standing["enemies"] / total)
    assert scores["ana"] == pytest.approx(standing["party"] / total)


def test_the_command_line_and_simulate_take_ismcts_with_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--policy p1=ismcts:iterations=N`` plays ISMCTS for p1 in ``simulate``, on worker
    processes too (the bot pickles), with the same frame as the API's."""
    from gamefold.cli import main
    from gamefold.sim import simulate

    monkeypatch.setenv("CI", "true")
    out = tmp_path / "frame.csv"
    spec = "p1=ismcts:iterations=3,horizon=4"
    argv = ["simulate", "summit", "--games", "2", "--seed", "5", "--policy", spec]
    assert main([*argv, "--workers", "2", "--out", str(out)]) == 0
    capsys.readouterr()
    frame = simulate(
        "summit", games=2, seed=5, policies={"p1": spec.split("=", 1)[1]}, progress=False
    )
    assert set(frame[frame["player"] == "p1"]["policy"]) == {"ismcts:iterations=3,horizon=4"}
    assert set(frame[frame["player"] == "p2"]["policy"]) == {"random"}
    written = out.read_text().splitlines()
    assert written == frame.to_csv(index=False).splitlines()


def test_a_house_rule_subclass_with_a_slice_of_its_own_plays_ismcts() -> None:
    """The change-a-game guide's kind of variant (a wrapper and a bounty slice that says
    how to determinize it) is offered ``"ismcts"``, and it plays legal moves from views."""
    game = HouseSkirmish()
    assert "ismcts" in game.policies()
    bot = resolve_policy(game, "ismcts:iterations=4,horizon=6")
    played = play(game, 2, policies=dict.fromkeys(game.players(game.setup(2)), bot), max_steps=80)
    state, actor, legal = first_choice(game, 5)
    action, _ = bot(game.rules.lazy_view(state, actor), legal, Rng.from_seed(1))
    assert action in legal
    assert len(played.actions) == 80 or played.finished


def test_the_gamefold_new_skeleton_plays_ismcts(tmp_path: Path) -> None:
    with skeleton_game(tmp_path) as game:
        bot = resolve_policy(game, "ismcts:iterations=4,horizon=6")
        played = play(game, 3, policies={"ann": bot})
    assert played.finished
