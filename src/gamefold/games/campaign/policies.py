"""The campaign's built-in policies, ``"random"`` and ``"greedy"``; they see only the
player's view (EN-9)."""

from __future__ import annotations

from gamefold.combat import CombatView, Retreat, Side
from gamefold.core import Action
from gamefold.diplomacy import DiplomacyView, Propose
from gamefold.games.base import Policy
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.state import NAME
from gamefold.games.skirmish import UseAbility
from gamefold.games.skirmish import greedy_policy as skirmish_greedy
from gamefold.games.summit import MapView, greedy, random_kinds
from gamefold.registry import Game
from gamefold.rng import Rng

__all__ = ["greedy_policy", "random_policy"]

random_policy: Policy = random_kinds
"""A random kind of action, then a random action of it (summit's ``random_kinds``)."""


def greedy_policy(config: CampaignConfig) -> Policy:
    """Summit's greedy between battles, first offering a Ceasefire (CP-6); the skirmish's
    greedy in a battle, where a wounded unit Defends (CB-9) and a champion flees (CB-13)."""
    fight = skirmish_greedy(config.skirmish_config())

    def choose(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        if view[NAME].battle is not None:
            return fight(view, _defending(view, legal), rng)
        offer = _ceasefire(view, legal)
        return (offer, rng) if offer is not None else greedy(view, legal, rng)

    return choose


FLEE_SHARE = 4
"""A champion flees once its hit points are at ``1/FLEE_SHARE`` of its most or fewer."""


def _defending(view: Game, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """A badly wounded active unit's Retreats (CB-13, CP-8), else a wounded one's Defends
    (CB-9), if it has any; else every legal action."""
    fight: CombatView = view["combat"]
    unit = view["skills"].active
    me = next((c for c in fight.combatants if c.id == unit), None)
    if me is None or me.hp * 2 > me.max_hp:
        return legal
    retreats = tuple(a for a in legal if isinstance(a, Retreat))
    if retreats and me.side is Side.PARTY and me.hp * FLEE_SHARE <= me.max_hp:
        return retreats
    defends = tuple(a for a in legal if isinstance(a, UseAbility) and a.ability == "Defend")
    return defends or legal


def _ceasefire(view: Game, legal: tuple[Action, ...]) -> Action | None:
    """The first Ceasefire offer to the strongest faction without a truce (CP-6)."""
    dip: DiplomacyView = view["diplomacy"]
    board: MapView = view["map"]
    offers = [
        a
        for a in legal
        if isinstance(a, Propose)
        and dip.config.cards[a.agreement].subtype == "Ceasefire"
        and not _truce(board, a.player, a.to)
    ]
    if not offers:
        return None
    return max(offers, key=lambda a: (board.owners.count(a.to), -len(a.values)))


def _truce(board: MapView, one: str, other: str) -> bool:
    return any({t.first, t.second} == {one, other} for t in board.truces)
