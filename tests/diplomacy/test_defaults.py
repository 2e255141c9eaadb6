"""The defaults RULES.md names, as config fields at their default and another value
(DP-1 empty kind, DP-3 resolution, DP-9 accepted cards, DP-13 all locked), the
catalogue's validation, and DP-13's random destruction (statistical, fixed seeds)."""

from __future__ import annotations

import pytest
from tests.diplomacy.helpers import arrange, begin, end, hand, ids_of, of_type, table

from gamefold import ConfigError, replace
from gamefold.diplomacy import (
    DEFAULT_CATALOGUE,
    DEFAULT_COMPOSITION,
    Accept,
    CardDestroyed,
    CardEarned,
    CardForfeited,
    CardType,
    Counter,
    DiplomacyConfig,
    DiplomacyState,
    DrawFailed,
    Kind,
    Pool,
    Propose,
    Ticks,
    step,
)
from gamefold.diplomacy.invariants import violations


def _with_ticks(state: DiplomacyState, player: str, **quarters: int) -> DiplomacyState:
    players = tuple(
        replace(p, ticks=replace(p.ticks, **quarters)) if p.player == player else p
        for p in state.players
    )
    return replace(state, players=players)


@pytest.mark.parametrize(("empty_kind", "drawn"), [("keep", False), ("any", True)])
def test_dp1_empty_kind_keeps_the_ticks_or_draws_any_card(empty_kind: str, drawn: bool) -> None:
    no_standalone = {
        name: copies
        for name, copies in DEFAULT_COMPOSITION.items()
        if not any(c.name == name and c.kind is Kind.STANDALONE for c in DEFAULT_CATALOGUE)
    }
    config = DiplomacyConfig(composition=no_standalone, empty_kind=empty_kind)
    state = _with_ticks(table(config), "ann", standalone=60)
    state, events = begin(state)
    earned = of_type(events, CardEarned)
    assert bool(earned) is drawn
    assert bool(of_type(events, DrawFailed)) is not drawn
    ann = state.players[0]
    assert ann.ticks.standalone == (0 if drawn else 60)
    assert violations(state) == []


@pytest.mark.parametrize(("unit", "earned"), [(4, 0), (2, 1)])
def test_dp3_quarters_per_tick_sets_the_counters_resolution(unit: int, earned: int) -> None:
    # 30 units: 7.5 ticks at the default quarter-ticks, 15 ticks (a card) at half-ticks.
    state = _with_ticks(table(DiplomacyConfig(quarters_per_tick=unit)), "ann", value=30)
    state, events = begin(state)
    assert len(of_type(events, CardEarned)) == earned


@pytest.mark.parametrize(("fate", "to_partner"), [("pool", 0), ("partner", 2)])
def test_dp9_accepted_cards_go_to_the_pool_or_the_partner(fate: str, to_partner: int) -> None:
    config = DiplomacyConfig(accepted_cards=fate)
    cf, troop = ids_of(config, "Ceasefire T1")[0], ids_of(config, "Troops T2")[0]
    state = arrange(table(config), {"ann": (cf, troop)})
    bob_before = len(hand(state, "bob"))
    state, _ = begin(state)
    state = step(state, Propose("ann", "bob", cf, (troop,)))[0]
    state = step(state, Accept("bob", 0))[0]
    assert len(hand(state, "bob")) == bob_before + to_partner
    assert (cf in state.pool.agreement) is (to_partner == 0)
    assert violations(state) == []


def _all_locked(config: DiplomacyConfig) -> DiplomacyState:
    """ann at the limit with every held card locked in proposals, 60 Value quarters due."""
    cf = ids_of(config, "Ceasefire T2") + ids_of(config, "Covert Support T2")
    cf = cf[:4] + ids_of(config, "Manufacturing Partnership T2")[:1]
    troops = ids_of(config, "Troops T1")[:10]
    state = arrange(table(config), {"ann": (*cf, *troops)})
    state, _ = begin(state)
    for n, agreement in enumerate(cf):
        to = ("bob", "cy")[n % 2]
        state = step(state, Propose("ann", to, agreement, tuple(troops[2 * n : 2 * n + 2])))[0]
    state = end(state)
    for _ in range(2):
        state = end(begin(state)[0])
    return _with_ticks(state, "ann", value=60)


@pytest.mark.parametrize(("all_locked", "kept"), [("forfeit", False), ("keep", True)])
def test_dp13_all_locked_forfeits_or_keeps_the_new_card(all_locked: str, kept: bool) -> None:
    config = DiplomacyConfig(hand_limit=15, proposal_ttl=2, all_locked=all_locked)
    state, events = begin(_all_locked(config))
    assert bool(of_type(events, CardForfeited)) is not kept
    assert bool(of_type(events, CardEarned)) is kept
    assert len(hand(state, "ann")) == int(kept)
    if kept:  # the event names who earned which card, on which counter
        (card,) = hand(state, "ann")
        assert of_type(events, CardEarned) == [CardEarned("ann", Counter.VALUE, card)]
    assert violations(state) == []


def test_dp13_the_destroyed_card_is_uniformly_random_among_unlocked_cards() -> None:
    """Over 800 fixed seeds, the destroyed card's place in the unlocked hand is uniform
    (chi-square, 9 degrees of freedom, under the 0.1 % critical value 27.88), and a locked
    card is never destroyed. Always destroying the oldest card fails it."""
    config = DiplomacyConfig(hand_limit=12, proposal_ttl=2)
    cf, troops = ids_of(config, "Ceasefire T1")[0], ids_of(config, "Troops T1")
    held = (cf, *troops[:11])
    counts = [0] * 10
    for seed in range(800):
        state = arrange(table(config, seed=seed), {"ann": held})
        state, _ = begin(state)
        state = step(state, Propose("ann", "bob", cf, (troops[0],)))[0]
        state = end(state)
        for _ in range(2):
            state = end(begin(state)[0])
        unlocked = hand(state, "ann")
        assert len(unlocked) == 10
        state, events = begin(_with_ticks(state, "ann", value=60))
        (destroyed,) = of_type(events, CardDestroyed)
        assert destroyed.player == "ann"  # the event names whose card it was
        assert destroyed.card not in (cf, troops[0])
        counts[unlocked.index(destroyed.card)] += 1
    expected = 800 / 10
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 27.88, counts


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"tier": "1"}, "catalogue"),
        ({"kind": "value"}, "catalogue"),
        ({"points": 1.5}, "catalogue"),
    ],
)
def test_dp8_a_malformed_card_type_is_refused_when_built(changes: dict, field: str) -> None:
    base = {"name": "Odd", "kind": Kind.VALUE, "subtype": "Troops", "tier": 1, "points": 1}
    with pytest.raises(ConfigError) as err:
        CardType(**{**base, **changes})
    assert err.value.field == field


def test_dp8_a_catalogue_entry_that_is_not_a_card_type_is_refused_naming_the_field() -> None:
    with pytest.raises(ConfigError) as err:
        DiplomacyConfig(catalogue=(*DEFAULT_CATALOGUE, ("Troops T3", "value")))
    assert (err.value.field, err.value.rule) == ("catalogue", "DP-8")


def test_defaults_are_the_documented_ones() -> None:
    config = DiplomacyConfig()
    assert (config.empty_kind, config.accepted_cards, config.all_locked) == (
        "keep",
        "pool",
        "forfeit",
    )
    assert config.quarters_per_tick == 4
    assert Ticks() == Ticks(0, 0, 0, 0)
    assert Pool() == Pool()


@pytest.mark.parametrize(
    ("changes", "field", "rule"),
    [
        ({"secret_agreements": "Covert Support"}, "secret_agreements", "EN-9"),
        ({"secret_agreements": ("Covert Suport",)}, "secret_agreements", "EN-9"),
        ({"secret_agreements": ("Troops",)}, "secret_agreements", "EN-9"),
        ({"bonus_zones": "Harbour"}, "bonus_zones", "DP-5"),
        ({"composition": "Troops T1"}, "composition", "DP-8"),
        ({"composition": None}, "composition", "DP-8"),
    ],
)
def test_en4_a_plain_string_or_an_unknown_subtype_is_refused_naming_the_field(
    changes: dict, field: str, rule: str
) -> None:
    """A string where a tuple or a mapping belongs would be read letter by letter, and a
    secret subtype the catalogue lacks would silently keep nothing secret: both are refused
    when the config is built."""
    with pytest.raises(ConfigError) as err:
        DiplomacyConfig(**changes)
    assert (err.value.field, err.value.rule) == (field, rule)
