"""How many values a skirmish's action fields can take (see
:meth:`~gamefold.games.GameDef.action_sizes`), from its config."""

from __future__ import annotations

from math import comb
from typing import Any

from gamefold.games.sizes import fight_sizes, largest_hand, pairings, skill_sizes
from gamefold.games.skirmish.declaring import UseAbility
from gamefold.games.skirmish.settings import SkirmishConfig

__all__ = ["action_sizes"]


def action_sizes(config: SkirmishConfig, paired: int | None = None) -> dict[Any, int]:
    """The skill-deck and combat fields of a skirmish of ``config`` (the enemies are the
    GM's units, SD-13), and a declaration's payment: one way of choosing its ability's cost
    from the unit's hand (SK-2, SD-10). ``paired``: the most pairings a side chooses from,
    by default the larger of the party's and the enemies' (CB-5)."""
    party, enemies = config.party_size, len(config.enemies)
    if paired is None:
        paired = max(pairings(party, enemies), pairings(enemies, party))
    hand = largest_hand(config.skills)
    costs = [config.cost(ability) for ability in config.ability_costs]
    return {
        **skill_sizes(config.skills_config(), party, enemies),
        **fight_sizes(config.combat_config(), config.fighters(), paired),
        (UseAbility, "cards"): max([1, *(comb(hand, cost) for cost in costs)]),
    }
