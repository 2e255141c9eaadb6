"""Whole-game invariants of a campaign: what holds between the factions and the battles.

Each is a function of a :class:`~gamefold.registry.Game` yielding one sentence per violation;
:mod:`gamefold.testing` runs them beside every slice's own and the skirmish's and summit's
cross-slice invariants.
"""

from __future__ import annotations

from collections.abc import Iterator

from gamefold.combat import CombatState, Side
from gamefold.games.campaign.state import NAME, CampaignState
from gamefold.registry import Game
from gamefold.skills import SkillsState

__all__ = ["CROSS_INVARIANTS", "battle_matches_fight", "no_round_between_battles"]


def no_round_between_battles(game: Game) -> Iterator[str]:
    """The skill decks have Rounds only during a battle (CP-1)."""
    deck: SkillsState = game["skills"]
    state: CampaignState = game[NAME]
    if deck.in_round and state.battle is None:
        yield "a skill-deck Round is under way with no battle"


def battle_matches_fight(game: Game) -> Iterator[str]:
    """During a battle the fight holds exactly its champion and its allies against the
    defender's champion, if it joined, and the guards (CP-3, CP-4, CP-10, CP-11)."""
    state: CampaignState = game[NAME]
    battle = state.battle
    if battle is None:
        return
    fight: CombatState = game["combat"]
    party = tuple(c.id for c in fight.combatants if c.side is Side.PARTY)
    enemies = tuple(c.id for c in fight.combatants if c.side is Side.ENEMIES)
    defending = (battle.champion,) if battle.champion else ()
    if party != (battle.attack.player, *battle.allies) or enemies != (*battle.guards, *defending):
        yield f"the fight holds {party} against {enemies}, not the battle's {battle}"


CROSS_INVARIANTS = (no_round_between_battles, battle_matches_fight)
"""Every campaign invariant."""
