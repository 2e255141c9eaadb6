"""Readable sentences for summit's events, for the turn-by-turn account (EN-7).

:data:`LINES` holds diplomacy's own lines (:data:`gamefold.diplomacy.LINES`), the
territory's (:data:`gamefold.territory.LINES`) and summit's own;
:func:`describe` tells any event of a summit game with them. :func:`standings` gives the
closing lines of an account: each player's score and holdings, best first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gamefold import diplomacy, territory
from gamefold.core import Event
from gamefold.diplomacy import DiplomacyConfig
from gamefold.games.summit import effects, flow, reactions

__all__ = ["LINES", "describe", "standings"]


def _told(line: Callable[[Any], str]) -> diplomacy.Line:
    """A territory line as a summit line, which is also given the diplomacy config."""
    return lambda config, event: line(event)


LINES: dict[type, diplomacy.Line] = {
    **diplomacy.LINES,
    **{kind: _told(line) for kind, line in territory.LINES.items()},
    flow.RoundBegan: lambda c, e: f"Round {e.round} begins",
    flow.RoundEnded: lambda c, e: f"Round {e.round} ends",
    flow.GameOver: lambda c, e: f"The summit is over after Round {e.round} ({e.reason})",
    flow.Passed: lambda c, e: f"{e.player} plays no Standalone card",
    flow.ProposalDeferred: lambda c, e: f"{e.player} defers proposal {e.proposal}",
    reactions.Deployed: lambda c, e: (
        f"{e.player} gains {e.troops} troops to deploy"
        + (f", {e.debt} fewer for the deploy debt" if e.debt else "")
        + (f", {e.carried} still owed" if e.carried else "")
        + f" ({e.total} in reserve)"
    ),
    reactions.TruceBegan: lambda c, e: f"truce between {e.first} and {e.second} (pact {e.pact})",
    effects.TrapLaid: lambda c, e: f"{e.player} lays a trap on {e.territory} ({e.strength})",
    effects.Fortified: lambda c, e: f"{e.player} fortifies {e.territory} ({e.forts} forts)",
    effects.EffectFizzled: lambda c, e: f"{e.player}'s {e.card} fizzles: {e.reason}",
}
"""The sentence of each event type of a summit game, told with the diplomacy config."""


def describe(config: DiplomacyConfig, event: Event) -> str:
    """One readable line for any event of a summit game; ``repr`` for an event of another
    kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(config, event)


def standings(outcome: Mapping[str, Mapping[str, Any]]) -> Iterator[str]:
    """The final standings from :meth:`Summit.outcome`: winners first, then by score, then
    seat order."""

    def rank(player: str) -> tuple[float, int]:
        return -float(outcome[player]["win_share"]), -int(outcome[player]["score"])

    for player in sorted(outcome, key=rank):
        row = outcome[player]
        share = float(row["win_share"])
        mark = "" if not share else "  (winner)" if share == 1 else f"  (shares the win, {share:g})"
        yield (
            f"{player}: {row['score']} points, {row['territories']} territories, "
            f"{row['zones']} zones, {row['cards_earned']} cards earned{mark}"
        )
