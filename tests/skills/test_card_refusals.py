"""The refusals of card use and reaction windows, as a user sees them (SD-6, SD-8, SD-9, EN-4).

Each refused action raises :class:`~gamefold.IllegalAction` with a stable code, the rule it
cites, the offending action and a sentence naming what is wrong; all four are pinned here, and
the state is left untouched.
"""

from __future__ import annotations

import pytest
from tests.refusals import refusal_of

from gamefold import Action, StartRound
from gamefold.skills import (
    GM,
    Ability,
    Activate,
    Burn,
    CardDef,
    ChangeHandLimit,
    CloseReactionWindow,
    DefeatUnit,
    Discard,
    Effect,
    HandLimitChanged,
    Modifier,
    OpenReactionWindow,
    PayCost,
    Play,
    SkillsConfig,
    SkillsState,
    check,
    legal_actions,
    owner_of,
    step,
)
from gamefold.skills.catalogue import REACTION
from gamefold.testing.skills import arrange

from .support import new_state, run

STRIKE = CardDef("Strike", Effect("attack", {"damage": 2}), (Modifier("attack", 1),))
PARRY = CardDef("Parry", Effect("defend", {"block": 3}), (Modifier("defence", 2),), REACTION)
CONFIG = SkillsConfig(
    deck_size=10,
    hand_limit=4,
    gm_deck_size=6,
    gm_hand_limit=4,
    deck=(STRIKE, PARRY),
    gm_deck=(STRIKE, PARRY),
    abilities=(Ability("attack", 1), Ability("equipment", 2)),
)
"""Even card ids are Strikes, odd ones Parries; ana holds 0-3, bo 10-13."""


def _activating(*more: Action) -> SkillsState:
    """Round 1 with ana activating, everyone holding their lowest ids, then ``more``."""
    state = new_state(CONFIG)
    for player in state.seats:
        state = arrange(state, player, hand=4)
    state, _ = run(state, StartRound(), Activate("ana"), *more)
    return state


def _refusal(state: SkillsState, action: Action) -> tuple[str, str, str]:
    """(code, rule, message) of the refusal of ``action``; ``check`` and ``step`` agree on it."""
    return refusal_of(check, step, state, action)


@pytest.mark.parametrize(
    "action",
    [
        Play("ana", 12),
        Burn("ana", 12),
        Discard("ana", 12),
        PayCost("ana", "equipment", (0, 12)),
        PayCost("ana", "equipment", (12, 1)),
    ],
)
def test_en4_a_card_not_in_hand_is_refused_naming_it(action: Action) -> None:
    """EN-4: a card the player does not hold (here bo's card 12) is named in the refusal,
    wherever it stands among the paying cards."""
    assert _refusal(_activating(), action) == (
        "skills/card-not-in-hand",
        "EN-4",
        "ana holds no card 12",
    )


@pytest.mark.parametrize(
    "action",
    [
        Play("nobody", 0),
        Burn("nobody", 0),
        Discard("nobody", 0),
        PayCost("nobody", "attack", (0,)),
        OpenReactionWindow("nobody"),
        CloseReactionWindow("nobody"),
    ],
)
def test_en4_an_unknown_player_is_refused_naming_them(action: Action) -> None:
    """EN-4: every card and window action of a player not at the table."""
    assert _refusal(_activating(), action) == (
        "skills/unknown-player",
        "EN-4",
        "there is no player 'nobody'",
    )


@pytest.mark.parametrize(
    "action",
    [Play("bo", 10), Burn("bo", 10), PayCost("bo", "attack", (10,)), OpenReactionWindow("bo")],
)
def test_sd6_a_dead_character_is_refused(action: Action) -> None:
    """SD-6: a dead character uses no card and opens no window."""
    state = _activating(DefeatUnit("bo"))
    assert _refusal(state, action) == (
        "skills/dead-character",
        "SD-6",
        "bo is dead and acts no more",
    )


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (Play("bo", 11), "SD-8"),
        (Burn("bo", 11), "SD-8"),
        (PayCost("bo", "attack", (11,)), "SD-8"),
        (Discard("bo", 11), "SD-9"),
    ],
)
def test_sd8_sd9_cards_outside_ones_activation_are_refused(action: Action, rule: str) -> None:
    """SD-8: no card outside one's activation without a window; a free Discard cites SD-9."""
    assert _refusal(_activating(), action) == (
        "skills/not-your-activation",
        rule,
        "bo can use cards only in their own activation",
    )


def test_sd9_a_free_discard_is_refused_even_in_an_open_window() -> None:
    """SD-9: a window allows Reaction cards, never a free Discard, even of a Reaction card."""
    state = _activating(OpenReactionWindow("bo"))
    assert _refusal(state, Discard("bo", 11)) == (
        "skills/not-your-activation",
        "SD-9",
        "bo can use cards only in their own activation",
    )


@pytest.mark.parametrize(
    "action",
    [Play("bo", 10), Burn("bo", 10), PayCost("bo", "equipment", (11, 10))],
)
def test_sd8_only_reaction_cards_in_a_window_refusal_names_the_card(action: Action) -> None:
    """SD-8: a non-Reaction card in an open window is refused, naming its definition."""
    state = _activating(OpenReactionWindow("bo"))
    assert _refusal(state, action) == (
        "skills/not-a-reaction",
        "SD-8",
        "Strike is not a Reaction: use it in your own activation",
    )


def test_sd8_the_gm_reacts_only_with_reaction_cards() -> None:
    """SD-8: the GM's window follows the same rule as a player's."""
    state = _activating(OpenReactionWindow(GM))
    gm_cards = state.owners[-1].hand
    strike = next(card for card in gm_cards if card % 2 == 0)
    assert _refusal(state, Play(GM, strike))[:2] == ("skills/not-a-reaction", "SD-8")


def test_sd8_window_refusals_name_the_player() -> None:
    """SD-8: a second window for the same player, closing a window never opened, and a
    window outside a Round are each refused with their own code and sentence."""
    state = _activating(OpenReactionWindow("bo"))
    assert _refusal(state, OpenReactionWindow("bo")) == (
        "skills/window-already-open",
        "SD-8",
        "bo already has an open reaction window",
    )
    assert _refusal(state, CloseReactionWindow("ana")) == (
        "skills/no-reaction-window",
        "SD-8",
        "ana has no open reaction window",
    )
    assert _refusal(new_state(CONFIG), OpenReactionWindow("bo")) == (
        "skills/no-round",
        "SD-8",
        "reaction windows open only during a Round",
    )


@pytest.mark.parametrize(
    ("player", "delta", "top"),
    [("ana", -5, 10), ("ana", 7, 10), (GM, 5, 6), ("bo", -5, 10)],
)
def test_sd2_a_hand_limit_out_of_range_is_refused_naming_range_and_value(
    player: str, delta: int, top: int
) -> None:
    """SD-2: a limit stays between 0 and the owner's own deck size (the GM's for the GM)."""
    state = _activating()
    action = ChangeHandLimit(player, delta)
    new = 4 + delta
    assert _refusal(state, action) == (
        "skills/hand-limit-out-of-range",
        "SD-2",
        f"a hand limit stays between 0 and {top}, not {new}",
    )


@pytest.mark.parametrize(("player", "delta"), [("ana", -4), ("ana", 6), (GM, 2), (GM, -4)])
def test_sd2_a_hand_limit_may_reach_either_end_of_its_range(player: str, delta: int) -> None:
    """SD-2: 0 and the owner's deck size are both allowed limits."""
    state, events = step(_activating(), ChangeHandLimit(player, delta))
    assert events == (HandLimitChanged(player, 4, 4 + delta),)
    assert owner_of(state, player).hand_limit == 4 + delta


def test_sd6_en4_hand_limit_changes_need_a_living_seated_owner() -> None:
    """SD-6/EN-4: no limit change for a dead character or a stranger."""
    state = _activating(DefeatUnit("bo"))
    assert _refusal(state, ChangeHandLimit("bo", 1))[:2] == ("skills/dead-character", "SD-6")
    assert _refusal(state, ChangeHandLimit("nobody", 1)) == (
        "skills/unknown-player",
        "EN-4",
        "there is no player 'nobody'",
    )


@pytest.mark.parametrize("cards", ["01", frozenset({0}), 0])
def test_en4_a_payment_of_no_card_list_is_malformed_and_keeps_what_was_given(
    cards: object,
) -> None:
    """EN-4: cards that are no list are kept as given, so the malformed refusal shows them."""
    action = PayCost("ana", "attack", cards)  # type: ignore[arg-type]
    assert action.cards == cards
    problem = check(_activating(), action)
    assert problem is not None
    assert (problem.code, problem.rule, problem.action) == ("skills/malformed", "EN-4", action)


def test_sd9_free_discards_are_listed_only_in_ones_own_activation() -> None:
    """SD-9, EN-5: the activating player is offered a Discard of every card in hand; a
    player in a reaction window is offered none, even of a Reaction card."""
    state = _activating(OpenReactionWindow("bo"))
    ana = legal_actions(state, "ana")
    assert [a for a in ana if isinstance(a, Discard)] == [Discard("ana", c) for c in (0, 1, 2, 3)]
    assert not [a for a in legal_actions(state, "bo") if isinstance(a, Discard)]
    assert [a for a in legal_actions(state, "bo") if isinstance(a, Play)] == [
        Play("bo", 11),
        Play("bo", 13),
    ]
