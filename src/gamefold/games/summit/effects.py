"""What Standalone cards do on the map when they resolve (SM-8, SM-13, SM-14, DP-12).

What a card does is data: the scenario's ``effects`` maps its subtype to an effect key, and
:data:`HANDLERS` maps each key to its handler, so renaming a subtype without saying what it
does is a configuration error, never a silent no-op; :data:`AIMS` says what each may be
aimed at. Handlers see the whole game: a betrayal and a Duration Modifier change
diplomacy's pacts through its host actions (``BreakPact``, ``ExtendPact``), and every
effect on the map is the territory's host action (``Seize``, ``Fortify``, ``LayTrap``,
``Reinforce``, ``EndTruce``), never an edit of either slice. The map's events of a fort and
a trap (``Fortified``, ``TrapLaid``) are the territory's, named here too.
"""

from __future__ import annotations

from typing import Protocol

import attrs

from gamefold import territory
from gamefold.core import Event, Events, replace
from gamefold.diplomacy import (
    BreakPact,
    DiplomacyState,
    Effect,
    ExtendPact,
    Pact,
    StandaloneResolved,
)
from gamefold.diplomacy import step as diplomacy_step
from gamefold.games.summit.state import MAP, G, MapState, SummitSlices, on_map
from gamefold.territory import (
    NEUTRAL,
    EndTruce,
    Fortified,
    Fortify,
    LayTrap,
    Reinforce,
    Seize,
    TrapLaid,
    territory_count,
    truce_between,
    weakest,
)

__all__ = [
    "AIMS",
    "HANDLERS",
    "PACT_EFFECTS",
    "EffectFizzled",
    "Fortified",
    "TrapLaid",
    "pact_problem",
    "resolve",
    "take_weakest",
    "target_problem",
]

AIMS: dict[str, str] = {
    "siege": "player",
    "betrayal": "player",
    "extend": "player",
    "march": "territory",
    "fortify": "territory",
    "trap": "territory",
    "aid": "",
}
"""What each Standalone effect may be aimed at: another ``"player"``, a ``"territory"``,
or nothing (``""``)."""

PACT_EFFECTS = ("betrayal", "extend")
"""The Standalone effects that act on the player's pacts: with ``needs_pact`` they are
played only with a pact to act on (SM-16)."""


@attrs.frozen
class EffectFizzled(Event):
    """``player``'s ``card`` had nothing to act on, for ``reason`` (SM-8)."""

    player: str
    card: str
    reason: str


def target_problem(state: MapState, effect: str, player: str, target: str) -> str | None:
    """Why ``target`` cannot be aimed at with a card whose effect is ``effect``, or ``None``."""
    if target in targets(state, effect, player):
        return None
    aim = AIMS.get(effect, "")
    if aim == "player":
        return f"This card is aimed at another seated player, not {target!r}."
    if aim == "territory":
        return f"This card is aimed at a territory of the map, not {target!r}."
    return "This card takes no target."


def targets(state: MapState, effect: str, player: str) -> tuple[str, ...]:
    """Every target a card with ``effect`` may be aimed after ``""`` (auto): other
    players in seat order, or territories in map order (EN-5)."""
    aim = AIMS.get(effect, "")
    if aim == "player":
        return ("", *(p for p in state.players if p != player))
    if aim == "territory":
        return ("", *state.scenario.territories)
    return ("",)


def pact_problem(game: SummitSlices, effect: str, player: str, target: str) -> str | None:
    """SM-16: why a card acting on pacts cannot be played now, or ``None``.

    With the scenario's ``needs_pact``, a Betrayal or a Duration Modifier is aimed at a
    player ``player`` has a running pact with, or played on auto while they have any pact.
    Only the player's own pacts count, so the answer never depends on what they cannot see.
    """
    if effect not in PACT_EFFECTS or not game.map.scenario.needs_pact:
        return None
    if _pacts_with(game.diplomacy, player, target):
        return None
    if target:
        return f"This card acts on a pact, and you have none with {target}."
    return "This card acts on a pact, and you have none."


class Handler(Protocol):
    """A Standalone effect's handler: the game it resolves on, the same record back."""

    def __call__(self, game: G, resolved: StandaloneResolved, /) -> tuple[G, Events]: ...


def _fizzle(game: G, effect: Effect, player: str, reason: str) -> tuple[G, Events]:
    return game, (EffectFizzled(player, effect.name, reason),)


def _open_to(state: MapState, player: str, owner: str) -> bool:
    """Whether ``player`` may take a territory of ``owner`` (not theirs, no truce)."""
    return owner != player and (owner == NEUTRAL or not truce_between(state, player, owner))


def _siege_target(state: MapState, player: str, aimed: str) -> str | None:
    """Whom a siege takes from: the aimed player if open to ``player``, else (auto) the open
    player holding most territories; ``None`` for nobody."""
    if aimed:
        return aimed if _open_to(state, player, aimed) else None
    rivals = [other for other in state.players if _open_to(state, player, other)]
    return max(rivals, key=lambda other: territory_count(state, other), default=None)


def take_weakest(
    state: MapState, player: str, victim: str | None, count: int, cause: str
) -> tuple[MapState, Events]:
    """``player`` takes ``victim``'s weakest territories one by one, ``count`` of them or as
    many as ``victim`` (``None``: nobody) holds (SM-7, SM-8)."""
    events: list[Event] = []
    for _ in range(count):
        index = weakest(state, victim) if victim is not None else None
        if index is None:
            break
        name = state.scenario.territories[index]
        state, taken = territory.step(state, Seize(player, name, cause))
        events += taken
    return state, tuple(events)


def siege(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Take the aimed player's weakest territories (SM-8)."""
    state, effect, player = game.map, resolved.effect, resolved.player
    target = _siege_target(state, player, effect.target)
    count = state.scenario.siege_territories * effect.tier
    state, events = take_weakest(state, player, target, count, "siege")
    if not events:
        return _fizzle(game, effect, player, "no territory to besiege")
    return game.with_slice(MAP, state), events


def _march_index(state: MapState, player: str, aimed: str) -> int | None:
    """The territory a march takes: the aimed one if open to ``player``, else (auto) the
    cheapest open one, neutral first, then fewest forts and troops; ``None`` for none."""
    names = state.scenario.territories
    if aimed:
        index = names.index(aimed)
        return index if _open_to(state, player, state.owners[index]) else None
    best: tuple[int, int, int, int] | None = None
    for index, owner in enumerate(state.owners):
        if _open_to(state, player, owner):
            key = (owner != NEUTRAL, state.forts[index], state.garrisons[index], index)
            best = key if best is None or key < best else best
    return None if best is None else best[3]


def forced_march(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Take territories, forts and troops ignored: the aimed one, then the cheapest (SM-8)."""
    state, effect, player = game.map, resolved.effect, resolved.player
    events: list[Event] = []
    for turn in range(state.scenario.march_territories * effect.tier):
        index = _march_index(state, player, effect.target if turn == 0 else "")
        if index is None and turn > 0:  # EN-8: nothing open now stays so, stop the loop
            break
        if index is None:  # SM-8: the aimed one is shut, the cheapest may still be open
            continue
        name = state.scenario.territories[index]
        state, taken = territory.step(state, Seize(player, name, "forced march"))
        events += taken
    if not events:
        return _fizzle(game, effect, player, "no territory to march on")
    return game.with_slice(MAP, state), tuple(events)


def _own_index(state: MapState, player: str, aimed: str, *, by_forts: bool) -> int | None:
    """The player's territory an effect acts on: the aimed one if theirs, else (auto) the
    least fortified (``by_forts``) or the one with fewest troops; ``None`` for none."""
    if aimed:
        index = state.scenario.territories.index(aimed)
        return index if state.owners[index] == player else None
    if by_forts:
        return weakest(state, player)
    owned = [(state.garrisons[i], i) for i, o in enumerate(state.owners) if o == player]
    return min(owned)[1] if owned else None


def fortify(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Build forts on one of the player's territories (SM-8)."""
    state, effect, player = game.map, resolved.effect, resolved.player
    index = _own_index(state, player, effect.target, by_forts=True)
    if index is None:
        return _fizzle(game, effect, player, "no territory of theirs to fortify")
    name = state.scenario.territories[index]
    return on_map(game, Fortify(player, name, state.scenario.fort_levels * effect.tier))


def trap(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Lay a trap on one of the player's territories (SM-13)."""
    state, effect, player = game.map, resolved.effect, resolved.player
    index = _own_index(state, player, effect.target, by_forts=False)
    if index is None:
        return _fizzle(game, effect, player, "no territory of theirs to trap")
    name = state.scenario.territories[index]
    return on_map(game, LayTrap(player, name, state.scenario.trap_troops * effect.tier))


def foreign_aid(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Bring troops into the reserve (SM-8)."""
    troops = game.map.scenario.aid_troops * resolved.effect.tier
    if not troops:  # no aid, nothing told
        return game, ()
    return on_map(game, Reinforce(resolved.player, troops, resolved.effect.name))


def _pacts_with(dip: DiplomacyState, player: str, other: str = "") -> list[Pact]:
    """The running pacts binding ``player`` (with ``other``, or anyone if ``""``)."""
    return [p for p in dip.pacts if {player, other or player} <= {p.proposer, p.partner}]


def betrayal(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Break every pact between the player and the aimed player (auto: the other party of
    their oldest pact), in the diplomacy slice too; their truces end (SM-8)."""
    effect, player = resolved.effect, resolved.player
    dip: DiplomacyState = game.diplomacy
    target = effect.target
    mine = _pacts_with(dip, player)
    if not target and mine:
        oldest = mine[0]
        target = oldest.partner if oldest.proposer == player else oldest.proposer
    broken = _pacts_with(dip, player, target)
    if not broken:
        return _fizzle(game, effect, player, "no pact to betray")
    events: list[Event] = []
    for pact in broken:
        dip, more = diplomacy_step(dip, BreakPact(pact.id, player))
        events += more
    game = replace(game, diplomacy=dip)
    ids = {p.id for p in broken}
    for truce in [t for t in game.map.truces if t.pact in ids]:  # oldest first
        game, more = on_map(game, EndTruce(truce.pact, "betrayed"))
        events += more
    return game, tuple(events)


def extend(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """The player's pacts with the aimed player (auto: all) last longer (SM-14)."""
    effect, player = resolved.effect, resolved.player
    dip: DiplomacyState = game.diplomacy
    pacts = _pacts_with(dip, player, effect.target)
    if not pacts:
        return _fizzle(game, effect, player, "no pact to extend")
    turns = game.map.scenario.extend_turns * effect.tier
    events: list[Event] = []
    for pact in pacts:
        dip, more = diplomacy_step(dip, ExtendPact(pact.id, turns))
        events += more
    return replace(game, diplomacy=dip), tuple(events)


HANDLERS: dict[str, Handler] = {
    "siege": siege,
    "march": forced_march,
    "fortify": fortify,
    "aid": foreign_aid,
    "betrayal": betrayal,
    "trap": trap,
    "extend": extend,
}
"""Summit's Standalone effect handlers, by effect key (SM-8, SM-13, SM-14)."""


def resolve(game: G, resolved: StandaloneResolved) -> tuple[G, Events]:
    """Run the handler the scenario's ``effects`` names for the card's subtype (SM-8)."""
    effect = game.map.scenario.effect(resolved.effect.subtype)
    handler = HANDLERS.get(effect)
    if handler is None:
        return _fizzle(game, resolved.effect, resolved.player, "it has no effect in summit")
    return handler(game, resolved)
