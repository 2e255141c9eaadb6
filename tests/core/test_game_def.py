"""GameDef's defaults, the game registry and ``play``'s choices, on the toy race (EN-3, EN-7,
EN-8)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.core.toy import Add, Added, Race, RaceConfig, Sub, make

from gamefold import Action, ConfigError, Event, RegistryError, Rng
from gamefold.games import GameDef, Played, game_names, get_game, play, register_game
from gamefold.games.base import joined_event_rules, random_policy
from gamefold.registry import Game, Rules
from gamefold.search import ISMCTS
from gamefold.sim.policies import resolve_policy


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


def test_en3_a_game_over_at_setup_plays_no_action() -> None:
    """EN-3: a game whose end holds from the start is played as over: no action, finished."""
    played = play(Race(RaceConfig(target=0)), 1)
    assert (played.actions, played.states, played.finished) == ((), (played.final,), True)


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


def test_en3_a_player_left_out_of_a_mapping_plays_the_games_own_random() -> None:
    """EN-3: a mapping naming some players leaves the others to the game's ``"random"``
    policy (summit's picks an action kind first), the same games as naming it for them."""
    game = get_game("summit")()
    players = game.players(game.setup(4))
    named = game.policies()["random"]
    assert named is not random_policy
    some = play(game, 4, {"p1": random_policy}, keep_states=False)
    every = play(game, 4, dict.fromkeys(players, named) | {"p1": random_policy}, keep_states=False)
    assert some.actions == every.actions


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


def _counted(event: Any) -> tuple[str, ...]:
    return (f"EN-{event.value}",)


def test_en7_joined_event_tables_hand_each_function_the_event() -> None:
    """EN-7: every table's function of a joined entry reads the event itself."""
    joined = joined_event_rules({Added: _counted}, {Added: _counted})
    assert joined[Added](Added("a", 4)) == ("EN-4", "EN-4")


class Counted(Race):
    """The race with an event table that reads each event."""

    def event_rules(self) -> dict[type, Any]:
        return {Added: _counted}


def test_en7_attested_hands_each_event_to_its_function() -> None:
    """EN-7: the rules an event attests may depend on the event itself."""
    game = Counted()
    state = game.setup(1)
    assert game.attested(state, (Added("a", 1), Added("b", 3))) == ("EN-1", "EN-3")


def test_distinct_games_hash_apart() -> None:
    """Games key dicts and sets (equal games hash alike); games of another config or
    another class hash apart, so such keys stay distinct buckets."""
    hashes = {hash(Race(RaceConfig(target=t))) for t in range(1, 21)}
    assert len(hashes) == 20
    assert hash(Twin(RaceConfig())) != hash(Race(RaceConfig()))
    assert hash(Race(RaceConfig(target=4))) == hash(Race(RaceConfig(target=4)))


def _hidden(name: str, action: type[Action]) -> Any:
    """``make(name)`` whose counter only its own player sees; the others see 0 (EN-9)."""
    sub = make(name, action=action)
    return attrs.evolve(
        sub, view=lambda state, viewer: state if viewer == name else attrs.evolve(state, value=0)
    )


class Seated(Race):
    """The race whose players are read from the state, each counter hidden from the other."""

    name = "toy-seated"

    def build_rules(self) -> Rules:
        return Rules([_hidden("a", Add), _hidden("b", Sub)])

    def players(self, game: Game) -> tuple[str, ...]:
        return (game["a"].name, game["b"].name)


def test_en9_play_checks_the_players_of_the_initial_state_and_shows_each_its_view() -> None:
    """EN-9: the players policies may be given are read from the initial state; each
    actor's policy sees that actor's view of the game, never another's."""
    seen: list[tuple[str, int, int]] = []

    def looking(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        seen.append((view.clock.player, view["a"].value, view["b"].value))
        return legal[-1], rng

    played = play(Seated(RaceConfig(target=7)), 3, {"a": looking, "b": looking})
    assert played.finished
    assert seen
    for actor, a, b in seen:
        assert (a if actor == "b" else b) == 0
    assert any(a > 0 for actor, a, _ in seen if actor == "a")
    assert any(b > 0 for actor, _, b in seen if actor == "b")


def test_en3_play_records_each_actions_events() -> None:
    """EN-3: ``events[i]`` are what ``actions[i]`` did to ``states[i]``."""
    game = Race(RaceConfig(target=6))
    played = play(game, 4)
    assert len(played.events) == len(played.actions) == len(played.states) - 1
    steps = zip(played.states[:-1], played.actions, played.events, strict=True)
    for before, action, happened in steps:
        assert game.rules.step(before, action)[1] == happened
    assert any(isinstance(e, Added) for happened in played.events for e in happened)


def test_en3_play_stops_after_ten_thousand_actions_by_default() -> None:
    """EN-3: a game that never ends stops at the default cap of 10 000 actions, unfinished,
    keeping the last state."""
    game = Race(RaceConfig(target=10**9))
    played = play(game, 1, keep_states=False)
    assert len(played.actions) == 10_000
    assert not played.finished
    assert len(played.states) == 2


class Told(Race):
    """The race, its two counters telling the same event each in their own words."""

    def build_rules(self) -> Rules:
        first = attrs.evolve(make("a"), lines={Added: lambda e: f"{e.counter} is at {e.value}"})
        second = attrs.evolve(make("b", action=Sub), lines={Added: lambda e: "never told"})
        return Rules([first, second])


def test_en7_a_game_tells_an_event_in_the_first_telling_subsystems_words() -> None:
    """EN-7: by default an event is told by the first of the game's subsystems that tells
    its type, handed the event itself; an event none tells is its ``repr``."""
    game = Told()
    assert game.describe(Added("a", 2)) == "a is at 2"
    assert game.describe(Other()) == repr(Other())


class Drawn(Race):
    """The race, saying itself how to determinize though its counters cannot."""

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        return view

    def determinize_problem(self) -> str | None:
        return None


class Delegating(Race):
    """The race, whose own determinize still composes its counters' (which have none)."""

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        return self.rules.determinize(view, viewer, rng)


def test_a_game_that_says_how_to_determinize_is_offered_to_search_bots() -> None:
    """A game whose slices have no determinizer but which draws every slice itself (and
    says so) gets the ``"ismcts"`` policy; one that does neither gets only ``"random"``;
    an override that still needs the slices' is not offered it, nor can it be chosen."""
    assert set(Drawn().policies()) == {"random", "ismcts"}
    assert set(Race().policies()) == {"random"}
    assert set(Delegating().policies()) == {"random"}
    with pytest.raises(RegistryError, match=r"'a' has no determinize.*give its Subsystem"):
        resolve_policy(Delegating(), "ismcts:iterations=3")
    with pytest.raises(RegistryError, match="cannot be played by ismcts"):
        ISMCTS(Race())
