"""SK-1, SK-4, SK-18, SK-7: a player whose character a host stands on the enemies' side (a
campaign's defending champion, CP-11) plays its own Skill deck, is paired by the GM, reacts
to the party's declarations at it, falls and dies as a player's character and wins with the
GM; a plain skirmish never does it, so its games are unchanged."""

from __future__ import annotations

from typing import Any

import attrs

from gamefold import combat
from gamefold.combat import PairingsAssigned, Side, find
from gamefold.core import replace
from gamefold.games.base import random_policy
from gamefold.games.skirmish import DeclarationHeld, Skirmish, SkirmishConfig
from gamefold.games.skirmish.flow import leader
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import GM, CostPaid, ReactionWindowOpened
from gamefold.testing import check_invariants

CONFIG = SkirmishConfig(side_choice=False)
GAME = Skirmish(CONFIG)


def turncoat_setup(seed: int, name: str = "bo") -> Game:
    """The skirmish's setup, with ``name``'s character standing among the enemies."""
    game = GAME.setup(seed)
    fighters = tuple(
        attrs.evolve(f, side=Side.ENEMIES) if f.id == name else f for f in CONFIG.fighters()
    )
    return game.with_slice("combat", combat.initial_state(CONFIG.combat_config(), fighters, seed))


def play_out(game: Game, seed: int) -> tuple[list[Game], list[tuple[Any, ...]]]:
    """Every state and every step's events of a random game played from ``game``."""
    rng = Rng.from_seed(seed)
    states, events = [game], []
    while not GAME.is_over(game) and len(states) < 3000:
        action = GAME.clock_action(game)
        if action is None:
            actor = GAME.actor(game)
            assert actor is not None
            legal = GAME.rules.legal_actions(game, actor)
            action, rng = random_policy(GAME.rules.view(game, actor), legal, rng)
        game, happened = GAME.rules.step(game, action)
        states.append(game)
        events.append(happened)
    assert GAME.is_over(game)
    return states, events


def test_sk1_a_plain_skirmish_stands_every_player_with_the_party() -> None:
    """SK-1: the skirmish's own setup puts every player's character on the party's side."""
    game = GAME.setup(1)
    assert {c.id for c in game["combat"].combatants if c.side is Side.PARTY} == set(CONFIG.party)


def test_sk1_sk4_an_enemy_player_fights_for_the_gm_with_its_own_cards() -> None:
    """SK-1, SK-2, SK-4, SK-18, CB-5: the GM pairs the enemy player's character, the party
    leader never does; it pays for its abilities from its own hand; a party member's
    declaration at it opens its own window (not the GM's), and its declaration at a party
    member opens that member's; every invariant holds at every step; it wins with the GM."""
    paid = held_at_it = held_by_it = 0
    for seed in range(1, 13):
        states, steps = play_out(turncoat_setup(seed), seed)
        for state in states:
            assert check_invariants(state, GAME.rules) == {}
        for events in steps:
            for e in events:
                if isinstance(e, PairingsAssigned) and any("bo" in (p.own,) for p in e.pairs):
                    assert e.side is Side.ENEMIES
                paid += isinstance(e, CostPaid) and e.player == "bo"
            held = [e for e in events if isinstance(e, DeclarationHeld)]
            opened = [e.player for e in events if isinstance(e, ReactionWindowOpened)]
            for e in held:
                if e.target == "bo":
                    held_at_it += 1
                    assert opened == ["bo"]
                if e.unit == "bo":
                    held_by_it += 1
                    assert opened == [e.target]
                    assert e.target != GM
        rows = GAME.outcome(states[-1])
        assert rows["bo"]["side"] == "enemies"
        assert rows["bo"]["winner"] == rows[GM]["winner"]
        assert rows["ana"]["side"] == "party"
    assert paid
    assert held_at_it
    assert held_by_it


def test_sk1_the_leader_is_never_an_enemy_player() -> None:
    """SK-1, CB-5: when the party's leader falls, the next leader is a standing member on
    the party's side, never the player among the enemies."""
    fight = turncoat_setup(1)["combat"]
    assert find(fight, "ana") is not None
    fallen = tuple(replace(c, hp=0) if c.id == "ana" else c for c in fight.combatants)
    assert leader(CONFIG, replace(fight, combatants=fallen)) == "cy"
    assert leader(CONFIG, GAME.setup(1)["combat"]) == "ana"
