"""What one viewer may see of a skill-deck state (EN-9).

:func:`view` keeps the viewer's own hand, replaces every other hand by its size and every
deck (the viewer's too) by its size, and drops the RNG, so that a UI or a bot sees only what
its player may know. Discard and exhausted piles, limits, Fatigue and modifiers are public.

:func:`determinize` goes the other way, for search bots: from a view it draws a whole state
the view could have come from. Every owner's cards are the id range of its seat (SD-1); the
ones the view does not place (not in a shown hand, the discard or the exhausted pile) are
shuffled and dealt into the hidden hand and the deck by their sizes.
"""

from __future__ import annotations

import attrs

from gamefold.core import kept_by_identity
from gamefold.domains import span
from gamefold.rng import Rng
from gamefold.skills.catalogue import Modifier
from gamefold.skills.config import SkillsConfig
from gamefold.skills.session import SkillsState
from gamefold.skills.zones import Owner

__all__ = ["OwnerView", "SkillsView", "determinize", "view", "view_bounds", "view_growth"]


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


def view_bounds(
    config: SkillsConfig, players: int, gm_units: int = 0
) -> dict[str, tuple[float, float]]:
    """The true ranges of a view's numbers in a session of ``players`` player characters
    and at most ``gm_units`` GM units at a time (a game's
    :meth:`~gamefold.games.GameDef.observation_bounds`): card ids, ``players * deck_size``
    of them then the GM's ``gm_deck_size`` (SD-1, SD-7), and an owner's counts (hand, deck,
    hand limit, and the lengths of its hand and piles), which never pass its own deck's
    size, the cards an owner ever holds (SD-1, SD-2: the limit is 1 to the deck's size); one
    owner a player, and the GM's (SD-7); the units of a Round and the reaction windows; a
    Burn modifier's amount, one a card prints (SD-12); and Fatigue, when recycling exhausts.

    Left out, at the envs' widest range: the number of Burn modifiers in force (the GM's
    Burned cards go back to its discard pile, SD-7, so nothing in the config bounds its
    Burns in a Round), and Fatigue when ``exhaust_on_recycle`` is 0 (then a player may
    recycle without end)."""
    last_card = float(players * config.deck_size + config.gm_deck_size - 1)
    largest = float(max(config.deck_size, config.gm_deck_size))
    cards, counts = (0.0, last_card), (0.0, largest)
    piles = ("hand", "discard", "exhausted")
    amounts = [m.amount for card in (*config.deck, *config.gm_deck) for m in card.burn]
    found = {
        **dict.fromkeys(piles, cards),
        **dict.fromkeys((f"len({pile})" for pile in piles), counts),
        **dict.fromkeys(("hand_size", "deck_size", "hand_limit"), counts),
        "len(owners)": (0.0, float(players + 1)),
        # SD-13: a Round's pending units are the living players' and the GM's units.
        "len(pending)": span("gm_units", players + gm_units, "SD-13"),
        "len(gm_units)": span("gm_units", gm_units, "SD-13"),
        # SD-8: a window is a seat's, the GM's included, each open once.
        "len(reacting)": (0.0, float(players + 1)),
        # SD-12: a modifier is one a Burned card prints, never a sum of them.
        "amount": span("deck", max([0, *amounts]), "SD-12", min([0, *amounts])),
    }
    if config.exhaust_on_recycle:
        # SD-5: each recycle exhausts a card of the player's deck for good (its new deck is
        # the discard pile, never empty), so a player recycles at most deck_size times; the
        # GM gains no Fatigue (SD-7).
        most = config.deck_size * config.fatigue_on_recycle
        found["fatigue"] = span("fatigue_on_recycle", most, "SD-5")
    return found


def view_growth(config: SkillsConfig) -> dict[str, tuple[float, float, float]]:
    """The growth ``(low, start, step)`` of the view's numbers that nothing caps but one
    action moves by a bounded amount (a game's
    :meth:`~gamefold.games.GameDef.observation_growth`): the number of Burn modifiers in
    force, none at the start, which one Burn grows by its card's modifiers (SD-12) and
    nothing else grows. The Rounds are the game's to count: it begins them (SD-13)."""
    cards = (*config.deck, *config.gm_deck)
    most = max([0, *(len(card.burn) for card in cards)])
    return {"len(modifiers)": (0.0, 0.0, float(most))}


@kept_by_identity()  # a step changes one owner or none: the others' views are kept
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


@kept_by_identity()  # a step that moves no card keeps the tuple of owners, and so its views
def _owner_views(owners: tuple[Owner, ...], viewer: str) -> tuple[OwnerView, ...]:
    return tuple([_owner_view(owner, viewer) for owner in owners])


def view(state: SkillsState, viewer: str) -> SkillsView:
    """``state`` as ``viewer`` (a player id, ``"gm"``, or anyone else: a spectator) sees it."""
    return SkillsView(
        viewer=viewer,
        config=state.config,
        owners=_owner_views(state.owners, viewer),
        gm_units=state.gm_units,
        round=state.round,
        in_round=state.in_round,
        pending=state.pending,
        active=state.active,
        side=state.side,
        reacting=state.reacting,
    )


def _cards_of(config: SkillsConfig, seat: int, seats: int) -> range:
    """The ids of the cards the owner at ``seat`` (of ``seats``, the GM's last) plays with."""
    if seat == seats - 1:
        return range(seat * config.deck_size, seat * config.deck_size + config.gm_deck_size)
    return range(seat * config.deck_size, (seat + 1) * config.deck_size)


def _drawn_owner(shown: OwnerView, cards: range, rng: Rng) -> Owner:
    placed = set(shown.discard) | set(shown.exhausted) | set(shown.hand or ())
    unseen = [card for card in cards if card not in placed]
    hidden_hand = 0 if shown.hand is not None else shown.hand_size
    if len(unseen) != hidden_hand + shown.deck_size:
        raise ValueError(
            f"{shown.player}'s view places {len(cards) - len(unseen)} of {len(cards)} cards "
            f"and hides {hidden_hand + shown.deck_size}: it came from no skill-deck state"
        )
    drawn, _ = rng.shuffle(unseen)
    hand = shown.hand if shown.hand is not None else drawn[:hidden_hand]
    return Owner(
        shown.player,
        drawn[hidden_hand:],
        hand,
        shown.hand_limit,
        shown.discard,
        shown.exhausted,
        shown.fatigue,
        shown.alive,
        shown.modifiers,
    )


def determinize(shown: SkillsView, viewer: str, rng: Rng) -> SkillsState:
    """A state ``shown`` could be the view of (EN-9), drawn from ``rng``: every shown hand,
    pile and counter kept; every hidden hand and every deck order drawn afresh from the
    owner's unplaced cards (each owner on its own stream), and a fresh stream for the slice.

    A hand the view shows (the viewer's own, or a seat's it commands) stays as it is;
    ``viewer`` names whose view it is and changes nothing else. Raises ``ValueError`` for a
    view whose counts no state could give.
    """
    seats = len(shown.owners)
    owners = tuple(
        _drawn_owner(owner, _cards_of(shown.config, seat, seats), rng.split(owner.player))
        for seat, owner in enumerate(shown.owners)
    )
    return SkillsState(
        shown.config,
        tuple(owner.player for owner in owners),
        owners,
        shown.gm_units,
        rng.split("stream"),
        shown.round,
        shown.in_round,
        shown.pending,
        shown.active,
        shown.side,
        shown.reacting,
    )
