"""Border War: a small game of the territory subsystem alone (TR-1 … TR-8).

Two to four warlords share the default map, dealt in turn. Each starts with a reserve of
troops and, in their turn, deploys reserve troops onto their own territories (TR-3) and
attacks across borders (TR-4, TR-5) as often as they like, then ends the turn. The game
ends after ``turns`` turns, or when one warlord holds every territory; whoever holds most
territories wins. There is no diplomacy, no card and no Round: the territory follows the
clock's ``StartTurn`` and ``EndTurn`` on its own, which shows that the map needs no host
game's turn flow.

Run it with ``python examples/border_war.py``; ``conformance`` checks it in the tests.
"""

from __future__ import annotations

from typing import Any

import attrs

from gamefold import Action, Event, StartTurn, replace, territory
from gamefold.games.base import GameDef, play, register_game
from gamefold.registry import Game, Rules
from gamefold.territory import Atlas, TerritoryState


@attrs.frozen(kw_only=True)
class BorderConfig:
    """The map, the warlords, their starting reserve and the length of the game."""

    atlas: Atlas = attrs.field(factory=lambda: Atlas(deal="in-order"))
    players: tuple[str, ...] = ("north", "south", "east")
    reserve: int = 8
    turns: int = 24


@register_game
class BorderWar(GameDef[BorderConfig]):
    """The territory subsystem alone, in turns."""

    name = "border-war"
    config_type = BorderConfig

    def build_rules(self) -> Rules:
        """The one territory slice."""
        return Rules([territory.subsystem])

    def setup(self, seed: int | str) -> Game:
        """The dealt map, each warlord with its reserve (TR-1)."""
        board = territory.initial_state(self.config.atlas, self.config.players, seed)
        realms = tuple(replace(r, troops=self.config.reserve) for r in board.realms)
        return self.rules.new_game({territory.NAME: replace(board, realms=realms)})

    def players(self, game: Game) -> tuple[str, ...]:
        """The warlords in seat order."""
        return self.config.players

    def clock_action(self, game: Game) -> Action | None:
        """The next warlord's StartTurn, between turns."""
        board: TerritoryState[Atlas] = game[territory.NAME]
        if board.current or self.is_over(game):
            return None
        return StartTurn(self.config.players[game.clock.turn % len(self.config.players)])

    def actor(self, game: Game) -> str | None:
        """The warlord whose turn it is (or begins next); ``None`` once the game is over."""
        if self.is_over(game):
            return None
        board: TerritoryState[Atlas] = game[territory.NAME]
        return board.current or self.config.players[game.clock.turn % len(self.config.players)]

    def is_over(self, game: Game) -> bool:
        """After the last turn, or once one warlord holds the whole map."""
        board: TerritoryState[Atlas] = game[territory.NAME]
        if board.current:
            return False
        return game.clock.turn >= self.config.turns or len(set(board.owners)) == 1

    def outcome(self, game: Game) -> dict[str, dict[str, Any]]:
        """Per warlord: territories and troops held; the most territories win."""
        board: TerritoryState[Atlas] = game[territory.NAME]
        held = {p: territory.territory_count(board, p) for p in self.config.players}
        top = max(held.values())
        return {
            p: {"winner": held[p] == top, "territories": held[p], "conquests": r.conquests}
            for p, r in zip(self.config.players, board.realms, strict=True)
        }

    def describe(self, event: Event) -> str:
        """A line of the account: the territory's own sentences."""
        return territory.describe(event)


def main() -> None:
    """Play one seeded game with random warlords and print the battles and the outcome."""
    game = BorderWar()
    played = play(game, seed=7)
    for events in played.events:
        for event in events:
            if isinstance(event, (territory.BattleFought, territory.TerritoryTaken)):
                print(game.describe(event))
    for player, figures in game.outcome(played.final).items():
        print(player, figures)


if __name__ == "__main__":
    main()
