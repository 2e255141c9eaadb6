"""Errors that teach: the common mistakes of extending a game name the fix (EN-6)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.core.toy import Add, Race, make

from gamefold import Events, Game, RegistryError, Rule, Rules, StartTurn, Wrapper
from gamefold.games import play, random_policy
from gamefold.registry import Handler


def test_en6_a_wrapper_given_an_action_instance_says_pass_the_class() -> None:
    with pytest.raises(RegistryError, match=r"pass the class Add, not an instance Add\(\.\.\.\)"):
        Wrapper(Add(1))  # type: ignore[arg-type]


def test_en6_a_rule_given_an_action_instance_says_pass_the_class() -> None:
    with pytest.raises(RegistryError, match=r"Rule takes the action class .* not an instance Add"):
        Rule(Add(2), step=lambda game, action: (game, ()))  # type: ignore[arg-type]


def test_en6_a_rule_given_something_else_names_what_it_needs() -> None:
    with pytest.raises(RegistryError, match=r"a gamefold.Action subclass\), not 'Add'"):
        Rule("Add", step=lambda game, action: (game, ()))  # type: ignore[arg-type]


def _state_alone(game: Game, action: Any, inner: Handler) -> Any:
    return inner(game, action)[0]  # the mistake: the state without its events


@pytest.mark.parametrize("guarded", [False, True], ids=["plain", "with-refuse"])
def test_en6_a_wrapper_returning_the_state_alone_is_named(guarded: bool) -> None:
    refuse = (lambda game, action: None) if guarded else None
    rules = Rules([make("a")]).wrap(Wrapper(Add, _state_alone, refuse=refuse, name="double-add"))
    game = rules.new_game({"a": make("a").state_type("a")})
    with pytest.raises(RegistryError) as caught:
        rules.step(game, Add(1))
    message = str(caught.value)
    assert message.startswith("double-add: around must return (game, events)")
    assert "not Game" in message


def test_en6_a_wrapper_that_returns_game_and_events_is_untouched() -> None:
    def twice(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
        game, first = inner(game, action)
        game, second = inner(game, action)
        return game, first + second

    rules = Rules([make("a")]).wrap(Wrapper(Add, twice))
    game, events = rules.step(rules.new_game({"a": make("a").state_type("a")}), Add(2))
    assert game["a"].value == 4
    assert len(events) == 2


def test_play_takes_a_game_name_like_simulate() -> None:
    by_name = play("toy-race", 3)
    by_def = play(Race(), 3)
    assert by_name.actions == by_def.actions
    assert by_name.finished


def test_play_refuses_a_policy_for_a_player_the_game_lacks() -> None:
    with pytest.raises(ValueError, match=r"toy-race has no player 'p1' .*its players: a, b"):
        play(Race(), 3, {"p1": random_policy})


def test_play_names_the_known_games_for_an_unknown_name() -> None:
    with pytest.raises(KeyError, match=r"unknown game 'no-such-game'; known: .*toy-race"):
        play("no-such-game", 3)


def test_play_accepts_policies_for_its_own_players() -> None:
    played = play(Race(), 3, {"a": random_policy})
    assert isinstance(played.actions[0], StartTurn)
