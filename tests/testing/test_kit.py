"""The public testing kit (gamefold.testing) on a small game: it passes a correct game and
catches a broken one."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import run_state_machine_as_test
from tests.core.toy import Add, Counter, Race, RaceConfig, Sub, make

from gamefold import Action, IllegalAction
from gamefold.registry import Game, Rule, Rules, game_record
from gamefold.testing import (
    ConformanceError,
    InvariantViolation,
    action_sequences,
    assert_invariants,
    assert_refused,
    check_invariants,
    conformance,
    game_machine,
    garbage_actions,
    illegal_actions,
    reachable_games,
)

RACE = Race(RaceConfig(target=12))

TestRaceMachine = game_machine(RACE).TestCase
TestRaceMachine.settings = settings(max_examples=25, stateful_step_count=20, deadline=None)


def test_conformance_reports_what_it_checked() -> None:
    report = conformance(RACE, games=5, steps=200, seed=3)
    assert report.games == 5
    assert report.finished == 5
    assert report.steps > 5
    assert report.invariant_checks == report.round_trips == report.steps + 5
    assert report.replays == 5
    assert "toy-race: 5 games (5 finished)" in str(report)


@given(reachable_games(RACE, max_steps=30), st.data())
def test_illegal_actions_are_refused_and_change_nothing(state: Game, data: st.DataObject) -> None:
    if RACE.is_over(state):
        return
    action = data.draw(illegal_actions(RACE, state))
    err = assert_refused(RACE, state, action)
    assert isinstance(err, IllegalAction)


@given(action_sequences(RACE, max_size=15))
def test_action_sequences_are_legal_from_the_seed(sequence: tuple[int, tuple[Action, ...]]) -> None:
    seed, actions = sequence
    state = RACE.setup(seed)
    for action in actions:
        assert RACE.rules.check(state, action) is None
        state = RACE.rules.reduce(state, action)


@given(st.data())
def test_garbage_actions_are_refused_with_illegal_action(data: st.DataObject) -> None:
    state = RACE.setup(1)
    action = data.draw(garbage_actions([Add, Sub]))
    if assert_refused(RACE, state, action) is None:
        assert isinstance(action.amount, int)


@pytest.mark.parametrize(
    "make_strategy",
    [
        lambda: reachable_games("race", max_steps=3),  # type: ignore[arg-type]
        lambda: reachable_games(RACE, max_steps=-1),
        lambda: action_sequences(RACE, max_size=True),
    ],
)
def test_strategies_validate_their_arguments(make_strategy: Any) -> None:
    with pytest.raises(InvalidArgument):
        make_strategy().example()


def test_check_invariants_names_each_violation() -> None:
    sub = attrs.evolve(make("a"), invariants=(lambda s: ["bad"] if s.value > 3 else [],))
    rules = Rules([sub])
    game = rules.new_game({"a": Counter("a", value=5)})
    assert check_invariants(game, rules) == {"a.<lambda>": ["bad"]}
    with pytest.raises(InvariantViolation, match=r"a\.<lambda>: bad"):
        assert_invariants(game, rules)


class Sloppy(Race):
    """A broken game: its Add rule skips validation, so bad input corrupts the state."""

    name = "toy-sloppy"

    def build_rules(self) -> Rules:
        def add(game: Game, action: Add) -> tuple[Game, Any]:
            a = game["a"]
            new = attrs.evolve(a, value=a.value + action.amount, moves=a.moves + 1)
            return game.with_slice("a", new), ()

        return super().build_rules().override(Rule(Add, step=add))


class Lying(Race):
    """A broken game: its rule's listing, marked exact, offers big amounts its step refuses."""

    name = "toy-lying"

    def build_rules(self) -> Rules:
        rules = super().build_rules()

        def step(game: Game, action: Add) -> tuple[Game, Any]:
            if action.amount > 2:
                raise IllegalAction("toy/too-big", "EN-4", "Too big.", action)
            return rules.step(game, action)

        def listing(game: Game, actor: str) -> tuple[Add, ...]:
            return (Add(1), Add(3)) if actor == "a" else ()

        return rules.override(Rule(Add, step=step, legal_actions=listing))


def test_the_state_machine_catches_an_unguarded_reducer() -> None:
    machine = game_machine(Sloppy())
    with pytest.raises(Exception):  # noqa: B017,PT011 - whatever the reducer raises
        run_state_machine_as_test(
            machine, settings=settings(max_examples=60, deadline=None, database=None)
        )


def test_conformance_catches_a_listed_action_that_step_refuses() -> None:
    with pytest.raises(ConformanceError, match="toy-lying seed"):
        conformance(Lying(), games=10, steps=100)


def test_rng_streams_must_be_distinct() -> None:
    from gamefold import Rng
    from gamefold.testing import distinct_rng_streams

    @attrs.frozen
    class WithRng:
        rng: Rng

    game = game_record(("x", "y"))(WithRng(Rng(1)), WithRng(Rng(1)))
    assert list(distinct_rng_streams(game)) == ["slices 'x' and 'y' share one RNG state"]
    assert list(distinct_rng_streams(game_record(("x",))(WithRng(Rng(1))))) == []
