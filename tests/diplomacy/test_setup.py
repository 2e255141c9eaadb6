"""Setup (DP-2) and the closed pool at the start (DP-1)."""

from __future__ import annotations

import pytest
from tests.diplomacy.helpers import table

from gamefold import ConfigError, Rng
from gamefold.diplomacy import DiplomacyConfig, Kind, initial_state
from gamefold.diplomacy.invariants import violations


def test_dp2_each_player_starts_with_3_tier_1_troop_cards() -> None:
    state = table()
    types = state.config.cards
    for player in state.players:
        assert len(player.hand) == 3
        assert all(types[c].kind is Kind.VALUE and types[c].tier == 1 for c in player.hand)
    assert violations(state) == []


def test_dp2_starting_hand_and_tier_are_config_fields() -> None:
    config = DiplomacyConfig(starting_hand=5, starting_tier=2)
    state = initial_state(config, ["ann", "bob"], 3)
    for player in state.players:
        assert len(player.hand) == 5
        assert {config.cards[c].name for c in player.hand} == {"Troops T2"}


def test_dp1_every_other_card_starts_in_the_pool() -> None:
    state = table()
    dealt = sum(len(p.hand) for p in state.players)
    assert len(state.pool) + dealt == len(state.config.cards)
    assert len(state.pool.value) == 40 - dealt


def test_dp2_the_deal_is_random_but_seeded() -> None:
    config = DiplomacyConfig()
    hands = {initial_state(config, ["a", "b"], seed).players[0].hand for seed in range(8)}
    assert len(hands) > 1
    assert initial_state(config, ["a", "b"], "s") == initial_state(config, ["a", "b"], "s")


def test_dp2_en3_every_card_dealt_draws_on_the_stream() -> None:
    """DP-2, EN-3: each starting card is a fresh draw from the state's RNG: the stream moves
    on with every card dealt, so a longer deal leaves it elsewhere."""
    start = Rng.from_seed(5)
    rngs = {
        initial_state(DiplomacyConfig(starting_hand=n), ["a", "b"], start).rng for n in (1, 2, 3)
    }
    assert start not in rngs
    assert len(rngs) == 3


def test_seed_int_or_str_is_split_for_diplomacy_and_an_rng_is_used_as_is() -> None:
    config = DiplomacyConfig()
    assert initial_state(config, ["a"], 9) == initial_state(
        config, ["a"], Rng.from_seed(9).split("diplomacy")
    )
    # EN-3: without a seed, the table's stream is seed 0's.
    assert initial_state(config, ["a"]) == initial_state(config, ["a"], 0)
    assert initial_state(config, ["a"]) != initial_state(config, ["a"], 1)


def test_dp2_too_few_starting_troops_for_the_players_is_a_config_error() -> None:
    config = DiplomacyConfig(composition={"Troops T1": 5})
    with pytest.raises(ConfigError) as err:
        initial_state(config, ["a", "b"])
    assert (err.value.field, err.value.rule) == ("composition", "DP-2")
    assert str(err.value.args[0]) == "2 players need 6 Tier 1 Value cards, the composition has 5"
    assert len(initial_state(config, ["a"]).players[0].hand) == 3
    # Only Value cards of the starting tier deal: Tier 1 cards of other kinds do not count.
    mixed = DiplomacyConfig(composition={"Troops T1": 5, "Siege T1": 3, "Ceasefire T1": 3})
    with pytest.raises(ConfigError) as err:
        initial_state(mixed, ["a", "b"])
    assert str(err.value.args[0]) == "2 players need 6 Tier 1 Value cards, the composition has 5"


_SEQUENCE = "a game needs a sequence of one or more players"
_NAMES = "players are distinct, non-empty names"


@pytest.mark.parametrize(
    ("players", "sentence"),
    [
        ([], _SEQUENCE),
        ("ab", _SEQUENCE),
        (["a", "a"], _NAMES),
        (["a", ""], _NAMES),
        (["a", 3], _NAMES),
    ],
)
def test_en4_players_are_distinct_non_empty_names(players: object, sentence: str) -> None:
    """EN-4: a table's players are a sequence (not a string) of distinct, non-empty names;
    the refusal names the field and says which."""
    with pytest.raises(ConfigError) as err:
        initial_state(DiplomacyConfig(), players)  # type: ignore[arg-type]
    assert (err.value.field, err.value.rule, str(err.value.args[0])) == (
        "players",
        "EN-4",
        sentence,
    )
