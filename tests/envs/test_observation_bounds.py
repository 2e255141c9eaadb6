"""The games' own observation ranges: declared from the config, and true under the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.envs.bounds_check import assert_bounds_hold, unbounded

from gamefold.domains import widest
from gamefold.envs import ObservationEncoder
from gamefold.envs.observations import LIMIT
from gamefold.games.base import get_game

GAMES = ("skirmish", "summit", "campaign")


SCENARIOS = [(name, scenario) for name in GAMES for scenario in get_game(name).scenarios()]


@pytest.mark.parametrize(("name", "scenario"), SCENARIOS)
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=8)  # each a game of up to 200 steps, every view encoded twice
def test_no_view_of_random_play_reaches_beyond_the_game_s_ranges(
    name: str, scenario: str, seed: int
) -> None:
    """A declared range is true, in every scenario: every player's view at every state of
    a random game encodes as it would with no range at all (nothing cut), in ``low..high``."""
    cls = get_game(name)
    game = cls(cls.scenarios()[scenario])
    assert assert_bounds_hold(game, [seed], max_steps=200) > 1


@pytest.mark.parametrize("name", GAMES)
def test_the_game_s_ranges_narrow_its_numbers(name: str) -> None:
    """Every game declares ranges, so fewer slots stay at ±2**31 than with none."""
    game = get_game(name)()
    declared, plain = ObservationEncoder(game), ObservationEncoder(unbounded(game))
    assert game.observation_bounds()
    wide = sum(high == LIMIT for high in declared.high)
    assert wide < sum(high == LIMIT for high in plain.high)


def test_ranges_follow_the_config() -> None:
    """A range comes from the config: larger decks (SD-1) and a tougher fighter (CB-11)
    widen the card and hit-point ranges with them."""
    game = get_game("skirmish")()
    bigger = game.variant({"skills.deck_size": 40, "combat.max_hp": 50})
    before, after = game.observation_bounds(), bigger.observation_bounds()
    assert after["hand"][1] - before["hand"][1] == 10 * game.config.party_size
    assert after["hp"] == (0.0, 50.0) != before["hp"]


def test_the_caller_s_bounds_override_the_game_s() -> None:
    game = get_game("skirmish")()
    assert ObservationEncoder(game).bounds["hp"] == game.observation_bounds()["hp"]
    assert ObservationEncoder(game, bounds={"hp": (0, 99)}).bounds["hp"] == (0.0, 99.0)


def test_widest_joins_two_subsystems_ranges() -> None:
    joined = widest({"hand": (0.0, 88.0), "round": (0.0, 6.0)}, {"hand": (0.0, 119.0)})
    assert joined == {"hand": (0.0, 119.0), "round": (0.0, 6.0)}


def test_a_length_takes_its_range_under_len_of_its_name() -> None:
    """``len(NAME)`` bounds the length slot of the variable-length field NAME, not its
    items; a longer one is written as the end, as a number beyond its range is."""
    game = get_game("skirmish")()
    deck = max(game.config.skills.deck_size, game.config.skills.gm_deck_size)  # SD-1, SD-7
    assert game.observation_bounds()["len(hand)"] == (0.0, float(deck))
    view = game.rules.view(game.setup(1), "ana")
    held = len(view.skills.owners[0].hand)
    wide, narrow = ObservationEncoder(game), ObservationEncoder(game, bounds={"len(hand)": (0, 1)})
    assert held > 1
    changed = [i for i, (a, b) in enumerate(zip(wide.high, narrow.high, strict=True)) if a != b]
    assert changed
    assert all(narrow.high[i] == 1.0 and wide.high[i] == deck for i in changed)
    numbers, cut = wide.encode(view), narrow.encode(view)
    assert held in [numbers[i] for i in changed]
    assert all(cut[i] == min(numbers[i], 1.0) for i in changed)
