"""A toy race that reports a winner and ships a greedy policy, for the simulation tests.

Workers import it by name (``tests.sim.scored``) when a game arrives pickled, so it must stay
importable from the repository root.
"""

from __future__ import annotations

from typing import Any

from tests.core.toy import Added, Race

from gamefold import Action, Event, Rng
from gamefold.games import Policy, random_policy, register_game
from gamefold.registry import Game


def biggest(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    """A module-level policy (picklable): always the largest step."""
    return legal[-1], rng


@register_game
class ScoredRace(Race):
    """The toy race with a winner column, move counts and a greedy policy."""

    name = "toy-scored"

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        target = self.config.target
        return {
            p: {"score": game[p].value, "winner": game[p].value >= target, "moves": game[p].moves}
            for p in self.players(game)
        }

    def describe(self, event: Event) -> str:
        if isinstance(event, Added):
            return f"{event.counter} reaches {event.value}"
        return super().describe(event)

    def policies(self) -> dict[str, Policy]:
        def greedy(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
            return legal[-1], rng  # a closure: resolved by name where the games run

        return {"random": random_policy, "greedy": greedy}
