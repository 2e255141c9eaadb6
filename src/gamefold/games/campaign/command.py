"""CP-12: the defending faction commands the guards' seat.

In a battle for a faction's territory, the guards are the GM's units and play the GM's
Skill deck (SD-7, SD-13), as the skirmish has it; the seat that plays them, ``"gm"``, is
commanded by the defending faction (:attr:`~gamefold.games.campaign.state.Battle.commander`):
:meth:`~gamefold.games.campaign.Campaign.actor` names it wherever the skirmish names the GM,
and the registry's :data:`GUARDS` seat lists the seat's actions among the faction's (none
for ``"gm"`` meanwhile) and shows the faction, and no other, what the seat sees. The actions
themselves are the skirmish's and keep naming ``"gm"`` as the GM's deck's player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gamefold.combat import CombatView
from gamefold.core import replace
from gamefold.games.campaign.state import CampaignState, CampaignView
from gamefold.games.skirmish import SkirmishView
from gamefold.registry import Game, Seat
from gamefold.skills import GM, SkillsView

__all__ = ["GUARDS", "commanded_by"]


def commanded_by(game: Game) -> str:
    """Who commands the guards' seat now: the battle's commander, or ``"gm"`` (CP-12)."""
    state: CampaignState = game.campaign
    battle = state.battle
    return GM if battle is None else battle.commander


_MERGED: dict[tuple[int, int], tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]] = {}
"""The owners merged lately, by the ``id`` of the faction's and the seat's owner views; each
entry holds both, so no other objects take those ``id``s meanwhile."""
_MERGED_MOST = 256


def _skills(mine: SkillsView, seat: SkillsView) -> SkillsView:
    """The faction's own hand and the GM's."""
    # Owner views are kept while their owners are (skills.views): so are merged ones, and
    # whoever encodes views by identity (an env's observations) skips them.
    key = (id(mine.owners), id(seat.owners))
    found = _MERGED.get(key)
    if found is not None and found[0] is mine.owners and found[1] is seat.owners:
        return replace(mine, owners=found[2])
    owners = tuple(
        theirs if own.player == GM else own
        for own, theirs in zip(mine.owners, seat.owners, strict=True)
    )
    if len(_MERGED) >= _MERGED_MOST:
        _MERGED.clear()
    _MERGED[key] = (mine.owners, seat.owners, owners)
    return replace(mine, owners=owners)


def _combat(mine: CombatView, seat: CombatView) -> CombatView:
    """The enemies' side: the faction's champion, if it fights, stands on it (CP-11)."""
    return seat


def _skirmish(mine: SkirmishView, seat: SkirmishView) -> SkirmishView:
    """A held declaration the faction made, or a guard made, and its target."""
    held = mine.held if mine.held is not None else seat.held
    target = mine.held_target if mine.held_target is not None else seat.held_target
    if held is mine.held and target is mine.held_target:
        return mine  # nothing of the seat's to take in: the very view, kept by identity
    return replace(mine, held=held, held_target=target)


def _campaign(mine: CampaignView, seat: CampaignView) -> CampaignView:
    """The campaign slice, with the skirmish's bookkeeping it holds merged (the rest of it
    is public)."""
    merged = _skirmish(mine.skirmish, seat.skirmish)
    return mine if merged is mine.skirmish else replace(mine, skirmish=merged)


_MERGES: Mapping[str, Callable[[Any, Any], Any]] = {
    "skills": _skills,
    "combat": _combat,
    "campaign": _campaign,
}
"""How a commanding faction's view of a slice takes in the seat's; other slices are its own."""


GUARDS: Seat = Seat(GM, commanded_by, _MERGES)
"""The guards' seat: the defending faction lists its actions and sees what it sees (CP-12)."""
