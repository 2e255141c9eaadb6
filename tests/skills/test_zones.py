"""Decks, refills, recycling and death: SD-2, SD-3, SD-4, SD-5, SD-6, SD-7, SD-14."""

from __future__ import annotations

import pytest

from gamefold import EndRound, Events, StartRound
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    Activate,
    ActivationEnded,
    CardDef,
    CardPlayed,
    CardsDrawn,
    CardsExhausted,
    ChangeHandLimit,
    CharacterDied,
    DeckRecycled,
    Discard,
    DrawFellShort,
    Effect,
    EndActivation,
    FatigueGained,
    HandLimitChanged,
    Play,
    RoundStarted,
    SkillsConfig,
    SkillsState,
    check,
    legal_actions,
    owner_of,
    step,
)
from gamefold.testing.skills import arrange

from .support import SMALL, new_state, of_type, run


@pytest.mark.parametrize(("held", "drawn"), [(5, 0), (4, 1), (3, 2), (2, 3), (1, 4), (0, 5)])
def test_sd3_refill_draws_to_limit(held: int, drawn: int) -> None:
    """SD-3: the refill table, row by row, at the seed's limit of 5."""
    state = arrange(new_state(SkillsConfig()), "ana", hand=held)
    state, events = step(state, StartRound())
    assert len(owner_of(state, "ana").hand) == 5
    got = [e for e in of_type(events, CardsDrawn) if e.player == "ana"]
    assert sum(len(e.cards) for e in got) == drawn


def test_sd3_cards_in_hand_are_kept() -> None:
    """SD-3: a refill keeps the cards already in hand and adds the top of the deck."""
    state = arrange(new_state(SkillsConfig()), "ana", hand=2)
    before = owner_of(state, "ana")
    state, _ = step(state, StartRound())
    after = owner_of(state, "ana")
    assert after.hand == before.hand + before.deck[:3]
    assert after.deck == before.deck[3:]


def test_sd3_everyone_refills_before_any_activation() -> None:
    """SD-3: every player and the GM draw at Round start, before any unit activates."""
    state = new_state()
    for player in ("ana", "bo", GM):
        state = arrange(state, player, hand=0)
    state, events = step(state, StartRound())
    assert isinstance(events[0], RoundStarted)
    assert [e.player for e in of_type(events, CardsDrawn)] == ["ana", "bo", GM]
    assert all(len(owner.hand) == owner.hand_limit for owner in state.owners)
    assert state.active is None
    assert state.pending == ("ana", "bo", "goblin")


def test_sd3_gm_refills_to_its_own_limit() -> None:
    """SD-3/SD-7: the GM draws up to gm_hand_limit, not the players' limit."""
    config = SkillsConfig(gm_hand_limit=7)
    state = arrange(new_state(config), GM, hand=0)
    state, _ = step(state, StartRound())
    assert len(owner_of(state, GM).hand) == 7
    assert len(owner_of(state, "ana").hand) == 5


def test_sd4_no_discard_at_end_of_activation_or_round() -> None:
    """SD-4: hands are kept at the end of an activation and at the end of a Round."""
    state, _ = run(new_state(), StartRound())
    hands = [owner.hand for owner in state.owners]
    state, _events = run(
        state,
        Activate("ana"),
        EndActivation("ana"),
        Activate("goblin"),
        EndActivation("goblin"),
        Activate("bo"),
        EndActivation("bo"),
        EndRound(),
    )
    assert [owner.hand for owner in state.owners] == hands
    assert all(owner.discard == () for owner in state.owners)


def _recycle_state(config: SkillsConfig, discard: int = 6) -> tuple[SkillsState, Events]:
    state = arrange(new_state(config), "ana", hand=0, discard=discard, exhausted=10 - discard)
    return step(state, StartRound())


@pytest.mark.parametrize("exhaust", [0, 1, 2])
def test_sd5_recycle_shuffles_discard_fatigues_and_exhausts(exhaust: int) -> None:
    """SD-5: empty deck: discard shuffled into a new deck, 1 Fatigue, exhaust_on_recycle cards."""
    config = SkillsConfig(deck_size=10, hand_limit=3, exhaust_on_recycle=exhaust)
    state, events = _recycle_state(config)
    ana = owner_of(state, "ana")
    recycled = [e for e in events if isinstance(e, DeckRecycled) and e.player == "ana"]
    assert recycled == [DeckRecycled("ana", 6, False)]
    assert ana.fatigue == 1
    assert FatigueGained("ana", 1, 1) in events
    assert len(ana.exhausted) == 4 + exhaust
    gone = [e for e in events if isinstance(e, CardsExhausted)]
    assert [len(e.cards) for e in gone] == ([exhaust] if exhaust else [])
    assert len(ana.hand) == 3
    assert len(ana.deck) == 6 - exhaust - 3
    assert ana.discard == ()


@pytest.mark.parametrize("fatigue", [0, 1, 2])
def test_sd5_fatigue_per_recycle_is_configurable(fatigue: int) -> None:
    """SD-5: fatigue_on_recycle, default 1, also tested at 0 and 2."""
    config = SkillsConfig(deck_size=10, hand_limit=3, fatigue_on_recycle=fatigue)
    state, events = _recycle_state(config)
    assert owner_of(state, "ana").fatigue == fatigue
    assert len(of_type(events, FatigueGained)) == (1 if fatigue else 0)


@pytest.mark.parametrize("per_recycle", [1, 2])
def test_sd5_fatigue_accumulates_over_two_recycles(per_recycle: int) -> None:
    """SD-5: each recycle adds its Fatigue to what the player already has, never resets it."""
    config = SkillsConfig(
        deck_size=10, hand_limit=3, exhaust_on_recycle=0, fatigue_on_recycle=per_recycle
    )
    state = arrange(new_state(config), "ana", hand=0, discard=3, exhausted=7)
    state, first = step(state, StartRound())  # empty deck: the 3 discards are recycled
    hand = owner_of(state, "ana").hand
    state, _ = run(state, Activate("ana"), *(Discard("ana", card) for card in hand))
    state, _ = run(state, EndActivation("ana"), Activate("goblin"), EndActivation("goblin"))
    state, _ = run(state, Activate("bo"), EndActivation("bo"), EndRound())
    state, second = step(state, StartRound())  # empty again: the 3 new discards recycled
    assert of_type(first, FatigueGained) == [FatigueGained("ana", per_recycle, per_recycle)]
    assert of_type(second, FatigueGained) == [FatigueGained("ana", per_recycle, 2 * per_recycle)]
    assert owner_of(state, "ana").fatigue == 2 * per_recycle


def test_sd5_drawing_continues_after_recycle() -> None:
    """SD-5: the deck runs out mid-refill; the rest is drawn from the recycled deck."""
    state = arrange(new_state(SMALL), "ana", hand=0, discard=6, exhausted=2)
    before = owner_of(state, "ana")
    assert len(before.deck) == 2
    state, events = step(state, StartRound())
    mine = [e for e in events if getattr(e, "player", None) == "ana"]
    kinds = [type(e) for e in mine]
    assert kinds == [CardsDrawn, DeckRecycled, FatigueGained, CardsExhausted, CardsDrawn]
    assert mine[0] == CardsDrawn("ana", before.deck)
    assert len(owner_of(state, "ana").hand) == 3


def test_sd5_recycled_deck_depends_on_the_seed_only() -> None:
    """SD-5/EN-3: the reshuffle uses the state's RNG: same seed, same deck; seeds differ."""
    decks = []
    for seed in (1, 1, 2, 3, 4):
        state = arrange(new_state(SMALL, seed=seed), "ana", hand=0, discard=10)
        state, _ = step(state, StartRound())
        ana = owner_of(state, "ana")
        decks.append((ana.hand, ana.deck, ana.exhausted))
    assert decks[0] == decks[1]
    assert len(set(decks[1:])) > 1


@pytest.mark.parametrize("lethal", [True, False])
def test_sd6_lethal_draw_failure(lethal: bool) -> None:
    """SD-6: deck and discard empty when a draw is due: death (default) or drawing fewer."""
    config = SkillsConfig(deck_size=10, hand_limit=3, lethal_draw_failure=lethal)
    state = arrange(new_state(config), "ana", hand=1, exhausted=9)
    state, events = step(state, StartRound())
    ana = owner_of(state, "ana")
    assert ana.alive is not lethal
    if lethal:
        assert CharacterDied("ana", "fatal exhaustion") in events
        assert "ana" not in state.pending
    else:
        assert DrawFellShort("ana", 2) in events
        assert "ana" in state.pending
    assert len(ana.hand) == 1


def test_sd6_draws_what_is_left_before_dying() -> None:
    """SD-6: the character draws its last cards, then dies when the next draw fails."""
    state = arrange(new_state(SMALL), "ana", hand=0, exhausted=8)
    state, events = step(state, StartRound())
    mine = [e for e in events if getattr(e, "player", None) == "ana"]
    assert [type(e) for e in mine] == [CardsDrawn, CharacterDied]
    assert len(owner_of(state, "ana").hand) == 2


def test_sd6_exhaustion_can_empty_the_new_deck_and_kill() -> None:
    """SD-5/SD-6: if Exhaustion takes the whole new deck, the draw fails and the character dies."""
    config = SkillsConfig(deck_size=10, hand_limit=3, exhaust_on_recycle=2)
    state = arrange(new_state(config), "ana", hand=0, discard=2, exhausted=8)
    state, events = step(state, StartRound())
    assert not owner_of(state, "ana").alive
    assert CharacterDied("ana", "fatal exhaustion") in events
    assert len(owner_of(state, "ana").exhausted) == 10


def test_sd6_dead_character_draws_and_acts_no_more() -> None:
    """SD-6: a dead character is skipped by refills and cannot act."""
    state = arrange(new_state(SMALL), "ana", hand=0, exhausted=10)
    state, _ = step(state, StartRound())
    problem = check(state, Activate("ana"))
    assert problem is not None
    assert (problem.code, problem.rule) == ("skills/dead-character", "SD-6")
    state, _ = run(state, Activate("bo"), EndActivation("bo"))
    state, _ = run(state, Activate("goblin"), EndActivation("goblin"), EndRound())
    state, events = step(state, StartRound())
    assert not [e for e in events if getattr(e, "player", None) == "ana"]
    assert state.pending == ("bo", "goblin")


def test_sd7_gm_recycles_for_free() -> None:
    """SD-7: the GM reshuffles with no Fatigue and no Exhaustion."""
    state = arrange(new_state(SMALL), GM, hand=0, discard=8)
    state, events = step(state, StartRound())
    gm = owner_of(state, GM)
    assert DeckRecycled(GM, 8, True) in events
    assert gm.fatigue == 0
    assert gm.exhausted == ()
    assert not [e for e in events if isinstance(e, FatigueGained | CardsExhausted)]
    assert len(gm.hand) == 3
    assert len(gm.deck) == 5


def test_sd7_gm_draws_fewer_when_both_piles_are_empty() -> None:
    """SD-7: the GM never dies of a failed draw: with deck and discard empty it draws fewer."""
    focus = CardDef("Focus", Effect("draw", {"count": 2}))
    config = SkillsConfig(gm_deck_size=3, gm_hand_limit=3, gm_deck=(focus,))
    state = new_state(config, first_side="gm")
    state, _ = run(state, StartRound(), Activate("goblin"))
    gm = owner_of(state, GM)
    assert gm.deck == ()
    assert gm.discard == ()
    assert len(gm.hand) == 3
    state, events = step(state, Play(GM, gm.hand[0]), STANDARD_EFFECTS)
    assert DrawFellShort(GM, 2) in events
    gm = owner_of(state, GM)
    assert gm.alive
    assert gm.fatigue == 0
    assert gm.exhausted == ()
    assert state.active == "goblin"


def test_sd6_death_in_an_activation_ends_it() -> None:
    """SD-6: a character dying of a failed draw during its activation acts no more."""
    focus = CardDef("Focus", Effect("draw", {"count": 2}))
    config = SkillsConfig(deck_size=3, hand_limit=3, deck=(focus,))
    state, _ = run(new_state(config), StartRound(), Activate("ana"))
    ana = owner_of(state, "ana")
    state, events = step(state, Play("ana", ana.hand[0]), STANDARD_EFFECTS)
    kinds = [type(e) for e in events]
    assert kinds == [CardPlayed, CharacterDied, ActivationEnded]
    assert state.active is None
    assert not owner_of(state, "ana").alive
    assert owner_of(state, "ana").discard == (ana.hand[0],)
    assert state.side == "gm"
    assert legal_actions(state, "ana") == ()


@pytest.mark.parametrize(("size", "limit"), [(30, 5), (12, 3)])
def test_sd7_gm_deck_and_hand_sizes(size: int, limit: int) -> None:
    """SD-7: the GM's own deck and hand limit, at the defaults and at other values."""
    config = SkillsConfig(gm_deck_size=size, gm_hand_limit=limit)
    state = new_state(config)
    gm = owner_of(state, GM)
    assert len(gm.hand) == limit == gm.hand_limit
    assert len(gm.deck) + len(gm.hand) == size
    assert min(gm.deck + gm.hand) == 2 * config.deck_size


@pytest.mark.parametrize(("size", "limit"), [(30, 5), (10, 3), (4, 4)])
def test_sd14_initial_hands_are_dealt_to_the_limit_without_fatigue(size: int, limit: int) -> None:
    """SD-14: each deck is shuffled and everyone draws up to their limit, with no Fatigue."""
    config = SkillsConfig(deck_size=size, hand_limit=limit)
    state = new_state(config)
    for seat, owner in enumerate(state.owners[:-1]):
        assert len(owner.hand) == limit
        assert owner.fatigue == 0
        assert owner.discard == ()
        assert owner.exhausted == ()
        assert sorted(owner.deck + owner.hand) == list(range(seat * size, (seat + 1) * size))


def test_sd14_decks_are_shuffled() -> None:
    """SD-14: the first hands depend on the seed; the same seed deals the same hands."""
    hands = {owner_of(new_state(seed=seed), "ana").hand for seed in range(6)}
    assert len(hands) > 1
    assert new_state(seed=5) == new_state(seed=5)


def test_sd2_limit_lives_per_player_and_lowering_never_discards() -> None:
    """SD-2: a Level card lowers one player's limit; the hand is kept, refills draw less."""
    state = new_state(SkillsConfig())
    state, events = step(state, ChangeHandLimit("ana", -2))
    assert events == (HandLimitChanged("ana", 5, 3),)
    assert owner_of(state, "ana").hand_limit == 3
    assert owner_of(state, "bo").hand_limit == 5
    assert len(owner_of(state, "ana").hand) == 5
    state, events = step(state, StartRound())
    assert len(owner_of(state, "ana").hand) == 5
    assert not [e for e in of_type(events, CardsDrawn) if e.player == "ana"]
    state = arrange(state, "ana", hand=1)
    state, _ = run(state, Activate("ana"), EndActivation("ana"), Activate("goblin"))
    state, _ = run(state, EndActivation("goblin"), Activate("bo"), EndActivation("bo"), EndRound())
    state, _ = step(state, StartRound())
    assert len(owner_of(state, "ana").hand) == 3


def test_sd2_raising_the_limit_draws_more_at_the_next_refill() -> None:
    """SD-2: a raised limit takes effect at the next refill."""
    state, _ = run(new_state(SkillsConfig()), ChangeHandLimit("ana", 2), StartRound())
    assert len(owner_of(state, "ana").hand) == 7
    assert len(owner_of(state, "bo").hand) == 5


@pytest.mark.parametrize(("player", "delta"), [("ana", -6), ("ana", 26), (GM, 26)])
def test_sd2_limit_stays_in_range(player: str, delta: int) -> None:
    """SD-2: a limit below 0 or above the deck size is refused."""
    problem = check(new_state(SkillsConfig()), ChangeHandLimit(player, delta))
    assert problem is not None
    assert (problem.code, problem.rule) == ("skills/hand-limit-out-of-range", "SD-2")
