"""The catalogue and the closed pool (DP-1, DP-7, DP-8)."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold import ConfigError, Rng
from gamefold.diplomacy import DEFAULT_CATALOGUE, CardType, DiplomacyConfig, Kind, Pool, cards
from gamefold.diplomacy.cards import DEFAULT_COMPOSITION, draw, put

TYPES = DiplomacyConfig().cards

# The documented subtypes (DP-7), and each agreement's durations by tier (DP-8).
_AGREEMENT_DURATIONS = {
    "Ceasefire": (3, 5),
    "Territory Transfer": (1, 1),
    "Covert Support": (3, 5),
    "Manufacturing Partnership": (4, 6),
}
_STANDALONES = (
    "Betrayal",
    "Forced March",
    "Foreign Aid",
    "Duration Modifier",
    "Trap",
    "Fortify",
    "Siege",
)


def test_dp7_catalogue_has_every_subtype_of_each_kind() -> None:
    subtypes = {kind: {c.subtype for c in DEFAULT_CATALOGUE if c.kind is kind} for kind in Kind}
    assert subtypes[Kind.AGREEMENT] == set(_AGREEMENT_DURATIONS)
    assert subtypes[Kind.VALUE] == {"Troops"}
    assert subtypes[Kind.STANDALONE] == set(_STANDALONES)


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


def _card_refusal(**fields: object) -> tuple[str, str, str]:
    given_fields = {"name": "Odd", "kind": Kind.STANDALONE, "subtype": "Odd", "tier": 1}
    given_fields["points"] = 1
    given_fields.update(fields)
    with pytest.raises(ConfigError) as caught:
        CardType(**given_fields)  # type: ignore[arg-type]
    return caught.value.field, caught.value.rule, str(caught.value.args[0])


@pytest.mark.parametrize(
    ("fields", "sentence"),
    [
        ({"kind": "value"}, "Odd: kind is a Kind, not 'value'"),
        ({"points": 1.5}, "Odd: points is an integer, not 1.5"),
        ({"tier": True}, "Odd: tier is an integer, not True"),
        ({"name": 7}, "7: name and subtype are strings"),
        ({"subtype": None}, "'Odd': name and subtype are strings"),
        ({"tier": -1}, "Odd: tier, points and figures are never negative"),
        ({"points": -1}, "Odd: tier, points and figures are never negative"),
        ({"kind": Kind.VALUE, "troops": -2}, "Odd: tier, points and figures are never negative"),
        (
            {"kind": Kind.AGREEMENT, "slots": -1, "duration": 1},
            "Odd: tier, points and figures are never negative",
        ),
        (
            {"kind": Kind.AGREEMENT, "slots": 1, "duration": -1},
            "Odd: tier, points and figures are never negative",
        ),
        (
            {"kind": Kind.AGREEMENT, "slots": 1},
            "Odd: an Agreement card's pact lasts 1 turn or more",
        ),
        ({"duration": 2}, "Odd: only Agreement cards have slots and duration"),
        ({"kind": Kind.VALUE, "slots": 1}, "Odd: only Agreement cards have slots and duration"),
        ({"troops": 3}, "Odd: only Value cards carry troops"),
    ],
)
def test_en4_dp8_a_card_type_is_refused_with_a_sentence_naming_the_card(
    fields: dict, sentence: str
) -> None:
    """DP-8/EN-4: an impossible printed card is a catalogue ConfigError that names the card
    and says what is wrong, each figure checked on its own."""
    assert _card_refusal(**fields) == ("catalogue", "DP-8", sentence)


# Every default card type (DP-7, DP-8): kind, tier, points, troops, slots, duration, copies.
def _documented_catalogue() -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for subtype, (short, long_) in _AGREEMENT_DURATIONS.items():
        rows.append((f"{subtype} T1", Kind.AGREEMENT, subtype, 1, 1, 0, 1, short, 4))
        rows.append((f"{subtype} T2", Kind.AGREEMENT, subtype, 2, 2, 0, 2, long_, 2))
    rows.append(("Troops T1", Kind.VALUE, "Troops", 1, 1, 3, 0, 0, 30))
    rows.append(("Troops T2", Kind.VALUE, "Troops", 2, 2, 6, 0, 0, 10))
    for subtype in _STANDALONES:
        rows.append((f"{subtype} T1", Kind.STANDALONE, subtype, 1, 1, 0, 0, 0, 3))
        rows.append((f"{subtype} T2", Kind.STANDALONE, subtype, 2, 2, 0, 0, 0, 1))
    return rows


def _rows(catalogue: Sequence[CardType], copies: Callable[[CardType], int]) -> list[tuple]:
    fields = ("name", "kind", "subtype", "tier", "points", "troops", "slots", "duration")
    return [(*(getattr(c, f) for f in fields), copies(c)) for c in catalogue]


def test_dp7_dp8_the_default_catalogue_is_the_documented_table() -> None:
    """DP-7/DP-8: every default card type's figures and copies, in catalogue order (ids
    follow it). The catalogue is built once at import; its builders are called here too,
    so that the figures are pinned where they are computed."""
    expected = _documented_catalogue()
    assert _rows(DEFAULT_CATALOGUE, lambda c: DEFAULT_COMPOSITION[c.name]) == expected
    assert _rows(cards._default_catalogue(), cards._default_copies) == expected
