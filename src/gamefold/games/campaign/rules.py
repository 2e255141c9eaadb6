"""The campaign registry: summit's slices, the skirmish's slices and the campaign slice.

Each game's rules come along whole (its rules, overrides, wrappers, reactions and
invariants): summit's as its ``Rules`` holds them, the skirmish's from
:func:`gamefold.games.skirmish.parts`. Both read their slices by name, so on a
:class:`CampaignGame` the campaign plays summit's economy and the skirmish's fight exactly.
On top of them come the battles' rules of :mod:`~gamefold.games.campaign.battle` (CP-1 …
CP-6, and CP-4's refused bare ``FieldUnits``) and the guards' seat
(:data:`~gamefold.games.campaign.command.GUARDS`, CP-12). The factions' lifecycle actions
reach summit's slices only: a battle's Rounds are the campaign's own clock actions (CP-1).
"""

from __future__ import annotations

from typing import Any, Self

import attrs

from gamefold.combat import CombatState
from gamefold.core import replace
from gamefold.diplomacy import DiplomacyState
from gamefold.games import skirmish
from gamefold.games.campaign import battle
from gamefold.games.campaign import state as slice_
from gamefold.games.campaign.command import GUARDS
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.invariants import CROSS_INVARIANTS
from gamefold.games.campaign.state import CampaignState
from gamefold.games.skirmish import SkirmishConfig, SkirmishState
from gamefold.games.summit import MapState, SummitState
from gamefold.registry import Game, Rules, Subsystem
from gamefold.skills import SkillsState

__all__ = ["CampaignGame", "build_rules"]


def _battle_slices(subsystems: tuple[Subsystem[Any], ...]) -> tuple[Subsystem[Any], ...]:
    """The skirmish's slices, deaf to the factions' lifecycle (their Rounds are CP-1's)."""
    return tuple(attrs.evolve(sub, lifecycle=()) for sub in subsystems)


@attrs.frozen
class CampaignGame(Game):
    """A campaign in play: summit's three slices, the skirmish's three and its own, by name.

    Summit's rules and the skirmish's run on it as they are: they read the slices they know
    by name (CP-1)."""

    diplomacy: DiplomacyState
    """The factions' economy (summit's)."""
    map: MapState
    """The map (summit's)."""
    summit: SummitState
    """Summit's turn flow between battles."""
    skills: SkillsState
    """The champions' and the GM's Skill decks (the skirmish's)."""
    combat: CombatState
    """The fight of the battle under way (the skirmish's)."""
    skirmish: SkirmishState
    """The skirmish's declarations and shields."""
    campaign: CampaignState
    """This game's own slice (:data:`~.state.NAME`)."""

    def with_summit(self, summit: SummitState) -> Self:
        """This game with the turn flow ``summit``."""
        return replace(self, summit=summit)

    def with_skirmish(self, skirmish: SkirmishState) -> Self:
        """This game with the skirmish's bookkeeping ``skirmish``."""
        return replace(self, skirmish=skirmish)


def build_rules(
    config: CampaignConfig, summit_rules: Rules, skirmish_config: SkirmishConfig
) -> Rules:
    """The registry of a campaign played with ``config``, from summit's registry and the
    skirmish's rules, on a :class:`CampaignGame`."""
    own = skirmish.subsystems(skirmish_config)
    slices = [*summit_rules.subsystems, *_battle_slices(own), slice_.subsystem]
    fighting = skirmish.parts(skirmish_config)
    ending = tuple(sub for sub in own if sub.lifecycle)
    return Rules(
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
        state=CampaignGame,
        seats=(GUARDS,),
    )
