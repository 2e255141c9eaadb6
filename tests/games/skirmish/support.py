"""Helpers for the skirmish tests: building games, arranging hands, driving play."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from gamefold.combat import Hand
from gamefold.core import Action, Event, replace
from gamefold.games.skirmish import Skirmish, SkirmishConfig, violations
from gamefold.games.skirmish.config import scenario
from gamefold.registry import Game
from gamefold.skills import CloseReactionWindow, SkillsState, card_definition, owner_of
from gamefold.testing import check_invariants

ROCK, PAPER, SCISSORS = Hand.ROCK, Hand.PAPER, Hand.SCISSORS


def skirmish(**changes: Any) -> Skirmish:
    """A skirmish with ``SkirmishConfig(**changes)``."""
    return Skirmish(SkirmishConfig(**changes))


def classic(**changes: Any) -> Skirmish:
    """A skirmish of the ``classic`` scenario (no zones, levels or items) with ``changes``."""
    return Skirmish(attrs.evolve(scenario("classic"), **changes))


def cards_named(game: Game, player: str, name: str) -> list[int]:
    """Every card id of ``player``'s deck whose definition is called ``name``."""
    deck: SkillsState = game["skills"]
    owner = owner_of(deck, player)
    mine = owner.deck + owner.hand + owner.discard + owner.exhausted
    return sorted(c for c in mine if card_definition(deck, c).name == name)


def with_hand(game: Game, player: str, cards: Iterable[int]) -> Game:
    """``game`` with ``player`` holding exactly ``cards``; the rest of its cards in its deck
    (deck order otherwise kept), so every card stays accounted for."""
    cards = tuple(cards)
    deck: SkillsState = game["skills"]
    seat = deck.seats.index(player)
    owner = deck.owners[seat]
    pool = owner.hand + owner.deck + owner.discard
    assert set(cards) <= set(pool), "those cards are not available"
    rest = tuple(c for c in pool if c not in cards)
    owner = replace(owner, hand=cards, deck=rest, discard=())
    owners = (*deck.owners[:seat], owner, *deck.owners[seat + 1 :])
    return game.with_slice("skills", replace(deck, owners=owners))


def step(game_def: Skirmish, game: Game, action: Action) -> tuple[Game, tuple[Event, ...]]:
    """Apply ``action`` through the rules and check every invariant afterwards."""
    assert game_def.rules.check(game, action) is None, game_def.rules.check(game, action)
    new, events = game_def.rules.step(game, action)
    assert_sound(game_def, new)
    return new, events


def declare(game_def: Skirmish, game: Game, action: Action) -> tuple[Game, tuple[Event, ...]]:
    """Apply a party member's choice; if it opened the GM's reaction window (SK-18), the GM
    lets it pass (closes it). Every event of both steps."""
    game, events = step(game_def, game, action)
    if "gm" in game["skills"].reacting:
        game, more = step(game_def, game, CloseReactionWindow("gm"))
        events = (*events, *more)
    return game, events


def assert_sound(game_def: Skirmish, game: Game) -> None:
    """Every slice's invariants and every cross-slice invariant hold."""
    assert check_invariants(game, game_def.rules) == {}
    assert violations(game) == ()


def run_clock(game_def: Skirmish, game: Game) -> tuple[Game, list[Event]]:
    """Apply clock actions while one is due; the events, in order."""
    events: list[Event] = []
    while (action := game_def.clock_action(game)) is not None:
        game, more = step(game_def, game, action)
        events.extend(more)
    return game, events


def pair_first(game_def: Skirmish, game: Game) -> Game:
    """Start the Round if needed and assign the first legal pairing, if pairings are due."""
    game, _ = run_clock(game_def, game)
    actor = game_def.actor(game)
    legal = game_def.rules.legal_actions(game, actor) if actor else ()
    if legal and type(legal[0]).__name__ == "AssignPairings":
        game, _ = step(game_def, game, legal[0])
    return game


def events_of(events: Iterable[Event], kind: type) -> list[Any]:
    """The events of type ``kind``."""
    return [e for e in events if isinstance(e, kind)]


Chooser = Callable[[Skirmish, Game, str, tuple[Action, ...]], Action]


def play_until(
    game_def: Skirmish, game: Game, done: Callable[[Game], bool], choose: Chooser
) -> tuple[Game, list[Event]]:
    """Play clock actions and ``choose``'s picks until ``done(game)``; every event."""
    events: list[Event] = []
    for _ in range(2000):
        if done(game):
            return game, events
        action = game_def.clock_action(game)
        if action is None:
            actor = game_def.actor(game)
            assert actor is not None
            action = choose(game_def, game, actor, game_def.rules.legal_actions(game, actor))
        game, more = step(game_def, game, action)
        events.extend(more)
    raise AssertionError("the game never got there")
