"""Keeping the fight and the Skill decks consistent: shields, falls and deaths (SK-5 … SK-7).

Every change the game makes to the combat slice goes through combat's own actions, so that
both slices always agree on who is still in the fight.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamefold import combat, skills
from gamefold.combat import (
    AbilityResolved,
    CombatantFell,
    CombatantWithdrawn,
    CombatEnded,
    CombatState,
    Declare,
    Withdraw,
    find,
)
from gamefold.core import Event, Events, replace
from gamefold.errors import IllegalAction
from gamefold.games.skirmish.state import (
    DeclarationLapsed,
    G,
    Held,
    LeftTheFight,
    SkirmishState,
    bump,
    mark,
)
from gamefold.skills import FATAL_EXHAUSTION, GM, CloseReactionWindow, DefeatUnit, SkillsState

__all__ = ["fought", "leave_fight", "owner", "settle", "withdraw"]


def owner(deck: SkillsState, cid: str) -> str:
    """The player acting for combatant ``cid``: a player's character (whichever side it
    stands on, ``enemy_players``) is its player's; every other combatant is the GM's."""
    return cid if cid in deck.seats and cid != GM else GM


def fought(game: G, before: CombatState, after: CombatState, events: Events) -> tuple[G, Events]:
    """The game once the fight ``before`` stepped to ``after`` with ``events`` (a choice
    combat decided already, on the very fight ``game`` holds): the fight replaced and, if
    the exchange resolved, the tallies and the falls defeated in the decks (SK-7)."""
    game = replace(game, combat=after)
    if after.exchange == before.exchange:
        return game, events
    return _resolved(game, events)


def _resolved(game: G, events: Events) -> tuple[G, Events]:
    """After an exchange resolved (combat spent the shields): tallies, falls defeated in the
    decks."""
    deck: SkillsState = game.skills
    state: SkirmishState = game.skirmish
    for e in events:
        if isinstance(e, AbilityResolved) and e.damage:
            dealt = e.damage - e.prevented
            state = bump(state, owner(deck, e.combatant), damage_dealt=dealt)
            taken = {"damage_taken": dealt, "damage_prevented": e.prevented}
            state = bump(state, owner(deck, e.target), **taken)
    game = game.with_skirmish(state)
    more: list[Event] = []
    for e in events:
        if isinstance(e, CombatantFell):
            game = _defeat(game, e.combatant, more)
    # The end of the fight is told last (an exchange resolved: there are events).
    if events and isinstance(events[-1], CombatEnded):
        return game, (*events[:-1], *more, events[-1])
    return game, (*events, *more)


def _defeat(game: G, cid: str, events: list[Event]) -> G:
    """SK-7: a combatant who fell is defeated in the skill-deck slice (SD-13, SD-6)."""
    deck: SkillsState = game.skills
    try:
        deck, more = skills.step(deck, DefeatUnit(cid))
    except IllegalAction:  # not a unit of the decks' Round: nothing to defeat there
        return game
    events.extend(more)
    state: SkirmishState = game.skirmish
    if owner(deck, cid) != GM:
        state = mark(state, cid, "fell_round", deck.round)
    return replace(game, skills=deck).with_skirmish(state)


def _standing(state: CombatState, units: Sequence[str]) -> tuple[str, ...]:
    """The distinct ``units`` still standing in the fight, in the order given."""
    standing = {c.id for c in state.combatants if c.hp > 0}
    return tuple([unit for unit in dict.fromkeys(units) if unit in standing])


def withdraw(game: G, units: Sequence[str], cause: str) -> tuple[G, Events]:
    """SK-6: the standing ``units`` leave the fight together because of ``cause``, decided by
    combat in one step (:class:`~gamefold.combat.Withdraw`, with what follows from it): its
    refusal is raised (``combat/over`` once the fight has ended). Units already out are
    skipped (none standing: nothing happens); combat's ``CombatantWithdrawn`` is told as
    :class:`~gamefold.games.skirmish.state.LeftTheFight`."""
    fight: CombatState = game.combat
    out = _standing(fight, units)
    if not out:
        return game, ()
    after, events = combat.step(fight, Withdraw(out, cause))
    game, events = fought(game, fight, after, events)
    return game, tuple(_left(e) for e in events)


def leave_fight(game: G, units: Sequence[str], cause: str) -> tuple[G, Events]:
    """SK-6: :func:`withdraw`, while the fight goes on; once it is over nothing changes."""
    fight: CombatState = game.combat
    if fight.ending is not None:
        return game, ()
    return withdraw(game, units, cause)


def _left(e: Event) -> Event:
    """Combat's withdrawal told as the game's own event (SK-6)."""
    return LeftTheFight(e.combatant, e.cause) if isinstance(e, CombatantWithdrawn) else e


def settle(game: G, events: Events = ()) -> tuple[G, Events]:
    """The skirmish's reaction after every step: characters who died in the decks (of fatal
    exhaustion, SD-6) but still stand leave the fight together (SK-6); a held declaration
    whose window closed is made (SK-4)."""
    deck: SkillsState = game.skills
    state: SkirmishState = game.skirmish
    # A plain loop, no comprehension: it runs after every step, and most find no one dead.
    dead = []
    for o in deck.owners:
        if not o.alive:
            dead.append(o.player)
    if not dead and state.held is None:
        return game, ()  # most steps: nobody died, nothing is held
    more: Events = ()
    if dead:
        standing = _standing(game.combat, dead)
        if standing:
            for player in standing:
                state = mark(state, player, "death_round", deck.round)
            game, more = leave_fight(game.with_skirmish(state), standing, FATAL_EXHAUSTION)
    game, held = _settle_held(game)
    return game, (*more, *held)


def _settle_held(game: G) -> tuple[G, Events]:
    """Make the held declaration once its window closed; drop it if it cannot be made."""
    state: SkirmishState = game.skirmish
    held = state.held
    deck: SkillsState = game.skills
    if held is None:
        return game, ()
    window = owner(deck, held.target)
    target = find(game.combat, held.target)
    standing = target is not None and target.hp > 0
    if window in deck.reacting and deck.active == held.unit and standing:
        return game, ()
    events: list[Event] = []
    if window in deck.reacting:  # the declaring unit or the target left: nothing to answer
        deck, closed = skills.step(deck, CloseReactionWindow(window))
        game = replace(game, skills=deck)
        events.extend(closed)
    fight: CombatState = game.combat
    made = _declared(fight, held)
    if made is not None:
        game = game.with_skirmish(replace(state, held=None))
        game, more = fought(game, fight, *made)
        return game, (*events, *more)
    # The target or the unit left the fight: the declaration lapses; the unit may choose again.
    chosen = tuple(u for u in state.chosen if u != held.unit)
    game = game.with_skirmish(replace(state, held=None, chosen=chosen))
    return game, (*events, DeclarationLapsed(held.unit, held.target))


def _declared(fight: CombatState, held: Held) -> tuple[CombatState, Events] | None:
    """The fight once the ``held`` declaration is made, decided by combat, or ``None`` when
    it cannot be made any more (the fight is over, the unit or the target left it)."""
    if fight.ending is not None:
        return None
    try:
        return combat.step(fight, Declare(held.unit, held.ability, held.hand, held.target))
    except IllegalAction:
        return None
