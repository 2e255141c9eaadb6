"""Determinization from a view (EN-9): what a search bot plays out instead of the
state it may not see.

For every shipped game and scenario, at decision points of seeded random games, and for
every player: the view of a determinized state is the view it came from, the state is
sound (every invariant holds), the player on the move is the same with the same legal
actions, play goes on from it, and over many draws the hidden parts vary.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from tests.core import toy
from tests.own_games import HouseSkirmish, Undrawn, skeleton_game

from gamefold import RegistryError, Rng, Rules
from gamefold.games import GameDef, get_game, random_policy
from gamefold.search import ISMCTS
from gamefold.sim.policies import resolve_policy

GAMES = ("skirmish", "summit", "campaign")
CASES = [(name, scenario) for name in GAMES for scenario in get_game(name).scenarios()]


def decision_points(game: GameDef[Any], seed: int, every: int) -> list[Any]:
    """Every ``every``-th state of a random game where a choice is due."""
    state, rng, found, steps = game.setup(seed), Rng.from_seed(seed).split("test"), [], 0
    while not game.is_over(state) and steps < 3_000:
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            if steps % every == 0:
                found.append(state)
            action, rng = random_policy(state, legal, rng)
        state, _ = game.rules.step(state, action)
        steps += 1
    return found


def play_on(game: GameDef[Any], state: Any, steps: int, rng: Rng) -> None:
    """A few random steps from ``state``: a determinized state is a game like any other."""
    for _ in range(steps):
        if game.is_over(state):
            return
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            action, rng = rng.choice(game.rules.legal_actions(state, actor))
        state, _ = game.rules.step(state, action)


@pytest.mark.parametrize(("name", "scenario"), CASES)
def test_en9_a_determinized_state_shows_the_view_it_came_from(name: str, scenario: str) -> None:
    assert_determinizes(get_game(name)(get_game(name).scenarios()[scenario]))


def assert_determinizes(game: GameDef[Any]) -> None:
    """At decision points of two seeded random games, for every player: each draw shows the
    view it came from, is sound, keeps the actor and its legal actions, plays on, and some
    draws differ."""
    varied = 0
    for seed in (1, 2):
        for state in decision_points(game, seed, every=7):
            actor = game.actor(state)
            for viewer in game.players(state):
                view = game.rules.view(state, viewer)
                draws = [game.determinize(view, viewer, Rng.from_seed(k)) for k in range(3)]
                for drawn in draws:
                    assert game.rules.view(drawn, viewer) == view
                    assert game.rules.invariants(drawn) == {}
                    if viewer == actor:
                        assert game.actor(drawn) == actor
                        assert set(game.rules.legal_actions(drawn, actor)) == set(
                            game.rules.legal_actions(state, actor)
                        )
                varied += len(set(draws)) > 1
            play_on(game, draws[0], 20, Rng.from_seed(seed))
    assert varied > 0, "no draw ever differed: the hidden parts are not re-drawn"


@pytest.mark.parametrize("name", GAMES)
def test_en9_the_same_draw_from_the_same_stream(name: str) -> None:
    game = get_game(name)()
    state = decision_points(game, 3, every=5)[-1]
    viewer = game.players(state)[0]
    view = game.rules.view(state, viewer)
    assert game.determinize(view, viewer, Rng.from_seed(9)) == game.determinize(
        view, viewer, Rng.from_seed(9)
    )


@pytest.mark.parametrize("name", GAMES)
def test_en9_determinizing_reads_the_view_alone(name: str) -> None:
    """Two states a player cannot tell apart give that player the same draws."""
    game = get_game(name)()
    state = decision_points(game, 4, every=5)[-1]
    viewer = game.players(state)[0]
    view = game.rules.view(state, viewer)
    other = game.determinize(view, viewer, Rng.from_seed(5))
    again = game.rules.view(other, viewer)
    rng = Rng.from_seed(6)
    assert game.determinize(again, viewer, rng) == game.determinize(view, viewer, rng)


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameDef[Any]]:
    """The ``gamefold new`` skeleton, exactly as generated."""
    with skeleton_game(tmp_path_factory.mktemp("own")) as game:
        yield game


def test_en9_the_gamefold_new_skeleton_determinizes_soundly(own: GameDef[Any]) -> None:
    assert_determinizes(own)
    assert "ismcts" in own.policies()


def test_en9_a_house_rule_subclass_with_a_slice_of_its_own_determinizes_soundly() -> None:
    """Burning fury (a wrapper) and a bounty slice whose determinize keeps its public view:
    the registry composes it with the shipped slices' and the skirmish's held declaration."""
    game = HouseSkirmish()
    assert game.rules.names[-1] == "bounty"
    assert_determinizes(game)


def test_a_slice_that_cannot_be_determinized_is_named_not_offered_to_ismcts() -> None:
    """A skirmish whose own slice has no determinize is not offered ``"ismcts"``; choosing
    it, or determinizing, names the slice and what to write, in one line."""
    game = Undrawn()
    assert set(game.policies()) == {"random", "greedy"}
    problem = game.determinize_problem()
    assert problem is not None
    assert "\n" not in problem
    assert "'bounty' has no determinize" in problem
    assert "give its Subsystem determinize=" in problem
    for choose in (
        lambda: resolve_policy(game, "ismcts"),
        lambda: resolve_policy(game, "ismcts:iterations=5"),
        lambda: ISMCTS(game),
        lambda: game.determinize(game.rules.view(game.setup(1), "ana"), "ana", Rng.from_seed(1)),
    ):
        with pytest.raises(RegistryError, match="'bounty' has no determinize") as raised:
            choose()
        assert problem in str(raised.value)


def test_the_registry_composes_each_slice_s_determinizer_on_its_own_stream() -> None:
    seen: list[tuple[str, Rng]] = []

    def redraw(shown: Any, viewer: str, rng: Rng) -> Any:
        seen.append((viewer, rng))
        return shown

    a = attrs.evolve(toy.make("a"), determinize=redraw)
    b = attrs.evolve(toy.make("b", toy.Sub), determinize=redraw)
    rules = Rules([a, b])
    game = rules.new_game({"a": toy.Counter("x"), "b": toy.Counter("x")})
    view = rules.view(game, "a")
    assert rules.determinize(view, "a", Rng.from_seed(1)) == game
    assert [viewer for viewer, _ in seen] == ["a", "a"]
    assert seen[0][1] == Rng.from_seed(1).split("a") != seen[1][1]


def test_a_slice_without_a_determinizer_is_named() -> None:
    rules = Rules(
        [attrs.evolve(toy.make("a"), determinize=lambda v, w, r: v), toy.make("b", toy.Sub)]
    )
    game = rules.new_game({"a": toy.Counter("x"), "b": toy.Counter("x")})
    with pytest.raises(RegistryError, match="'b' has no determinize"):
        rules.determinize(rules.view(game, "a"), "a", Rng.from_seed(1))
