"""A failing policy is one error, ``PolicyError``, saying where and why (EN-4, EN-8).

Whether a policy raises, returns an action the rules refuse, or returns something that is
not an ``(action, rng)`` pair, ``play`` (and ``simulate`` through it) stops with a
:class:`~gamefold.PolicyError` naming the game, its index and seed, the step, the player
and the policy, with the cause chained.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import gamefold
from gamefold import Action, IllegalAction, PolicyError, Rng
from gamefold.games import play
from gamefold.games.skirmish import Skirmish
from gamefold.registry import Game
from gamefold.sim import simulate

SKIRMISH = Skirmish()


def crashing(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    raise ZeroDivisionError("the bot divided by zero")


def cheating(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    return gamefold.EndTurn("nobody"), rng


def sloppy(view: Game, legal: tuple[Action, ...], rng: Rng) -> Any:
    return legal[0]  # forgot the rng


def _failure(policy: Any) -> PolicyError:
    with pytest.raises(PolicyError) as caught:
        play(SKIRMISH, 7, policy)
    return caught.value


def test_a_policy_that_raises_is_a_policy_error_with_its_cause() -> None:
    error = _failure(crashing)
    assert (error.problem, error.game, error.seed, error.index) == ("raised", "skirmish", 7, None)
    assert error.policy == "crashing"
    assert error.player in SKIRMISH.players(SKIRMISH.setup(7))
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert str(error) == (
        f"policy crashing of player {error.player!r} failed at step {error.step} of skirmish "
        "game (seed 7): raised ZeroDivisionError: the bot divided by zero"
    )


def test_a_policy_returning_an_illegal_action_is_a_policy_error() -> None:
    error = _failure(cheating)
    assert error.problem == "illegal"
    assert isinstance(error.__cause__, IllegalAction)
    assert "returned an illegal action" in str(error)
    assert error.__cause__.code in str(error)


def test_a_listed_action_the_rules_refuse_is_the_games_fault_not_the_policys() -> None:
    """EN-5: a game whose listing offers an action its rules refuse raises that IllegalAction
    itself; the policy chose from the listing and is not blamed."""
    game = Skirmish()
    honest = game.rules.step

    def refusing(state: Any, action: Action) -> Any:
        if game.clock_action(state) is None:
            raise IllegalAction("toy/refused", "EN-5", "Refused.", action)
        return honest(state, action)

    game.rules.step = refusing  # type: ignore[method-assign]
    with pytest.raises(IllegalAction) as caught:
        play(game, 7)
    assert not isinstance(caught.value, PolicyError)
    assert caught.value.code == "toy/refused"


def test_a_policy_returning_no_pair_is_a_policy_error() -> None:
    error = _failure(sloppy)
    assert error.problem == "not-a-pair"
    assert "did not return an (action, rng) pair" in str(error)


def test_the_failing_step_is_the_first_the_policy_is_asked() -> None:
    """Every earlier action was a clock action: the step counts the record's actions."""
    error = _failure(crashing)
    before = play(SKIRMISH, 7, max_steps=error.step)
    assert all(SKIRMISH.clock_action(s) is not None for s in before.states[:-1])
    assert SKIRMISH.clock_action(before.final) is None
    assert SKIRMISH.actor(before.final) == error.player


def test_simulate_names_the_game_index_and_seed_of_a_failing_policy() -> None:
    with pytest.raises(PolicyError) as caught:
        simulate(SKIRMISH, games=2, seed=3, policies=crashing, progress=False)
    error = caught.value
    assert error.index == 0
    assert f"skirmish game 0 (seed {error.seed!r})" in str(error)


def test_a_policy_error_pickles_whole() -> None:
    """Simulation workers send it to the parent process unchanged."""
    error = _failure(crashing)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is PolicyError
    assert str(copy) == str(error)
    assert (copy.problem, copy.step, copy.player, copy.policy) == (
        error.problem,
        error.step,
        error.player,
        error.policy,
    )
    assert "PolicyError" in gamefold.__all__


class Stubborn:
    """A policy object: its instances have no ``__qualname__``, its class has."""

    def __call__(self, view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        raise RuntimeError("no")

    def __repr__(self) -> str:
        return "<a stubborn bot>"


class Nameless(Stubborn):
    """A policy object whose class has no name either."""


Nameless.__qualname__ = ""


def test_a_failing_policy_object_is_named_by_its_class_else_by_its_repr() -> None:
    """A policy that is an object (a search bot, a partial) is named by its class; one
    whose class has no name either, by its ``repr``."""
    assert _failure(Stubborn()).policy == "Stubborn"
    assert _failure(Nameless()).policy == "<a stubborn bot>"
