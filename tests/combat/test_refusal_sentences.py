"""Every combat refusal as a user reads it: stable code, rule, sentence and the action.

A game loop matches on the code and shows the sentence (EN-4); each sentence names who or
what is wrong, so each is pinned here, with the rule it cites (CB-3 … CB-15, EN-4).
"""

from __future__ import annotations

import pytest
from tests.refusals import refusal_of

from gamefold.combat import (
    ATTACK,
    DEFEND,
    Ability,
    Afflict,
    AssignPairings,
    CombatState,
    Condition,
    Declare,
    Empower,
    Heal,
    Item,
    Move,
    Pair,
    Retreat,
    Side,
    Stance,
    Ward,
    Withdraw,
    Zone,
    check,
    step,
)
from gamefold.core import Action

from .support import PAPER, REARWARD, ROCK, attack, duel, fight, foe, hero, paired, play

HEAVY = Ability(name="Heavy", stance=Stance.OFFENSIVE, hands=(ROCK,), damage_win=6, cost=2)
BRACE = Ability(name="Brace", stance=Stance.DEFENSIVE, hands=(), damage_win=1)
SHOOT = Ability(name="Shoot", stance=Stance.OFFENSIVE, zone=Zone.REARWARD, damage_win=3)


def refusal(state: CombatState, action: Action) -> tuple[str, str, str]:
    """(code, rule, sentence) of the refusal; ``step`` raises what ``check`` reports, with the
    action, and leaves the state as it was."""
    return refusal_of(check, step, state, action)


def _catalogue() -> CombatState:
    """hero (who also has Brace) paired with orc (who also has Heavy)."""
    return paired(
        fight(
            hero("hero", abilities=("Brace",)),
            foe("orc", abilities=("Heavy",)),
            abilities=(ATTACK, DEFEND, HEAVY, BRACE),
        )
    )


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            Declare("ghost", "Attack", ROCK, "orc"),
            ("combat/unknown-combatant", "EN-4", "No combatant 'ghost' is in this fight."),
        ),
        (
            Declare("hero", "Attack", ROCK, "ghost"),
            ("combat/unknown-combatant", "EN-4", "No combatant 'ghost' is in this fight."),
        ),
        (
            Declare("hero", "Fireball", ROCK, "orc"),
            ("combat/unknown-ability", "EN-4", "hero has no ability 'Fireball'."),
        ),
        (
            Declare("hero", "Heavy", ROCK, "orc"),
            ("combat/unknown-ability", "EN-4", "hero has no ability 'Heavy'."),
        ),
        (
            Declare("hero", "Attack", None, "orc"),
            ("combat/wrong-hand", "CB-10", "Attack needs a Hand."),
        ),
        (
            Declare("hero", "Brace", ROCK, "orc"),
            ("combat/wrong-hand", "CB-10", "Brace is thrown without a Hand."),
        ),
        (
            Declare("orc", "Heavy", PAPER, "hero"),
            ("combat/wrong-hand", "CB-10", "Heavy cannot be thrown as paper."),
        ),
        (
            Declare("hero", "Attack", ROCK, "hero"),
            ("combat/not-an-enemy", "CB-3", "hero is not an enemy of hero."),
        ),
        (
            AssignPairings(Side.PARTY, (Pair("hero", "orc"),)),
            ("combat/already-paired", "CB-5", "The pairings are assigned already."),
        ),
    ],
)
def test_en4_cb3_cb5_cb10_a_refused_declaration_says_why(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """EN-4, CB-3, CB-5, CB-10: unknown names, abilities, Hands and targets, each in words."""
    assert refusal(_catalogue(), action) == expected


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            attack("hero", PAPER, "orc"),
            ("combat/already-declared", "CB-10", "hero has already declared in this exchange."),
        ),
        (
            AssignPairings(Side.PARTY, (Pair("hero", "orc"),)),
            ("combat/exchange-under-way", "CB-10", "Pairings wait for the exchange."),
        ),
        (
            Move("orc", Zone.REARWARD),
            (
                "combat/exchange-under-way",
                "CB-10",
                "Combatants move between exchanges, not during one.",
            ),
        ),
        (
            Afflict("orc", Condition.STONED),
            (
                "combat/exchange-under-way",
                "CB-10",
                "Conditions are applied between exchanges, not during one.",
            ),
        ),
    ],
)
def test_cb10_during_an_exchange_the_refusal_says_why(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """CB-10: once hero declared, a second declaration, pairings, moves and conditions wait."""
    state, _ = play(_catalogue(), attack("hero", ROCK, "orc"))
    assert refusal(state, action) == expected


def test_cb4_zone_refusals_name_the_zone() -> None:
    """CB-4: a Rearward-only ability from Forward, and a move to one's own zone."""
    state = fight(
        hero("ana", abilities=("Shoot",)),
        hero("cy", REARWARD),
        foe("orc"),
        abilities=(ATTACK, DEFEND, SHOOT),
    )
    state = paired(state, ("ana", "orc"))
    assert refusal(state, attack("ana", ROCK, "orc", "Shoot")) == (
        "combat/wrong-zone",
        "CB-4",
        "Shoot is used only from rearward.",
    )
    assert refusal(state, Move("cy", Zone.REARWARD)) == (
        "combat/same-zone",
        "CB-4",
        "cy already stands in its side's rearward zone.",
    )
    assert refusal(state, Move("nobody", Zone.REARWARD)) == (
        "combat/unknown-combatant",
        "EN-4",
        "No combatant 'nobody' is in this fight.",
    )


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            AssignPairings(Side.ENEMIES, (Pair("x", "a"), Pair("y", "b"))),
            ("combat/not-your-pairing", "CB-5", "The party side assigns the pairings."),
        ),
        (
            AssignPairings(Side.PARTY, (Pair("a", "x"), Pair("r", "y"))),
            ("combat/not-forward", "CB-5", "r is not a Forward combatant of that side."),
        ),
        (
            AssignPairings(Side.PARTY, (Pair("a", "x"), Pair("b", "ghost"))),
            ("combat/not-forward", "CB-5", "ghost is not a Forward combatant of that side."),
        ),
        (
            AssignPairings(Side.PARTY, (Pair("a", "x"),)),
            (
                "combat/bad-pairing",
                "CB-5",
                "Each enemy Forward combatant needs exactly one partner, each a different one.",
            ),
        ),
        (
            attack("a", ROCK, "x"),
            (
                "combat/pairing-needed",
                "CB-5",
                "Forward pairings must be assigned before anyone declares.",
            ),
        ),
    ],
)
def test_cb5_pairing_refusals_say_why(action: Action, expected: tuple[str, str, str]) -> None:
    """CB-5: who assigns, who may be paired, and that pairing comes first, in words."""
    state = fight(hero("a"), hero("b"), hero("c"), hero("r", REARWARD), foe("x"), foe("y"))
    assert refusal(state, action) == expected


def test_cb5_a_paired_combatant_aiming_elsewhere_is_told_its_partner() -> None:
    """CB-5: the refusal names the partner the combatant must target."""
    state = fight(hero("a"), hero("b"), hero("c"), foe("x"), foe("y"))
    state = paired(state, ("a", "x"), ("c", "y"))
    assert refusal(state, attack("a", ROCK, "y")) == (
        "combat/not-paired-target",
        "CB-5",
        "a is paired with x and must target it.",
    )


def test_cb12_a_forbidden_hand_is_named() -> None:
    """CB-12: Stoned forbids Rock; the refusal names the combatant and the Hand."""
    state, _ = play(duel(), Afflict("hero", Condition.STONED))
    assert refusal(state, attack("hero", ROCK, "orc")) == (
        "combat/hand-forbidden",
        "CB-12",
        "A condition forbids hero to throw rock.",
    )


def _x_fell() -> CombatState:
    """x fell in the first exchange; y, a and b stand; new pairings are assigned."""
    state = paired(fight(hero("a"), hero("b", REARWARD), foe("x", max_hp=4), foe("y")))
    state, _ = play(
        state,
        attack("a", ROCK, "x"),
        attack("b", PAPER, "y"),
        attack("x", PAPER, "a"),
        attack("y", PAPER, "b"),
    )
    return paired(state)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (attack("x", ROCK, "a"), ("combat/fallen", "CB-11", "x has fallen and can no longer act.")),
        (Retreat("x"), ("combat/fallen", "CB-11", "x has fallen and can no longer act.")),
        (attack("b", ROCK, "x"), ("combat/target-fallen", "CB-11", "x has fallen.")),
        (
            Afflict("x", Condition.STONED),
            ("combat/fallen", "CB-11", "x has fallen; conditions no longer matter."),
        ),
        (Move("x", Zone.REARWARD), ("combat/fallen", "CB-11", "x has fallen and left the zones.")),
        (
            Ward("x", 1),
            ("combat/fallen", "CB-11", "x has fallen: there is nothing left to shield."),
        ),
        (
            Withdraw(("y", "x"), "trap"),
            ("combat/fallen", "CB-11", "x has fallen and is out already."),
        ),
        (
            Withdraw(("y", "ghost"), "trap"),
            ("combat/unknown-combatant", "EN-4", "No combatant 'ghost' is in this fight."),
        ),
        (Empower("x", 2), ("combat/fallen", "CB-11", "x has fallen and is out of the fight.")),
        (Heal("x", 2), ("combat/fallen", "CB-11", "x has fallen and is out of the fight.")),
        (
            Heal("ghost", 2),
            ("combat/unknown-combatant", "EN-4", "No combatant 'ghost' is in this fight."),
        ),
    ],
)
def test_cb11_the_fallen_are_refused_in_words(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """CB-11: a fallen combatant acts, moves, is aimed at, shielded or withdrawn no more."""
    assert refusal(_x_fell(), action) == expected


@pytest.mark.parametrize(
    "action",
    [
        attack("a", ROCK, "x"),
        Move("a", Zone.REARWARD),
        Ward("a", 1),
        Withdraw(("a",), "trap"),
        Afflict("a", Condition.STONED),
        Retreat("a"),
        AssignPairings(Side.PARTY, ()),
        Empower("a", 1),
        Heal("a", 1),
    ],
)
def test_cb10_after_the_end_every_action_is_told_the_fight_is_over(action: Action) -> None:
    """CB-10/CB-11: the last enemy fell; the refusal names how the fight ended."""
    state = paired(fight(hero("a"), foe("x", max_hp=4)))
    state, _ = play(state, attack("a", ROCK, "x"), attack("x", PAPER, "a"))
    assert refusal(state, action) == ("combat/over", "CB-10", "The fight is over (party-won).")


def _after_losses(**config: object) -> CombatState:
    """a (rope, 2 of 10 slots) and b (shield 3 and torch 1 of 8) stand; c and d fell."""
    state = fight(
        hero("a", items=(Item("rope", 2),)),
        hero("b", slots=8, items=(Item("shield", 3), Item("torch"))),
        hero("c", REARWARD, max_hp=1),
        hero("d", REARWARD, max_hp=1),
        foe("x"),
        foe("y", REARWARD),
        foe("z", REARWARD),
        **config,
    )
    state, _ = play(
        paired(state, ("a", "x")),
        attack("a", ROCK, "x"),
        attack("b", ROCK, "y"),
        attack("c", ROCK, "z"),
        attack("d", ROCK, "y"),
        attack("x", ROCK, "a"),
        attack("y", ROCK, "c"),
        attack("z", ROCK, "d"),
    )
    return state


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (Retreat("x"), ("combat/not-party", "CB-13", "Only the party retreats.")),
        (
            Retreat("a", drop=("crown",)),
            ("combat/unknown-item", "EN-4", "a does not carry those items."),
        ),
        (
            Retreat("a", drop=("rope", "rope")),
            ("combat/unknown-item", "EN-4", "a does not carry those items."),
        ),
        (
            Retreat("a", carry="b"),
            ("combat/not-fallen-ally", "CB-15", "'b' is not a fallen ally of a."),
        ),
        (
            Retreat("a", carry="x"),
            ("combat/not-fallen-ally", "CB-15", "'x' is not a fallen ally of a."),
        ),
        (
            Retreat("a", carry="ghost"),
            ("combat/not-fallen-ally", "CB-15", "'ghost' is not a fallen ally of a."),
        ),
        (
            Retreat("b", carry="d"),
            ("combat/no-room", "CB-15", "b needs 6 free slots to carry d."),
        ),
    ],
)
def test_cb13_cb15_a_refused_retreat_says_why(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """CB-13, CB-15: only the party retreats, drops what it carries, carries a fallen ally
    with room enough (b's 4 free slots are fewer than a body's 6)."""
    assert refusal(_after_losses(), action) == expected


def test_cb15_a_fallen_ally_already_carried_is_named() -> None:
    """CB-15: one holder per fallen ally."""
    state, _ = play(_after_losses(body_slots=4), Retreat("a", carry="c"))
    assert refusal(state, Retreat("b", carry="c")) == (
        "combat/already-carried",
        "CB-15",
        "c is carried already.",
    )
