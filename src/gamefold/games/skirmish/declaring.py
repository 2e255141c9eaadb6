"""Declaring in an exchange with Skill cards: UseAbility and UseCard (SK-2, SK-3, SK-4).

A unit makes its combat choice in its own activation (SK-1) with one of these two game
actions, which pay and declare at once, in both slices; a declaration at the other side's
unit is held while that side's player may react (SK-4, SK-18).
"""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import combinations
from typing import TypeAlias

import attrs

from gamefold import combat, skills
from gamefold.combat import CombatState, Declare, Hand, find
from gamefold.core import Action, Events, replace
from gamefold.domains import Listed, domain
from gamefold.errors import Refusal
from gamefold.games.skirmish import codes
from gamefold.games.skirmish.cards import after_play, declared_ability
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.fight import fought, owner
from gamefold.games.skirmish.state import (
    DeclarationHeld,
    G,
    Held,
    SkirmishSlices,
    SkirmishState,
    SkirmishView,
    bump,
    chose,
)
from gamefold.pipeline import Decide, guarded
from gamefold.rng import Rng
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    OpenReactionWindow,
    PayCost,
    Play,
    controller,
    owner_of,
)

__all__ = [
    "ACTIONS",
    "UseAbility",
    "UseCard",
    "blocked",
    "decide_use_ability",
    "decide_use_card",
    "due",
    "redraw_held",
    "step_use_ability",
    "step_use_card",
    "use_options",
]


def _sorted_cards(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Cards in increasing id order, so that equal payments are equal actions."""
    if not isinstance(cards, tuple | list):
        return cards  # left as is: the guard refuses it as malformed
    try:
        return tuple(sorted(cards))
    except TypeError:
        return tuple(cards)


PAYMENTS = Listed(cap=16)
"""The cards paying for an ability: one of the payments the unit may make (SD-10)."""


@attrs.frozen
class UseAbility(Action):
    """``unit`` declares ``ability`` with ``hand`` at ``target``, paying ``cards`` (SK-2).

    ``cards`` are discarded from the hand of the unit's controller as a Payment Discard of
    exactly the ability's cost (SD-10); a free ability takes no card. Kept in id order.
    """

    unit: str = attrs.field(metadata=domain(combat.domains.COMBATANTS))
    ability: str = attrs.field(metadata=domain(combat.domains.ABILITY_NAMES))
    hand: Hand | None = attrs.field(metadata=domain(combat.domains.HANDS))
    target: str = attrs.field(metadata=domain(combat.domains.COMBATANTS))
    cards: tuple[int, ...] = attrs.field(
        default=(), converter=_sorted_cards, metadata=domain(PAYMENTS)
    )


_use_ability = lru_cache(maxsize=8192)(UseAbility)
"""The :class:`UseAbility` of a unit, ability, hand, target and payment: records are
immutable, so a listing hands out one per option rather than building it at every choice."""


@attrs.frozen
class UseCard(Action):
    """``unit`` Plays ``card``, whose effect declares an ability, with ``hand`` at ``target``.

    The ability is the one ``SkirmishConfig.card_abilities`` maps the card's effect to; the
    card is its whole payment (SK-3, SD-11).
    """

    unit: str = attrs.field(metadata=domain(combat.domains.COMBATANTS))
    card: int = attrs.field(metadata=domain(skills.domains.HAND_CARDS))
    hand: Hand | None = attrs.field(metadata=domain(combat.domains.HANDS))
    target: str = attrs.field(metadata=domain(combat.domains.COMBATANTS))


_use_card = lru_cache(maxsize=8192)(UseCard)
"""The :class:`UseCard` of a unit, card, hand and target, one per option, as
:data:`_use_ability`."""


ACTIONS: tuple[type[Action], ...] = (UseAbility, UseCard)
"""The action types of the skirmish's own rules; the others are the slices' (EN-6)."""


def _any_int(value: object) -> bool:
    return type(value) is int


def _ints(value: object) -> bool:
    return type(value) is tuple and all(type(x) is int for x in value)


def _distinct_cards(action: UseAbility) -> bool:
    return len(set(action.cards)) == len(action.cards)


def _wrong_types(action: Action) -> str:
    return f"{action!r} has fields of the wrong type."


def blocked(game: SkirmishSlices, unit: str) -> str | None:
    """The code of why ``unit`` may not make its combat choice now, or ``None``: a window
    open (SD-8), not its activation (SD-13), its choice made this Round (CB-10, SK-1)."""
    deck = game.skills
    if deck.reacting:
        return codes.REACTION_PENDING
    if deck.active != unit:
        return codes.NOT_DUE
    if unit in game.skirmish.chosen:
        return codes.ALREADY_CHOSE
    return None


def due(game: SkirmishSlices, unit: str) -> Refusal | None:
    """Why ``unit`` may not make its combat choice now (:func:`blocked`), or ``None``."""
    code = blocked(game, unit)
    if code is None:
        return None
    if code == codes.REACTION_PENDING:
        return codes.refusal(code, f"{', '.join(game.skills.reacting)} may react first.")
    if code == codes.NOT_DUE:
        return codes.refusal(
            code, f"{unit} makes its choice for the exchange in its own activation."
        )
    return codes.refusal(code, f"{unit} already made its choice for the exchange this Round.")


def decide_use_ability(
    config: SkirmishConfig, game: G, action: UseAbility
) -> tuple[G, Events] | Refusal:
    """Pay the cost (SD-10), then declare, or hold the declaration for a reaction (SK-4).

    Refused (SK-2, SD-10, CB-10) for, in this order: a choice not due now, the fight's
    reason, cards for a free ability, the deck's reason to refuse the payment (fields of the
    wrong type are the guard's, :data:`step_use_ability`)."""
    problem = due(game, action.unit)
    if problem is not None:
        return problem
    held = Held(action.unit, action.ability, action.hand, action.target)
    reactor = _reactor(config, game, held)
    made = _decided(game, held, reactor)  # a payment neither moves nor fells anyone
    if isinstance(made, Refusal):
        return made
    cost = config.cost(action.ability)
    if cost == 0 and action.cards:
        return codes.refusal(codes.WRONG_COST, f"{action.ability} is free: it takes no card.")
    events: Events = ()
    if cost:  # the deck refuses a payment of other than ``cost`` cards: some are paid
        deck = game.skills
        payer = controller(deck, action.unit)
        deck, events = skills.step(deck, PayCost(payer, action.ability, action.cards))
        state = bump(game.skirmish, payer, cards_paid=len(action.cards))
        game = replace(game, skills=deck).with_skirmish(state)
    game, more = _hold_or_declare(game, held, reactor, made)
    return game, (*events, *more)


def decide_use_card(config: SkirmishConfig, game: G, action: UseCard) -> tuple[G, Events] | Refusal:
    """Play the card (SD-11), then declare its ability or hold it for a reaction (SK-4).

    Refused (SK-3, SD-11, CB-10) for, in this order: a choice not due now, the deck's
    reason to refuse the Play, a card that declares no ability, the fight's reason to refuse
    the declaration (fields of the wrong type are the guard's, :data:`step_use_card`)."""
    problem = due(game, action.unit)
    if problem is not None:
        return problem
    before = game.skills
    play = Play(controller(before, action.unit), action.card)
    deck, played = skills.step(before, play, STANDARD_EFFECTS)
    ability = declared_ability(config, game, action.card)
    if ability is None:
        message = f"card {action.card} declares no ability: Play it instead."
        return codes.refusal(codes.NOT_AN_ABILITY_CARD, message)
    game, more = after_play(config, replace(game, skills=deck), before, play)
    held = Held(action.unit, ability, action.hand, action.target)
    reactor = _reactor(config, game, held)
    # The card's boost (SK-16) changes no reason to refuse the declaration: decided last.
    made = _decided(game, held, reactor)
    if isinstance(made, Refusal):
        return made
    game, declared = _hold_or_declare(game, held, reactor, made)
    return game, (*played, *more, *declared)


def step_use_ability(config: SkirmishConfig) -> Decide:
    """UseAbility's one function (:func:`decide_use_ability`) played with ``config``,
    behind the guard of its declared field types (EN-4). Card ids are checked for type only:
    their range is the skill deck's to judge, as a Payment Discard (``skills/malformed``
    for a negative id), after this game's own checks."""
    return guarded(
        codes.CATALOGUE,
        UseAbility,
        partial(decide_use_ability, config),
        fields={"cards": _ints},
        shape=_distinct_cards,
        sentence=_wrong_types,
    )


def step_use_card(config: SkirmishConfig) -> Decide:
    """UseCard's one function (:func:`decide_use_card`) played with ``config``, behind the
    guard of its declared field types (EN-4); its card is checked for type only, the deck
    judging its range as a Play."""
    return guarded(
        codes.CATALOGUE,
        UseCard,
        partial(decide_use_card, config),
        fields={"card": _any_int},
        sentence=_wrong_types,
    )


def _reactor(config: SkirmishConfig, game: SkirmishSlices, held: Held) -> str | None:
    """Who may react to ``held``, a declaration at the other side's unit: its target's
    player (SK-4) or, for a GM unit, the GM (SK-18); nobody for one at its own side."""
    deck = game.skills
    fight = game.combat
    unit, target = find(fight, held.unit), find(fight, held.target)
    # A unit out of the fight: combat refuses the declaration.
    if unit is None or target is None or unit.side is target.side:
        return None
    if owner(deck, target.id) != GM:
        ok = config.reaction_windows and owner_of(deck, target.id).alive
        return target.id if ok else None
    ok = config.gm_reaction_windows and target.id in deck.gm_units
    return GM if ok else None


_Made: TypeAlias = tuple[CombatState, CombatState, Events]
"""A declaration made: the fight before it, the fight after it, and its events."""


def _decided(game: SkirmishSlices, held: Held, reactor: str | None) -> _Made | Refusal | None:
    """The fight decides the declaration ``held``: the declaration made now, or ``None``
    for one ``reactor`` holds (made when the window closes, SK-4), or the fight's refusal of
    a held one (of one made now, combat raises its own)."""
    fight: CombatState = game.combat
    declaration = Declare(held.unit, held.ability, held.hand, held.target)
    if reactor is None:
        return (fight, *combat.step(fight, declaration))
    problem = combat.check_declare(fight, declaration)
    return None if problem is None else Refusal.of(problem)


def _hold_or_declare(
    game: G, held: Held, reactor: str | None, made: _Made | None
) -> tuple[G, Events]:
    """SK-4, SK-18: a declaration at the other side's unit waits for that unit's player to
    react (``reactor``): an enemy's for the party member's, a party member's for the GM's;
    any other is ``made``."""
    game = game.with_skirmish(chose(game.skirmish, held.unit))  # SK-1: one choice a Round
    if made is not None:
        return fought(game, *made)
    assert reactor is not None  # a declaration not made is held
    deck, opened = skills.step(game.skills, OpenReactionWindow(reactor))
    state: SkirmishState = game.skirmish
    game = replace(game, skills=deck).with_skirmish(replace(state, held=held))
    return game, (DeclarationHeld(held.unit, held.target), *opened)


def use_options(config: SkirmishConfig, game: SkirmishSlices, actor: str) -> tuple[Action, ...]:
    """Every UseAbility and UseCard of the active unit, if ``actor`` controls it (EN-5)."""
    deck = game.skills
    unit = deck.active
    # The guard's and blocked's reasons, as the decide functions meet them.
    if unit is None or blocked(game, unit) is not None or controller(deck, unit) != actor:
        return ()
    declares = combat.declarations(game.combat, unit)
    hand = owner_of(deck, actor).hand
    ordered = sorted(hand)
    cost = config.cost
    # Each ability's payments once (a free one: just ``()``), for its many Hands and
    # targets; the set only names the keys of a table read by key.
    paying = {a: tuple(combinations(ordered, cost(a))) for a in {d.ability for d in declares}}
    out: list[Action] = [
        _use_ability(unit, d.ability, d.hand, d.target, p)
        for d in declares
        for p in paying[d.ability]
    ]
    for card in hand:
        ability = declared_ability(config, game, card)
        if ability is not None:  # most cards declare none: no scan of the declarations
            out += [
                _use_card(unit, card, d.hand, d.target) for d in declares if d.ability == ability
            ]
    return tuple(out)


def redraw_held(game: G, shown: SkirmishView, declared: tuple[str, ...], rng: Rng) -> G:
    """``game``, a determinized skirmish whose slice view was ``shown``, with the held
    declaration the view hid drawn from ``rng`` (EN-9, SK-4, SK-18).

    A declaration is held while the active unit has made its choice (SK-1) but the fight
    has none of it (``declared``, the fight view's list) and a reaction window is open.
    Its unit is the active one; its target the one the view shows (its target's player sees
    it) or, when hidden too, one whose player's window is open; its ability and Hand are
    drawn uniformly among the declarations the fight allows at that target.
    """
    deck = game.skills
    unit = deck.active
    if shown.held is not None or unit is None or not deck.reacting:
        return game
    if unit not in shown.chosen or unit in declared:
        return game
    fight: CombatState = game.combat
    aimed = shown.held_target
    reacting = deck.reacting
    options = [
        d
        for d in combat.declarations(fight, unit)
        if d.target == aimed or (aimed is None and owner(deck, d.target) in reacting)
    ]
    if not options:
        raise ValueError(f"{unit} holds a declaration, but none of its is legal in this view")
    chosen, _ = rng.choice(options)
    held = Held(unit, chosen.ability, chosen.hand, chosen.target)
    state: SkirmishState = game.skirmish
    return game.with_skirmish(replace(state, held=held))
