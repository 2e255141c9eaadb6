"""The cross-slice invariants on states broken on purpose: each violation's sentence, and
none on sound states (SK-4 … SK-7, SK-18)."""

from __future__ import annotations

from typing import Any

from gamefold import combat, skills
from gamefold.combat import Hand
from gamefold.core import replace
from gamefold.games.skirmish import Skirmish
from gamefold.games.skirmish.invariants import (
    CROSS_INVARIANTS,
    damage_balances,
    held_only_in_a_window,
    same_units_in_both_slices,
    violations,
)
from gamefold.games.skirmish.state import NAME, Held, bump
from gamefold.registry import Game
from gamefold.skills import Activate, OpenReactionWindow

from .support import pair_first, step

GAME = Skirmish()


def _fight(game: Game, **changes: dict[str, Any]) -> Game:
    fight = game["combat"]
    combatants = tuple(replace(c, **changes.get(c.id, {})) for c in fight.combatants)
    return game.with_slice("combat", replace(fight, combatants=combatants))


def _slice(game: Game, **changes: Any) -> Game:
    return game.with_slice(NAME, replace(game[NAME], **changes))


def test_sk6_sk7_a_character_stands_iff_it_lives_and_gm_units_are_the_standing_enemies() -> None:
    """SK-6, SK-7: a fallen character alive in the decks, a dead one standing, a fallen
    enemy still a GM unit, each is named."""
    game = GAME.setup(1)
    assert list(same_units_in_both_slices(game)) == []
    fallen = _fight(game, ana={"hp": 0}, goblin={"hp": 0})
    assert list(same_units_in_both_slices(fallen)) == [
        "ana: standing=False in the fight but alive=True in the deck",
        "goblin: standing=False in the fight, but not so among the GM's units",
    ]
    deck = game["skills"]
    owners = tuple(replace(o, alive=o.player != "bo") for o in deck.owners)
    dead = game.with_slice("skills", replace(deck, owners=owners, gm_units=("orc", "archer")))
    assert list(same_units_in_both_slices(dead)) == [
        "bo: standing=True in the fight but alive=False in the deck",
        "goblin: standing=True in the fight, but not so among the GM's units",
    ]


def test_sk4_a_declaration_is_held_exactly_while_its_reactors_window_is_open() -> None:
    """SK-4, SK-18: a window with nothing held, or a held declaration without its
    reactor's window or its unit activating, is named."""
    game = pair_first(GAME, GAME.setup(1))
    game, _ = step(GAME, game, Activate("ana"))
    assert list(held_only_in_a_window(game)) == []
    deck, _ = skills.step(game["skills"], OpenReactionWindow("gm"))
    opened = game.with_slice("skills", deck)
    assert list(held_only_in_a_window(opened)) == [
        "reaction windows ('gm',) are open with no declaration held"
    ]
    held = Held("ana", "Attack", Hand.ROCK, "goblin")
    assert list(held_only_in_a_window(_slice(opened, held=held))) == []
    lonely = _slice(game, held=held)
    assert list(held_only_in_a_window(lonely)) == [
        f"{held} is held but the windows are () and ana is active"
    ]
    at_bo = Held("ana", "Attack", Hand.ROCK, "bo")
    assert list(held_only_in_a_window(_slice(opened, held=at_bo))) == [
        f"{at_bo} is held but the windows are ('gm',) and ana is active"
    ]
    by_orc = Held("orc", "Attack", Hand.ROCK, "goblin")
    assert list(held_only_in_a_window(_slice(opened, held=by_orc))) == [
        f"{by_orc} is held but the windows are ('gm',) and ana is active"
    ]


def test_sk5_damage_dealt_is_damage_taken() -> None:
    """SK-5, SK-9: the tallies balance; the GM's units take only what players dealt and
    deal only what players took."""
    game = GAME.setup(1)
    state = game[NAME]
    sound = bump(bump(state, "ana", damage_dealt=3, damage_taken=2), "gm", damage_taken=3)
    sound = bump(sound, "gm", damage_dealt=2)
    assert list(damage_balances(game.with_slice(NAME, sound))) == []
    lost = bump(state, "ana", damage_dealt=3)
    assert list(damage_balances(game.with_slice(NAME, lost))) == [
        "more or less damage was dealt than taken"
    ]
    over = bump(state, "gm", damage_taken=2)
    assert list(damage_balances(game.with_slice(NAME, over))) == [
        "more or less damage was dealt than taken",
        "the enemies took more damage than the players dealt",
    ]
    dealt = bump(state, "gm", damage_dealt=2)
    assert list(damage_balances(game.with_slice(NAME, dealt))) == [
        "more or less damage was dealt than taken",
        "the enemies dealt more damage than the players took",
    ]
    even = bump(bump(state, "gm", damage_dealt=2, damage_taken=2), "ana", damage_taken=2)
    even = bump(even, "ana", damage_dealt=2)
    assert list(damage_balances(game.with_slice(NAME, even))) == []


def test_every_invariant_is_run_in_order() -> None:
    """``violations`` runs the three invariants in order, each sentence once."""
    assert (
        same_units_in_both_slices,
        held_only_in_a_window,
        damage_balances,
    ) == CROSS_INVARIANTS
    game = GAME.setup(1)
    assert violations(game) == ()
    broken = _slice(_fight(game, ana={"hp": 0}), held=Held("orc", "Attack", None, "ana"))
    assert violations(broken) == (
        "ana: standing=False in the fight but alive=True in the deck",
        f"{Held('orc', 'Attack', None, 'ana')} is held but the windows are () and None is active",
    )


def test_sk6_sk5_a_combatant_at_one_hit_point_still_stands() -> None:
    """SK-6, SK-7, SK-5: a character or enemy at 1 hit point stands, lives in the deck, is
    still one of the GM's units and may carry a shield."""
    game_def = Skirmish()
    game = _fight(game_def.setup(1), ana={"hp": 1}, goblin={"hp": 1})
    assert list(same_units_in_both_slices(game)) == []
    for unit, amount in (("ana", 1), ("goblin", 2)):
        game = game.with_slice("combat", combat.step(game["combat"], combat.Ward(unit, amount))[0])
    assert violations(game) == ()
    assert combat.violations(game["combat"]) == ()


def test_sk5_every_party_member_counts_in_the_damage_balance() -> None:
    """SK-5: damage the last party member dealt to the GM's units, or took from them,
    balances; only the last tally is the GM's."""
    game_def = Skirmish()
    game = game_def.setup(1)
    state = game[NAME]
    assert [t.player for t in state.tallies] == ["ana", "bo", "cy", "gm"]
    dealt = bump(bump(state, "cy", damage_dealt=3), "gm", damage_taken=3)
    assert list(damage_balances(game.with_slice(NAME, dealt))) == []
    taken = bump(bump(state, "bo", damage_taken=2), "gm", damage_dealt=2)
    assert list(damage_balances(game.with_slice(NAME, taken))) == []
