"""CB-8 … CB-11: the basic actions, exchanges resolved at once, hit points and falls."""

from __future__ import annotations

import pytest

from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    CombatantFell,
    CombatEnded,
    DamageDealt,
    Declaration,
    Declare,
    Declared,
    Ending,
    ExchangeRevealed,
    Stance,
    Zone,
    codes,
    legal_actions,
    reduce,
    step,
    waiting_for,
)
from gamefold.combat.combatants import find
from gamefold.core import Action, StartTurn
from gamefold.errors import IllegalAction

from .support import (
    PAPER,
    REARWARD,
    ROCK,
    SCISSORS,
    attack,
    code_of,
    duel,
    fight,
    foe,
    get,
    hero,
    hp,
    of_type,
    paired,
    play,
)

HEAVY = Ability(name="Heavy", stance=Stance.OFFENSIVE, hands=(ROCK,), damage_win=6, cost=2)
BRACE = Ability(name="Brace", stance=Stance.DEFENSIVE, hands=(), damage_win=1)
CATALOGUE = {"abilities": (ATTACK, DEFEND, HEAVY, BRACE)}


def test_cb8_attack_is_any_hand_offensive_any_zone_4_and_2() -> None:
    """CB-8: the basic Attack as data."""
    assert (ATTACK.name, ATTACK.stance, ATTACK.zone) == ("Attack", Stance.OFFENSIVE, None)
    assert ATTACK.hands == (ROCK, PAPER, SCISSORS)
    assert (ATTACK.damage_win, ATTACK.damage_tie, ATTACK.damage_loss) == (4, 2, 0)


def test_cb9_defend_is_any_hand_defensive_any_zone_2_on_a_win() -> None:
    """CB-9: the basic Defend as data."""
    assert (DEFEND.name, DEFEND.stance, DEFEND.zone) == ("Defend", Stance.DEFENSIVE, None)
    assert DEFEND.hands == (ROCK, PAPER, SCISSORS)
    assert (DEFEND.damage_win, DEFEND.damage_tie, DEFEND.damage_loss) == (2, 0, 0)


@pytest.mark.parametrize("zone", [Zone.FORWARD, Zone.REARWARD])
def test_cb8_cb9_everyone_has_attack_and_defend_in_any_zone(zone: Zone) -> None:
    """CB-8, CB-9: every combatant lists Attack and Defend with every Hand, in either zone."""
    state = paired(fight(hero("a"), hero("b", zone), foe("x")))
    options = [a for a in legal_actions(state, "b") if isinstance(a, Declare)]
    assert {(a.ability, a.hand) for a in options} == {
        (name, hand) for name in ("Attack", "Defend") for hand in (ROCK, PAPER, SCISSORS)
    }


def test_cb10_an_exchange_waits_for_every_declaration() -> None:
    """CB-10: declarations are stored until the last one, which resolves the exchange."""
    state = duel()
    first, events = play(state, attack("hero", ROCK, "orc"))
    assert events == (Declared("hero", "Attack", ROCK, "orc", 0),)
    assert first.exchange == 0
    assert waiting_for(first) == ("orc",)
    declared = find(first, "hero")
    assert declared is not None
    assert declared.declaration == Declaration("Attack", ROCK, "orc")
    last, events = play(first, attack("orc", PAPER, "hero"))
    assert isinstance(events[0], Declared)
    assert events[1] == ExchangeRevealed(1)
    assert last.exchange == 1
    assert all(c.declaration is None for c in last.combatants)


def test_cb10_declared_reports_the_cost_for_the_host() -> None:
    """CB-10: the Declared event carries the ability's cost in cards, for a host to charge."""
    state = paired(fight(hero("hero", abilities=("Heavy",)), foe("orc"), **CATALOGUE))
    _, events = play(state, Declare("hero", "Heavy", ROCK, "orc"))
    assert events == (Declared("hero", "Heavy", ROCK, "orc", 2),)


def test_cb10_damage_is_simultaneous_both_can_fall() -> None:
    """CB-10, CB-11: two tied Attacks at 2 hit points each: both fall, a draw."""
    state = paired(fight(hero("hero", max_hp=2), foe("orc", max_hp=2)))
    state, events = play(state, attack("hero", ROCK, "orc"), attack("orc", ROCK, "hero"))
    assert of_type(events, DamageDealt) == [DamageDealt("hero", 2, 0), DamageDealt("orc", 2, 0)]
    assert of_type(events, CombatantFell) == [CombatantFell("hero"), CombatantFell("orc")]
    assert events[-1] == CombatEnded(Ending.DRAW)
    assert state.ending is Ending.DRAW


def test_cb10_damage_from_several_sources_adds_up() -> None:
    """CB-10: two enemies hitting one combatant in one exchange: one DamageDealt of the sum."""
    state = paired(fight(hero("a"), foe("x"), foe("y", REARWARD)))
    state, events = play(
        state, attack("a", ROCK, "x"), attack("x", SCISSORS, "a"), attack("y", ROCK, "a")
    )
    assert of_type(events, DamageDealt) == [DamageDealt("a", 8, 2)]
    assert hp(state, "a") == 2


def test_cb11_max_hp_default_is_10() -> None:
    """CB-11 (default): a combatant enters with 10 hit points."""
    state = duel()
    assert [(c.hp, c.max_hp) for c in state.combatants] == [(10, 10), (10, 10)]


def test_cb11_max_hp_other_value_and_per_fighter() -> None:
    """CB-11: max_hp=3 in the config; a fighter may name its own."""
    state = fight(hero("a"), foe("x", max_hp=7), max_hp=3)
    assert [(c.hp, c.max_hp) for c in state.combatants] == [(3, 3), (7, 7)]


def test_cb11_a_fallen_combatant_leaves_and_acts_no_more() -> None:
    """CB-11: at 0 hit points a combatant leaves the zones and can neither act nor be aimed at."""
    state = paired(fight(hero("a"), hero("b", REARWARD), foe("x", max_hp=4), foe("y")))
    state, events = play(
        state,
        attack("a", ROCK, "x"),
        attack("b", PAPER, "y"),
        attack("x", PAPER, "a"),  # loses to Rock: 4 damage, x falls
        attack("y", PAPER, "b"),
    )
    assert CombatantFell("x") in events
    fallen = find(state, "x")
    assert fallen is not None
    assert (fallen.hp, fallen.zone, fallen.partner, fallen.declaration) == (0, None, None, None)
    assert legal_actions(state, "x") == ()
    state = paired(state)
    assert code_of(state, attack("x", ROCK, "a")) == codes.FALLEN
    assert code_of(state, attack("b", ROCK, "x")) == codes.TARGET_FALLEN
    assert "x" not in waiting_for(state)


def test_cb10_en2_a_combatant_with_no_part_in_the_exchange_is_carried_over_as_is() -> None:
    """CB-10, EN-2: resolving clears what was declared; the record of a combatant who neither
    declared nor retreated (here a fallen one) is carried over as the very same object."""
    state = paired(fight(hero("a"), hero("b", REARWARD), foe("x", max_hp=4), foe("y")))
    state, _ = play(
        state,
        attack("a", ROCK, "x"),
        attack("b", PAPER, "y"),
        attack("x", PAPER, "a"),  # x falls
        attack("y", PAPER, "b"),
    )
    state = paired(state)
    fallen = get(state, "x")
    after, events = play(
        state, attack("a", ROCK, "y"), attack("b", PAPER, "y"), attack("y", PAPER, "a")
    )
    assert ExchangeRevealed(2) in events
    assert get(after, "x") is fallen
    assert all(c.declaration is None and c.retreat is None for c in after.combatants)


def test_cb11_the_fight_ends_when_a_side_has_fallen() -> None:
    """CB-11: the last enemy falls: the party won, and nothing more is legal."""
    state = paired(fight(hero("a"), foe("x", max_hp=4)))
    state, events = play(state, attack("a", ROCK, "x"), attack("x", PAPER, "a"))
    assert events[-1] == CombatEnded(Ending.PARTY_WON)
    assert legal_actions(state, "a") == ()
    assert legal_actions(state, "party") == ()
    assert code_of(state, attack("a", ROCK, "x")) == codes.OVER


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Declare("ghost", "Attack", ROCK, "orc"), codes.UNKNOWN_COMBATANT),
        (Declare("hero", "Attack", ROCK, "ghost"), codes.UNKNOWN_COMBATANT),
        (Declare("hero", "Fireball", ROCK, "orc"), codes.UNKNOWN_ABILITY),
        (Declare("hero", "Heavy", ROCK, "orc"), codes.UNKNOWN_ABILITY),  # not hero's own
        (Declare("hero", "Attack", None, "orc"), codes.WRONG_HAND),
        (Declare("hero", "Brace", ROCK, "orc"), codes.WRONG_HAND),
        (Declare("orc", "Heavy", PAPER, "hero"), codes.WRONG_HAND),
        (Declare("hero", "Attack", ROCK, "hero"), codes.NOT_AN_ENEMY),
        (Declare("hero", "Attack", "rock", "orc"), codes.MALFORMED),
        (Declare("hero", "Attack", ROCK, 3), codes.MALFORMED),
        (StartTurn("hero"), codes.MALFORMED),  # a lifecycle action combat does not route
    ],
)
def test_en4_an_illegal_declaration_names_its_reason(action: Action, code: str) -> None:
    """EN-4, CB-10: each illegal declaration is refused with its stable code and rule."""
    state = paired(
        fight(hero("hero", abilities=("Brace",)), foe("orc", abilities=("Heavy",)), **CATALOGUE)
    )
    assert code_of(state, action) == code


def test_cb10_a_combatant_declares_once_per_exchange() -> None:
    """CB-10: a second declaration in the same exchange is refused."""
    state, _ = play(duel(), attack("hero", ROCK, "orc"))
    assert code_of(state, attack("hero", PAPER, "orc")) == codes.ALREADY_DECLARED
    assert legal_actions(state, "hero") == ()


def test_en4_a_non_action_is_a_type_error() -> None:
    """EN-4: anything but a gamefold Action is a TypeError, not an IllegalAction."""
    with pytest.raises(TypeError):
        step(duel(), "Attack")  # type: ignore[arg-type]


def test_en2_reduce_is_the_new_state_of_step_alone() -> None:
    """EN-2: ``reduce`` gives exactly the state ``step`` gives, for a choice and for the
    choice that resolves the exchange, and refuses what ``step`` refuses."""
    state = duel()
    first = attack("hero", ROCK, "orc")
    assert reduce(state, first) == step(state, first)[0]
    middle = step(state, first)[0]
    last = attack("orc", PAPER, "hero")
    assert reduce(middle, last) == step(middle, last)[0] != middle
    with pytest.raises(IllegalAction):
        reduce(middle, first)
