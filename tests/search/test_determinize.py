"""Determinization from a view (EN-9): what a search bot plays out instead of the
state it may not see.

For every shipped game and scenario, at decision points of seeded random games, and for
every player: the view of a determinized state is the view it came from, the state is
sound (every invariant holds), the player on the move is the same with the same legal
actions, play goes on from it, and over many draws the hidden parts vary.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.core import toy

from gamefold import RegistryError, Rng, Rules
from gamefold.games import GameDef, get_game, random_policy

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
    game = get_game(name)(get_game(name).scenarios()[scenario])
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
