"""What a campaign reports per player: summit's result and the champion's war (CP-2)."""

from __future__ import annotations

from typing import Any

from gamefold.games.base import GameDef
from gamefold.games.campaign.state import NAME, CampaignState, record_of
from gamefold.registry import Game
from gamefold.skills import GM, SkillsState, owner_of

__all__ = ["outcome"]


def outcome(summit: GameDef[Any], game: Game) -> dict[str, dict[str, Any]]:
    """Per faction: summit's figures (winner, win_share, score … SM-11, DP-14), the champion's
    fate, Fatigue and Exhausted cards, and its battles; ``"gm"`` never wins."""
    found = summit.outcome(game)
    deck: SkillsState = game["skills"]
    state: CampaignState = game[NAME]
    rows: dict[str, dict[str, Any]] = {}
    for faction, row in found.items():
        champion = owner_of(deck, faction)
        record = record_of(state, faction)
        rows[faction] = {
            **row,
            "champion_alive": champion.alive,
            "fatigue": champion.fatigue,
            "exhausted": len(champion.exhausted),
            "attacks": record.attacks,
            "battles_won": record.conquests,
            "defences": record.defences,
        }
    template = next(iter(rows.values()))
    rows[GM] = {key: _zero(value) for key, value in template.items()}
    return rows


def _zero(value: Any) -> Any:
    if isinstance(value, bool):
        return False
    return 0.0 if isinstance(value, float) else 0
