"""The defaults RULES.md promises as config fields, at the default and another value.

SD-2 what lowering a hand limit does (``lower_limit``), SD-7 a GM draw its cards cannot
complete (``gm_short_draw``), SD-12 when Burn modifiers reset (``burn_reset``), SD-14 the
opening hands (``opening_hand``); each rejected with a ``ConfigError`` naming the field.
"""

from __future__ import annotations

import pytest

from gamefold import ConfigError, EndRound, StartRound
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    Activate,
    Burn,
    CardDef,
    CardsDrawn,
    ChangeHandLimit,
    DrawFellShort,
    Effect,
    EndActivation,
    HandLimitChanged,
    HandTrimmed,
    Modifier,
    ModifiersReset,
    Play,
    SkillsConfig,
    describe,
    modifier_total,
    owner_of,
    step,
)
from gamefold.skills.narration import EVENT_RULES

from .support import new_state, of_type, run


@pytest.mark.parametrize("choice", ["keep", "discard"])
def test_sd2_lowering_the_limit_keeps_or_discards_the_newest_cards(choice: str) -> None:
    """SD-2: by default a lower limit keeps the hand; with ``"discard"`` the newest cards
    above it go to the discard pile at once, and the limit is the same either way."""
    state = new_state(SkillsConfig(lower_limit=choice))
    hand, other = owner_of(state, "ana").hand, owner_of(state, "bo")
    state, events = step(state, ChangeHandLimit("ana", -2))
    ana = owner_of(state, "ana")
    assert ana.hand_limit == 3
    assert events[0] == HandLimitChanged("ana", 5, 3)
    if choice == "keep":
        assert events == (HandLimitChanged("ana", 5, 3),)
        assert ana.hand == hand
        assert ana.discard == ()
    else:
        assert events[1:] == (HandTrimmed("ana", hand[3:]),)
        assert ana.hand == hand[:3]
        assert ana.discard == hand[3:]
        assert EVENT_RULES[HandTrimmed](events[1]) == ("SD-2",)
        assert "above the new limit" in describe(events[1])
    assert owner_of(state, "bo") == other


def test_sd2_discard_choice_leaves_a_hand_within_the_limit_alone() -> None:
    """SD-2: with ``"discard"``, a hand no bigger than the new limit loses nothing."""
    state = new_state(SkillsConfig(lower_limit="discard"))
    state, _ = step(state, ChangeHandLimit("ana", -2))
    state, events = step(state, ChangeHandLimit("ana", 1))
    assert events == (HandLimitChanged("ana", 3, 4),)
    assert len(owner_of(state, "ana").hand) == 3


def _gm_drawing(choice: str) -> tuple[object, int]:
    """The GM activating with 3 Focus (draw 2) in hand and 1 card left in its deck."""
    focus = CardDef("Focus", Effect("draw", {"count": 2}))
    config = SkillsConfig(gm_deck_size=4, gm_hand_limit=3, gm_deck=(focus,), gm_short_draw=choice)
    state, _ = run(new_state(config, first_side="gm"), StartRound(), Activate("goblin"))
    return state, owner_of(state, GM).hand[0]


@pytest.mark.parametrize("choice", ["fewer", "none"])
def test_sd7_gm_draw_its_cards_cannot_complete(choice: str) -> None:
    """SD-7: the GM must draw 2 with 1 card left (none in the discard, the played card is
    not there yet): by default it draws the 1 and falls 1 short; with ``"none"`` it draws
    nothing and its deck is untouched. Never Fatigue, Exhaustion or death either way."""
    state, card = _gm_drawing(choice)
    deck = owner_of(state, GM).deck  # type: ignore[arg-type]
    assert len(deck) == 1
    state, events = step(state, Play(GM, card), STANDARD_EFFECTS)  # type: ignore[arg-type]
    gm = owner_of(state, GM)
    if choice == "fewer":
        assert DrawFellShort(GM, 1) in events
        assert CardsDrawn(GM, deck) in events
        assert gm.deck == ()
        assert len(gm.hand) == 3
    else:
        assert DrawFellShort(GM, 2) in events
        assert not of_type(events, CardsDrawn)
        assert gm.deck == deck
        assert len(gm.hand) == 2
    assert gm.alive
    assert (gm.fatigue, gm.exhausted) == (0, ())
    assert EVENT_RULES[DrawFellShort](DrawFellShort(GM, 1)) == ("SD-7",)


def test_sd7_none_choice_draws_a_completable_gm_draw_in_full() -> None:
    """SD-7: with ``"none"``, a GM draw its deck and discard can complete draws as usual."""
    focus = CardDef("Focus", Effect("draw", {"count": 1}))
    config = SkillsConfig(gm_deck_size=4, gm_hand_limit=3, gm_deck=(focus,), gm_short_draw="none")
    state, _ = run(new_state(config, first_side="gm"), StartRound(), Activate("goblin"))
    deck = owner_of(state, GM).deck
    state, events = step(state, Play(GM, owner_of(state, GM).hand[0]), STANDARD_EFFECTS)
    assert CardsDrawn(GM, deck) in events
    assert not of_type(events, DrawFellShort)


def test_sd7_none_choice_never_applies_to_players() -> None:
    """SD-7: ``gm_short_draw`` is the GM's: a player's short draw still dies (SD-6)."""
    focus = CardDef("Focus", Effect("draw", {"count": 9}))
    config = SkillsConfig(deck_size=4, hand_limit=3, deck=(focus,), gm_short_draw="none")
    state, _ = run(new_state(config), StartRound(), Activate("ana"))
    state, _ = step(state, Play("ana", owner_of(state, "ana").hand[0]), STANDARD_EFFECTS)
    assert not owner_of(state, "ana").alive


SHARP = CardDef("Sharp", Effect("draw", {"count": 0}), (Modifier("attack", 2),))


@pytest.mark.parametrize("choice", ["round", "activation"])
def test_sd12_burn_modifiers_reset_at_round_end_or_activation_end(choice: str) -> None:
    """SD-12: a Burn modifier lasts the Round by default; with ``"activation"`` it resets
    when its owner's activation ends (and other owners' modifiers are untouched)."""
    config = SkillsConfig(deck=(SHARP,), gm_deck=(SHARP,), burn_reset=choice)
    state, _ = run(new_state(config), StartRound(), Activate("ana"))
    state, _ = step(state, Burn("ana", owner_of(state, "ana").hand[0]))
    assert modifier_total(state, "ana", "attack") == 2
    state, events = step(state, EndActivation("ana"))
    reset = ModifiersReset("ana", (Modifier("attack", 2),))
    if choice == "round":
        assert reset not in events
        assert modifier_total(state, "ana", "attack") == 2
        state, _ = run(state, Activate("goblin"), EndActivation("goblin"))
        state, _ = run(state, Activate("bo"), EndActivation("bo"))
        state, events = step(state, EndRound())
        assert reset in events
    else:
        assert reset in events
    assert modifier_total(state, "ana", "attack") == 0


def test_sd12_activation_choice_resets_the_gm_after_its_unit_and_at_round_end() -> None:
    """SD-12: with ``"activation"``, the GM's modifiers reset when a GM unit's activation
    ends; a modifier Burned outside one's activation lasts to the Round's end at most."""
    config = SkillsConfig(deck=(SHARP,), gm_deck=(SHARP,), burn_reset="activation")
    state, _ = run(new_state(config, first_side="gm"), StartRound(), Activate("goblin"))
    state, _ = step(state, Burn(GM, owner_of(state, GM).hand[0]))
    state, events = step(state, EndActivation("goblin"))
    assert ModifiersReset(GM, (Modifier("attack", 2),)) in events
    assert modifier_total(state, GM, "attack") == 0


@pytest.mark.parametrize("opening", [None, 0, 2])
def test_sd14_opening_hands_up_to_the_limit_or_the_configured_number(
    opening: int | None,
) -> None:
    """SD-14: by default everyone draws up to their limit; ``opening_hand`` deals that many
    (the GM at most its own limit), never with Fatigue; the first refill tops hands up."""
    config = SkillsConfig(hand_limit=4, gm_hand_limit=3, opening_hand=opening)
    state = new_state(config)
    want = (4, 4, 3) if opening is None else (min(opening, 4), min(opening, 4), min(opening, 3))
    assert tuple(len(o.hand) for o in state.owners) == want
    assert all(o.fatigue == 0 and o.discard == () for o in state.owners)
    state, _ = step(state, StartRound())
    assert tuple(len(o.hand) for o in state.owners) == (4, 4, 3)


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("lower_limit", "drop", "SD-2"),
        ("lower_limit", 1, "SD-2"),
        ("gm_short_draw", "more", "SD-7"),
        ("burn_reset", "turn", "SD-12"),
        ("opening_hand", 6, "SD-14"),
        ("opening_hand", -1, "SD-14"),
        ("opening_hand", "5", "SD-14"),
        ("opening_hand", True, "SD-14"),
    ],
)
def test_default_fields_reject_bad_values_naming_the_field(
    field: str, value: object, rule: str
) -> None:
    """SD-2, SD-7, SD-12, SD-14: a bad value is a ConfigError naming the field and rule."""
    with pytest.raises(ConfigError) as error:
        SkillsConfig(**{field: value})  # type: ignore[arg-type]
    assert (error.value.field, error.value.rule) == (field, rule)
