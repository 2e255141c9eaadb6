"""What one player may see of the diplomacy state (EN-9).

A :class:`DiplomacyView` shows the viewer their own hand, locked cards and waiting
Standalone effect. Of the other players it shows only counts (cards in hand, cards
locked), their tick counters and deploy debts (they follow from the public map), and
whether their between-turn window is open, never what they played in it. A proposal's
cards are shown to its two parties only; the others see that it exists and how many cards
it locks. Pacts are public, except a secret one (``secret_agreements``), which only its
parties see until the host reveals it. The pool's composition is hidden (cards are drawn face down
from a common supply); its size per kind is public. The RNG is stripped.
"""

from __future__ import annotations

import attrs

from gamefold.diplomacy.config import DiplomacyConfig
from gamefold.diplomacy.hands import locked_cards
from gamefold.diplomacy.proposals import Pact, Proposal
from gamefold.diplomacy.standalone import Effect
from gamefold.diplomacy.table import DiplomacyState, PlayerState
from gamefold.diplomacy.ticks import Ticks

__all__ = ["DiplomacyView", "PlayerView", "PoolView", "ProposalView", "view"]


@attrs.frozen
class PlayerView:
    """One player as the viewer sees them."""

    player: str
    """The player's id."""
    hand_size: int
    """Cards in hand, unlocked."""
    locked: int
    """Cards locked in the player's pending proposals."""
    ticks: Ticks
    """The tick counters, in quarter-ticks (public: they follow from the map)."""
    deploy_debt: int
    """Troops owed off the next deploy (DP-11)."""
    between_turns: bool
    """Whether the player's between-turn window is open."""
    hand: tuple[int, ...] | None = None
    """The cards in hand: the viewer's own only."""
    pending: Effect | None = None
    """The waiting Standalone effect: the viewer's own only."""


@attrs.frozen
class ProposalView:
    """A pending proposal; its cards only for its proposer and recipient."""

    id: int
    """The proposal's id."""
    proposer: str
    """Who proposed it."""
    to: str
    """Who may answer it."""
    expires: int
    """The turn at whose start it expires."""
    size: int
    """How many cards it locks."""
    agreement: int | None = None
    """The Agreement card, for its two parties only."""
    values: tuple[int, ...] | None = None
    """The Value cards in its slots, for its two parties only."""


@attrs.frozen
class PoolView:
    """The pool's size per kind; which cards it holds is hidden."""

    agreement: int
    """Agreement cards in the pool."""
    value: int
    """Value cards in the pool."""
    standalone: int
    """Standalone cards in the pool."""


@attrs.frozen
class DiplomacyView:
    """The diplomacy state as ``viewer`` may see it (EN-9)."""

    viewer: str
    """Whose view this is."""
    config: DiplomacyConfig
    """The rules (public)."""
    players: tuple[PlayerView, ...]
    """Every player, in seat order."""
    pool: PoolView
    """The pool's size per kind."""
    proposals: tuple[ProposalView, ...]
    """Pending proposals."""
    pacts: tuple[Pact, ...]
    """Running pacts (public)."""
    turn: int
    """Turns begun so far."""
    active: str | None
    """Whose turn is under way, if any."""


def _player(state: DiplomacyState, player: PlayerState, viewer: str) -> PlayerView:
    own = player.player == viewer
    return PlayerView(
        player=player.player,
        hand_size=len(player.hand),
        locked=len(locked_cards(state, player.player)),
        ticks=player.ticks,
        deploy_debt=player.deploy_debt,
        between_turns=player.between_turns,
        hand=player.hand if own else None,
        pending=player.pending if own else None,
    )


def _proposal(proposal: Proposal, viewer: str) -> ProposalView:
    party = viewer in (proposal.proposer, proposal.to)
    return ProposalView(
        proposal.id,
        proposal.proposer,
        proposal.to,
        proposal.expires,
        len(proposal.cards),
        proposal.agreement if party else None,
        proposal.values if party else None,
    )


def view(state: DiplomacyState, viewer: str) -> DiplomacyView:
    """What ``viewer`` may see of ``state``: hidden hands become counts, no RNG (EN-9)."""
    pool = state.pool
    return DiplomacyView(
        viewer=viewer,
        config=state.config,
        players=tuple(_player(state, p, viewer) for p in state.players),
        pool=PoolView(len(pool.agreement), len(pool.value), len(pool.standalone)),
        proposals=tuple(_proposal(p, viewer) for p in state.proposals),
        pacts=tuple(p for p in state.pacts if not p.secret or viewer in (p.proposer, p.partner)),
        turn=state.turn,
        active=state.active,
    )
