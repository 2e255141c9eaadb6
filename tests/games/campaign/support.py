"""Helpers for the campaign's tests: reaching a turn with an attack, and shaping a battle."""

from __future__ import annotations

from gamefold.combat import CombatState, Ending
from gamefold.core import Action, Event, replace
from gamefold.games import Policy
from gamefold.games.campaign import Campaign, CampaignConfig
from gamefold.games.summit import MapState
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.territory import Attack


def to_attack(game: Campaign, seed: int = 1, limit: int = 3000) -> tuple[Game, Attack]:
    """Play greedily until the faction due may attack; that state and its first attack."""
    policy = game.policies()["greedy"]
    state = game.setup(seed)
    rng = Rng.from_seed("support")
    for _ in range(limit):
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            attacks = [a for a in legal if isinstance(a, Attack)]
            if attacks:
                return state, attacks[0]
            action, rng = policy(game.rules.lazy_view(state, actor), legal, rng)
        state = game.rules.reduce(state, action)
    raise AssertionError("no attack came")


def with_garrisons(
    state: Game, attack: Attack, troops: int, defenders: int, forts: int = 0
) -> Game:
    """``state`` with ``troops + 1`` on the source and ``defenders`` and ``forts`` on the
    target (a test fixture: the map as a scenario could leave it)."""
    board: MapState = state["map"]
    names = board.scenario.territories
    source, target = names.index(attack.source), names.index(attack.territory)
    garrisons = list(board.garrisons)
    garrisons[source], garrisons[target] = troops + 1, defenders
    fort_list = list(board.forts)
    fort_list[target] = forts
    board = replace(board, garrisons=tuple(garrisons), forts=tuple(fort_list))
    return state.with_slice("map", board)


def fought(state: Game, champion_hp: int, guards_hp: int, ending: Ending) -> Game:
    """The battle's fight as if it had ended with these hit points (a test fixture)."""
    fight: CombatState = state["combat"]
    party = fight.combatants[0]
    combatants = [replace(party, hp=champion_hp)]
    combatants += [replace(c, hp=guards_hp) for c in fight.combatants[1:]]
    return state.with_slice("combat", replace(fight, combatants=tuple(combatants), ending=ending))


def run(game: Campaign, state: Game, *actions: Action) -> tuple[Game, tuple[Event, ...]]:
    """Step every action in turn; the last state and every event."""
    events: list[Event] = []
    for action in actions:
        state, more = game.rules.step(state, action)
        events.extend(more)
    return state, tuple(events)


def next_action(game: Campaign, state: Game, policy: Policy, rng: Rng) -> tuple[Action, Rng]:
    """The clock's action if one is due, else the actor's choice by ``policy``."""
    action = game.clock_action(state)
    if action is not None:
        return action, rng
    actor = game.actor(state)
    assert actor is not None
    legal = game.rules.legal_actions(state, actor)
    return policy(game.rules.lazy_view(state, actor), legal, rng)


def finish_battle(game: Campaign, state: Game, limit: int = 2000) -> tuple[Game, list[Event]]:
    """Play the battle under way greedily to its end; the state and every event."""
    policy = game.policies()["greedy"]
    rng = Rng.from_seed("battle")
    events: list[Event] = []
    for _ in range(limit):
        if state["campaign"].battle is None:
            return state, events
        action, rng = next_action(game, state, policy, rng)
        state, more = game.rules.step(state, action)
        events.extend(more)
    raise AssertionError("the battle did not end")


def campaign(**changes: object) -> Campaign:
    """A campaign with ``changes`` to the default config."""
    return Campaign(CampaignConfig(**changes))  # type: ignore[arg-type]
