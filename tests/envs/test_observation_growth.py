"""The counters no rule caps: their growth an action, and the ranges an env's horizon gives."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.envs.bounds_check import unbounded
from tests.envs.slots import slot_paths

from gamefold import ConfigError, combat
from gamefold.domains import EXACT
from gamefold.envs import ObservationEncoder, aec_env, gym_env
from gamefold.envs.observations import LIMIT
from gamefold.games import GameDef, get_game, play


def _name(path: str) -> str | None:
    """The field name that ranges the slot at ``path`` (``None`` for a presence flag):
    ``combat.combatants[].ward`` is ``ward``, ``skills.owners[].modifiers.len`` is
    ``len(modifiers)``."""
    if path.endswith("?"):
        return None
    parts = path.replace("[]", "").split(".")
    return f"len({parts[-2]})" if parts[-1] == "len" else parts[-1]


def _grown_slots(game: GameDef[Any]) -> list[tuple[int, tuple[float, float, float]]]:
    """Each slot of ``game``'s observation that one of its growths names, with that growth."""
    growth = game.observation_growth()
    named = [(i, _name(path)) for i, (path, _) in enumerate(slot_paths(game))]
    return [(i, growth[name]) for i, name in named if name in growth]


def assert_growth_holds(game: GameDef[Any], seed: int, max_steps: int) -> int:
    """After ``n`` actions of a random game (clock actions included), every grown number of
    every player's view lies in ``low .. start + n * step``: the contract of
    ``GameDef.observation_growth``, checked action by action. Returns the values checked."""
    raw = ObservationEncoder(unbounded(game))
    grown = _grown_slots(game)
    checked = 0
    for n, state in enumerate(play(game, seed, max_steps=max_steps).states):
        for player in game.players(state):
            numbers = raw.encode(game.rules.view(state, player))
            for i, (low, start, step) in grown:
                assert low <= numbers[i] <= start + n * step, (game.name, seed, n, i, numbers[i])
                checked += 1
    return checked


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=8)  # each a game of up to 150 actions, every view encoded
@pytest.mark.parametrize("scenario", sorted(get_game("skirmish").scenarios()))
def test_sk9_a_fight_s_counters_grow_at_most_their_step_an_action(scenario: str, seed: int) -> None:
    """SK-9: nothing caps a fight's length, yet after ``n`` actions its Rounds (SD-13),
    exchanges (CB-10), wards and edges (SK-5, SK-16, SK-17), Burn modifiers (SD-12) and
    tallies are at most ``n`` steps of their growth, in every scenario."""
    cls = get_game("skirmish")
    game = cls(cls.scenarios()[scenario])
    assert assert_growth_holds(game, seed, max_steps=150) > 0


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=3)  # each a campaign of up to 300 actions, battles included
def test_cp1_the_war_s_counters_grow_at_most_their_step_an_action(seed: int) -> None:
    """CP-1: nothing caps a turn's battles, yet after ``n`` actions the battles, their
    tallies and the Rounds are at most ``n`` steps of their growth."""
    game = get_game("campaign")()
    assert assert_growth_holds(game, seed, max_steps=300) > 0


def test_the_growth_names_every_counter_the_bounds_leave_out() -> None:
    """Skirmish's and the campaign's growths name the slots no range covers (the matrix
    names them), and only numbers: each one's step is positive."""
    for name in ("skirmish", "campaign"):
        game = get_game(name)()
        grown = _grown_slots(game)
        assert grown
        assert all(step > 0 and low <= start for _, (low, start, step) in grown)


def test_the_growth_follows_the_config() -> None:
    """A larger ``dodge_shield`` (SK-15) grows a ward faster, and the damage tallies with
    it (the ward is an edge's match); a resolution's blows are a fighter's each, at most
    the largest damage an ability names (CB-8, CB-10)."""
    game = get_game("skirmish")()
    base = game.observation_growth()
    harder = game.variant({"dodge_shield": 9}).observation_growth()
    assert harder["ward"][2] == 9.0 > base["ward"][2]
    assert (
        harder["damage_dealt"][2] - base["damage_dealt"][2] == harder["ward"][2] - base["ward"][2]
    )
    fighters = len(game.config.fighters())
    blow = combat.most_damage(game.config.combat_config())
    assert blow >= 4  # CB-8: Attack's 4 on a win
    assert base["damage_dealt"][2] == fighters * blow + base["edge"][2]


def test_without_a_horizon_the_growth_is_left_out() -> None:
    """By default an encoder knows nothing of how long a game runs: a counter the rules do
    not cap keeps the envs' widest range."""
    game = get_game("skirmish")()
    assert ObservationEncoder(game).horizon is None
    assert ObservationEncoder(game).bounds.get("exchange") is None
    assert LIMIT in ObservationEncoder(game).high


@pytest.mark.parametrize("horizon", [1, 40, 10_000])
def test_a_horizon_ranges_each_counter_to_its_growth(horizon: int) -> None:
    """A horizon of ``h`` actions gives each grown field ``(low, start + h * step)``."""
    game = get_game("skirmish")()
    encoder = ObservationEncoder(game, horizon=horizon)
    assert encoder.horizon == horizon
    for name, (low, start, step) in game.observation_growth().items():
        assert encoder.bounds[name] == (low, max(start + horizon * step, low + 1))
    assert encoder.bounds["exchange"] == (0.0, float(horizon))
    assert LIMIT not in encoder.high


def test_a_name_takes_the_widest_of_its_range_and_its_growth() -> None:
    """A name may range one field and grow another (a name covers every field so named):
    a short horizon keeps the declared range, a long one widens it."""
    skirmish = get_game("skirmish")

    class Capped(skirmish):  # type: ignore[misc, valid-type]
        def observation_bounds(self) -> dict[str, tuple[float, float]]:
            return {**super().observation_bounds(), "exchange": (0.0, 12.0)}

    game = Capped()
    assert ObservationEncoder(game, horizon=5).bounds["exchange"] == (0.0, 12.0)
    assert ObservationEncoder(game, horizon=50).bounds["exchange"] == (0.0, 50.0)


def test_the_caller_s_bounds_still_win_over_the_growth() -> None:
    game = get_game("skirmish")()
    encoder = ObservationEncoder(game, horizon=100, bounds={"exchange": (0, 7)})
    assert encoder.bounds["exchange"] == (0.0, 7.0)


@pytest.mark.parametrize("horizon", [0, -1, 2.5, "10", True, 1_000_001])
def test_a_bad_horizon_is_a_config_error(horizon: Any) -> None:
    with pytest.raises(ConfigError, match="horizon is a whole number from 1 to"):
        ObservationEncoder(get_game("skirmish")(), horizon=horizon)


def test_a_horizon_past_float32_s_exact_range_names_max_steps_and_its_most() -> None:
    """A horizon that would grow a counter past 2**24 (float32's whole numbers) is refused
    with the most ``max_steps`` the game allows, which itself is fine."""
    game = get_game("skirmish")()
    fastest = max(step for _, _, step in game.observation_growth().values())
    most = int(EXACT // fastest)
    ObservationEncoder(game, horizon=most)
    with pytest.raises(ConfigError, match=f"max_steps up to {most:,}") as raised:
        ObservationEncoder(game, horizon=most + 1)
    assert raised.value.field == "max_steps"
    with pytest.raises(ConfigError, match="max_steps"):
        gym_env(game, "ana", max_steps=most + 1)


def test_the_default_max_steps_stays_within_float32_for_every_shipped_game() -> None:
    """10,000 actions, the envs' default, keeps every shipped game's counters exact."""
    for name in ("skirmish", "summit", "campaign"):
        cls = get_game(name)
        for scenario in cls.scenarios().values():
            ObservationEncoder(cls(scenario), horizon=10_000)


def test_the_envs_give_their_max_steps_as_the_horizon() -> None:
    """PettingZoo's and Gymnasium's envs range the counters by their own ``max_steps``."""
    game = get_game("skirmish")()
    assert aec_env(game, max_steps=50).unwrapped.encoder.bounds["exchange"] == (0.0, 50.0)
    assert gym_env(game, "ana", max_steps=60).unwrapped.encoder.bounds["exchange"] == (0.0, 60.0)


def test_a_game_without_the_hook_grows_nothing() -> None:
    """A game that declares no growth (``GameDef``'s default) is served as before: its
    counters keep their ranges, or the widest, whatever the horizon."""
    skirmish = get_game("skirmish")

    class HouseRules(skirmish):  # type: ignore[misc, valid-type]
        observation_growth = GameDef.observation_growth  # as a game written before it

    game = HouseRules()
    assert game.observation_growth() == {}
    with_horizon, without = ObservationEncoder(game, horizon=50), ObservationEncoder(game)
    assert (with_horizon.low, with_horizon.high) == (without.low, without.high)
    assert assert_growth_holds(game, 1, max_steps=20) == 0
