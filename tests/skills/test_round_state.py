"""What a Round leaves in the state: the Rng after refills and draws (SD-3, SD-5, SD-11),
defeats (SD-6, SD-8) and the side due once every unit has activated (SD-13)."""

from __future__ import annotations

import attrs

from gamefold import StartRound
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    Activate,
    CardDef,
    CharacterDied,
    DeckRecycled,
    DefeatUnit,
    Effect,
    EndActivation,
    OpenReactionWindow,
    Play,
    ReactionWindowClosed,
    SkillsConfig,
    owner_of,
    step,
)
from gamefold.testing.skills import arrange

from .support import in_round, new_state, run

NO_EXHAUST = SkillsConfig(
    deck_size=10, hand_limit=3, gm_deck_size=8, gm_hand_limit=3, exhaust_on_recycle=0
)
"""Recycling exhausts nothing, so the recycle's shuffle is the only use of the Rng."""


def test_sd5_a_refill_that_recycles_keeps_the_rng_its_shuffle_leaves() -> None:
    """SD-3/SD-5, EN-3: the refill's recycle shuffles with the state's Rng, and the state goes
    on with the Rng that shuffle left, so the next shuffle is a fresh one."""
    state = arrange(new_state(NO_EXHAUST), "ana", hand=0, discard=6, exhausted=4)
    discard = owner_of(state, "ana").discard
    after, events = step(state, StartRound())
    assert DeckRecycled("ana", 6, False) in events
    assert after.rng == state.rng.shuffle(discard)[1]
    assert after.rng != state.rng


def test_sd3_a_refill_without_recycling_leaves_the_rng_alone() -> None:
    """SD-3, EN-3: drawing from the deck takes no randomness."""
    state = arrange(new_state(NO_EXHAUST), "ana", hand=0)
    after, events = step(state, StartRound())
    assert not any(isinstance(event, DeckRecycled) for event in events)
    assert after.rng == state.rng


def test_sd11_a_draw_effect_that_recycles_keeps_the_rng_its_shuffle_leaves() -> None:
    """SD-5/SD-11, EN-3: the shipped draw effect recycles with the state's Rng and keeps the
    Rng its shuffle leaves."""
    focus = CardDef("Focus", Effect("draw", {"count": 1}))
    config = attrs.evolve(NO_EXHAUST, deck=(focus,), hand_limit=1)
    state = arrange(new_state(config), "ana", hand=1, discard=9)
    state, _ = run(state, StartRound(), Activate("ana"))
    discard = owner_of(state, "ana").discard
    after, events = step(state, Play("ana", 0), STANDARD_EFFECTS)
    assert DeckRecycled("ana", 9, False) in events
    assert after.rng == state.rng.shuffle(discard)[1]


def test_sd6_a_defeated_character_is_dead_as_a_plain_false() -> None:
    """SD-6: ``alive`` is the bool ``False`` after a defeat (a view or a save reads it)."""
    state, _ = step(in_round(new_state()), DefeatUnit("bo"))
    assert owner_of(state, "bo").alive is False


def test_sd8_defeat_out_of_its_activation_closes_the_characters_window() -> None:
    """SD-6/SD-8: a character defeated while another unit activates loses its open window;
    the others' windows stay open."""
    state, _ = run(
        in_round(new_state()), Activate("ana"), OpenReactionWindow("bo"), OpenReactionWindow(GM)
    )
    state, events = step(state, DefeatUnit("bo"))
    assert events == (CharacterDied("bo", "defeated"), ReactionWindowClosed("bo"))
    assert state.reacting == (GM,)
    assert state.active == "ana"


def test_sd8_defeat_of_a_gm_unit_leaves_the_gm_window_open() -> None:
    """SD-8: the GM's window belongs to the GM, not to a unit: a GM unit's defeat keeps it."""
    state, _ = run(in_round(new_state(gm_units=("orc", "troll"))), OpenReactionWindow(GM))
    state, _ = step(state, DefeatUnit("orc"))
    assert state.reacting == (GM,)


def test_sd13_after_the_last_activation_the_other_side_is_due() -> None:
    """SD-13: with every unit activated, ``side`` names the side alternation gives next:
    the one that did not end the last activation."""
    state = in_round(new_state(players=("ana", "bo"), gm_units=("orc",)))
    state, _ = run(state, Activate("ana"), EndActivation("ana"), Activate("orc"))
    state, _ = run(state, EndActivation("orc"), Activate("bo"), EndActivation("bo"))
    assert state.pending == ()
    assert state.side == GM
    state = in_round(new_state(players=("ana",), gm_units=("orc",)))
    state, _ = run(state, Activate("ana"), EndActivation("ana"), Activate("orc"))
    state, _ = step(state, EndActivation("orc"))
    assert state.side == "players"
