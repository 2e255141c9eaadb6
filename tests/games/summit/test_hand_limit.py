"""The hand limit in a summit: its default (DP-13) and discards that make room (SM-15)."""

from __future__ import annotations

import attrs
import pytest
from tests.games.summit.helpers import act, dip, first_turn, give, of_type, until_turn

from gamefold import ConfigError
from gamefold.diplomacy import CardDestroyed, CardDiscarded, Discard, Propose, held_count
from gamefold.games.summit import (
    DIPLOMACY,
    SUMMIT_HAND_LIMIT,
    Scenario,
    Summit,
    SummitConfig,
    default_diplomacy,
)
from gamefold.registry import Game
from gamefold.testing import assert_refused

TROOPS = ["Troops T1"] * 12


def _summit(hand_limit: int = SUMMIT_HAND_LIMIT, **scenario: object) -> Summit:
    diplomacy = attrs.evolve(default_diplomacy(), hand_limit=hand_limit)
    return Summit(SummitConfig(diplomacy=diplomacy, scenario=Scenario(**scenario)))


def _holding(game: Summit, count: int, extra: tuple[str, ...] = ()) -> tuple[Game, list[int]]:
    return give(first_turn(game), "p1", [*extra, *TROOPS[: count - len(extra)]])


def test_dp13_a_default_summit_plays_with_a_hand_limit_of_10() -> None:
    """DP-13 allows 10 to 20; summit's default is 10, so that the limit binds in play."""
    assert SUMMIT_HAND_LIMIT == 10
    assert SummitConfig().diplomacy.hand_limit == 10
    assert SummitConfig(diplomacy=attrs.evolve(default_diplomacy(), hand_limit=15))
    with pytest.raises(ConfigError) as err:
        attrs.evolve(default_diplomacy(), hand_limit=9)
    assert (err.value.field, err.value.rule) == ("hand_limit", "DP-13")


@pytest.mark.parametrize("limit", [10, 12])
def test_sm15_a_discard_below_the_hand_limit_is_refused_and_not_listed(limit: int) -> None:
    game = _summit(limit)
    state, hand = _holding(game, limit - 1)
    err = assert_refused(game, state, Discard("p1", hand[0]))
    assert err is not None
    assert (err.code, err.rule) == ("summit/hand-not-full", "SM-15")
    assert err.action == Discard("p1", hand[0])
    assert err.message == (
        f"You discard only to make room, holding {limit} cards (locked ones count)."
    )
    assert not [a for a in game.rules.legal_actions(state, "p1") if isinstance(a, Discard)]


@pytest.mark.parametrize("limit", [10, 12])
def test_sm15_at_the_hand_limit_every_unlocked_card_may_be_discarded(limit: int) -> None:
    game = _summit(limit)
    state, hand = _holding(game, limit)
    listed = [a for a in game.rules.legal_actions(state, "p1") if isinstance(a, Discard)]
    assert listed == [Discard("p1", card) for card in hand]
    after, events = act(game, state, Discard("p1", hand[3]))
    assert CardDiscarded("p1", hand[3]) in events
    assert held_count(dip(after), 0) == limit - 1


def test_sm15_dp13_locked_cards_count_toward_the_limit_a_discard_makes_room_for() -> None:
    game = _summit()
    state, hand = _holding(game, 10, ("Ceasefire T1",))
    state, _ = act(game, state, Propose("p1", "p2", hand[0], (hand[1],)))
    assert len(dip(state).players[0].hand) == 8  # two cards locked, ten held
    after, events = act(game, state, Discard("p1", hand[2]))
    assert CardDiscarded("p1", hand[2]) in events
    err = assert_refused(game, after, Discard("p1", hand[3]))
    assert err is not None
    assert err.rule == "SM-15"


def test_sm15_discard_at_limit_off_lets_any_card_go_any_time_in_ones_turn() -> None:
    game = _summit(discard_at_limit=False)
    state, hand = _holding(game, 3)
    assert Discard("p1", hand[0]) in game.rules.legal_actions(state, "p1")
    _, events = act(game, state, Discard("p1", hand[0]))
    assert CardDiscarded("p1", hand[0]) in events


def test_sm15_dp13_a_full_hand_loses_a_random_card_unless_a_discard_made_room() -> None:
    """At the limit a card earned destroys one at random (DP-13); a discard chose one."""
    game = _summit(deal="in-order")  # p1 holds no bonus zone: only the Value card comes
    state, hand = _holding(game, 10)
    table = dip(state)
    me = table.players[0]
    ready = attrs.evolve(me, ticks=attrs.evolve(me.ticks, value=15 * 4))
    state = state.with_slice(DIPLOMACY, attrs.evolve(table, players=(ready, *table.players[1:])))
    kept, events = until_turn(game, state, "p1")
    assert len(of_type(events, CardDestroyed)) == 1
    assert held_count(dip(kept), 0) == 10
    room, _ = act(game, state, Discard("p1", hand[0]))
    made, events = until_turn(game, room, "p1")
    assert of_type(events, CardDestroyed) == []
    assert held_count(dip(made), 0) == 10


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_sm15_sm16_the_switches_are_booleans(value: object) -> None:
    for field, rule in (("discard_at_limit", "SM-15"), ("needs_pact", "SM-16")):
        with pytest.raises(ConfigError) as err:
            Scenario(**{field: value})  # type: ignore[arg-type]
        assert (err.value.field, err.value.rule) == (field, rule)
