"""The Rules registry (EN-6): routing, lifecycle fan-out, conflicts refused when built."""

from __future__ import annotations

import attrs
import pytest
from tests.core.toy import Add, Added, Counter, make

from gamefold import Action, EndRound, IllegalAction, RegistryError, Rules, StartRound, StartTurn


@attrs.frozen
class Sub(Action):
    amount: int


def test_en6_routes_an_action_to_its_owner_and_reports_events() -> None:
    rules = Rules([make("a"), make("b", action=Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    after, events = rules.step(game, Add(3))
    assert after["a"].value == 3
    assert after["b"] == game["b"]
    assert events == (Added("a", 3),)
    assert rules.reduce(game, Add(3)) == after
    assert game["a"].value == 0  # EN-2: the input is untouched


def test_en6_lifecycle_fans_out_in_declared_order() -> None:
    log: list[str] = []
    rules = Rules([make("b", log=log), make("a", action=Sub, log=log)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    game = rules.reduce(game, StartRound())
    game = rules.reduce(game, EndRound())
    assert log == ["b:StartRound", "a:StartRound", "b:EndRound", "a:EndRound"]
    assert (game["a"].rounds, game["b"].rounds) == (2, 2)


def test_en6_two_handlers_for_one_action_type_are_refused() -> None:
    with pytest.raises(RegistryError, match="Add is handled by both 'a' and 'b'"):
        Rules([make("a"), make("b")])


def test_en6_duplicate_slice_names_are_refused() -> None:
    with pytest.raises(RegistryError, match="two subsystems are named 'a'"):
        Rules([make("a"), make("a", action=Sub)])


def test_en6_an_action_nobody_handles_is_a_registry_error() -> None:
    rules = Rules([make("a")])
    game = rules.new_game({"a": Counter("a")})
    with pytest.raises(RegistryError, match=r"no subsystem .* handles Sub"):
        rules.step(game, Sub(1))
    with pytest.raises(RegistryError, match="lifecycle action StartTurn"):
        rules.step(game, StartTurn("p1"))
    with pytest.raises(TypeError, match="expected a gamefold Action"):
        rules.step(game, "Add(1)")  # type: ignore[arg-type]


def test_en6_new_game_needs_one_slice_per_subsystem() -> None:
    rules = Rules([make("a")])
    with pytest.raises(RegistryError, match=r"missing \['a'\], unknown \['z'\]"):
        rules.new_game({"z": Counter("z")})


def test_en5_check_and_legal_actions_work_on_the_whole_game() -> None:
    rules = Rules([make("a"), make("b", action=Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    assert rules.check(game, Add(1)) is None
    problem = rules.check(game, Add(-1))
    assert isinstance(problem, IllegalAction)
    assert (problem.code, problem.rule) == ("toy/negative", "EN-4")
    assert rules.check(game, StartRound()) is None
    assert rules.legal_actions(game, "a") == (Add(1),)
    with pytest.raises(IllegalAction):
        rules.step(game, Add(-1))
