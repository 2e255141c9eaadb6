"""What one viewer may see of a skill-deck state (EN-9).

:func:`view` keeps the viewer's own hand, replaces every other hand by its size and every
deck (the viewer's too) by its size, and drops the RNG, so that a UI or a bot sees only what
its player may know. Discard and exhausted piles, limits, Fatigue and modifiers are public.
"""

from __future__ import annotations

import attrs

from gamefold.skills.catalogue import Modifier
from gamefold.skills.config import SkillsConfig
from gamefold.skills.session import SkillsState
from gamefold.skills.zones import Owner

__all__ = ["OwnerView", "SkillsView", "view"]


@attrs.frozen
class OwnerView:
    """One owner as a viewer sees it: ``hand`` is ``None`` unless it is the viewer's own."""

    player: str
    hand: tuple[int, ...] | None
    """The cards in hand, or ``None`` when hidden from the viewer."""
    hand_size: int
    deck_size: int
    """Cards left in the deck; their order is never shown."""
    discard: tuple[int, ...]
    exhausted: tuple[int, ...]
    hand_limit: int
    fatigue: int
    alive: bool
    modifiers: tuple[Modifier, ...]


@attrs.frozen
class SkillsView:
    """A skill-deck state with hidden information removed, for ``viewer`` (EN-9)."""

    viewer: str
    config: SkillsConfig = attrs.field(repr=False)
    owners: tuple[OwnerView, ...]
    gm_units: tuple[str, ...]
    round: int
    in_round: bool
    pending: tuple[str, ...]
    active: str | None
    side: str
    reacting: tuple[str, ...]


def _owner_view(owner: Owner, viewer: str) -> OwnerView:
    return OwnerView(
        player=owner.player,
        hand=owner.hand if owner.player == viewer else None,
        hand_size=len(owner.hand),
        deck_size=len(owner.deck),
        discard=owner.discard,
        exhausted=owner.exhausted,
        hand_limit=owner.hand_limit,
        fatigue=owner.fatigue,
        alive=owner.alive,
        modifiers=owner.modifiers,
    )


def view(state: SkillsState, viewer: str) -> SkillsView:
    """``state`` as ``viewer`` (a player id, ``"gm"``, or anyone else: a spectator) sees it."""
    return SkillsView(
        viewer=viewer,
        config=state.config,
        owners=tuple(_owner_view(owner, viewer) for owner in state.owners),
        gm_units=state.gm_units,
        round=state.round,
        in_round=state.in_round,
        pending=state.pending,
        active=state.active,
        side=state.side,
        reacting=state.reacting,
    )
