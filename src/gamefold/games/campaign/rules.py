"""The campaign registry: summit's slices, the skirmish's slices and the campaign slice.

Slices, in order: ``diplomacy`` and ``map`` (summit's: the factions' economy and the map),
``skills``, ``combat`` and ``skirmish`` (the skirmish's: the champions' and the GM's Skill
decks, the fight of the battle under way, the declarations and shields), and ``campaign``
(:mod:`~gamefold.games.campaign.state`). Each game's rules come along whole (its rules,
overrides, wrappers, reactions and invariants): summit's as its ``Rules`` holds them, the
skirmish's built for the campaign's places of its slices (:data:`~.state.FIGHT`,
:func:`gamefold.games.skirmish.parts`), so the campaign plays summit's economy and the
skirmish's fight exactly. The registry checks that every rule reads its slices where they
are (``Rules(positions=…)``). On top of them:

- the lifecycle actions (``StartRound``, ``BeginTurn``, ``EndTurn``, ``EndRound``) are the
  factions' clock and reach summit's slices only; a battle's Rounds are the campaign's own
  clock actions (:class:`~gamefold.games.campaign.battle.StartBattleRound`, …) (CP-1);
- summit's ``Attack`` is overridden: it begins a battle (CP-1 … CP-6);
- every other faction action is wrapped (summit's own overrides of them too, EN-5): refused,
  and never listed, while a battle is under way (CP-1);
- a bare ``FieldUnits`` is refused: the campaign fields the guards itself (CP-4);
- the registry is a :class:`~gamefold.games.campaign.command.CommandedRules`: the defending
  faction lists and sees what the guards' seat does (CP-12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from gamefold.errors import RegistryError
from gamefold.games import skirmish
from gamefold.games.campaign import battle
from gamefold.games.campaign import state as slice_
from gamefold.games.campaign.command import CommandedRules
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.invariants import CROSS_INVARIANTS
from gamefold.games.campaign.state import AT, FIGHT
from gamefold.games.skirmish import SkirmishConfig
from gamefold.registry import Rules, Subsystem

__all__ = ["build_rules"]


def _battle_slices(subsystems: tuple[Subsystem[Any], ...]) -> tuple[Subsystem[Any], ...]:
    """The skirmish's slices, deaf to the factions' lifecycle (their Rounds are CP-1's)."""
    return tuple(attrs.evolve(sub, lifecycle=()) for sub in subsystems)


def _joined(*read: Mapping[str, int]) -> dict[str, int]:
    """Where summit's rules, the skirmish's and the campaign's own read their slices, as one
    map for the registry to check; two that place one slice apart are refused here, as a
    merged map would keep only the last."""
    joined: dict[str, int] = {}
    for positions in read:
        for name, place in positions.items():
            if joined.setdefault(name, place) != place:
                message = f"the rules read slice {name!r} at {joined[name]} and at {place}"
                raise RegistryError(message)
    return joined


def build_rules(
    config: CampaignConfig, summit_rules: Rules, skirmish_config: SkirmishConfig
) -> Rules:
    """The registry of a campaign played with ``config``, from summit's registry and the
    skirmish's rules, built for the campaign's slices (:data:`~.state.AT`)."""
    own = skirmish.subsystems(skirmish_config)
    slices = [*summit_rules.subsystems, *_battle_slices(own), slice_.subsystem]
    fighting = skirmish.parts(skirmish_config, FIGHT)
    ending = tuple(sub for sub in own if sub.lifecycle)
    # Each source of positions is passed, though today's three agree (summit's slices come
    # first, FIGHT is AT's): a layout changed later cannot hide a rule's misread.
    # pragma: no mutate start -- equivalent while the three agree (see _joined's test)
    positions = _joined(summit_rules.positions, fighting.positions, AT.positions())
    # pragma: no mutate end
    return CommandedRules(
        slices,
        rules=(*fighting.rules, *battle.battle_rules(config, ending)),
        overrides=(
            *summit_rules.overrides,
            *fighting.overrides,
            battle.attack_override(config, skirmish_config),
            battle.FIELD_REFUSED,
        ),
        wrappers=(
            *summit_rules.wrappers,
            *fighting.wrappers,
            *battle.faction_wrappers(),
        ),
        invariants=(
            *summit_rules.game_invariants,
            *fighting.invariants,
            *CROSS_INVARIANTS,
        ),
        reactions=(*summit_rules.reactions, *fighting.reactions),
        positions=positions,
    )
