"""CB-1, CB-2: the three Hands and the seed's beats relation, Rock beats Paper."""

from __future__ import annotations

import pytest

from gamefold import ConfigError
from gamefold.combat import (
    PLAYGROUND_BEATS,
    SEED_BEATS,
    CombatConfig,
    Condition,
    Hand,
    Outcome,
    outcome,
)

from .support import PAPER, ROCK, SCISSORS, attack, duel, hp, play, resolved

WIN, TIE, LOSS = Outcome.WIN, Outcome.TIE, Outcome.LOSS

# (hero's Hand, orc's Hand) -> hero's outcome at the seed's relation, written out by hand.
SEED_TABLE = {
    (ROCK, ROCK): TIE,
    (ROCK, PAPER): WIN,
    (ROCK, SCISSORS): LOSS,
    (PAPER, ROCK): LOSS,
    (PAPER, PAPER): TIE,
    (PAPER, SCISSORS): WIN,
    (SCISSORS, ROCK): WIN,
    (SCISSORS, PAPER): LOSS,
    (SCISSORS, SCISSORS): TIE,
}
ATTACK_DAMAGE = {WIN: 4, TIE: 2, LOSS: 0}
DEFEND_DAMAGE = {WIN: 2, TIE: 0, LOSS: 0}


def test_cb1_the_default_relation_is_the_seeds_rock_beats_paper() -> None:
    """CB-1: Rock beats Paper, Paper beats Scissors, Scissors beats Rock, by default."""
    assert CombatConfig().beats == SEED_BEATS
    assert set(SEED_BEATS) == {(ROCK, PAPER), (PAPER, SCISSORS), (SCISSORS, ROCK)}
    assert outcome(ROCK, PAPER, SEED_BEATS) is WIN
    assert outcome(PAPER, ROCK, SEED_BEATS) is LOSS


def test_cb1_playground_relation_is_the_flip() -> None:
    """CB-1: the playground relation (Paper beats Rock) is the seed's reversed."""
    assert set(PLAYGROUND_BEATS) == {(PAPER, ROCK), (SCISSORS, PAPER), (ROCK, SCISSORS)}


@pytest.mark.parametrize(("mine", "theirs"), sorted(SEED_TABLE, key=str))
def test_cb1_cb8_attack_table_at_the_seed_relation(mine: Hand, theirs: Hand) -> None:
    """CB-1, CB-2, CB-8: Attack against Attack, every pair of Hands, at the seed's relation."""
    state, events = play(duel(), attack("hero", mine, "orc"), attack("orc", theirs, "hero"))
    mine_result = resolved(events, "hero")
    assert mine_result.contested
    assert mine_result.outcome is SEED_TABLE[mine, theirs]
    assert mine_result.damage == ATTACK_DAMAGE[SEED_TABLE[mine, theirs]]
    assert hp(state, "orc") == 10 - ATTACK_DAMAGE[SEED_TABLE[mine, theirs]]


@pytest.mark.parametrize(("mine", "theirs"), sorted(SEED_TABLE, key=str))
def test_cb1_cb9_defend_table_at_the_seed_relation(mine: Hand, theirs: Hand) -> None:
    """CB-1, CB-2, CB-9: Defend against an Attack, every pair of Hands: 2 on a win only."""
    state, events = play(
        duel(), attack("hero", mine, "orc", "Defend"), attack("orc", theirs, "hero")
    )
    result = resolved(events, "hero")
    assert result.outcome is SEED_TABLE[mine, theirs]
    assert result.damage == DEFEND_DAMAGE[SEED_TABLE[mine, theirs]]
    assert hp(state, "orc") == 10 - DEFEND_DAMAGE[SEED_TABLE[mine, theirs]]


@pytest.mark.parametrize(("mine", "theirs"), sorted(SEED_TABLE, key=str))
def test_cb1_a_flipped_relation_flips_every_decided_outcome(mine: Hand, theirs: Hand) -> None:
    """CB-1 (data): with the playground relation every win becomes a loss and back."""
    flipped = {WIN: LOSS, LOSS: WIN, TIE: TIE}[SEED_TABLE[mine, theirs]]
    state = duel(beats=PLAYGROUND_BEATS)
    _, events = play(state, attack("hero", mine, "orc"), attack("orc", theirs, "hero"))
    assert resolved(events, "hero").outcome is flipped


@pytest.mark.parametrize("hand", [ROCK, PAPER, SCISSORS])
def test_cb2_equal_hands_tie(hand: Hand) -> None:
    """CB-2: two equal Hands tie, whatever the relation."""
    assert outcome(hand, hand, SEED_BEATS) is TIE
    assert outcome(hand, hand, PLAYGROUND_BEATS) is TIE


@pytest.mark.parametrize(
    "beats",
    [
        (),
        ((ROCK, PAPER), (PAPER, SCISSORS)),
        ((ROCK, PAPER), (PAPER, ROCK), (SCISSORS, ROCK)),
        ((ROCK, ROCK), (PAPER, SCISSORS), (SCISSORS, ROCK)),
        ((ROCK, PAPER), (ROCK, PAPER), (PAPER, SCISSORS), (SCISSORS, ROCK)),
        (("rock", "paper"),),
        [(ROCK, PAPER), (PAPER, SCISSORS), (SCISSORS, ROCK)],
    ],
)
def test_cb1_a_relation_must_decide_every_pair_once(beats: object) -> None:
    """CB-1, CB-2: a relation missing, doubling or self-beating a pair is a ConfigError."""
    with pytest.raises(ConfigError) as info:
        CombatConfig(beats=beats)  # type: ignore[arg-type]
    assert (info.value.field, info.value.rule) == ("beats", "CB-1")


def test_cb12_each_condition_forbids_its_hand() -> None:
    """CB-12: Stoned forbids Rock, Folded Paper, Dulled Scissors."""
    assert Condition.STONED.forbids is ROCK
    assert Condition.FOLDED.forbids is PAPER
    assert Condition.DULLED.forbids is SCISSORS
