"""Agents back into gamefold, and the extras."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from gamefold import PolicyError
from gamefold.envs import aec_env, as_policy, gym_env, openspiel_game
from gamefold.games.base import play
from gamefold.sim import MissingExtra, simulate


def _first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    assert observation.dtype == np.float32
    return int(np.flatnonzero(mask)[0])


def test_an_agent_plays_in_play_and_simulate() -> None:
    policy = as_policy(_first_legal, "skirmish")
    played = play("skirmish", 3, {"ana": policy})
    assert played.finished
    frame = simulate("summit", games=2, policies=as_policy(_first_legal, "summit"), progress=False)
    assert frame["game"].nunique() == 2


def test_an_agent_sees_what_the_env_shows() -> None:
    """The policy's observation and mask are the env's, for the same state."""
    env = aec_env("summit")
    env.reset(seed=4)
    shown = env.observe(env.agent_selection)
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def spy(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation, mask))
        return int(np.flatnonzero(mask)[0])

    play("summit", 4, as_policy(spy, "summit"), max_steps=40)
    assert np.array_equal(seen[0][0], shown["observation"])
    assert np.array_equal(seen[0][1], shown["action_mask"])


def test_an_illegal_choice_is_refused() -> None:
    policy = as_policy(lambda observation, mask: int(np.flatnonzero(mask == 0)[0]), "summit")
    with pytest.raises(PolicyError, match="not a legal action") as caught:
        play("summit", 1, policy)
    assert (caught.value.problem, caught.value.player, caught.value.seed) == ("raised", "p1", 1)
    assert isinstance(caught.value.__cause__, ValueError)  # the agent's index named none


def test_an_agent_of_another_layout_is_told_so() -> None:
    """An agent trained before summit's space was sized to it chooses indices up to 8,713;
    beyond this layout's range, the refusal names the layout, not a passing illegal move."""
    policy = as_policy(lambda observation, mask: 8_713, "summit")
    with pytest.raises(PolicyError, match=r"outside this game's range\(3,458\) \(layout 1:"):
        play("summit", 1, policy)


@pytest.mark.parametrize(
    "make",
    [float, np.float64, lambda i: i + 0.7, lambda i: True, str],
    ids=["float", "np.float64", "fraction", "bool", "str"],
)
def test_a_choice_that_is_no_index_is_refused_not_truncated(make) -> None:  # type: ignore[no-untyped-def]
    """``2.7`` used to play index 2: a choice is an index, never rounded into one."""
    policy = as_policy(lambda observation, mask: make(int(np.flatnonzero(mask)[0])), "summit")
    with pytest.raises(PolicyError, match="not an action index") as caught:
        play("summit", 1, policy)
    assert isinstance(caught.value.__cause__, ValueError)


@pytest.mark.parametrize("kind", [np.int64, np.uint32, np.array])
def test_a_numpy_integer_choice_plays_like_an_int(kind) -> None:  # type: ignore[no-untyped-def]
    chosen = as_policy(lambda observation, mask: kind(np.flatnonzero(mask)[0]), "summit")
    expected = play("summit", 2, as_policy(_first_legal, "summit"), max_steps=30)
    assert play("summit", 2, chosen, max_steps=30).final == expected.final


@pytest.mark.parametrize(
    ("module", "make", "extra"),
    [
        ("pettingzoo", lambda: aec_env("summit"), "envs"),
        ("gymnasium", lambda: aec_env("summit"), "envs"),
        ("gymnasium", lambda: gym_env("summit", "p1"), "envs"),
        ("numpy", lambda: gym_env("summit", "p1"), "envs"),
        ("pyspiel", lambda: openspiel_game("summit"), "openspiel"),
    ],
)
def test_a_missing_extra_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch, module: str, make: object, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(MissingExtra, match=rf"pip install 'gamefold\[{extra}\]'"):
        make()  # type: ignore[operator]


def test_the_core_install_imports_none_of_the_extras() -> None:
    code = (
        "import sys, gamefold, gamefold.games, gamefold.envs, gamefold.testing; "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
