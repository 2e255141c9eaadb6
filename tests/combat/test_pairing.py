"""CB-4 … CB-7: zones, Forward pairing, the tie-break, Rearward targets, an empty Forward."""

from __future__ import annotations

import pytest

from gamefold.combat import (
    ATTACK,
    DEFEND,
    AssignPairings,
    CombatState,
    Declare,
    Pair,
    PairingsAssigned,
    PairingsDissolved,
    Side,
    assigning_side,
    check,
    codes,
    legal_actions,
    targets,
)
from gamefold.combat.combatants import find
from gamefold.testing.combat import SAMPLE_ABILITIES

from .support import (
    PAPER,
    REARWARD,
    ROCK,
    SCISSORS,
    attack,
    code_of,
    fight,
    foe,
    hero,
    of_type,
    paired,
    play,
)

SAMPLES = {"abilities": (ATTACK, DEFEND, *SAMPLE_ABILITIES)}


def three_vs_two() -> CombatState:
    return fight(hero("a"), hero("b"), hero("c"), foe("x"), foe("y"))


def test_cb5_three_vs_two_the_larger_forward_assigns() -> None:
    """CB-5: three party members against two enemies: the party pairs, one is left over."""
    state = three_vs_two()
    assert assigning_side(state) is Side.PARTY
    options = legal_actions(state, "party")
    assert len(options) == 6  # 3 * 2 ordered choices of partners for x and y
    assert legal_actions(state, "enemies") == ()
    state, events = play(state, AssignPairings(Side.PARTY, (Pair("a", "x"), Pair("c", "y"))))
    assert of_type(events, PairingsAssigned) == [
        PairingsAssigned(Side.PARTY, (Pair("a", "x"), Pair("c", "y")))
    ]
    by_id = {c.id: c for c in state.combatants}
    assert targets(state, by_id["a"]) == ("x",)
    assert targets(state, by_id["y"]) == ("c",)
    assert targets(state, by_id["b"]) == ("x", "y")  # the leftover chooses its own target


def test_cb5_paired_combatants_target_only_their_partner() -> None:
    """CB-5: a paired combatant aiming elsewhere is refused with not-paired-target."""
    state = paired(three_vs_two(), ("a", "x"), ("c", "y"))
    assert code_of(state, attack("a", ROCK, "y")) == codes.NOT_PAIRED_TARGET
    assert code_of(state, attack("y", ROCK, "b")) == codes.NOT_PAIRED_TARGET
    assert check(state, attack("b", ROCK, "y")) is None


def test_cb5_tiebreak_default_the_party_assigns() -> None:
    """CB-5 (default): two against two, the party assigns."""
    state = fight(hero("a"), hero("b"), foe("x"), foe("y"))
    assert assigning_side(state) is Side.PARTY
    assert len(legal_actions(state, "party")) == 2
    assert code_of(state, AssignPairings(Side.ENEMIES, (Pair("x", "a"), Pair("y", "b")))) == (
        codes.NOT_YOUR_PAIRING
    )


def test_cb5_tiebreak_other_value_the_enemies_assign() -> None:
    """CB-5: with pairing_tiebreak=enemies, two against two, the enemies assign."""
    state = fight(hero("a"), hero("b"), foe("x"), foe("y"), pairing_tiebreak=Side.ENEMIES)
    assert assigning_side(state) is Side.ENEMIES
    assert legal_actions(state, "party") == ()
    assert len(legal_actions(state, "enemies")) == 2
    assert code_of(state, AssignPairings(Side.PARTY, (Pair("a", "x"), Pair("b", "y")))) == (
        codes.NOT_YOUR_PAIRING
    )


def test_cb5_more_enemies_in_forward_the_enemies_assign() -> None:
    """CB-5: the side with more combatants in Forward assigns, whatever the tie-break."""
    state = fight(hero("a"), hero("b", REARWARD), foe("x"), foe("y"))
    assert assigning_side(state) is Side.ENEMIES


def test_cb7_an_empty_forward_makes_the_rearward_count_as_forward() -> None:
    """CB-7: the party has nobody in Forward, so both its Rearward members count: 2 vs 1."""
    state = fight(hero("a", REARWARD), hero("b", REARWARD), foe("x"), foe("y", REARWARD))
    assert assigning_side(state) is Side.PARTY
    state = paired(state, ("b", "x"))
    by_id = {c.id: c for c in state.combatants}
    assert targets(state, by_id["b"]) == ("x",)  # paired although it stands in Rearward
    assert targets(state, by_id["a"]) == ("x", "y")  # a leftover
    assert targets(state, by_id["y"]) == ("a", "b")  # the enemies' Rearward (CB-6)


def test_cb4_cb7_zone_requirements_follow_the_zone_counted() -> None:
    """CB-4, CB-7: Shove needs Forward, Volley Rearward; an empty Forward flips them."""
    state = fight(
        hero("a", REARWARD, abilities=("Shove", "Volley")),
        foe("x", abilities=("Shove", "Volley")),
        foe("y", REARWARD, abilities=("Shove", "Volley")),
        **SAMPLES,
    )
    state = paired(state, ("a", "x"))
    assert check(state, Declare("a", "Shove", ROCK, "x")) is None  # counts as Forward
    assert code_of(state, Declare("a", "Volley", SCISSORS, "x")) == codes.WRONG_ZONE
    assert check(state, Declare("y", "Volley", SCISSORS, "a")) is None  # truly Rearward
    assert code_of(state, Declare("y", "Shove", ROCK, "a")) == codes.WRONG_ZONE
    names = {a.ability for a in legal_actions(state, "y") if isinstance(a, Declare)}
    assert names == {"Attack", "Defend", "Volley"}


def test_cb6_rearward_targets_any_enemy() -> None:
    """CB-6: a Rearward combatant may target an enemy in either zone."""
    state = fight(hero("a"), hero("r", REARWARD), foe("x"), foe("z", REARWARD))
    state = paired(state, ("a", "x"))
    assert check(state, attack("r", PAPER, "x")) is None
    assert check(state, attack("r", PAPER, "z")) is None
    assert check(state, attack("z", PAPER, "a")) is None
    assert check(state, attack("z", PAPER, "r")) is None


def test_cb5_pairing_comes_before_any_declaration() -> None:
    """CB-5: nobody declares before the pairings are assigned."""
    state = three_vs_two()
    assert code_of(state, attack("a", ROCK, "x")) == codes.PAIRING_NEEDED
    assert legal_actions(state, "a") == ()


@pytest.mark.parametrize(
    ("pairs", "code"),
    [
        ((("a", "x"), ("a", "y")), codes.BAD_PAIRING),  # a twice
        ((("a", "x"),), codes.BAD_PAIRING),  # y left without a partner
        ((("a", "x"), ("b", "x")), codes.BAD_PAIRING),  # x twice, y none
        ((("a", "x"), ("r", "y")), codes.NOT_FORWARD),  # r stands in Rearward
        ((("x", "a"), ("b", "y")), codes.NOT_FORWARD),  # x is not the party's
        ((("a", "ghost"), ("b", "y")), codes.NOT_FORWARD),
    ],
)
def test_cb5_an_invalid_pairing_is_refused(pairs: tuple[tuple[str, str], ...], code: str) -> None:
    """CB-5: each enemy Forward combatant gets exactly one distinct Forward partner."""
    state = fight(hero("a"), hero("b"), hero("c"), hero("r", REARWARD), foe("x"), foe("y"))
    action = AssignPairings(Side.PARTY, tuple(Pair(o, e) for o, e in pairs))
    assert code_of(state, action) == code
    assert code_of(state, action) in codes.CODES


def test_cb5_pairings_stand_until_a_fall_changes_forward() -> None:
    """CB-5, CB-7: pairings are assigned once; a Forward fall dissolves them for a new one."""
    state = paired(
        fight(hero("a"), hero("b"), foe("x", max_hp=2), foe("y")), ("a", "x"), ("b", "y")
    )
    again = legal_actions(fight(hero("a"), hero("b"), foe("x"), foe("y")), "party")[0]
    assert code_of(state, again) == codes.ALREADY_PAIRED
    mid, _ = play(state, attack("a", ROCK, "x"))
    assert code_of(mid, again) == codes.EXCHANGE_UNDER_WAY
    state, events = play(
        mid, attack("x", PAPER, "a"), attack("b", ROCK, "y"), attack("y", ROCK, "b")
    )
    assert of_type(events, PairingsDissolved) == [PairingsDissolved()]
    assert all(c.partner is None for c in state.combatants)
    assert legal_actions(state, "party")  # 2 against 1 now: the party pairs again
    fallen = find(state, "x")
    assert fallen is not None
    assert fallen.zone is None


def test_cb5_a_rearward_fall_keeps_the_pairings() -> None:
    """CB-5: a fall that does not change who counts as Forward keeps the pairings."""
    state = paired(fight(hero("a"), hero("r", REARWARD), foe("x"), foe("z", REARWARD, max_hp=1)))
    state, events = play(
        state,
        attack("a", ROCK, "x"),
        attack("x", ROCK, "a"),
        attack("r", ROCK, "z"),
        attack("z", SCISSORS, "a"),
    )
    assert of_type(events, PairingsDissolved) == []
    assert {c.id: c.partner for c in state.combatants}["a"] == "x"


def test_en5_cb5_a_pairing_is_one_action_in_any_order() -> None:
    """EN-5, CB-5: the pairs of an AssignPairings are kept in enemy id order, so the same
    pairing written in another order is the same action, and the one the listing offers."""
    state = fight(hero("a"), hero("b"), foe("y"), foe("x"))  # enemies not in id order
    written = AssignPairings(Side.PARTY, (Pair("a", "y"), Pair("b", "x")))
    assert written.pairs == (Pair("b", "x"), Pair("a", "y"))
    assert written == AssignPairings(Side.PARTY, (Pair("b", "x"), Pair("a", "y")))
    assert check(state, written) is None
    assert written in legal_actions(state, "party")
    _, events = play(state, written)
    assert of_type(events, PairingsAssigned) == [PairingsAssigned(Side.PARTY, written.pairs)]


def test_en5_every_accepted_pairing_is_listed_with_enemies_out_of_id_order() -> None:
    """EN-5: completeness over every pairing (in every order of its pairs) of a fight whose
    enemies and party members do not stand in id order."""
    from itertools import permutations

    state = fight(hero("c"), hero("a"), hero("b"), foe("z"), foe("x"))
    listed = set(legal_actions(state, "party"))
    own, enemy = ("c", "a", "b"), ("z", "x")
    for partners in permutations(own, 2):
        for order in permutations(range(2)):
            pairs = tuple(Pair(partners[i], enemy[i]) for i in order)
            action = AssignPairings(Side.PARTY, pairs)
            assert check(state, action) is None
            assert action in listed
    assert len(listed) == 6


def test_en4_malformed_pairs_are_refused_not_sorted() -> None:
    """EN-4: pairs that are not Pair records reach the malformed-input guard unchanged."""
    state = three_vs_two()
    bad = AssignPairings(Side.PARTY, ("x", 3))  # type: ignore[arg-type]
    assert bad.pairs == ("x", 3)
    problem = check(state, bad)
    assert problem is not None
    assert problem.rule == "EN-4"
