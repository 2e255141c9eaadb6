"""One readable line per territory event, for logs, examples and a host game's account.

>>> from gamefold.territory import TroopDeployed, describe
>>> describe(TroopDeployed("p1", "Docks", 3))
'p1 deploys a troop on Docks (3)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.core import Event
from gamefold.territory.battle import BattleFought, BattleOpened, TrapSprung
from gamefold.territory.deploying import TroopDeployed
from gamefold.territory.hosting import Deployed, Fortified, TrapLaid, TruceBegan
from gamefold.territory.state import TerritoryTaken, TroopsGained, TruceEnded

__all__ = ["LINES", "describe"]


def _owner(name: str) -> str:
    return name or "neutral hands"


def _taken(event: TerritoryTaken) -> str:
    paid = f" with {event.troops} troops" if event.troops else ""
    return (
        f"{event.player} takes {event.territory} from {_owner(event.previous)} "
        f"by {event.cause}{paid}"
    )


def _fought(e: BattleFought) -> str:
    return (
        f"{e.player} attacks {e.territory} from {e.source}: {e.attackers} against "
        f"{e.defenders}"
        + (f" and {e.forts} forts" if e.forts else "")
        + f"; {e.lost} attackers and {e.killed} defenders fall"
        + ("" if e.won else "; the attack fails")
    )


LINES: dict[type, Callable[[Any], str]] = {
    TerritoryTaken: _taken,
    TroopsGained: lambda e: (
        f"{e.player} gains {e.troops} troops from {e.source} ({e.total} in reserve)"
    ),
    TruceEnded: lambda e: f"the truce of pact {e.pact} ends ({e.reason})",
    TroopDeployed: lambda e: f"{e.player} deploys a troop on {e.territory} ({e.troops})",
    TrapSprung: lambda e: f"a trap on {e.territory} kills {e.killed} of {e.player}'s troops",
    BattleFought: _fought,
    BattleOpened: lambda e: (
        f"{e.player} opens a battle for {e.territory} from {e.source}: {e.attackers} "
        f"against {e.defenders}"
    ),
    Fortified: lambda e: f"{e.player} fortifies {e.territory} ({e.forts} forts)",
    TrapLaid: lambda e: f"{e.player} lays a trap on {e.territory} ({e.strength})",
    Deployed: lambda e: f"{e.player} deploys {e.troops} troops ({e.total} in reserve)",
    TruceBegan: lambda e: f"a truce binds {e.first} and {e.second} (pact {e.pact})",
}
"""The sentence of each territory event type."""


def describe(event: Event) -> str:
    """One readable line for a territory event; ``repr`` for an event of another kind."""
    line = LINES.get(type(event))
    return repr(event) if line is None else line(event)
