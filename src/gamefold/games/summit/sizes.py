"""How many values a summit's action fields can take (see
:meth:`~gamefold.games.GameDef.action_sizes`), from its config."""

from __future__ import annotations

from typing import Any

from gamefold.diplomacy import PlayStandalone
from gamefold.games.sizes import table_sizes
from gamefold.games.summit.config import SummitConfig

__all__ = ["action_sizes"]


def action_sizes(config: SummitConfig) -> dict[Any, int]:
    """The diplomacy and map fields of ``config``'s players on its map, and a Standalone
    card's target: ``""`` (auto), then another player or a territory of the map, as its
    effect takes (SM-8)."""
    players, territories = config.players, len(config.scenario.territories)
    return {
        **table_sizes(config.diplomacy, players, territories),
        (PlayStandalone, "target"): 1 + max(players - 1, territories),
    }
