"""How many values a campaign's action fields can take (see
:meth:`~gamefold.games.GameDef.action_sizes`), from its config."""

from __future__ import annotations

from typing import Any

from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.sizes import pairings
from gamefold.games.skirmish.sizes import action_sizes as battle_sizes
from gamefold.games.summit.sizes import action_sizes as summit_sizes

__all__ = ["action_sizes"]


def action_sizes(config: CampaignConfig) -> dict[Any, int]:
    """Summit's (see :func:`~gamefold.games.summit.sizes.action_sizes`) and a battle's
    (see :func:`~gamefold.games.skirmish.sizes.action_sizes`): a battle fields at most
    every champion and ``garrison_slots`` guards (CP-4, CP-10, CP-11), split between the
    sides in any way, so a side's pairings are the most any split allows (CB-5)."""
    battle = config.skirmish_config()
    fielded = len(battle.fighters())
    paired = max(pairings(own, fielded - own) for own in range(fielded + 1))
    return {**summit_sizes(config.summit), **battle_sizes(battle, paired)}
