"""Every front end, every game: one cell each, and a cell never ends in a traceback (EN-4).

A front end that ships joins this module the day it is written, and so does a game: the
rows are :data:`tests.matrix.subjects.SUBJECTS` (the shipped games and a user's three), the
columns are the test functions below. Where a cell cannot apply it says so in one line that
the cell asserts (``Subject.cannot``). The quick lane runs every front end on skirmish; the rest
of the matrix runs in the full suite and in CI.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest
from tests.matrix.subjects import SUBJECTS, Subject, params
from tests.search.test_determinize import decision_points

from gamefold import RegistryError, Rng
from gamefold.cli import main
from gamefold.cli.app import _parser
from gamefold.record import GameRecord, check_record

CELLS = params()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``gamefold ARGV`` in this process: its status, standard output and standard error."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def ok(status: int, err: str) -> None:
    """A command that worked: status 0, nothing on standard error."""
    assert (status, err) == (0, ""), err


# -- the command line's help -------------------------------------------------------------------


def _commands() -> list[str]:
    found = [a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(found[0].choices)


@pytest.mark.parametrize("command", ["", *_commands()])
def test_every_help_prints(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``gamefold --help`` and every ``gamefold COMMAND --help``: usage, status 0."""
    with pytest.raises(SystemExit) as done:
        main([*([command] if command else []), "--help"])
    out, err = capsys.readouterr()
    assert (done.value.code, err) == (0, "")
    assert out.startswith(f"usage: gamefold {command}".rstrip())


# -- one game: play, replay, view --------------------------------------------------------------


@pytest.mark.parametrize("subject", CELLS)
def test_play_replay_and_view(
    subject: Subject, here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seeded game played, its record replayed state by state (EN-8), and its viewer."""
    status, out, err = run(capsys, *subject.argv("play", subject.game, "--json", "game.json"))
    ok(status, err)
    record = GameRecord.from_json((here / "game.json").read_text(encoding="utf-8"))
    assert record.actions
    status, out, err = run(capsys, *subject.argv("replay", "game.json"))
    ok(status, err)
    assert "every state matches its digest" in out
    status, out, err = run(capsys, *subject.argv("view", "game.json", "--out", "game.html"))
    ok(status, err)
    page = (here / "game.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert f"{len(record.actions)} steps" in out


@pytest.mark.parametrize("subject", CELLS)
def test_play_a_seat_in_the_terminal(
    subject: Subject,
    here: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``play --human FIRST_SEAT``, always answering 1: the game ends, its record (written
    after every step) replays state by state (EN-8)."""
    game = subject.load()
    seat = game.players(game.setup(1))[0]
    monkeypatch.setattr("builtins.input", lambda prompt: "1")
    argv = ("play", subject.game, "--human", seat, "--json", "seat.json", "--max-steps", "5000")
    status, out, err = run(capsys, *subject.argv(*argv))
    ok(status, err)
    assert f"=== {subject.game}: {seat}'s turn" in out
    assert "Game over after" in out
    checked = check_record((here / "seat.json").read_text(encoding="utf-8"))
    assert checked.divergence is None
    assert checked.digests
    assert checked.over


@pytest.mark.parametrize("subject", CELLS)
def test_serve_a_seat_to_a_browser(
    subject: Subject,
    here: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``serve --seat FIRST_SEAT=human``: it prints the seat's link and the spectators';
    a scripted client plays the seat through the HTTP API to the end, always choice 1; the
    record (written after every step) replays state by state (EN-8)."""
    from tests.serve.served import client, play_out

    from gamefold.serve import Served

    game = subject.load()
    seat = game.players(game.setup(1))[0]
    played: list[int] = []

    def through_the_api(served: Served) -> None:  # in place of listening on the port
        served.socket.close()
        with client(served.host) as web:
            played.append(play_out(web, served.host))

    monkeypatch.setattr(Served, "run", through_the_api)
    argv = ("serve", subject.game, "--seat", f"{seat}=human", "--json", "seat.json", "--port", "0")
    status, out, err = run(capsys, *subject.argv(*argv, "--max-steps", "5000"))
    ok(status, err)
    assert f"  {seat}: http://127.0.0.1:" in out
    assert "  spectators: http://127.0.0.1:" in out
    assert played
    assert "Game over after" in out
    checked = check_record((here / "seat.json").read_text(encoding="utf-8"))
    assert checked.divergence is None
    assert checked.digests
    assert checked.over


# -- many games: simulate, compare, tournament, coverage ---------------------------------------

OUTPUTS = ("", "games.csv", "games.parquet")


@pytest.mark.parametrize("workers", [1, 2], ids=["serial", "workers2"])
@pytest.mark.parametrize("out", OUTPUTS, ids=["no-file", "csv", "parquet"])
@pytest.mark.parametrize("subject", CELLS)
def test_simulate_writes_every_game(
    subject: Subject, out: str, workers: int, here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten seeded games in batches of three to every output format, the same rows on any
    executor (EN-3)."""
    import pandas as pd

    from gamefold.sim import simulate

    argv = ["simulate", subject.game, "--games", "10", "--batch-size", "3", "--no-progress"]
    argv += ["--out", out] if out else []
    argv += ["--workers", "2"] if workers > 1 else []
    status, shown, err = run(capsys, *subject.argv(*argv))
    ok(status, err)
    assert "10 finished" in shown
    if not out:
        return
    path = here / out
    written = pd.read_parquet(path) if out.endswith(".parquet") else pd.read_csv(path)
    assert sorted(set(written["game"])) == list(range(10))
    expected = simulate(subject.load(), games=10, seed=1, progress=False)
    assert list(written["player"]) == list(expected["player"])
    assert list(written["steps"]) == list(expected["steps"])


@pytest.mark.parametrize("subject", CELLS)
def test_compare_a_variant(
    subject: Subject, here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``compare GAME --set PATH=VALUE``: both arms, the difference and its interval."""
    argv = ["compare", subject.game, "--set", subject.variant, "--games", "4", "--no-progress"]
    status, out, err = run(capsys, *subject.argv(*argv))
    ok(status, err)
    assert "interval" in out


@pytest.mark.parametrize("subject", CELLS)
def test_compare_two_policies(
    subject: Subject, here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``compare GAME --policy RIVAL --vs-policy random``."""
    argv = ["compare", subject.game, "--policy", subject.rival, "--vs-policy", "random"]
    status, out, err = run(capsys, *subject.argv(*argv, "--games", "4", "--no-progress"))
    ok(status, err)
    assert "interval" in out


@pytest.mark.parametrize("subject", CELLS)
def test_tournament_rates_its_entrants(subject: Subject, here: Path) -> None:
    """Random against the game's rival policy, every entrant in every seat."""
    from gamefold.sim import tournament

    played = tournament(
        subject.load(), {"random": "random", "rival": subject.rival}, games=4, progress=False
    )
    shown = str(played)
    assert "random" in shown
    assert "rival" in shown


@pytest.mark.parametrize("subject", CELLS)
def test_coverage_lists_the_games_rules(
    subject: Subject, here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``coverage GAME``: one row a rule the game names, each reached or not."""
    status, out, err = run(capsys, *subject.argv("coverage", subject.game, "--games", "2"))
    ok(status, err)
    rules = subject.load().rule_ids()
    shown = {line.split()[0] for line in out.splitlines()[2:] if line.strip()}
    assert set(rules) <= shown


# -- agents: PettingZoo, the codec, OpenSpiel, search ------------------------------------------


@pytest.mark.parametrize("subject", CELLS)
def test_pettingzoo_api_and_seed_tests(subject: Subject, here: Path) -> None:
    """``aec_env`` passes PettingZoo's own ``api_test`` and ``seed_test``."""
    from pettingzoo.test import api_test, seed_test

    from gamefold.envs import aec_env

    game = subject.load()
    api_test(aec_env(game), num_cycles=100)
    seed_test(lambda: aec_env(type(game)()), num_cycles=50)


@pytest.mark.parametrize("subject", CELLS)
def test_gymnasium_check_env_and_a_masked_rollout(subject: Subject, here: Path) -> None:
    """``gym_env`` for the first seat passes Gymnasium's own ``check_env``, and a masked
    random episode sees only observations within the space and ends with a finite reward."""
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    from gamefold.envs import gym_env

    game = subject.load()
    seat = game.players(game.setup(0))[0]
    check_env(gym_env(game, seat))
    env = gym_env(game, seat, max_steps=300)
    observation, _ = env.reset(seed=1)
    rng, done, reward = np.random.default_rng(1), False, 0.0
    while not done:
        assert observation in env.observation_space
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    assert observation in env.observation_space
    assert 0.0 <= reward <= 1.0


@pytest.mark.parametrize("subject", [pytest.param(s, id=s.label) for s in SUBJECTS])
def test_stable_baselines3_checks_the_gym_env_and_reads_its_mask(
    subject: Subject, here: Path
) -> None:
    """Stable-Baselines3's own ``check_env`` passes, and sb3-contrib finds the mask where
    ``MaskablePPO`` looks for it; cheap enough for the quick lane on every game."""
    import numpy as np
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_checker import check_env

    from gamefold.envs import gym_env

    game = subject.load()
    env = gym_env(game, game.players(game.setup(0))[0])
    check_env(env)
    env.reset(seed=1)
    assert is_masking_supported(env)
    mask = get_action_masks(env)
    assert mask.dtype == np.bool_
    assert mask.any()
    assert np.array_equal(mask, env.action_masks())


@pytest.mark.parametrize("subject", params(quick="skeleton"))
def test_maskable_ppo_learns_a_few_steps(subject: Subject, here: Path) -> None:
    """sb3-contrib's ``MaskablePPO`` collects one rollout on the first seat and updates on
    it, every action legal: it reads the mask itself, and ``illegal="raise"`` would stop it
    at the first index that names no legal action. The quick lane takes the skeleton's
    row: a network over skirmish's 11,824 indices takes seconds even for 64 steps."""
    import torch
    from sb3_contrib import MaskablePPO

    from gamefold.envs import gym_env

    torch.set_num_threads(1)
    game = subject.load()
    env = gym_env(game, game.players(game.setup(0))[0], illegal="raise")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=64)
    assert model.num_timesteps == 64
    assert model.logger.name_to_value["train/n_updates"] == 1


@pytest.mark.parametrize("subject", CELLS)
def test_the_action_codec_conforms(subject: Subject, here: Path) -> None:
    """Every legal action at every decision of two games encodes and decodes to itself."""
    from gamefold.testing.codec import codec_conformance

    report = codec_conformance(subject.load(), seeds=range(2), max_steps=600)
    assert report.decisions > 0


@pytest.mark.parametrize("subject", CELLS)
def test_openspiel_random_simulation(subject: Subject, here: Path) -> None:
    """``openspiel_game`` passes ``pyspiel.random_sim_test``, with the perfect-recall
    information state's tensor too; the state ISMCTS resamples keeps the mover's
    information state, and so its legal actions and observation (EN-9)."""
    import pyspiel

    from gamefold.envs import openspiel_game

    game = openspiel_game(subject.load(), seeds=3)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    recalled = openspiel_game(subject.load(), seeds=3, max_decisions=30, recall_tensor=True)
    pyspiel.random_sim_test(recalled, num_sims=1, serialize=False, verbose=False)
    state, refused = game.new_initial_state(), subject.refused("determinize")
    state.apply_action(2)
    for step in range(24):
        legal = state.legal_actions()
        state.apply_action(legal[step * 7 % len(legal)])
        if state.is_terminal():
            break
        player = state.current_player()
        if refused is not None:
            with pytest.raises(RegistryError, match=refused):
                state.determinized(player, Rng.from_seed(step))
            return
        drawn = state.determinized(player, Rng.from_seed(step))
        assert drawn.information_state_string(player) == state.information_state_string(player)
        assert drawn.legal_actions() == state.legal_actions()
        assert drawn.observation_string(player) == state.observation_string(player)


@pytest.mark.parametrize("subject", CELLS)
def test_determinize_keeps_the_view_and_reads_only_it(subject: Subject, here: Path) -> None:
    """A determinized state shows its viewer the view it came from, and two states the viewer
    cannot tell apart give the same draws (EN-9): what ``ismcts`` searches never leaks."""
    game = subject.load()
    states = decision_points(game, seed=2, every=9)
    assert states
    refused = subject.refused("determinize")
    if refused is not None:
        state = states[0]
        view = game.rules.view(state, game.actor(state))
        with pytest.raises(RegistryError, match=refused):
            game.determinize(view, game.actor(state), Rng.from_seed(5))
        return
    for state in states[:6]:
        viewer = game.actor(state)
        view = game.rules.view(state, viewer)
        drawn = game.determinize(view, viewer, Rng.from_seed(5))
        assert game.rules.view(drawn, viewer) == view
        assert set(game.rules.legal_actions(drawn, viewer)) == set(
            game.rules.legal_actions(state, viewer)
        )
        other = game.determinize(game.rules.view(drawn, viewer), viewer, Rng.from_seed(6))
        assert other == game.determinize(view, viewer, Rng.from_seed(6))


@pytest.mark.parametrize("subject", CELLS)
def test_ismcts_plays_a_seat(
    subject: Subject, here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --policy SEAT=ismcts``: the search bot, listed for the game, takes a seat."""
    game = subject.load()
    seat = game.players(game.setup(1))[0]
    argv = ["play", subject.game, "--policy", f"{seat}=ismcts:iterations=4", "--max-steps", "60"]
    status, _, err = run(capsys, *subject.argv(*argv))
    refused = subject.refused("ismcts")
    if refused is None:
        assert "ismcts" in game.policies()
        ok(status, err)
    else:  # not offered, and one line when asked for
        assert "ismcts" not in game.policies()
        assert status == 2
        assert err.count("\n") == 1
        assert refused in err


# -- a core install: what needs no extra works, the rest says which extra ----------------------

_HIDDEN = (
    *("pandas", "numpy", "pyarrow", "scipy", "statsmodels", "openskill", "tqdm", "matplotlib"),
    *("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "dask", "distributed"),
    *("starlette", "uvicorn"),
)

_CORE = f"""
import sys
HIDDEN = {_HIDDEN!r}

class Uninstalled:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Uninstalled())
from gamefold.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _core(here: Path, argv: list[str], answers: str = "") -> tuple[int, str, str]:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", _CORE, *argv],
        capture_output=True,
        text=True,
        cwd=here,
        timeout=300,
        input=answers,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("subject", params(quick="skeleton"))
def test_a_core_install_plays_and_names_the_extras(subject: Subject, here: Path) -> None:
    """Without any extra: play (a seat at the terminal too), replay and view work; simulate,
    compare, coverage and serve say in one line which extra to install, with status 2, and
    serve writes no record."""
    for argv in (
        ["play", subject.game, "--json", "game.json"],
        ["replay", "game.json"],
        ["view", "game.json"],
    ):
        status, _, err = _core(here, subject.argv(*argv))
        assert (status, err) == (0, ""), err
    seat = subject.load().players(subject.load().setup(1))[0]
    argv = ["play", subject.game, "--human", seat, "--json", "seat.json"]
    status, out, err = _core(here, subject.argv(*argv), answers="1\n1\n")
    assert (status, err) == (0, ""), err
    assert "saved the game after" in out
    for argv in (
        ["simulate", subject.game, "--games", "2"],
        ["compare", subject.game, "--set", subject.variant, "--games", "2"],
        ["coverage", subject.game, "--games", "2"],
    ):
        status, _, err = _core(here, subject.argv(*argv))
        assert status == 2, err
        assert err.count("\n") == 1, err
        assert "pip install 'gamefold[sim]'" in err
    argv = ["serve", subject.game, "--seat", f"{seat}=human", "--json", "served.json"]
    status, _, err = _core(here, subject.argv(*argv))
    assert status == 2, err
    assert err.count("\n") == 1, err
    assert "pip install 'gamefold[serve]'" in err
    assert not (here / "served.json").exists()
