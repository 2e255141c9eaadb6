"""The CB rules each combat event and declaration attests (rule coverage, EN-7).

``gamefold coverage`` counts a rule as exercised when an event attests it; these tests pin
what each event type attests, with the optional parts that add rules present and absent.
"""

from __future__ import annotations

import pytest

from gamefold import Event, replace
from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    AbilityResolved,
    Carry,
    CombatEnded,
    CombatState,
    DamageDealt,
    Declared,
    Ending,
    Fled,
    Hand,
    LostItem,
    Outcome,
    Pair,
    PairingsAssigned,
    RetreatFailed,
    Side,
    Stance,
    Zone,
)
from gamefold.combat.narration import EVENT_RULES, declaration_rules

from .support import REARWARD, ROCK, fight, foe, hero, paired


def _blow(ability: str, outcome: Outcome, contested: bool = True) -> AbilityResolved:
    return AbilityResolved("a", ability, Hand.ROCK, "x", outcome, contested, 0, 0, 0)


@pytest.mark.parametrize(
    ("event", "rules"),
    [
        (_blow("Attack", Outcome.WIN), ("CB-10", "CB-3", "CB-1", "CB-8")),
        (_blow("Defend", Outcome.LOSS), ("CB-10", "CB-3", "CB-1", "CB-9")),
        (_blow("Heavy", Outcome.TIE), ("CB-10", "CB-3", "CB-2")),
        (_blow("Attack", Outcome.WIN, contested=False), ("CB-10", "CB-8")),
        (_blow("Brace", Outcome.TIE, contested=False), ("CB-10",)),
        (Fled(("a",), (), (), ()), ("CB-13",)),
        (Fled(("a",), (), (), (LostItem("a", "rope"),)), ("CB-13", "CB-14")),
        (Fled(("a",), (Carry("a", "c"),), (), ()), ("CB-13", "CB-15")),
        (Fled(("a",), (), ("d",), ()), ("CB-13", "CB-15")),
        (
            Fled(("a",), (Carry("a", "c"),), ("d",), (LostItem("a", "rope"),)),
            ("CB-13", "CB-14", "CB-15"),
        ),
        (RetreatFailed("dire", ("a",)), ("CB-13",)),
        (PairingsAssigned(Side.PARTY, (Pair("a", "x"),)), ("CB-5",)),
        (DamageDealt("x", 3, 7), ("CB-10", "CB-11")),
        (CombatEnded(Ending.FLED), ()),
    ],
)
def test_en7_each_combat_event_attests_its_rules(event: Event, rules: tuple[str, ...]) -> None:
    """CB-1 … CB-15: a contested blow attests the beats relation (CB-1) or the tie (CB-2)
    with CB-3, the basic Attack and Defend CB-8 and CB-9; a flight CB-13, lost items CB-14,
    the carried or left behind CB-15."""
    assert EVENT_RULES[type(event)](event) == rules


def _field() -> CombatState:
    """a (Forward) paired with x; b in the party's Rearward behind a."""
    shoot = Ability(name="Shoot", stance=Stance.OFFENSIVE, zone=Zone.REARWARD, damage_win=3)
    state = fight(hero("a"), hero("b", REARWARD), foe("x"), abilities=(ATTACK, DEFEND, shoot))
    return paired(state, ("a", "x"))


@pytest.mark.parametrize(
    ("who", "ability", "rules"),
    [
        ("a", "Attack", ("CB-5",)),
        ("a", "Shoot", ("CB-4", "CB-5")),
        ("b", "Attack", ("CB-6",)),
        ("b", "Shoot", ("CB-4", "CB-6")),
        ("ghost", "Attack", ()),
    ],
)
def test_cb4_to_cb6_a_declaration_attests_the_zone_rules_of_its_state(
    who: str, ability: str, rules: tuple[str, ...]
) -> None:
    """CB-4: an ability that needs a zone; CB-5: a paired combatant; CB-6: one standing in
    Rearward behind a Forward; a stranger attests nothing."""
    assert declaration_rules(_field(), Declared(who, ability, ROCK, "x", 0)) == rules


def test_cb7_a_lone_rearward_declaration_attests_counting_as_forward() -> None:
    """CB-7: with nobody in the party's Forward, a Rearward member counts as Forward."""
    state = fight(hero("b", REARWARD), foe("x"))
    assert declaration_rules(state, Declared("b", "Attack", ROCK, "x", 0)) == ("CB-7",)


def test_cb11_a_fallen_combatant_declaration_attests_no_zone_rule() -> None:
    """CB-11: the fallen are in no zone, so no zone rule is attested for them."""
    state = _field()
    fallen = tuple(replace(c, hp=0, zone=None) if c.id == "b" else c for c in state.combatants)
    state = replace(state, combatants=fallen)
    assert declaration_rules(state, Declared("b", "Attack", ROCK, "x", 0)) == ()
