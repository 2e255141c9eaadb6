"""A tiny counter subsystem and a two-player race game built on it.

They test the registry, records, replay and the driver without depending on a real game.
"""

from __future__ import annotations

from typing import Any

import attrs

from gamefold import (
    Action,
    EndRound,
    Event,
    Events,
    IllegalAction,
    Lifecycle,
    StartRound,
    StartTurn,
    Subsystem,
)
from gamefold.games import GameDef, register_game
from gamefold.registry import Game, Rules


@attrs.frozen
class Counter:
    name: str
    value: int = 0
    rounds: int = 0
    moves: int = 0


@attrs.frozen
class Add(Action):
    amount: int


@attrs.frozen
class Sub(Action):
    """A second action type, so two counters can live in one game."""

    amount: int


@attrs.frozen
class Added(Event):
    counter: str
    value: int


def make(name: str, action: type[Action] = Add, log: list[str] | None = None) -> Subsystem[Counter]:
    """A subsystem that adds ``amount`` on ``action`` and counts StartRounds and EndRounds."""

    def check(state: Counter, act: Action) -> IllegalAction | None:
        if not isinstance(act, Action):
            raise TypeError(f"expected an Action, got {type(act).__name__}")
        if isinstance(act, Add | Sub) and (type(act.amount) is not int):
            return IllegalAction("toy/malformed", "EN-4", "Amounts are integers.", act)
        if isinstance(act, Add | Sub) and act.amount < 0:
            return IllegalAction("toy/negative", "EN-4", "Amounts are positive.", act)
        return None

    def step(state: Counter, act: Action) -> tuple[Counter, Events]:
        problem = check(state, act)
        if problem is not None:
            raise problem
        if log is not None:
            log.append(f"{name}:{type(act).__name__}")
        if isinstance(act, StartRound | EndRound):
            return attrs.evolve(state, rounds=state.rounds + 1), ()
        if isinstance(act, Lifecycle):
            return state, ()
        assert isinstance(act, Add | Sub)
        new = attrs.evolve(state, value=state.value + act.amount, moves=state.moves + 1)
        return new, (Added(name, new.value),)

    def legal(state: Counter, actor: str) -> tuple[Action, ...]:
        return tuple(action(n) for n in (1, 2, 3)) if actor == name else ()

    return Subsystem(
        name=name,
        actions=(action,),
        lifecycle=(StartRound, EndRound, StartTurn),
        step=step,
        check=check,
        legal_actions=legal,
        view=lambda state, viewer: state,
        state_type=Counter,
    )


@attrs.frozen
class RaceConfig:
    target: int = 10


@register_game
class Race(GameDef[RaceConfig]):
    """Players a and b take turns adding 1 to 3 to their counter; the first to target wins."""

    name = "toy-race"
    config_type = RaceConfig

    def build_rules(self) -> Rules:
        return Rules([make("a"), make("b", action=Sub)])

    def setup(self, seed: int | str) -> Game:
        return self.rules.new_game({"a": Counter("a"), "b": Counter("b")})

    def players(self, game: Game) -> tuple[str, ...]:
        return ("a", "b")

    def clock_action(self, game: Game) -> Action | None:
        if game["a"].moves + game["b"].moves == game.clock.turn:
            return StartTurn("a" if game.clock.turn % 2 == 0 else "b")
        return None

    def actor(self, game: Game) -> str | None:
        return None if self.is_over(game) else game.clock.player

    def is_over(self, game: Game) -> bool:
        return max(game["a"].value, game["b"].value) >= self.config.target

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        return {p: {"score": game[p].value} for p in self.players(game)}
