"""How many values a campaign's action fields can take (see
:meth:`~gamefold.games.GameDef.action_sizes`), from its config."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefold.combat import AssignPairings
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.sizes import pairings

__all__ = ["action_sizes"]


def action_sizes(
    config: CampaignConfig, summit: Mapping[Any, int], battle: Mapping[Any, int]
) -> dict[Any, int]:
    """The ``summit``'s sizes and a ``battle``'s (a skirmish of the battle's config), but
    for the pairings: a battle fields at most every champion and ``garrison_slots`` guards
    (CP-4, CP-10, CP-11), split between the sides in any way, so a side's pairings are the
    most any split allows (CB-5)."""
    fielded = len(config.skirmish_config().fighters())
    paired = max(pairings(own, fielded - own) for own in range(fielded + 1))
    return {**summit, **battle, (AssignPairings, "pairs"): paired}
