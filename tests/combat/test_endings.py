"""How a fight ends (CB-11): a side with anyone standing, even at 1 hit point, fights on."""

from __future__ import annotations

from gamefold.combat import CombatEnded, Ending
from gamefold.combat.combatants import index_of

from .support import PAPER, ROCK, attack, fight, foe, hero, hp, paired, play


def test_cb11_the_enemies_win_when_the_party_has_fallen() -> None:
    """CB-11: x's Rock beats a's Paper for 4: a falls, x stands: the enemies won."""
    state = paired(fight(hero("a", max_hp=4), foe("x")))
    state, events = play(state, attack("a", PAPER, "x"), attack("x", ROCK, "a"))
    assert events[-1] == CombatEnded(Ending.ENEMIES_WON)
    assert state.ending is Ending.ENEMIES_WON


def test_cb11_one_hit_point_left_is_still_standing() -> None:
    """CB-11: x drops to 1 hit point: it still stands, and the fight goes on."""
    state = paired(fight(hero("a"), foe("x", max_hp=5)))
    state, events = play(state, attack("a", ROCK, "x"), attack("x", PAPER, "a"))
    assert hp(state, "x") == 1
    assert state.ending is None
    assert not [e for e in events if isinstance(e, CombatEnded)]
    party_low = paired(fight(hero("a", max_hp=5), foe("x")))
    party_low, _ = play(party_low, attack("a", PAPER, "x"), attack("x", ROCK, "a"))
    assert (hp(party_low, "a"), party_low.ending) == (1, None)


def test_index_of_an_unknown_combatant_is_minus_one() -> None:
    """The documented lookup answer for an id not in the fight."""
    state = fight(hero("a"), foe("x"))
    assert [index_of(state, cid) for cid in ("a", "x", "ghost")] == [0, 1, -1]
