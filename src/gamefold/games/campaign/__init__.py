"""The campaign: factions, a map and the diplomacy economy, with battles of champions who
hold Skill decks (skills + combat + diplomacy, rules CP-1 … CP-12).

Factions take turns over summit's map and economy (DP, SM). An Attack is fought as a battle
(CP-1): the attacking faction's champion, with its troops as hit points (CP-3), against the
territory's troops as guards (CP-4) and the defending faction's own champion (CP-11), the
guards commanded by the defending faction (CP-12), by the skirmish's rules (SD, CB, SK). A
won battle moves the territory and so the tick income (CP-5); a Ceasefire forbids the attack
(CP-6); the champions' Fatigue and Exhaustion carry over from battle to battle (CP-9).
See ``docs/games/campaign.md``.

>>> from gamefold.games import play
>>> from gamefold.games.campaign import Campaign
>>> game = Campaign()
>>> played = play(game, seed=3, policies=game.policies()["greedy"])
>>> played.finished
True
"""

from gamefold.games.campaign import codes
from gamefold.games.campaign.account import LINES, OWN_RULES, RULE_IDS, describe, outcome
from gamefold.games.campaign.battle import (
    EndBattle,
    EndBattleRound,
    StartBattleRound,
)
from gamefold.games.campaign.command import GUARDS
from gamefold.games.campaign.config import (
    SCENARIOS,
    CampaignConfig,
    default_battle,
    default_summit,
    long_war,
)
from gamefold.games.campaign.game import Campaign
from gamefold.games.campaign.invariants import CROSS_INVARIANTS
from gamefold.games.campaign.policies import greedy_policy, random_policy
from gamefold.games.campaign.rules import build_rules
from gamefold.games.campaign.state import (
    EVENTS,
    NAME,
    RESULTS,
    Battle,
    BattleBegan,
    BattleEnded,
    CampaignState,
    CampaignView,
    Record,
    record_of,
)

__all__ = [
    "CROSS_INVARIANTS",
    "EVENTS",
    "LINES",
    "NAME",
    "OWN_RULES",
    "RESULTS",
    "RULE_IDS",
    "SCENARIOS",
    "Battle",
    "BattleBegan",
    "BattleEnded",
    "Campaign",
    "CampaignConfig",
    "CampaignState",
    "CampaignView",
    "GUARDS",
    "EndBattle",
    "EndBattleRound",
    "Record",
    "StartBattleRound",
    "build_rules",
    "codes",
    "default_battle",
    "default_summit",
    "describe",
    "greedy_policy",
    "long_war",
    "outcome",
    "random_policy",
    "record_of",
]
