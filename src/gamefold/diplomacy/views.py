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

from collections.abc import Sequence

import attrs

from gamefold.core import kept_by_identity
from gamefold.diplomacy.cards import KINDS, CardType, Kind, Pool
from gamefold.diplomacy.config import DiplomacyConfig
from gamefold.diplomacy.hands import locked_cards
from gamefold.diplomacy.proposals import Pact, Proposal
from gamefold.diplomacy.standalone import Effect
from gamefold.diplomacy.table import DiplomacyState, PlayerState
from gamefold.diplomacy.ticks import Ticks
from gamefold.rng import Rng

__all__ = [
    "DiplomacyView",
    "PlayerView",
    "PoolView",
    "ProposalView",
    "determinize",
    "view",
    "view_bounds",
]


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
    return _player_view(player, (viewer, len(locked_cards(state, player.player))))


@kept_by_identity()  # a player whose state is the very object it was keeps its view
def _player_view(player: PlayerState, seen: tuple[str, int]) -> PlayerView:
    """``player`` as the viewer ``seen[0]`` sees them, with ``seen[1]`` cards locked."""
    viewer, locked = seen
    own = player.player == viewer
    return PlayerView(
        player=player.player,
        hand_size=len(player.hand),
        locked=locked,
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


def view_bounds(config: DiplomacyConfig) -> dict[str, tuple[float, float]]:
    """The true ranges of a view's card numbers (a game's
    :meth:`~gamefold.games.GameDef.observation_bounds`): card ids number the pool's cards
    from 0 (DP-8), and a player's counts of cards in hand or locked are counts of distinct
    cards of the pool, so never more than it holds (a hand's length, and the size of a
    proposal, too); a played card's tier is one its type prints."""
    pool = float(len(config.cards))
    ids, counts = (0.0, pool - 1), (0.0, pool)
    tiers = (0.0, float(max(card.tier for card in config.cards)))
    return {
        **dict.fromkeys(("hand", "card", "values"), ids),
        **dict.fromkeys(("hand_size", "len(hand)", "locked", "size"), counts),
        "tier": tiers,
    }


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


def _unplaced(shown: DiplomacyView) -> dict[Kind, list[int]]:
    """The cards ``shown`` does not place (in a shown hand or proposal), by kind."""
    placed = {c for p in shown.players for c in p.hand or ()}
    for proposal in shown.proposals:
        if proposal.agreement is not None:
            placed.add(proposal.agreement)
            placed.update(proposal.values or ())
    types = shown.config.cards
    out: dict[Kind, list[int]] = {kind: [] for kind in KINDS}
    for card in range(len(types)):
        if card not in placed:
            out[types[card].kind].append(card)
    return out


def _proposal_of(
    shown: ProposalView, unplaced: dict[Kind, list[int]], types: Sequence[CardType]
) -> Proposal:
    """The proposal ``shown``: its own cards if shown, else cards taken from ``unplaced``."""
    if shown.agreement is not None and shown.values is not None:
        return Proposal(
            shown.id, shown.proposer, shown.to, shown.agreement, shown.values, shown.expires
        )
    slots = shown.size - 1
    agreements = unplaced[Kind.AGREEMENT]
    fitting = [c for c in agreements if types[c].slots == slots]
    if not fitting or len(unplaced[Kind.VALUE]) < slots:
        raise ValueError(f"no cards fit proposal {shown.id}: it came from no diplomacy state")
    agreement = fitting[0]
    agreements.remove(agreement)
    values = tuple(unplaced[Kind.VALUE][:slots])
    del unplaced[Kind.VALUE][:slots]
    return Proposal(shown.id, shown.proposer, shown.to, agreement, values, shown.expires)


def determinize(shown: DiplomacyView, viewer: str, rng: Rng) -> DiplomacyState:
    """A state ``shown`` could be the view of (EN-9), drawn from ``rng``.

    Kept: the shown hands, the shown proposals' cards and waiting effect, every count,
    counter and public pact. Drawn: the cards of the proposals hidden from the viewer (an
    Agreement card with as many slots as it has Value cards), the pool's cards (as many of
    each kind as the view says) and the hidden hands (as many cards as the view says), all
    from the cards the view does not place, shuffled on ``rng``. What the view cannot show
    stays empty: the others' waiting Standalone effects, and secret pacts the viewer is not
    party to. The next proposal id follows the highest the view shows; the stream is fresh.
    Raises ``ValueError`` for a view whose counts no state could give.
    """
    types = shown.config.cards
    unplaced = _unplaced(shown)
    for kind in KINDS:
        cards, rng = rng.shuffle(unplaced[kind])
        unplaced[kind] = list(cards)
    proposals = tuple(_proposal_of(p, unplaced, types) for p in shown.proposals)
    pool_sizes = {
        Kind.AGREEMENT: shown.pool.agreement,
        Kind.VALUE: shown.pool.value,
        Kind.STANDALONE: shown.pool.standalone,
    }
    pool: dict[Kind, list[int]] = {}
    for kind in KINDS:
        if len(unplaced[kind]) < pool_sizes[kind]:
            raise ValueError(f"the view's pool holds more {kind.value} cards than are unplaced")
        pool[kind] = sorted(unplaced[kind][: pool_sizes[kind]])
        del unplaced[kind][: pool_sizes[kind]]
    rest, rng = rng.shuffle([c for kind in KINDS for c in unplaced[kind]])
    hidden = sum(p.hand_size for p in shown.players if p.hand is None)
    if hidden != len(rest):
        raise ValueError(
            f"the view hides {hidden} cards in hands but leaves {len(rest)} unplaced: "
            "it came from no diplomacy state"
        )
    players, dealt = [], 0
    for p in shown.players:
        hand = p.hand
        if hand is None:
            hand, dealt = rest[dealt : dealt + p.hand_size], dealt + p.hand_size
        players.append(
            PlayerState(p.player, hand, p.ticks, p.deploy_debt, p.between_turns, p.pending)
        )
    ids = [p.id for p in shown.proposals] + [p.id for p in shown.pacts]
    return DiplomacyState(
        shown.config,
        tuple(players),
        Pool(tuple(pool[Kind.AGREEMENT]), tuple(pool[Kind.VALUE]), tuple(pool[Kind.STANDALONE])),
        rng.split("stream"),
        proposals,
        shown.pacts,
        shown.turn,
        shown.active,
        max(ids, default=-1) + 1,
    )
