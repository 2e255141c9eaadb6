"""Tournaments: entrants (policies) rotated through a game's seats, rated with openskill.

>>> from gamefold.sim import tournament
>>> cup = tournament("skirmish", {"rnd": "random", "greedy": "greedy"}, games=4, seed=1,
...                  progress=False)
>>> sorted(cup.leaderboard.index)
['greedy', 'rnd']

A game's **competitors** are its sides when its outcome names them (skirmish: the party and
the GM's enemies), else its seats (summit's players). Game ``i`` seats the entrants in
rotation: competitor ``j`` is played by entrant ``(i + j) mod k``, so over any ``k``
consecutive games every entrant has held every seat equally often and no entrant profits
from a seat's advantage. Each game ranks its entrants by their ``column`` (``winner``:
the winners first) and updates their ratings with openskill's Plackett-Luce model, game by
game in game order, so the same seed gives the same ratings on any executor. A rating is
``mu`` with its uncertainty ``sigma``; the leaderboard sorts by openskill's ordinal,
``mu - 3 sigma``, a cautious estimate, and gives each entrant's win rate with its 95%
interval over the games it played: Wilson's when it holds one competitor a game; when it
holds several (two entrants in a game of five seats), its score in a game is the share of
its seats that won, and the interval is the t interval of that mean (kept within 0 to 1).
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import attrs

from gamefold.games.base import GameDef, get_game
from gamefold.sim.batching import DEFAULT_MAX_STEPS, play_games
from gamefold.sim.extras import require
from gamefold.sim.policies import PolicySpec, policy_label, resolve_policy
from gamefold.sim.runner import Job, game_seed
from gamefold.sim.stats import estimate
from gamefold.sim.summary import SIDE_COLUMN

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Tournament", "competitors", "tournament"]


@attrs.frozen(eq=False)
class Tournament:
    """What :func:`tournament` found: the leaderboard and every game."""

    game: str
    """The game's name."""
    leaderboard: pd.DataFrame
    """One row per entrant, best first: ``policy``, ``games``, ``rate`` (of ``column``),
    ``low`` and ``high`` (its 95% Wilson interval), ``mu``, ``sigma``, ``ordinal``."""
    games: pd.DataFrame
    """One row per game and seat: the games frame with ``entrant`` and ``competitor``."""
    column: str
    """The outcome column that ranked the entrants of a game."""

    def table(self) -> str:
        """The leaderboard in 100 columns, with a line saying what its numbers are."""
        board = self.leaderboard
        shown = board.assign(
            rate=board["rate"].map("{:.3f}".format),
            interval=[
                f"[{lo:.3f}, {hi:.3f}]" for lo, hi in zip(board["low"], board["high"], strict=True)
            ],
            mu=board["mu"].map("{:.2f}".format),
            sigma=board["sigma"].map("{:.2f}".format),
            ordinal=board["ordinal"].map("{:.2f}".format),
        )[["policy", "games", "rate", "interval", "mu", "sigma", "ordinal"]]
        n = self.games["game"].nunique()
        return "\n".join(
            [
                f"{self.game}: tournament of {len(board)} entrants, {n} games, seats rotated",
                shown.to_string(),
                f"rate: {self.column} rate over the entrant's games, with its 95% interval;",
                "mu, sigma: openskill Plackett-Luce rating; ordinal = mu - 3 sigma, best first.",
            ]
        )

    def __str__(self) -> str:
        return self.table()


def competitors(game: GameDef[Any], seed: int | str = 0) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The game's competitors in seat order, each with its players: its sides when the
    outcome names them, else one competitor per seat."""
    state = game.setup(game_seed(seed, 0))
    players = game.players(state)
    outcome = game.outcome(state)
    sides: dict[str, list[str]] = {}
    for player in players:
        side = outcome.get(player, {}).get(SIDE_COLUMN)
        sides.setdefault(str(side) if isinstance(side, str) else player, []).append(player)
    return tuple((name, tuple(members)) for name, members in sides.items())


def tournament(
    game: GameDef[Any] | str,
    entrants: Mapping[str, PolicySpec],
    *,
    games: int = 100,
    seed: int | str = 0,
    column: str = "winner",
    executor: Executor | None = None,
    batch_size: int | None = None,
    progress: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Tournament:
    """Play ``games`` games of ``game`` between ``entrants`` (name -> policy), rotating
    them through the competitors' seats, and rate them (openskill).

    Play a multiple of the number of entrants for every entrant to hold every seat equally
    often. ``executor``, ``batch_size``, ``progress`` and ``max_steps`` are
    :func:`~gamefold.sim.simulate`'s.
    """
    require("sim", "openskill", "a tournament")
    game_def = get_game(game)() if isinstance(game, str) else game
    names = list(entrants)
    if len(names) < 2:
        raise ValueError(f"a tournament needs at least two entrants, not {len(names)}")
    for spec in entrants.values():
        resolve_policy(game_def, spec)
    sides = competitors(game_def, seed)
    if len(sides) < 2:
        raise ValueError(f"{game_def.name} has one competitor; a tournament needs two or more")
    seatings = tuple(_seating(sides, names, entrants, r) for r in range(len(names)))
    job = Job(game_def, seed, seatings[0], max_steps, seatings=seatings)
    frame = play_games(job, 0, games, executor=executor, batch_size=batch_size, progress=progress)
    frame = _with_entrants(frame, sides, names)
    board = _leaderboard(frame, names, entrants, column)
    return Tournament(game_def.name, board, frame, column)


def _seating(
    sides: tuple[tuple[str, tuple[str, ...]], ...],
    names: list[str],
    entrants: Mapping[str, PolicySpec],
    rotation: int,
) -> dict[str, PolicySpec]:
    """Every player's policy when the entrants are rotated ``rotation`` seats."""
    return {
        player: entrants[names[(rotation + j) % len(names)]]
        for j, (_, players) in enumerate(sides)
        for player in players
    }


def _with_entrants(
    frame: pd.DataFrame, sides: tuple[tuple[str, tuple[str, ...]], ...], names: list[str]
) -> pd.DataFrame:
    seat = {player: j for j, (_, players) in enumerate(sides) for player in players}
    side = {player: name for name, players in sides for player in players}
    index = (frame["game"] + frame["player"].map(seat)) % len(names)
    return frame.assign(entrant=[names[i] for i in index], competitor=frame["player"].map(side))


def _leaderboard(
    frame: pd.DataFrame, names: list[str], entrants: Mapping[str, PolicySpec], column: str
) -> pd.DataFrame:
    import pandas as pd

    if column not in frame:
        raise ValueError(f"the games have no column {column!r} to rank entrants by")
    scores = frame.groupby(["game", "entrant"], sort=True)[column].mean().astype("float64")
    ratings = _ratings(scores, names)
    rows = []
    for name in names:
        mine = scores.xs(name, level="entrant")
        found = estimate(mine.to_numpy())
        low, high = found.interval.low, found.interval.high
        if frame[column].dtype == bool:  # a share of seats won: a rate, kept within 0 to 1
            low, high = max(low, 0.0), min(high, 1.0)
        rating = ratings[name]
        rows.append(
            {
                "entrant": name,
                "policy": policy_label(entrants[name], ""),
                "games": len(mine),
                "rate": found.value,
                "low": low,
                "high": high,
                "mu": float(rating.mu),
                "sigma": float(rating.sigma),
                "ordinal": float(rating.ordinal()),
            }
        )
    board = pd.DataFrame(rows).set_index("entrant")
    return board.sort_values("ordinal", ascending=False, kind="stable")


def _ratings(scores: pd.Series, names: list[str]) -> dict[str, Any]:
    """Each entrant's openskill rating after every game, in game order."""
    models = require("sim", "openskill.models", "a tournament")
    model = models.PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for _, game in scores.groupby(level="game", sort=True):
        present = [str(e) for e in game.index.get_level_values("entrant")]
        values = game.to_numpy()
        ranks = [int((values > value).sum()) for value in values]  # ties share a rank
        rated = model.rate([[ratings[e]] for e in present], ranks=ranks)
        for entrant, (rating,) in zip(present, rated, strict=True):
            ratings[entrant] = rating
    return ratings
