"""GameDef's defaults, the game registry and ``play``'s choices, on the toy race (EN-3, EN-7,
EN-8)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.core.toy import Add, Added, Race, RaceConfig

from gamefold import Action, ConfigError, Event, Rng
from gamefold.games import GameDef, Played, game_names, get_game, play, register_game
from gamefold.games.base import joined_event_rules, random_policy
from gamefold.registry import Game


@attrs.frozen
class Other(Event):
    """Another event, for the event tables."""


def _first(event: Any) -> tuple[str, ...]:
    return ("EN-1",)


def _second(event: Any) -> tuple[str, ...]:
    return ("EN-2", "EN-3")


def test_en7_joined_event_tables_attest_every_tables_rules_in_order() -> None:
    """EN-7: an event several tables name attests each one's rules, in the tables' order;
    an event one table names keeps that table's function."""
    joined = joined_event_rules({Added: _first, Other: _second}, {Added: _second})
    assert set(joined) == {Added, Other}
    assert joined[Added](Added("a", 1)) == ("EN-1", "EN-2", "EN-3")
    assert joined[Other] is _second
    assert joined_event_rules() == {}


def test_en3_the_random_policy_is_the_streams_choice() -> None:
    """EN-3: the random policy picks with the stream it is given, and returns it moved on."""
    legal = (Add(1), Add(2), Add(3))
    rng = Rng.from_seed(4)
    assert random_policy(Race().setup(1), legal, rng) == rng.choice(legal)


def test_a_game_definitions_defaults() -> None:
    """A game left with the defaults: its default config, repr, equality by class and
    config, the ``default`` scenario, ``repr`` accounts, the random policy and empty rule
    coverage tables."""
    game = Race()
    assert game.config == RaceConfig()
    assert repr(Race(RaceConfig(target=4))) == "Race(RaceConfig(target=4))"
    assert Race(RaceConfig(target=4)) == Race(RaceConfig(target=4))
    assert hash(Race(RaceConfig(target=4))) == hash(Race(RaceConfig(target=4)))
    assert Race(RaceConfig(target=4)) != Race(RaceConfig(target=5))
    assert Race() != RaceConfig()
    assert Race.scenarios() == {"default": RaceConfig()}
    assert game.describe(Added("a", 2)) == repr(Added("a", 2))
    assert game.policies() == {"random": random_policy}
    state = game.setup(1)
    assert (game.rule_ids(), game.event_rules(), game.setup_rules(state)) == ((), {}, ())
    assert game.probe_actions(state, "a") == ()
    assert game.attested(state, (Added("a", 2),)) == ()


class Twin(Race):
    """The same game under another class: never equal to a Race."""


def test_games_of_another_class_are_never_equal() -> None:
    """A game equals only a game of its own class with an equal config."""
    assert Twin(RaceConfig()) != Race(RaceConfig())
    assert Race(RaceConfig()) != Twin(RaceConfig())


class Attested(Race):
    """The race with an event table."""

    def event_rules(self) -> dict[type, Any]:
        return {Added: _second}


def test_en7_attested_reads_each_events_rules_from_the_table() -> None:
    """EN-7: a step's events attest the rules the table gives for each, in order; an
    event the table does not name attests nothing."""
    game = Attested()
    state = game.setup(1)
    events = (Added("a", 1), Other(), Added("b", 2))
    assert game.attested(state, events) == ("EN-2", "EN-3", "EN-2", "EN-3")


def test_a_game_refuses_a_config_of_another_type() -> None:
    """The config must be the game's own type: a ConfigError names both."""
    with pytest.raises(ConfigError) as caught:
        Race(5)  # type: ignore[arg-type]
    assert str(caught.value) == "toy-race needs a RaceConfig, got 5 [config]"


def test_registering_a_different_game_under_a_taken_name_is_refused() -> None:
    """A name names one game: registering the same class again is fine, another is not."""
    assert register_game(Race) is Race
    with pytest.raises(ValueError, match=r"^a different game is already registered as 'toy-race'$"):
        register_game(Twin)
    assert get_game("toy-race") is Race


def test_the_registered_games_are_sorted_and_an_unknown_one_names_them() -> None:
    """The game names come sorted; an unknown name's KeyError lists them."""
    names = game_names()
    assert list(names) == sorted(names)
    assert {"skirmish", "summit", "toy-race"} <= set(names)
    with pytest.raises(KeyError) as caught:
        get_game("chess")
    assert caught.value.args[0] == f"unknown game 'chess'; known: {', '.join(names)}"


def test_en3_play_by_name_is_play_of_the_default_game() -> None:
    """EN-3: a registered game's name plays its default config."""
    assert play("toy-race", 5) == play(Race(), 5)
    played = play(Race(), 5)
    assert isinstance(played, Played)
    assert played.final is played.states[-1]


def test_en3_without_states_kept_play_keeps_the_first_and_the_last() -> None:
    """EN-3: ``keep_states=False`` keeps the initial and final states of a finished game."""
    full = play(Race(RaceConfig(target=6)), 2)
    short = play(Race(RaceConfig(target=6)), 2, keep_states=False)
    assert short.states == (full.states[0], full.final)
    assert short.actions == full.actions


def test_en3_each_actor_draws_from_its_own_stream() -> None:
    """EN-3: an actor's policy gets ``policy:<actor>`` split from the seed first, then the
    stream it returned."""
    given: list[tuple[str, Rng]] = []

    def recording(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        given.append((view.clock.player, rng))
        return legal[0], rng.split("next")

    play(Race(RaceConfig(target=3)), 8, recording)
    base = Rng.from_seed(8)
    firsts = {}
    for player, rng in given:
        firsts.setdefault(player, rng)
    assert firsts == {"a": base.split("policy:a"), "b": base.split("policy:b")}
    a_streams = [rng for player, rng in given if player == "a"]
    assert a_streams[1] == a_streams[0].split("next")


def test_a_policy_for_a_stranger_is_refused_naming_the_players() -> None:
    """A policy for a player the game does not have is a ValueError naming the first such
    player and the game's players."""
    with pytest.raises(ValueError, match="no player") as caught:
        play(Race(), 1, {"z": random_policy, "y": random_policy, "a": random_policy})
    assert str(caught.value) == "toy-race has no player 'y' to give a policy to; its players: a, b"


class Stuck(Race):
    """A race whose actor (one it does not seat) has no legal action, or that has none."""

    name = "toy-stuck"
    nobody = False

    def actor(self, game: Game) -> str | None:
        return None if self.nobody else "c"

    def clock_action(self, game: Game) -> Action | None:
        return None


def test_play_stops_with_a_clear_error_when_the_flow_is_stuck() -> None:
    """A game neither over nor with a clock action nor an actor, or whose actor has no
    legal action, is a RuntimeError naming the game."""
    stuck = Stuck()
    with pytest.raises(RuntimeError) as caught:
        play(stuck, 1)
    assert str(caught.value) == "toy-stuck: c must choose but has no legal action"
    stuck.nobody = True
    with pytest.raises(RuntimeError) as caught:
        play(stuck, 1)
    assert str(caught.value) == "toy-stuck: no clock action and no actor, but not over"
    assert isinstance(stuck, GameDef)
