"""CB-4: the host's Move puts a combatant in its side's other zone, between exchanges."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.combat.support import (
    REARWARD,
    ROCK,
    SCISSORS,
    attack,
    code_of,
    fight,
    foe,
    get,
    hero,
    paired,
    play,
)

from gamefold.combat import (
    EVENT_RULES,
    Ability,
    Move,
    Moved,
    PairingsDissolved,
    Stance,
    Zone,
    check,
    codes,
    describe,
    legal_actions,
    step,
)
from gamefold.combat.abilities import ATTACK, DEFEND

SHOOT = Ability(name="Shoot", stance=Stance.OFFENSIVE, zone=Zone.REARWARD, damage_win=3)


def test_cb4_a_move_changes_the_zone_and_the_abilities_it_allows() -> None:
    """CB-4: a Rearward-only ability becomes usable once its user moved back."""
    state = fight(
        hero("ana", abilities=("Shoot",)),
        hero("bo"),
        foe("orc"),
        abilities=(ATTACK, DEFEND, SHOOT),
    )
    state = paired(state, ("ana", "orc"))
    assert code_of(state, attack("ana", ROCK, "orc", "Shoot")) == codes.WRONG_ZONE
    state, events = play(state, Move("ana", Zone.REARWARD))
    assert events[0] == Moved("ana", Zone.FORWARD, Zone.REARWARD)
    assert get(state, "ana").zone is Zone.REARWARD
    assert describe(events[0]) == "ana moves from forward to rearward."
    assert EVENT_RULES[Moved](events[0]) == ("CB-4",)
    state = paired(state, ("bo", "orc"))  # Forward changed: pairings are assigned again
    assert check(state, attack("ana", ROCK, "orc", "Shoot")) is None
    assert any(a.ability == "Shoot" for a in legal_actions(state, "ana"))  # type: ignore[attr-defined]


def test_cb4_cb5_a_move_that_changes_forward_dissolves_the_pairings() -> None:
    """CB-5, CB-7: ana leaving Forward changes who counts as Forward: pairs dissolve."""
    state = paired(fight(hero("ana"), hero("bo"), foe("orc")), ("ana", "orc"))
    state, events = play(state, Move("ana", Zone.REARWARD))
    assert PairingsDissolved() in events
    assert all(c.partner is None for c in state.combatants)


def test_cb4_a_move_to_its_own_zone_is_refused_and_changes_nothing() -> None:
    state = paired(fight(hero("ana"), hero("cy", REARWARD), foe("orc")))
    assert code_of(state, Move("cy", Zone.REARWARD)) == codes.SAME_ZONE
    assert check(state, Move("cy", Zone.REARWARD)).rule == "CB-4"  # type: ignore[union-attr]


def test_cb4_moves_wait_for_the_exchange_and_the_living() -> None:
    """CB-4, CB-10, CB-11: refused during an exchange, for the fallen, and when over."""
    state = paired(fight(hero("ana"), foe("orc"), foe("imp")))
    state, _ = play(state, attack("ana", ROCK, "orc"))
    assert code_of(state, Move("orc", Zone.REARWARD)) == codes.EXCHANGE_UNDER_WAY
    assert code_of(state, Move("nobody", Zone.REARWARD)) == codes.UNKNOWN_COMBATANT


def test_cb4_a_move_of_the_fallen_is_refused() -> None:
    state = paired(fight(hero("ana", max_hp=1), foe("orc"), foe("imp")))
    state, _ = play(
        state,
        attack("ana", SCISSORS, "orc"),
        attack("orc", ROCK, "ana"),
        attack("imp", ROCK, "ana"),
    )
    assert state.ending is not None or get(state, "ana").hp == 0
    problem = check(state, Move("ana", Zone.REARWARD))
    assert problem is not None
    assert problem.code in {codes.FALLEN, codes.OVER}


@given(st.sampled_from(list(Zone)), st.sampled_from(["ana", "orc", "x"]))
def test_cb4_en2_check_and_step_agree_and_a_refusal_changes_nothing(zone: Zone, who: str) -> None:
    state = paired(fight(hero("ana"), foe("orc")))
    problem = check(state, Move(who, zone))
    if problem is None:
        after, events = step(state, Move(who, zone))
        assert get(after, who).zone is zone
        assert isinstance(events[0], Moved)
    else:
        assert problem.rule in {"CB-4", "EN-4"}
        assert get(state, "ana").zone is Zone.FORWARD


def test_cb4_move_is_never_listed() -> None:
    state = paired(fight(hero("ana"), foe("orc")))
    assert not any(isinstance(a, Move) for a in legal_actions(state, "ana"))
