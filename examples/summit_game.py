"""Play one seeded summit game with greedy players and print its account and the scores.

Four players take turns over the Summit's map: the clock begins each turn with what the
player holds (DP-4, DP-5), the greedy policy attacks, answers proposals and plays its
cards, and the game ends after 12 Rounds or a domination. The account is told from the
events alone. Run it with no arguments, or give a seed:

    python examples/summit_game.py [SEED]
"""

from __future__ import annotations

import sys

from gamefold.games import play
from gamefold.games.summit import Summit, SummitConfig, standings
from gamefold.sim import narrate


def main(seed: int = 7) -> int:
    """Play the game of ``seed`` and print it; the exit status."""
    game = Summit(SummitConfig(players=4))
    played = play(game, seed, game.policies()["greedy"])
    print(f"A summit of four greedy players, seed {seed}")
    for line in narrate(game, played):
        print(line)
    print("Final scores (DP-14: the points of the cards in hand):")
    for line in standings(game.outcome(played.final)):
        print(f"  {line}")
    return 0 if played.finished else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 7))
