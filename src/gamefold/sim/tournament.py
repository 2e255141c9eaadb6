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
``mu`` with its uncertainty ``sigma`` (``mu_low`` to ``mu_high``: ``mu ± 1.96 sigma``, the
95% interval of openskill's normal belief about the entrant's skill); the leaderboard sorts
by openskill's ordinal, ``mu - 3 sigma``, a cautious estimate.

Each entrant's **win share** is per game, the game the unit: a competitor wins a game when
any of its players is a winner (a side wins together), and an entrant's share of a game is
the number of its competitors that won over the number that won (1 when it alone won, 1/2
when it tied with one other, 0 when it lost or nobody won), so the entrants' shares of a
game add up to 1 when anyone won, however many seats each held. ``share`` is its mean over
the entrant's ``games`` (the denominator), ``wins`` their sum; ``low`` and ``high`` are its
95% interval, of the ``method`` named: the Clopper-Pearson exact interval when every share
is 0 or 1, else the t interval of the mean over games (kept within 0 to 1). Ranked by a
number rather than a yes/no column, an entrant's value in a game is the mean of its seats'
values, and ``mean`` replaces ``share`` (with its t interval).
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import attrs

from gamefold.errors import ConfigError
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

_Z95 = 1.959963984540054  # the normal's 97.5% quantile: mu ± this sigma holds 95%


@attrs.frozen(eq=False)
class Tournament:
    """What :func:`tournament` found: the leaderboard and every game."""

    game: str
    """The game's name."""
    leaderboard: pd.DataFrame
    """One row per entrant, best first: ``policy``, ``games`` (it played), ``wins`` and
    ``share`` (its win share per game; for a number ``column``: ``mean``), ``low`` and
    ``high`` (its 95% interval), ``method`` (the interval's), ``mu``, ``sigma``,
    ``mu_low``, ``mu_high`` (``mu ± 1.96 sigma``), ``ordinal``, and ``note`` (the
    interval's: why it may cover less than 95%, or ``""``)."""
    games: pd.DataFrame
    """One row per game and seat: the games frame with ``entrant`` and ``competitor``."""
    column: str
    """The outcome column that ranked the entrants of a game."""

    @property
    def measure(self) -> str:
        """The leaderboard's column of each entrant's result: ``share`` (a win share per
        game) for a yes/no :attr:`column`, ``mean`` for a number."""
        return "share" if "share" in self.leaderboard else "mean"

    def table(self) -> str:
        """The leaderboard in 100 columns, with lines saying what its numbers are."""
        board, measure = self.leaderboard, self.measure
        shown = board.assign(
            **{measure: board[measure].map("{:.3f}".format)},
            interval=[
                pair + _marked(note)
                for pair, note in zip(
                    _pairs(board["low"], board["high"], 3), board["note"], strict=True
                )
            ],
            mu=board["mu"].map("{:.2f}".format),
            sigma=board["sigma"].map("{:.2f}".format),
            mu_95=_pairs(board["mu_low"], board["mu_high"], 1),
            ordinal=board["ordinal"].map("{:.2f}".format),
        )
        counts = ["games", "wins"] if measure == "share" else ["games"]
        if measure == "share":
            shown["wins"] = board["wins"].map("{:g}".format)
        shown = shown[["policy", *counts, measure, "interval", "mu", "sigma", "mu_95", "ordinal"]]
        n = self.games["game"].nunique()
        methods = "; ".join(sorted(set(board["method"])))
        what = (
            f"wins: games won ({self.column}; a side wins together, tied winners split a game);"
            "\nshare: wins / games, the entrant's mean win share per game"
            if measure == "share"
            else f"mean: the mean of the entrant's seats' {self.column} per game, over its games"
        )
        return "\n".join(
            [
                f"{self.game}: tournament of {len(board)} entrants, {n} games, seats rotated",
                shown.to_string(),
                f"{what};",
                f"interval: its 95% interval ({methods}).",
                *([_FEW_LINE] if board["note"].astype(bool).any() else []),
                "mu, sigma: openskill Plackett-Luce rating; mu_95: mu ± 1.96 sigma;",
                "ordinal = mu - 3 sigma, best first.",
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
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError("games", f"a tournament plays at least one game, not games={games!r}")
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


_FEW_LINE = "*: too few of its games differ for the t interval to hold its 95% (see its note)."


def _marked(note: str) -> str:
    """``*`` after an interval whose note says it may cover less than 95%."""
    return "*" if note else ""


def _leaderboard(
    frame: pd.DataFrame, names: list[str], entrants: Mapping[str, PolicySpec], column: str
) -> pd.DataFrame:
    import pandas as pd

    if column not in frame:
        raise ValueError(f"the games have no column {column!r} to rank entrants by")
    binary = frame[column].dtype == bool
    scores = _win_shares(frame, column) if binary else _seat_means(frame, column)
    ratings = _ratings(scores, names)
    rows = []
    for name in names:
        mine = scores.xs(name, level="entrant").to_numpy()
        found = estimate(mine)
        low, high = found.interval.low, found.interval.high
        if binary:  # a share of a game: kept within 0 to 1
            low, high = max(low, 0.0), min(high, 1.0)
        rating = ratings[name]
        mu, sigma = float(rating.mu), float(rating.sigma)
        result = {"wins": float(mine.sum()), "share": found.value} if binary else {}
        rows.append(
            {
                "entrant": name,
                "policy": policy_label(entrants[name], ""),
                "games": len(mine),
                **(result or {"mean": found.value}),
                "low": low,
                "high": high,
                "method": found.interval.method,
                "note": found.interval.note,
                "mu": mu,
                "sigma": sigma,
                "mu_low": mu - _Z95 * sigma,
                "mu_high": mu + _Z95 * sigma,
                "ordinal": float(rating.ordinal()),
            }
        )
    board = pd.DataFrame(rows).set_index("entrant")
    return board.sort_values("ordinal", ascending=False, kind="stable")


def _win_shares(frame: pd.DataFrame, column: str) -> pd.Series:
    """Each entrant's win share of each game: its competitors that won over all that won."""
    won = frame.groupby(["game", "competitor", "entrant"], sort=True)[column].any()
    per_entrant = won.groupby(level=["game", "entrant"], sort=True).sum().astype("float64")
    winners = per_entrant.groupby(level="game").transform("sum")
    return (per_entrant / winners.where(winners > 0, 1.0)).rename(column)


def _seat_means(frame: pd.DataFrame, column: str) -> pd.Series:
    """Each entrant's mean value over its seats in each game."""
    found: pd.Series = frame.groupby(["game", "entrant"], sort=True)[column].mean()
    return found.astype("float64")


def _pairs(lows: pd.Series, highs: pd.Series, digits: int) -> list[str]:
    return [f"[{lo:.{digits}f}, {hi:.{digits}f}]" for lo, hi in zip(lows, highs, strict=True)]


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
