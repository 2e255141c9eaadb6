"""CB-3 and CB-10: Stances decide who contests whom; uncontested abilities use a default."""

from __future__ import annotations

import pytest

from gamefold.combat import ATTACK, DEFEND, Ability, CombatState, Declare, Outcome, Stance

from .support import (
    PAPER,
    REARWARD,
    ROCK,
    SCISSORS,
    attack,
    fight,
    foe,
    hero,
    hp,
    paired,
    play,
    resolved,
)

BRACE = Ability(name="Brace", stance=Stance.DEFENSIVE, hands=(), damage_win=1, damage_tie=1)


def skirmish(**config: object) -> CombatState:
    """``hero`` paired with ``orc`` in Forward; ``gob`` in the enemies' Rearward."""
    state = fight(hero("hero", abilities=("Brace",)), foe("orc"), foe("gob", REARWARD), **config)
    return paired(state, ("hero", "orc"))


def with_brace(**config: object) -> dict[str, object]:
    return {"abilities": (ATTACK, DEFEND, BRACE), **config}


def test_cb3_offensive_does_not_contest_an_enemy_it_does_not_target() -> None:
    """CB-3, CB-10: gob attacks hero, who attacks orc: gob is uncontested and wins."""
    state, events = play(
        skirmish(**with_brace()),
        attack("hero", ROCK, "orc"),
        attack("orc", SCISSORS, "hero"),
        attack("gob", PAPER, "hero"),  # Paper loses to hero's Rock, but hero is not looking
    )
    gob = resolved(events, "gob")
    assert (gob.contested, gob.outcome, gob.damage) == (False, Outcome.WIN, 4)
    orc = resolved(events, "orc")  # orc and hero aim at each other: contested
    assert (orc.contested, orc.outcome) == (True, Outcome.WIN)
    assert hp(state, "hero") == 10 - 4 - 4


def test_cb3_defensive_contests_every_enemy_aimed_at_it() -> None:
    """CB-3: hero Defends with Rock against orc: both orc's and gob's Attacks are contested."""
    _, events = play(
        skirmish(**with_brace()),
        attack("hero", ROCK, "orc", "Defend"),
        attack("orc", PAPER, "hero"),  # Rock beats Paper: orc loses
        attack("gob", SCISSORS, "hero"),  # Scissors beats Rock: gob wins
    )
    orc, gob, mine = resolved(events, "orc"), resolved(events, "gob"), resolved(events, "hero")
    assert (orc.contested, orc.outcome, orc.damage) == (True, Outcome.LOSS, 0)
    assert (gob.contested, gob.outcome, gob.damage) == (True, Outcome.WIN, 4)
    assert (mine.contested, mine.outcome, mine.damage) == (True, Outcome.WIN, 2)


def test_cb3_an_offensive_target_aimed_elsewhere_leaves_defend_uncontested() -> None:
    """CB-3: gob Defends against hero while hero aims at orc: gob's Defend is uncontested."""
    _, events = play(
        skirmish(**with_brace()),
        attack("hero", ROCK, "orc"),
        attack("orc", ROCK, "hero"),
        attack("gob", SCISSORS, "hero", "Defend"),
    )
    gob = resolved(events, "gob")
    assert (gob.contested, gob.outcome, gob.damage) == (False, Outcome.WIN, 2)


@pytest.mark.parametrize(
    ("uncontested", "damage"), [(Outcome.WIN, 4), (Outcome.TIE, 2), (Outcome.LOSS, 0)]
)
def test_cb10_uncontested_default_and_other_values(uncontested: Outcome, damage: int) -> None:
    """CB-10 (default "win"): the outcome of an uncontested ability is the config's."""
    config = with_brace() if uncontested is Outcome.WIN else with_brace(uncontested=uncontested)
    state, events = play(
        skirmish(**config),
        attack("hero", ROCK, "orc"),
        attack("orc", ROCK, "hero"),
        attack("gob", PAPER, "hero"),
    )
    gob = resolved(events, "gob")
    assert (gob.outcome, gob.damage) == (uncontested, damage)
    assert hp(state, "hero") == 10 - 2 - damage  # orc's tie deals 2


def test_cb10_a_handless_ability_is_never_contested_and_contests_nothing() -> None:
    """CB-10, CB-12: Brace (no Hand) takes the uncontested outcome; attacks on it too."""
    _, events = play(
        skirmish(**with_brace(uncontested=Outcome.TIE)),
        Declare("hero", "Brace", None, "orc"),
        attack("orc", ROCK, "hero"),
        attack("gob", ROCK, "hero"),
    )
    brace = resolved(events, "hero")
    assert (brace.contested, brace.outcome, brace.damage) == (False, Outcome.TIE, 1)
    assert not resolved(events, "orc").contested
    assert not resolved(events, "gob").contested
