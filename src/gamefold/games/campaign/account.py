"""One readable line per event of a campaign: the campaign's own, then summit's, then the
skirmish's (skills' and combat's included)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.core import Event
from gamefold.games import skirmish, summit
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.state import BattleBegan, BattleEnded

__all__ = ["LINES", "describe"]

_RESULTS = {
    "won": "takes it",
    "held": "the defenders hold it",
    "fled": "the champion flees",
    "fell": "the champion falls",
    "stalemate": "the Rounds run out and the attackers fall back",
}


def _began(e: BattleBegan) -> str:
    who = e.defender or "neutral"
    allies = f" with {', '.join(e.allies)}'s" if e.allies else ""
    champion = f"{e.champion}'s champion and " if e.champion else ""
    return (
        f"Battle for {e.territory} ({who}): {e.attacker}'s champion{allies}, {e.troops} troops "
        f"strong ({e.hp} hit points), against {champion}{len(e.guards)} guard(s) "
        f"commanded by {e.commander}."
    )


def _ended(e: BattleEnded) -> str:
    return (
        f"The battle for {e.territory} ends: {e.attacker} {_RESULTS[e.result]} "
        f"({e.lost} troops lost, {e.killed} defenders killed)."
    )


LINES: dict[type, Callable[[Any], str]] = {BattleBegan: _began, BattleEnded: _ended}
"""The sentence of each campaign event type."""


def describe(config: CampaignConfig, event: Event) -> str:
    """One sentence for ``event``, whichever slice reported it."""
    line = LINES.get(type(event))
    if line is not None:
        return line(event)
    if type(event) in summit.LINES:
        return summit.describe(config.summit.diplomacy, event)
    return skirmish.describe(event)
