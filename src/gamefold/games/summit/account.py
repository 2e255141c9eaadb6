"""What summit tells: its account (:data:`LINES`, :func:`describe`, :func:`standings`) and
the rules its play attests (:data:`EVENT_RULES`, for :func:`gamefold.sim.coverage`; EN-7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gamefold import attests, diplomacy, territory
from gamefold.core import Event
from gamefold.diplomacy import DiplomacyConfig
from gamefold.games.base import joined_event_rules
from gamefold.games.summit import effects, flow, reactions
from gamefold.games.summit.effects import EffectFizzled, Fortified, TrapLaid
from gamefold.games.summit.flow import GameOver, Passed, ProposalDeferred, RoundBegan, RoundEnded
from gamefold.games.summit.reactions import Deployed, TruceBegan
from gamefold.territory import (
    BattleFought,
    TerritoryTaken,
    TrapSprung,
    TroopDeployed,
    TroopsGained,
    TruceEnded,
)

__all__ = ["EVENT_RULES", "LINES", "RULE_IDS", "SETUP_RULES", "describe", "standings"]


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


_AGREEMENTS = ("Ceasefire", "Territory Transfer", "Covert Support", "Manufacturing Partnership")


def _taken(event: TerritoryTaken) -> tuple[str, ...]:
    if event.cause == "attack":
        return ("SM-2", "SM-6")  # the borders the attack crossed
    return ("SM-7",) if event.cause == "transfer" else ("SM-8",)


def _troops(event: TroopsGained) -> tuple[str, ...]:
    # The source names the card: a troop card (SM-5), a pact (SM-7) or Foreign Aid (SM-8).
    if event.source.startswith(_AGREEMENTS):
        return ("SM-7",)
    return ("SM-8",) if event.source.startswith("Foreign Aid") else ("SM-5",)


def _truce_ended(event: TruceEnded) -> tuple[str, ...]:
    return ("SM-8",) if event.reason == "betrayed" else ("SM-7",)


_OWN: dict[type, Callable[[Any], tuple[str, ...]]] = {
    **diplomacy.EVENT_RULES,
    TerritoryTaken: _taken,
    TroopsGained: _troops,
    TruceEnded: _truce_ended,
    TruceBegan: attests("SM-7"),
    RoundBegan: attests("SM-1"),
    RoundEnded: attests("SM-1"),
    Passed: attests("SM-9"),
    ProposalDeferred: attests("SM-9"),
    GameOver: attests("DP-14", "SM-10", "SM-11"),
    Fortified: attests("SM-8"),
    EffectFizzled: attests("SM-8"),
    Deployed: attests("SM-3", "SM-4"),
    TroopDeployed: attests("SM-4"),
    BattleFought: attests("SM-6"),
    TrapSprung: attests("SM-13"),
    TrapLaid: attests("SM-13"),
    diplomacy.PactBroken: attests("DP-9", "SM-8"),
    diplomacy.PactExtended: attests("DP-8", "SM-14"),
    diplomacy.PactRevealed: attests("DP-9", "SM-7"),
}

EVENT_RULES = joined_event_rules(_OWN, territory.EVENT_RULES)
"""Every summit event type with the rules it attests, diplomacy's and the territory's
included (an attack's battle attests SM-6 and TR-4, TR-5)."""

SETUP_RULES: tuple[str, ...] = (*diplomacy.SETUP_RULES, "SM-1", "SM-2", *territory.SETUP_RULES)
"""The rules a new summit game applies: the seats (SM-1), the deal of the map (SM-2), and
diplomacy's opening hands and counters."""

RULE_IDS: tuple[str, ...] = (
    *(f"DP-{n}" for n in range(1, 15)),
    *(f"SM-{n}" for n in range(1, 17)),
    *territory.RULE_IDS,
)
"""Every rule ID summit relies on."""
