"""Using cards: SD-1 (cards as data), SD-8 (timing), SD-9 … SD-12 (Discard, payment, Play, Burn)."""

from __future__ import annotations

import attrs
import pytest

from gamefold import EndRound, Event, StartRound
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    Ability,
    Activate,
    Burn,
    CardBurned,
    CardDef,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    CloseReactionWindow,
    CostPaid,
    DeckRecycled,
    DefeatUnit,
    Discard,
    Effect,
    EndActivation,
    Modifier,
    ModifiersReset,
    OpenReactionWindow,
    PayCost,
    Play,
    ReactionWindowClosed,
    ReactionWindowOpened,
    SkillsConfig,
    SkillsState,
    card_definition,
    check,
    legal_actions,
    modifier_total,
    owner_of,
    step,
)
from gamefold.skills.catalogue import REACTION
from gamefold.testing.skills import arrange

from .support import new_state, of_type, run

STRIKE = CardDef("Strike", Effect("attack", {"damage": 2}), (Modifier("attack", 1),))
PARRY = CardDef("Parry", Effect("defend", {"block": 3}), (Modifier("defence", 2),), REACTION)
FOCUS = CardDef("Focus", Effect("draw", {"count": 1}))
CONFIG = SkillsConfig(
    deck_size=10,
    hand_limit=4,
    gm_deck_size=6,
    gm_hand_limit=4,
    deck=(STRIKE, PARRY),
    gm_deck=(STRIKE, PARRY),
    abilities=(Ability("attack", 1), Ability("equipment", 2)),
)
"""Even card ids are Strikes, odd ones Parries (for players and the GM alike)."""


def _activating(unit: str = "ana") -> SkillsState:
    """A Round in progress with ``unit`` activating; everyone's hand is their lowest ids."""
    state = new_state(CONFIG, first_side=GM if unit == "goblin" else "players")
    for player in state.seats:
        state = arrange(state, player, hand=4)
    state, _ = run(state, StartRound(), Activate(unit))
    return state


def _code(state: SkillsState, action: object) -> tuple[str, str]:
    problem = check(state, action)  # type: ignore[arg-type]
    assert problem is not None
    return problem.code, problem.rule


def test_sd1_cards_are_distinct_instances_with_data_definitions() -> None:
    """SD-1: every card id is unique across owners; its definition is the deck data."""
    state = new_state(CONFIG)
    ids = [c for o in state.owners for c in o.deck + o.hand + o.discard + o.exhausted]
    assert len(ids) == len(set(ids)) == 2 * 10 + 6
    assert card_definition(state, 0) == STRIKE
    assert card_definition(state, 11) == PARRY
    assert card_definition(state, 20) == STRIKE
    assert card_definition(state, 25) == PARRY


def test_sd11_play_reports_the_effect_then_discards() -> None:
    """SD-11: Play: the Skill effect happens (reported as data), the card is discarded."""
    state, events = step(_activating(), Play("ana", 0))
    assert events == (CardPlayed("ana", 0, "Strike", STRIKE.play),)
    ana = owner_of(state, "ana")
    assert ana.hand == (1, 2, 3)
    assert ana.discard == (0,)


@attrs.frozen
class Hit(Event):
    """A test event a game's handler reports."""

    player: str
    damage: int
    holding: bool


def test_sd11_effect_handlers_come_from_the_game_by_name() -> None:
    """SD-1/SD-11: the game's handler for the effect name runs, between hand and discard."""

    def attack(state: SkillsState, player: str, effect: Effect) -> tuple[SkillsState, tuple[Event]]:
        owner = owner_of(state, player)
        holding = 0 in owner.hand or 0 in owner.discard
        return state, (Hit(player, effect.params["damage"], holding),)

    state, events = step(_activating(), Play("ana", 0), {"attack": attack})
    assert events == (CardPlayed("ana", 0, "Strike", STRIKE.play), Hit("ana", 2, False))
    assert owner_of(state, "ana").discard == (0,)


def test_sd11_shipped_draw_effect_draws() -> None:
    """SD-11: the shipped "draw" handler draws `count` cards."""
    config = attrs.evolve(CONFIG, deck=(FOCUS,))
    state = arrange(new_state(config), "ana", hand=1)
    state, _ = run(state, StartRound(), Activate("ana"))
    hand = owner_of(state, "ana").hand
    state, events = step(state, Play("ana", hand[0]), STANDARD_EFFECTS)
    assert [type(e) for e in events] == [CardPlayed, CardsDrawn]
    assert len(owner_of(state, "ana").hand) == len(hand)


def test_sd11_played_card_is_not_recycled_by_its_own_draw() -> None:
    """SD-5/SD-11: a draw effect recycling the discard leaves the played card out of the deck."""
    config = attrs.evolve(CONFIG, deck=(FOCUS,), hand_limit=1)
    state = arrange(new_state(config), "ana", hand=1, discard=9)
    state, _ = run(state, StartRound(), Activate("ana"))
    state, events = step(state, Play("ana", 0), STANDARD_EFFECTS)
    assert DeckRecycled("ana", 9, False) in events
    ana = owner_of(state, "ana")
    assert ana.discard == (0,)
    assert 0 not in ana.deck + ana.hand + ana.exhausted


def test_sd12_burn_grants_modifiers_and_exhausts() -> None:
    """SD-12: Burn: the card's modifiers apply, then the card is Exhausted."""
    state, events = step(_activating(), Burn("ana", 0))
    assert events == (CardBurned("ana", 0, "Strike", STRIKE.burn, True),)
    ana = owner_of(state, "ana")
    assert ana.exhausted == (0,)
    assert 0 not in ana.hand + ana.discard
    assert modifier_total(state, "ana", "attack") == 1
    state, _ = step(state, Burn("ana", 2))
    assert modifier_total(state, "ana", "attack") == 2
    assert modifier_total(state, "bo", "attack") == 0


def test_sd12_burn_modifiers_reset_at_end_of_round() -> None:
    """SD-12: temporary Burn modifiers reset when the Round ends."""
    state, _ = run(_activating(), Burn("ana", 0), Burn("ana", 1), EndActivation("ana"))
    state, _ = run(state, Activate("goblin"), EndActivation("goblin"))
    state, _ = run(state, Activate("bo"), EndActivation("bo"))
    state, events = step(state, EndRound())
    assert events[0] == ModifiersReset("ana", STRIKE.burn + PARRY.burn)
    assert modifier_total(state, "ana", "attack") == 0
    assert owner_of(state, "ana").modifiers == ()
    assert owner_of(state, "ana").exhausted == (0, 1)


def test_sd7_gm_burn_discards_instead_of_exhausting() -> None:
    """SD-7/SD-12: the GM Burns for the modifiers but never loses the card to Exhaustion."""
    state, events = step(_activating("goblin"), Burn(GM, 20))
    assert events == (CardBurned(GM, 20, "Strike", STRIKE.burn, False),)
    gm = owner_of(state, GM)
    assert gm.exhausted == ()
    assert gm.discard == (20,)
    assert modifier_total(state, GM, "attack") == 1


def test_sd9_free_discard_has_no_effect_and_no_redraw() -> None:
    """SD-9: a free Discard in one's activation: no effect, no replacement."""
    state, events = step(_activating(), Discard("ana", 1))
    assert events == (CardDiscarded("ana", 1),)
    ana = owner_of(state, "ana")
    assert ana.hand == (0, 2, 3)
    assert ana.discard == (1,)
    assert ana.modifiers == ()


def test_sd9_free_discard_only_in_own_activation() -> None:
    """SD-9: not even a Reaction may be freely Discarded in a reaction window."""
    state, _ = step(_activating(), OpenReactionWindow("bo"))
    assert _code(state, Discard("bo", 11)) == ("skills/not-your-activation", "SD-9")
    assert Discard("bo", 11) not in legal_actions(state, "bo")


def test_sd10_payment_discard_pays_the_whole_cost_in_one_action() -> None:
    """SD-10: the ability's cost in cards is discarded at once."""
    state, events = step(_activating(), PayCost("ana", "equipment", (3, 0)))
    assert events == (CostPaid("ana", "equipment", (0, 3)),)
    ana = owner_of(state, "ana")
    assert ana.hand == (1, 2)
    assert ana.discard == (0, 3)


def test_sd10_payment_cards_are_kept_in_id_order() -> None:
    """SD-10: two payments with the same cards are the same action."""
    assert PayCost("ana", "equipment", (3, 0)) == PayCost("ana", "equipment", [0, 3])


@pytest.mark.parametrize(
    ("action", "code", "sentence"),
    [
        (
            PayCost("ana", "equipment", (0,)),
            "skills/wrong-cost",
            "equipment costs 2 card(s), not 1",
        ),
        (PayCost("ana", "attack", (0, 1)), "skills/wrong-cost", "attack costs 1 card(s), not 2"),
        (
            PayCost("ana", "dance", (0,)),
            "skills/unknown-ability",
            "there is no ability 'dance' to pay for",
        ),
    ],
)
def test_sd10_cost_must_match_a_known_ability(action: PayCost, code: str, sentence: str) -> None:
    """SD-10, EN-4: the number of cards is the named ability's cost; a refusal says why and
    carries the refused action."""
    state = _activating()
    assert _code(state, action) == (code, "SD-10")
    problem = check(state, action)
    assert problem is not None
    assert (problem.message, problem.action) == (sentence, action)


def test_sd10_reaction_cards_may_pay_in_a_window() -> None:
    """SD-8/SD-10: a reaction window lets its owner pay with reaction cards only."""
    state, _ = step(_activating(), OpenReactionWindow("bo"))
    state2, events = step(state, PayCost("bo", "attack", (11,)))
    assert events == (CostPaid("bo", "attack", (11,)),)
    assert owner_of(state2, "bo").discard == (11,)
    assert _code(state, PayCost("bo", "equipment", (10, 11))) == ("skills/not-a-reaction", "SD-8")


def test_sd8_cards_only_in_own_activation() -> None:
    """SD-8: outside one's own activation (and with no window) no card can be used."""
    state = _activating()
    for action in (Play("bo", 10), Burn("bo", 11), PayCost("bo", "attack", (10,))):
        assert _code(state, action) == ("skills/not-your-activation", "SD-8")
    assert legal_actions(state, "bo") == ()


def test_sd8_reaction_cards_in_an_open_window() -> None:
    """SD-8: in an open window, its owner may use reaction cards, and only those."""
    state, events = step(_activating(), OpenReactionWindow("bo"))
    assert events == (ReactionWindowOpened("bo"),)
    assert legal_actions(state, "bo") == (
        Play("bo", 11),
        Play("bo", 13),
        Burn("bo", 11),
        Burn("bo", 13),
        PayCost("bo", "attack", (11,)),
        PayCost("bo", "attack", (13,)),
        PayCost("bo", "equipment", (11, 13)),
    )
    played, events = step(state, Play("bo", 11))
    assert events == (CardPlayed("bo", 11, "Parry", PARRY.play),)
    assert owner_of(played, "bo").discard == (11,)
    assert _code(state, Play("bo", 10)) == ("skills/not-a-reaction", "SD-8")
    closed, events = step(state, CloseReactionWindow("bo"))
    assert events == (ReactionWindowClosed("bo"),)
    assert _code(closed, Play("bo", 11)) == ("skills/not-your-activation", "SD-8")


def test_sd8_gm_reacts_in_a_players_activation() -> None:
    """SD-8: the GM may use its reaction cards when a window is open for it."""
    state, _ = step(_activating(), OpenReactionWindow(GM))
    assert check(state, Play(GM, 21)) is None
    assert _code(state, Play(GM, 20)) == ("skills/not-a-reaction", "SD-8")


@pytest.mark.parametrize(
    ("prepare", "action", "code", "rule"),
    [
        ((OpenReactionWindow("bo"),), OpenReactionWindow("bo"), "window-already-open", "SD-8"),
        ((), CloseReactionWindow("bo"), "no-reaction-window", "SD-8"),
        ((OpenReactionWindow("bo"),), CloseReactionWindow("nobody"), "unknown-player", "EN-4"),
        ((DefeatUnit("bo"),), OpenReactionWindow("bo"), "dead-character", "SD-6"),
    ],
)
def test_sd8_window_errors(
    prepare: tuple[object, ...], action: object, code: str, rule: str
) -> None:
    """SD-8: windows open once, close once, and only for living owners."""
    state, _ = run(_activating(), *prepare)  # type: ignore[arg-type]
    assert _code(state, action) == (f"skills/{code}", rule)


def test_sd8_windows_only_during_a_round() -> None:
    """SD-8: a reaction window needs a Round; a Round cannot end with one open."""
    assert _code(new_state(CONFIG), OpenReactionWindow("bo")) == ("skills/no-round", "SD-8")
    state, _ = run(_activating(), OpenReactionWindow("bo"), EndActivation("ana"))
    state, _ = run(state, Activate("goblin"), EndActivation("goblin"))
    state, _ = run(state, Activate("bo"), EndActivation("bo"))
    assert _code(state, EndRound()) == ("skills/reaction-window-open", "SD-8")
    state, _ = step(state, CloseReactionWindow("bo"))
    assert check(state, EndRound()) is None


def test_played_burned_and_discarded_cards_are_all_reported() -> None:
    """EN-7: each use reports exactly one event naming the card."""
    _, events = run(_activating(), Play("ana", 0), Burn("ana", 1), Discard("ana", 2))
    assert [type(e) for e in events] == [CardPlayed, CardBurned, CardDiscarded]
    assert of_type(events, CardDiscarded) == [CardDiscarded("ana", 2)]
