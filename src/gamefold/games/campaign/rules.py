"""The campaign registry: five slices, and summit's and the skirmish's rules on them.

``diplomacy`` and ``map`` are summit's slices, ``skills`` and ``combat`` the skirmish's, and
the campaign's own slice holds summit's turn flow and the skirmish's bookkeeping, which a
:class:`CampaignGame` serves to their rules. Each game's rules come along whole; on top of
them come the battles' rules (:mod:`~gamefold.games.campaign.battle`) and the guards' seat
(:data:`~gamefold.games.campaign.command.GUARDS`, CP-12).
"""

from __future__ import annotations

from typing import Self

import attrs

from gamefold import territory
from gamefold.combat import CombatState
from gamefold.core import replace, replacer
from gamefold.diplomacy import DiplomacyState
from gamefold.games import skirmish, summit
from gamefold.games.campaign import battle, settling
from gamefold.games.campaign import state as slice_
from gamefold.games.campaign.command import GUARDS
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.invariants import CROSS_INVARIANTS
from gamefold.games.campaign.state import CampaignState
from gamefold.games.skirmish import SkirmishConfig, SkirmishState
from gamefold.games.summit import MapState, SummitState
from gamefold.registry import Game, Rules
from gamefold.skills import SkillsState

__all__ = ["CampaignGame", "build_rules"]


_set_summit = replacer(CampaignState, "summit")
_set_skirmish = replacer(CampaignState, "skirmish")


@attrs.frozen
class CampaignGame(Game):
    """A campaign in play: summit's economy and map, the skirmish's decks and fight, and its
    own slice, by name.

    Summit's rules and the skirmish's run on it as they are (CP-1): ``summit`` and
    ``skirmish`` read the turn flow and the bookkeeping the campaign slice holds, and
    :meth:`with_summit` and :meth:`with_skirmish` write them there. On a view they read the
    campaign slice's view of them."""

    diplomacy: DiplomacyState
    """The factions' economy (summit's)."""
    map: MapState
    """The map (summit's)."""
    skills: SkillsState
    """The champions' and the GM's Skill decks (the skirmish's)."""
    combat: CombatState
    """The fight of the battle under way (the skirmish's)."""
    campaign: CampaignState
    """This game's own slice (:data:`~.state.NAME`): the turn flow, the skirmish's
    bookkeeping and the battles."""

    @property
    def summit(self) -> SummitState:
        """Summit's turn flow between battles, held in the campaign slice."""
        return self.campaign.summit

    @property
    def skirmish(self) -> SkirmishState:
        """The skirmish's declarations, choices and tallies, held in the campaign slice."""
        return self.campaign.skirmish

    def with_summit(self, summit: SummitState) -> Self:
        """This game with the turn flow ``summit``, in its campaign slice."""
        return replace(self, campaign=_set_summit(self.campaign, summit))

    def with_skirmish(self, skirmish: SkirmishState) -> Self:
        """This game with the skirmish's bookkeeping ``skirmish``, in its campaign slice."""
        return replace(self, campaign=_set_skirmish(self.campaign, skirmish))


def build_rules(
    config: CampaignConfig, summit_rules: Rules, skirmish_config: SkirmishConfig
) -> Rules:
    """The registry of a campaign played with ``config``, from summit's registry and the
    skirmish's rules, on a :class:`CampaignGame`: summit's slices but its turn flow, the
    skirmish's but its bookkeeping, then the campaign slice holding those two."""
    economy = tuple(
        # The map lists deploys alone: the battles' Attack rule lists the attacks (CP-1), so
        # the map's own would only be built to be dropped.
        attrs.evolve(sub, legal_actions=territory.deploys) if sub.name == summit.MAP else sub
        for sub in summit_rules.subsystems
        if sub.name != summit.NAME
    )
    own = tuple(sub for sub in skirmish.subsystems(skirmish_config) if sub.name != skirmish.NAME)
    # The battle slices are deaf to the factions' lifecycle: their Rounds are CP-1's.
    deaf = tuple(attrs.evolve(sub, lifecycle=()) for sub in own)
    fighting = skirmish.parts(skirmish_config)
    ending = (
        *((sub.name, sub.step) for sub in own if sub.lifecycle),
        (slice_.NAME, slice_.end_battle_round),  # the skirmish slice's EndRound (SK-1)
    )
    return Rules(
        [*economy, *deaf, slice_.subsystem],
        rules=(*fighting.rules, *settling.battle_rules(config, ending)),
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
