"""One skirmish played by greedy policies: a party with Skill decks against the GM's enemies.

Three adventurers (ana, bo and cy), each with a 30-card Skill deck, fight a goblin, an orc
and an archer run by the GM. Every Round starts with refills; the party leader pairs the
Forward fighters; then activations alternate between the party and the GM. In its
activation a unit pays for its ability with Skill cards (a Payment Discard, or Playing a
Strike) and declares it; an enemy's declaration at a party member lets that member react
with a Parry or a Dodge first. The last declaration of the Round resolves the exchange.

The script prints the account of the game, told from its events, and each player's
outcome. Run it with no arguments: ``python examples/skirmish_game.py [seed]``.
"""

from __future__ import annotations

import sys

from gamefold.games import play
from gamefold.games.skirmish import Skirmish
from gamefold.sim.account import narrate


def main(seed: int) -> None:
    """Play the game seeded ``seed`` with greedy policies and print what happened."""
    game = Skirmish()
    played = play(game, seed, game.policies()["greedy"])
    print(f"A skirmish, seed {seed}: {', '.join(game.config.party)} against the GM's")
    print(f"{', '.join(e.id for e in game.config.enemies)}; every player plays greedy.")
    for line in narrate(game, played):
        print(line)
    winners = [p for p, row in game.outcome(played.final).items() if row["winner"]]
    print(f"Winners: {', '.join(winners) or 'nobody'}.")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
