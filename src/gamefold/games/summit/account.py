"""Readable sentences for summit's events, for the turn-by-turn account (EN-7).

:func:`describe` tells the map's events itself and hands every diplomacy event to
:func:`gamefold.diplomacy.describe`. :func:`standings` gives the closing lines of an
account: each player's score and holdings, best first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gamefold.core import Event
from gamefold.diplomacy import DiplomacyConfig
from gamefold.diplomacy import describe as describe_diplomacy
from gamefold.games.summit import attack, board, effects, flow, reactions

__all__ = ["describe", "standings"]


def _owner(name: str) -> str:
    return name or "neutral hands"


def _taken(event: board.TerritoryTaken) -> str:
    paid = f" with {event.troops} troops" if event.troops else ""
    return (
        f"{event.player} takes {event.territory} from {_owner(event.previous)} "
        f"by {event.cause}{paid}"
    )


_LINES: dict[type, Callable[[Any], str]] = {
    flow.RoundBegan: lambda e: f"Round {e.round} begins",
    flow.RoundEnded: lambda e: f"Round {e.round} ends",
    flow.GameOver: lambda e: f"The summit is over after Round {e.round} ({e.reason})",
    flow.Passed: lambda e: f"{e.player} plays no Standalone card",
    flow.ProposalDeferred: lambda e: f"{e.player} defers proposal {e.proposal}",
    board.TerritoryTaken: _taken,
    board.TroopsGained: lambda e: (
        f"{e.player} gains {e.troops} troops from {e.source} ({e.total} in reserve)"
    ),
    board.TruceEnded: lambda e: f"the truce of pact {e.pact} ends ({e.reason})",
    reactions.Deployed: lambda e: (
        f"{e.player} gains {e.troops} troops to deploy"
        + (f", {e.debt} fewer for the deploy debt" if e.debt else "")
        + (f", {e.carried} still owed" if e.carried else "")
        + f" ({e.total} in reserve)"
    ),
    reactions.TruceBegan: lambda e: f"truce between {e.first} and {e.second} (pact {e.pact})",
    attack.TroopDeployed: lambda e: f"{e.player} deploys a troop on {e.territory} ({e.troops})",
    attack.TrapSprung: lambda e: f"a trap on {e.territory} kills {e.killed} of {e.player}'s troops",
    attack.BattleFought: lambda e: (
        f"{e.player} attacks {e.territory} from {e.source}: {e.attackers} against "
        f"{e.defenders}"
        + (f" and {e.forts} forts" if e.forts else "")
        + f"; {e.lost} attackers and {e.killed} defenders fall"
        + ("" if e.won else "; the attack fails")
    ),
    effects.TrapLaid: lambda e: f"{e.player} lays a trap on {e.territory} ({e.strength})",
    effects.Fortified: lambda e: f"{e.player} fortifies {e.territory} ({e.forts} forts)",
    effects.EffectFizzled: lambda e: f"{e.player}'s {e.card} fizzles: {e.reason}",
}


def describe(config: DiplomacyConfig, event: Event) -> str:
    """One readable line for any event of a summit game."""
    line = _LINES.get(type(event))
    return describe_diplomacy(config, event) if line is None else line(event)


def standings(outcome: Mapping[str, Mapping[str, Any]]) -> Iterator[str]:
    """The final standings from :meth:`Summit.outcome`: winners first, then by score, then
    seat order."""
    order = sorted(
        outcome, key=lambda p: (-float(outcome[p]["win_share"]), -int(outcome[p]["score"]))
    )
    for player in order:
        row = outcome[player]
        share = float(row["win_share"])
        mark = "" if not share else "  (winner)" if share == 1 else f"  (shares the win, {share:g})"
        yield (
            f"{player}: {row['score']} points, {row['territories']} territories, "
            f"{row['zones']} zones, {row['cards_earned']} cards earned{mark}"
        )
