"""Every diplomacy refusal of turns, proposals, pacts and Standalone cards as a user reads it.

A game loop matches on the code and shows the sentence (EN-4); each sentence names who or
what is wrong, so each is pinned here with the rule it cites and the refused action
(DP-4, DP-5, DP-9, DP-12; the hand refusals are pinned in ``test_hands``).
"""

from __future__ import annotations

import pytest
from tests.refusals import refusal_of

from gamefold import Action, EndTurn
from gamefold.diplomacy import (
    Accept,
    BeginTurn,
    BreakPact,
    Decline,
    DiplomacyConfig,
    DiplomacyState,
    Discard,
    ExtendPact,
    PlayStandalone,
    Propose,
    RevealPact,
    SelfApply,
    check,
    step,
)

from .helpers import arrange, begin, end, ids_of, table

CONFIG = DiplomacyConfig()
CEASEFIRE = ids_of(CONFIG, "Ceasefire T1")[0]
CEASEFIRE_2 = ids_of(CONFIG, "Ceasefire T2")[0]
TROOPS = ids_of(CONFIG, "Troops T1")[:3]
BETRAYAL = ids_of(CONFIG, "Betrayal T1")[0]


def refusal(state: DiplomacyState, action: Action) -> tuple[str, str, str]:
    """(code, rule, sentence); ``step`` raises what ``check`` reports, with the action, and
    leaves the state as it was."""
    return refusal_of(check, step, state, action)


def _dealt() -> DiplomacyState:
    """ann holds a Ceasefire T1 and T2, two Troops and a Betrayal; bob a Troops; no turn yet."""
    hands = {"ann": (CEASEFIRE, CEASEFIRE_2, TROOPS[0], TROOPS[1], BETRAYAL), "bob": (TROOPS[2],)}
    return arrange(table(CONFIG), hands)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            BeginTurn("bob", 0, ()),
            (
                "diplomacy/not-your-turn",
                "DP-4",
                "It is ann's turn to begin next, once no turn is under way.",
            ),
        ),
        (
            BeginTurn("zed", 0, ()),
            ("diplomacy/unknown-player", "EN-4", "'zed' is not seated at this table."),
        ),
        (
            BeginTurn("ann", 0, ("north", "north")),
            ("diplomacy/malformed", "EN-4", "Each bonus zone is named once."),
        ),
        (
            BeginTurn("ann", 0, ("north",)),
            ("diplomacy/unknown-zone", "DP-5", "'north' is not a bonus zone of this game."),
        ),
        (EndTurn("ann"), ("diplomacy/not-your-turn", "DP-12", "It is not ann's turn to end.")),
    ],
)
def test_dp4_dp5_dp12_turn_refusals_before_any_turn_say_why(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """DP-4: seats begin in order; DP-5: bonus zones are the config's, each once; DP-12: only
    the turn under way ends."""
    assert refusal(_dealt(), action) == expected


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            BeginTurn("bob", 0, ()),
            (
                "diplomacy/not-your-turn",
                "DP-4",
                "It is bob's turn to begin next, once no turn is under way.",
            ),
        ),
        (EndTurn("bob"), ("diplomacy/not-your-turn", "DP-12", "It is not bob's turn to end.")),
        (
            Propose("bob", "ann", CEASEFIRE, (TROOPS[2],)),
            ("diplomacy/not-your-turn", "DP-9", "bob can do that only during their own turn."),
        ),
        (
            SelfApply("bob", TROOPS[2]),
            ("diplomacy/not-your-turn", "DP-11", "bob can do that only during their own turn."),
        ),
        (
            Discard("bob", TROOPS[2]),
            ("diplomacy/not-your-turn", "DP-1", "bob can do that only during their own turn."),
        ),
        (
            Propose("ann", "ann", CEASEFIRE, (TROOPS[0],)),
            ("diplomacy/proposal-to-self", "DP-9", "An Agreement goes to another player."),
        ),
        (
            Propose("ann", "bob", CEASEFIRE_2, (TROOPS[0], TROOPS[0])),
            ("diplomacy/duplicate-card", "EN-4", "A card fills one slot only."),
        ),
        (
            Propose("ann", "bob", CEASEFIRE_2, (TROOPS[0],)),
            ("diplomacy/slots-mismatch", "DP-9", "Ceasefire T2 takes exactly 2 Value card(s)."),
        ),
        (
            Propose("ann", "bob", TROOPS[0], (TROOPS[1],)),
            ("diplomacy/wrong-kind", "DP-9", "Troops T1 is not an agreement card."),
        ),
        (
            Propose("ann", "bob", CEASEFIRE, (BETRAYAL,)),
            ("diplomacy/wrong-kind", "DP-9", "Betrayal T1 is not a value card."),
        ),
        (
            Propose("ann", "zed", CEASEFIRE, (TROOPS[0],)),
            ("diplomacy/unknown-player", "EN-4", "'zed' is not seated at this table."),
        ),
        (
            PlayStandalone("ann", BETRAYAL, ""),
            (
                "diplomacy/not-between-turns",
                "DP-12",
                "A Standalone card is played between your turns, not during one.",
            ),
        ),
    ],
)
def test_dp4_dp9_dp12_refusals_during_anns_turn_say_why(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """DP-4/DP-12: one turn at a time; DP-9: an Agreement goes to someone else with exactly
    its slots of distinct Value cards; DP-12: Standalone cards wait for the window."""
    state, _ = begin(_dealt())
    assert refusal(state, action) == expected


def _proposed() -> DiplomacyState:
    """ann proposed Ceasefire T1 (proposal 0, one Troops) to bob and ended her turn."""
    state, _ = begin(_dealt())
    state = step(state, Propose("ann", "bob", CEASEFIRE, (TROOPS[0],)))[0]
    return end(state)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            Accept("cy", 0),
            ("diplomacy/not-recipient", "DP-9", "Proposal 0 is not addressed to you."),
        ),
        (
            Decline("ann", 0),
            ("diplomacy/not-recipient", "DP-9", "Proposal 0 is not addressed to you."),
        ),
        (Accept("bob", 7), ("diplomacy/unknown-proposal", "DP-9", "No proposal 7 is pending.")),
        (Decline("bob", 7), ("diplomacy/unknown-proposal", "DP-9", "No proposal 7 is pending.")),
    ],
)
def test_dp9_answers_go_to_a_pending_proposal_addressed_to_the_player(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """DP-9: only the recipient answers, and only a pending proposal."""
    assert refusal(_proposed(), action) == expected


def test_dp12_one_standalone_card_per_window_is_said_so() -> None:
    """DP-12: a second Standalone card in the same between-turn window is refused."""
    state = step(_proposed(), PlayStandalone("ann", BETRAYAL, "bob"))[0]
    assert refusal(state, PlayStandalone("ann", BETRAYAL, "bob")) == (
        "diplomacy/window-used",
        "DP-12",
        "You already played a Standalone card since your last turn.",
    )


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (BreakPact(0, "cy"), ("diplomacy/not-party", "DP-9", "cy is no party to pact 0.")),
        (BreakPact(9, "ann"), ("diplomacy/unknown-pact", "DP-9", "No pact 9 is running.")),
        (ExtendPact(9, 1), ("diplomacy/unknown-pact", "DP-9", "No pact 9 is running.")),
        (RevealPact(9), ("diplomacy/unknown-pact", "DP-9", "No pact 9 is running.")),
    ],
)
def test_dp9_pact_actions_name_the_pact_and_the_player(
    action: Action, expected: tuple[str, str, str]
) -> None:
    """DP-9: pact 0 (ann and bob) runs; a stranger cannot break it, and pact 9 does not exist."""
    state = step(_proposed(), Accept("bob", 0))[0]
    assert [pact.id for pact in state.pacts] == [0]
    assert refusal(state, action) == expected


def test_dp12_en4_standalone_refusals_carry_the_action() -> None:
    """DP-12, EN-4: in ann's window, a Standalone by a stranger, of a card she does not hold,
    or of a card that is no Standalone is refused with the offending action."""
    state = _proposed()
    cases = [
        (PlayStandalone("zed", BETRAYAL, ""), ("diplomacy/unknown-player", "EN-4")),
        (PlayStandalone("ann", TROOPS[2], ""), ("diplomacy/card-not-in-hand", "EN-4")),
        (PlayStandalone("ann", CEASEFIRE_2, ""), ("diplomacy/wrong-kind", "DP-12")),
    ]
    for action, expected in cases:
        assert refusal(state, action)[:2] == expected


def test_en4_ending_a_strangers_turn_is_refused_with_the_action() -> None:
    """EN-4: an EndTurn for a player not seated names them and carries the action."""
    state, _ = begin(_dealt())
    assert refusal(state, EndTurn("zed")) == (
        "diplomacy/unknown-player",
        "EN-4",
        "'zed' is not seated at this table.",
    )
