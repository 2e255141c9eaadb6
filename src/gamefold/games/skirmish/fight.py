"""Keeping the fight and the Skill decks consistent: shields, falls and deaths (SK-5 … SK-7).

Every change the game makes to the combat slice goes through here, so that both slices
always agree on who is still in the fight:

- :func:`declare` makes a combat choice (``Declare`` or ``Retreat``). If it completes the
  exchange, combat resolves it in the same step; the Round's shields are applied around that
  resolution (SK-5) and every combatant who fell is defeated in the skill-deck slice (SK-7);
- :func:`leave_fight` takes units out of the fight with combat's host action
  :class:`~gamefold.combat.Withdraw` (SK-6): a character who died of fatal exhaustion
  (SD-6) or a unit the host defeated. Combat dissolves the pairings, ends the fight or
  resolves an exchange nobody is left to wait for (CB-5, CB-7, CB-10, CB-11) in that step,
  with the Round's shields as for a declaration;
- :func:`settle` runs after every step of the game's rules: deaths reported by the skill-deck
  slice leave the fight, and a held declaration whose reaction window closed is made.

Shields work by lending hit points: before a step that may resolve an exchange each shielded
combatant gets its shield as extra hit points, and afterwards its hit points are brought back
to at most what they were. Combat thus decides falls, pairings and the end of the fight on
the damage that really lands, ``max(0, damage - shield)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gamefold import combat, skills
from gamefold.combat import (
    AbilityResolved,
    Combatant,
    CombatantFell,
    CombatantWithdrawn,
    CombatEnded,
    CombatState,
    DamageDealt,
    Declare,
    Side,
    Withdraw,
)
from gamefold.core import Action, Event, Events, replace
from gamefold.errors import IllegalAction
from gamefold.games.skirmish.state import (
    NAME,
    DamagePrevented,
    DeclarationLapsed,
    LeftTheFight,
    Shield,
    SkirmishState,
    bump,
    mark,
    shield_of,
)
from gamefold.registry import Game
from gamefold.skills import GM, CharacterDied, CloseReactionWindow, DefeatUnit, SkillsState
from gamefold.skills.zones import FATAL_EXHAUSTION

__all__ = ["declare", "leave_fight", "owner", "settle", "withdrawal_problem"]

Run = Callable[[CombatState], tuple[CombatState, Events]]


def _find(state: CombatState, cid: str) -> Combatant | None:
    return next((c for c in state.combatants if c.id == cid), None)


def owner(state: CombatState, cid: str) -> str:
    """The player acting for combatant ``cid``: itself in the party, else ``"gm"``."""
    c = _find(state, cid)
    return cid if c is not None and c.side is Side.PARTY else GM


def declare(game: Game, action: Action) -> tuple[Game, Events]:
    """Make the combat choice ``action`` (a ``Declare`` or ``Retreat``) with the shields."""
    return _fight(game, lambda state: combat.step(state, action))


def _fight(game: Game, run: Run) -> tuple[Game, Events]:
    """Run a combat change that may resolve an exchange, with the Round's shields (SK-5)."""
    before: CombatState = game["combat"]
    shields = game[NAME].shields
    after, events = run(_lend(before, shields))
    after = _repay(after, before, shields)
    game = game.with_slice("combat", after)
    if after.exchange == before.exchange:
        return game, events
    return _resolved(game, before, events)


def _lend(state: CombatState, shields: tuple[Shield, ...]) -> CombatState:
    """``state`` with each standing shielded combatant's hit points raised by its shield."""
    if not shields:
        return state
    amounts = {s.unit: s.amount for s in shields}
    combatants = tuple(
        replace(c, hp=c.hp + amounts[c.id]) if c.id in amounts and c.hp > 0 else c
        for c in state.combatants
    )
    return replace(state, combatants=combatants)


def _repay(state: CombatState, before: CombatState, shields: tuple[Shield, ...]) -> CombatState:
    """Bring shielded combatants back to at most the hit points they had before."""
    if not shields:
        return state
    units = {s.unit for s in shields}
    combatants = tuple(
        replace(c, hp=min(c.hp, old.hp)) if c.id in units and c.hp > old.hp else c
        for c, old in zip(state.combatants, before.combatants, strict=True)
    )
    return replace(state, combatants=combatants)


def _resolved(game: Game, before: CombatState, events: Events) -> tuple[Game, Events]:
    """After an exchange resolved: shields spent, tallies, falls defeated in the decks."""
    gone = {e.combatant for e in events if isinstance(e, CombatantWithdrawn)}
    standing = {c.id for c in before.combatants if c.hp > 0 and c.id not in gone}
    state: SkirmishState = game[NAME]
    told, state = _account(game["combat"], state, standing, events)
    game = game.with_slice(NAME, replace(state, shields=()))
    fell = [e.combatant for e in told if isinstance(e, CombatantFell)]
    more: list[Event] = []
    for cid in fell:
        game = _defeat(game, cid, more)
    if told and isinstance(told[-1], CombatEnded):  # the end of the fight is told last
        return game, (*told[:-1], *more, told[-1])
    return game, (*told, *more)


def _account(
    after: CombatState, state: SkirmishState, standing: set[str], events: Events
) -> tuple[list[Event], SkirmishState]:
    """The events as the players see them (shields applied), and the updated tallies."""
    left = {s.unit: s.amount for s in state.shields}
    told: list[Event] = []
    for e in events:
        if isinstance(e, AbilityResolved) and e.target not in standing:
            continue  # a blow at someone who had already left the fight lands nowhere
        if isinstance(e, AbilityResolved) and e.damage:
            spared = min(left.get(e.target, 0), e.damage)
            left[e.target] = left.get(e.target, 0) - spared
            dealt = e.damage - spared
            state = bump(state, owner(after, e.combatant), damage_dealt=dealt)
            state = bump(state, owner(after, e.target), damage_taken=dealt, damage_prevented=spared)
        told.extend(_told(after, state, standing, e))
    return told, state


def _told(after: CombatState, state: SkirmishState, standing: set[str], e: Event) -> list[Event]:
    """How one combat event of a resolution is reported once shields are counted."""
    if isinstance(e, DamageDealt | CombatantFell) and e.combatant not in standing:
        return []
    if not isinstance(e, DamageDealt):
        return [e]
    spared = min(shield_of(state, e.combatant), e.amount)
    c = _find(after, e.combatant)
    hp = 0 if c is None else c.hp
    out: list[Event] = [DamagePrevented(e.combatant, spared)] if spared else []
    return out + ([DamageDealt(e.combatant, e.amount - spared, hp)] if e.amount > spared else [])


def _defeat(game: Game, cid: str, events: list[Event]) -> Game:
    """SK-7: a combatant who fell is defeated in the skill-deck slice (SD-13, SD-6)."""
    deck: SkillsState = game["skills"]
    action = DefeatUnit(cid)
    if skills.check(deck, action) is not None:
        return game
    deck, more = skills.step(deck, action)
    events.extend(more)
    state: SkirmishState = game[NAME]
    if owner(game["combat"], cid) != GM:
        state = mark(state, cid, "fell_round", deck.round)
    return game.with_slice("skills", deck).with_slice(NAME, state)


def _standing(state: CombatState, units: Sequence[str]) -> tuple[str, ...]:
    """The distinct ``units`` still standing in the fight, in the order given."""
    standing = {c.id for c in state.combatants if c.hp > 0}
    return tuple(unit for unit in dict.fromkeys(units) if unit in standing)


def withdrawal_problem(game: Game, units: Sequence[str], cause: str) -> IllegalAction | None:
    """Why the fight refuses to let the standing ``units`` leave (``combat/over``), or ``None``."""
    fight: CombatState = game["combat"]
    out = _standing(fight, units)
    return combat.check(fight, Withdraw(out, cause)) if out else None


def leave_fight(game: Game, units: Sequence[str], cause: str) -> tuple[Game, Events]:
    """SK-6: ``units`` leave the fight together, as if they had fallen, because of ``cause``.

    Combat's :class:`~gamefold.combat.Withdraw` does it in one step: pairings dissolve if who
    counts as Forward changed (CB-5, CB-7); then the fight ends if a side has nobody
    standing (CB-11), or an exchange with nobody left to wait for resolves now, with the
    Round's shields (CB-10, SK-5). Units already out are skipped; the shields of those
    leaving go. Combat reports :class:`~gamefold.combat.CombatantWithdrawn`, told here as
    :class:`~gamefold.games.skirmish.state.LeftTheFight`. Once the fight is over nothing
    changes: combat refuses withdrawals then (``combat/over``, see :func:`withdrawal_problem`).
    """
    fight: CombatState = game["combat"]
    out = _standing(fight, units)
    if not out or fight.ending is not None:
        return game, ()
    state: SkirmishState = game[NAME]
    shields = tuple(s for s in state.shields if s.unit not in out)
    game = game.with_slice(NAME, replace(state, shields=shields))
    withdraw = Withdraw(out, cause)
    game, events = _fight(game, lambda s: combat.step(s, withdraw))
    return game, tuple(_left(e) for e in events)


def _left(e: Event) -> Event:
    """Combat's withdrawal told as the game's own event (SK-6)."""
    return LeftTheFight(e.combatant, e.cause) if isinstance(e, CombatantWithdrawn) else e


def settle(game: Game, events: Events) -> tuple[Game, Events]:
    """After a step: characters dead of fatal exhaustion leave the fight together (SK-6); a
    held declaration whose window closed is made (SK-4). Returns every event, in order."""
    dead = [
        e.player for e in events if isinstance(e, CharacterDied) and e.cause == FATAL_EXHAUSTION
    ]
    more: Events = ()
    if dead:
        state: SkirmishState = game[NAME]
        for player in dead:
            state = mark(state, player, "death_round", game["skills"].round)
        game, more = leave_fight(game.with_slice(NAME, state), dead, FATAL_EXHAUSTION)
    game, held = _settle_held(game)
    return game, (*events, *more, *held)


def _settle_held(game: Game) -> tuple[Game, Events]:
    """Make the held declaration once its window closed; drop it if it cannot be made."""
    state: SkirmishState = game[NAME]
    held = state.held
    deck: SkillsState = game["skills"]
    if held is None or (held.target in deck.reacting and deck.active == held.unit):
        return game, ()
    events: list[Event] = []
    if held.target in deck.reacting:  # the declaring unit left: nothing to answer any more
        deck, closed = skills.step(deck, CloseReactionWindow(held.target))
        game = game.with_slice("skills", deck)
        events.extend(closed)
    action = Declare(held.unit, held.ability, held.hand, held.target)
    if game["combat"].ending is None and combat.check(game["combat"], action) is None:
        game, more = declare(game.with_slice(NAME, replace(state, held=None)), action)
        return game, (*events, *more)
    # The target or the unit left the fight: the declaration lapses; the unit may choose again.
    chosen = tuple(u for u in state.chosen if u != held.unit)
    game = game.with_slice(NAME, replace(state, held=None, chosen=chosen))
    return game, (*events, DeclarationLapsed(held.unit, held.target))
