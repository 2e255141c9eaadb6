"""What Standalone cards do on the map when they resolve (SM-8, DP-12).

A Standalone card is played in its player's between-turn window and resolves at their next
turn start (DP-12); summit then runs its handler (one per subtype, in :data:`HANDLERS`) on
the map. A card may be aimed (``PlayStandalone(..., target=...)``): Siege and Betrayal at
another player, Forced March and Fortify at a territory; the others take no target. An
empty target aims automatically. Tier 2 effects count twice (the scenario's figure is per
tier). An effect that finds nothing to act on *fizzles* (:class:`EffectFizzled`).

- **Siege** takes ``siege_territories`` times the tier of the aimed player's weakest territories
  (auto: the other player holding most territories without a truce with the player).
- **Forced March** takes ``march_territories`` times the tier territories, forts ignored: the aimed
  one first, then the cheapest to attack (neutral first, then the least fortified). Never a
  truce partner's.
- **Fortify** builds ``fort_levels`` times the tier forts on one of the player's territories (auto:
  their least fortified).
- **Foreign Aid** brings ``aid_troops`` times the tier troops.
- **Betrayal** ends every truce between the player and the aimed player (auto: the partner
  of their oldest truce); the pacts still run in the diplomacy slice.
- **Trap** and **Duration Modifier** have no effect on the map.
"""

from __future__ import annotations

import attrs

from gamefold.core import Event, Events, replace
from gamefold.diplomacy import Effect, EffectHandlers, StandaloneResolved
from gamefold.games.summit.board import (
    NEUTRAL,
    MapState,
    TruceEnded,
    gain_troops,
    take,
    territory_count,
    truce_between,
    weakest,
)

__all__ = [
    "HANDLERS",
    "PLAYER_AIMED",
    "TERRITORY_AIMED",
    "EffectFizzled",
    "Fortified",
    "target_problem",
]

PLAYER_AIMED = ("Siege", "Betrayal")
"""Subtypes aimed at another player."""
TERRITORY_AIMED = ("Forced March", "Fortify")
"""Subtypes aimed at a territory."""


@attrs.frozen
class Fortified(Event):
    """``player`` built forts on ``territory``; it now has ``forts`` (SM-8)."""

    player: str
    territory: str
    forts: int


@attrs.frozen
class EffectFizzled(Event):
    """``player``'s ``card`` had nothing to act on, for ``reason`` (SM-8)."""

    player: str
    card: str
    reason: str


def target_problem(state: MapState, subtype: str, player: str, target: str) -> str | None:
    """Why ``target`` cannot be aimed at with a ``subtype`` card (SM-8), or ``None``."""
    if target == "":
        return None
    if subtype in PLAYER_AIMED:
        if target in state.players and target != player:
            return None
        return f"A {subtype} is aimed at another seated player, not {target!r}."
    if subtype in TERRITORY_AIMED:
        if target in state.scenario.territories:
            return None
        return f"A {subtype} is aimed at a territory of the map, not {target!r}."
    return f"A {subtype} takes no target."


def _fizzle(state: MapState, effect: Effect, player: str, reason: str) -> tuple[MapState, Events]:
    return state, (EffectFizzled(player, effect.name, reason),)


def _open_to(state: MapState, player: str, owner: str) -> bool:
    """Whether ``player`` may take a territory of ``owner`` (not theirs, no truce)."""
    return owner != player and (owner == NEUTRAL or not truce_between(state, player, owner))


def _siege_target(state: MapState, player: str, aimed: str) -> str:
    if aimed:
        return aimed if _open_to(state, player, aimed) else ""
    best, most = "", 0
    for other in state.players:
        count = territory_count(state, other)
        if count > most and _open_to(state, player, other):
            best, most = other, count
    return best


def siege(state: MapState, resolved: StandaloneResolved) -> tuple[MapState, Events]:
    """Take the aimed player's weakest territories (SM-8)."""
    effect, player = resolved.effect, resolved.player
    target = _siege_target(state, player, effect.target)
    events: list[Event] = []
    for _ in range(state.scenario.siege_territories * effect.tier):
        index = weakest(state, target) if target else None
        if index is None:
            break
        state, taken = take(state, index, player, "siege")
        events.append(taken)
    if not events:
        return _fizzle(state, effect, player, "no territory to besiege")
    return state, tuple(events)


def _march_index(state: MapState, player: str, aimed: str) -> int | None:
    names = state.scenario.territories
    if aimed:
        index = names.index(aimed)
        return index if _open_to(state, player, state.owners[index]) else None
    best: tuple[int, int, int] | None = None
    for index, owner in enumerate(state.owners):
        if _open_to(state, player, owner):
            key = (owner != NEUTRAL, state.forts[index], index)
            best = key if best is None or key < best else best
    return None if best is None else best[2]


def forced_march(state: MapState, resolved: StandaloneResolved) -> tuple[MapState, Events]:
    """Take territories, forts ignored: the aimed one, then the cheapest (SM-8)."""
    effect, player = resolved.effect, resolved.player
    aimed = effect.target
    events: list[Event] = []
    for _ in range(state.scenario.march_territories * effect.tier):
        index = _march_index(state, player, aimed)
        aimed = ""
        if index is None:
            continue
        state, taken = take(state, index, player, "forced march")
        events.append(taken)
    if not events:
        return _fizzle(state, effect, player, "no territory to march on")
    return state, tuple(events)


def fortify(state: MapState, resolved: StandaloneResolved) -> tuple[MapState, Events]:
    """Build forts on one of the player's territories (SM-8)."""
    effect, player = resolved.effect, resolved.player
    names = state.scenario.territories
    index = names.index(effect.target) if effect.target else weakest(state, player)
    if index is None or state.owners[index] != player:
        return _fizzle(state, effect, player, "no territory of theirs to fortify")
    level = state.forts[index] + state.scenario.fort_levels * effect.tier
    forts = (*state.forts[:index], level, *state.forts[index + 1 :])
    return replace(state, forts=forts), (Fortified(player, names[index], level),)


def foreign_aid(state: MapState, resolved: StandaloneResolved) -> tuple[MapState, Events]:
    """Bring troops (SM-8)."""
    troops = state.scenario.aid_troops * resolved.effect.tier
    return gain_troops(state, resolved.player, troops, resolved.effect.name)


def betrayal(state: MapState, resolved: StandaloneResolved) -> tuple[MapState, Events]:
    """End every truce between the player and the aimed player (SM-8)."""
    effect, player = resolved.effect, resolved.player
    target = effect.target
    if not target:
        mine = [t for t in state.truces if player in (t.first, t.second)]
        target = "" if not mine else (mine[0].second if mine[0].first == player else mine[0].first)
    broken = [t for t in state.truces if target and {t.first, t.second} == {player, target}]
    if not broken:
        return _fizzle(state, effect, player, "no truce to betray")
    state = replace(state, truces=tuple(t for t in state.truces if t not in broken))
    return state, tuple(TruceEnded(t.pact, "betrayed") for t in broken)


def no_effect(state: MapState, resolved: StandaloneResolved) -> tuple[MapState, Events]:
    """Trap and Duration Modifier do nothing on summit's map."""
    return _fizzle(state, resolved.effect, resolved.player, "no effect on the map")


HANDLERS: EffectHandlers[MapState] = EffectHandlers(
    {
        "Siege": siege,
        "Forced March": forced_march,
        "Fortify": fortify,
        "Foreign Aid": foreign_aid,
        "Betrayal": betrayal,
        "Trap": no_effect,
        "Duration Modifier": no_effect,
    }
)
"""Summit's Standalone effect handlers, by subtype (DP-12, SM-8)."""
