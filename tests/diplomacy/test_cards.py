"""The catalogue and the closed pool (DP-1, DP-7, DP-8)."""

from __future__ import annotations

from collections import Counter as Tally

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import ConfigError, Rng
from gamefold.diplomacy import DEFAULT_CATALOGUE, CardType, DiplomacyConfig, Kind, Pool
from gamefold.diplomacy.cards import draw, put

TYPES = DiplomacyConfig().cards


def test_dp7_catalogue_has_every_subtype_of_each_kind() -> None:
    subtypes = {kind: {c.subtype for c in DEFAULT_CATALOGUE if c.kind is kind} for kind in Kind}
    assert subtypes[Kind.AGREEMENT] == {
        "Ceasefire",
        "Territory Transfer",
        "Covert Support",
        "Manufacturing Partnership",
    }
    assert subtypes[Kind.VALUE] == {"Troops"}
    assert subtypes[Kind.STANDALONE] == {
        "Betrayal",
        "Forced March",
        "Foreign Aid",
        "Duration Modifier",
        "Trap",
        "Fortify",
        "Siege",
    }


def test_dp7_dp8_each_subtype_comes_in_two_tiers_and_t2_is_rarer_and_worth_more() -> None:
    config = DiplomacyConfig()
    by_name = {c.name: c for c in DEFAULT_CATALOGUE}
    for card in DEFAULT_CATALOGUE:
        if card.tier == 1:
            t2 = by_name[f"{card.subtype} T2"]
            assert t2.points > card.points
            assert config.composition[t2.name] < config.composition[card.name]


def test_dp8_ceasefire_lasts_3_turns_at_t1_and_5_at_t2() -> None:
    by_name = {c.name: c for c in DEFAULT_CATALOGUE}
    assert by_name["Ceasefire T1"].duration == 3
    assert by_name["Ceasefire T2"].duration == 5


def test_dp8_default_composition_and_another() -> None:
    assert len(TYPES) == 92
    assert Tally(c.kind for c in TYPES) == {Kind.AGREEMENT: 24, Kind.VALUE: 40, Kind.STANDALONE: 28}
    small = DiplomacyConfig(composition={"Troops T1": 20, "Siege T2": 2})
    assert [c.name for c in small.cards] == ["Troops T1"] * 20 + ["Siege T2"] * 2


def test_dp8_card_ids_follow_the_catalogue_order() -> None:
    names = [c.name for c in TYPES]
    order = [c.name for c in DEFAULT_CATALOGUE]
    assert names == sorted(names, key=order.index)


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": Kind.AGREEMENT, "duration": 0, "slots": 1},
        {"kind": Kind.VALUE, "slots": 1},
        {"kind": Kind.STANDALONE, "troops": 2},
        {"kind": Kind.VALUE, "troops": -1},
    ],
)
def test_dp8_a_card_type_with_impossible_figures_is_a_config_error(fields: dict) -> None:
    with pytest.raises(ConfigError) as err:
        CardType("Odd", subtype="Odd", tier=1, points=1, **fields)
    assert (err.value.field, err.value.rule) == ("catalogue", "DP-8")


def test_dp1_pool_sorts_cards_by_kind() -> None:
    pool = Pool.of_cards(reversed(range(len(TYPES))), TYPES)
    assert len(pool) == len(TYPES)
    for kind in Kind:
        assert list(pool.of(kind)) == sorted(i for i, c in enumerate(TYPES) if c.kind is kind)


def test_dp1_an_empty_kind_draws_nothing_and_keeps_the_rng() -> None:
    pool = Pool(value=(30, 31))
    rng = Rng.from_seed(3)
    assert draw(pool, Kind.AGREEMENT, rng) == (None, pool, rng)
    assert draw(Pool(), None, rng) == (None, Pool(), rng)


def test_dp1_draw_of_a_kind_takes_only_that_kind() -> None:
    pool = Pool.of_cards(range(len(TYPES)), TYPES)
    card, rest, rng = draw(pool, Kind.STANDALONE, Rng.from_seed(5))
    assert card is not None
    assert TYPES[card].kind is Kind.STANDALONE
    assert card not in rest.standalone
    assert len(rest) == len(pool) - 1
    assert rng != Rng.from_seed(5)


@given(st.integers(0, 2**64 - 1))
def test_dp1_put_returns_a_drawn_card_to_its_sorted_place(seed: int) -> None:
    pool = Pool.of_cards(range(len(TYPES)), TYPES)
    card, rest, _ = draw(pool, None, Rng(seed))
    assert card is not None
    assert put(rest, card, TYPES[card].kind) == pool


def test_dp1_draws_are_uniform_over_the_requested_kind() -> None:
    pool = Pool(agreement=(0, 1, 2), value=(30, 31))
    rng = Rng.from_seed("uniform")
    seen: Tally[int] = Tally()
    for _ in range(3000):
        card, _, rng = draw(pool, Kind.AGREEMENT, rng)
        assert card is not None
        seen[card] += 1
    assert set(seen) == {0, 1, 2}
    assert all(900 < n < 1100 for n in seen.values())


def test_dp6_random_draws_come_from_the_whole_pool() -> None:
    pool = Pool.of_cards(range(len(TYPES)), TYPES)
    rng = Rng.from_seed("whole")
    kinds = set()
    for _ in range(200):
        card, _, rng = draw(pool, None, rng)
        assert card is not None
        kinds.add(TYPES[card].kind)
    assert kinds == set(Kind)
