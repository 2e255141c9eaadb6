"""The skill-deck state of a session, its initial hands (SD-14) and shared lookups.

:class:`SkillsState` holds one :class:`~gamefold.skills.zones.Owner` per player in seat order
and the GM's last, the Round and activation bookkeeping (SD-13), the open reaction windows
(SD-8) and the RNG (EN-3). :func:`initial_state` shuffles every deck and deals each hand up
to its limit, with no Fatigue (SD-14).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeAlias

import attrs

from gamefold.core import Events, replacer
from gamefold.errors import ConfigError
from gamefold.pipeline import Refusal
from gamefold.rng import Rng
from gamefold.skills import codes
from gamefold.skills.catalogue import CardDef, Effect
from gamefold.skills.config import GM, PLAYERS, SkillsConfig
from gamefold.skills.zones import Owner

__all__ = [
    "EffectHandler",
    "Decided",
    "Effects",
    "SkillsState",
    "card_definition",
    "controller",
    "dead",
    "initial_state",
    "living_seat",
    "owner_of",
    "unknown_player",
    "with_owner",
]


@attrs.frozen
class SkillsState:
    """The skill-deck slice of a game: every owner's cards, the Round, and the RNG."""

    config: SkillsConfig = attrs.field(repr=False)
    """The rules' numbers and card lists this session plays with."""
    seats: tuple[str, ...]
    """Owner ids: the players in seat order, then ``"gm"``."""
    owners: tuple[Owner, ...]
    """One :class:`~gamefold.skills.zones.Owner` per seat, in the same order."""
    gm_units: tuple[str, ...]
    """The GM's units still in play; each activates once per Round (SD-13)."""
    rng: Rng
    """The slice's random stream (EN-3); views strip it (EN-9)."""
    round: int = 0
    """The number of the current (or last) Round; 0 before the first."""
    in_round: bool = False
    """True between ``StartRound`` and ``EndRound``."""
    pending: tuple[str, ...] = ()
    """Living units yet to activate this Round: players in seat order, then GM units."""
    active: str | None = None
    """The unit whose activation is in progress, if any."""
    side: str = PLAYERS
    """The side whose unit activates next (``"players"`` or ``"gm"``) (SD-13)."""
    reacting: tuple[str, ...] = ()
    """Owners with an open reaction window, in seat order (SD-8)."""


Decided: TypeAlias = "tuple[SkillsState, Events] | Refusal"
"""What a decide function returns: the new state with its events, or the refusal."""

EffectHandler: TypeAlias = Callable[[SkillsState, str, Effect], tuple[SkillsState, Events]]
"""A game-supplied Play effect: ``handler(state, player, effect) -> (state, events)``.

It runs after the played card left the hand and before it reaches the discard pile (SD-11);
it must be pure and must not raise for a legal Play.
"""

Effects: TypeAlias = Mapping[str, EffectHandler]
"""Effect handlers by effect name, supplied by the game to ``step`` (never stored in a state)."""


def initial_state(
    config: SkillsConfig,
    players: Sequence[str],
    seed: int | str | Rng,
    *,
    gm_units: Sequence[str] = (),
) -> SkillsState:
    """A new session: every deck shuffled, every hand dealt up to its limit (SD-14), or
    ``opening_hand`` cards when the config says so.

    ``players`` are the player characters in seat order (each is also its own unit);
    ``gm_units`` name the GM's units. An ``int`` or ``str`` seed gives the stream
    ``Rng.from_seed(seed).split("skills")``; an ``Rng`` is used as is.
    """
    players, gm_units = tuple(players), tuple(gm_units)
    _check_names(players, gm_units)
    rng = seed if isinstance(seed, Rng) else Rng.from_seed(seed).split("skills")
    owners = []
    for seat, player in enumerate(players):
        base = seat * config.deck_size
        owner, rng = _deal(player, base, config.deck_size, config.hand_limit, config, rng)
        owners.append(owner)
    base = len(players) * config.deck_size
    gm, rng = _deal(GM, base, config.gm_deck_size, config.gm_hand_limit, config, rng)
    owners.append(gm)
    return SkillsState(config, (*players, GM), tuple(owners), gm_units, rng)


def _deal(
    player: str, base: int, size: int, limit: int, config: SkillsConfig, rng: Rng
) -> tuple[Owner, Rng]:
    # SD-14: shuffle, then draw up to the limit (or `opening_hand`, never above the limit);
    # the config keeps limit <= size, so the first hand never recycles nor causes Fatigue.
    deck, rng = rng.shuffle(range(base, base + size))
    dealt = limit if config.opening_hand is None else min(limit, config.opening_hand)
    return Owner(player, deck[dealt:], deck[:dealt], limit), rng


def _check_names(players: tuple[str, ...], gm_units: tuple[str, ...]) -> None:
    names = (*players, *gm_units)
    if not players:
        raise ConfigError("players", "a session needs at least one player", "SD-1")
    if not all(isinstance(name, str) and name for name in names):
        raise ConfigError("players", "player and unit names are non-empty strings", "SD-13")
    if GM in players:
        raise ConfigError("players", f"{GM!r} is the GM's id, not a player's", "SD-7")
    if GM in gm_units:
        raise ConfigError("players", f"{GM!r} is the GM's id, not a GM unit's", "SD-7")
    if len(set(names)) != len(names):
        raise ConfigError("players", "player and GM unit names must all differ", "SD-13")


def owner_of(state: SkillsState, player: str) -> Owner:
    """The :class:`~gamefold.skills.zones.Owner` record of ``player`` (a player id or ``"gm"``).

    Raises :class:`KeyError` for an unknown id.
    """
    if player not in state.seats:
        raise KeyError(player)
    return state.owners[state.seats.index(player)]


def card_definition(state: SkillsState, card: int) -> CardDef:
    """The :class:`~gamefold.skills.catalogue.CardDef` of card id ``card`` (SD-1)."""
    return state.config.card_definition(card, len(state.seats) - 1)


def controller(state: SkillsState, unit: str) -> str:
    """The owner who acts for ``unit``: ``"gm"`` for a GM unit, else the player itself."""
    return GM if unit in state.gm_units else unit


_set_owners = replacer(SkillsState, "owners")


def with_owner(state: SkillsState, seat: int, owner: Owner) -> SkillsState:
    """``state`` with the owner at ``seat`` replaced by ``owner``."""
    owners = state.owners
    return _set_owners(state, (*owners[:seat], owner, *owners[seat + 1 :]))


def unknown_player(player: str) -> Refusal:
    """The refusal of an action naming ``player``, who has no seat (EN-4)."""
    return Refusal(codes.UNKNOWN_PLAYER, f"there is no player {player!r}")


def dead(owner: Owner) -> Refusal:
    """The refusal of an action of ``owner``, who died (SD-6)."""
    return Refusal(codes.DEAD_CHARACTER, f"{owner.player} is dead and acts no more")


def living_seat(state: SkillsState, player: str) -> int | Refusal:
    """The seat of ``player`` if they are at the table and alive, else the refusal:
    ``skills/unknown-player`` (EN-4) first, then ``skills/dead-character`` (SD-6)."""
    seats = state.seats
    if player not in seats:
        return unknown_player(player)
    seat = seats.index(player)
    owner = state.owners[seat]
    return seat if owner.alive else dead(owner)
