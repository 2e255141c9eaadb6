"""Many seeded skirmishes, random and greedy, several party sizes, played to their end.

After every step of every game, every slice invariant and every cross-slice invariant holds
(SK-4 … SK-7); at the end the outcome has the same columns for every player and names
winners on exactly one side (nobody only in a draw, or when the game was cut off).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gamefold.combat import Afflict, Condition, ExchangeRevealed
from gamefold.core import Action
from gamefold.games import Played, play
from gamefold.games.skirmish import LeftTheFight, Skirmish, SkirmishConfig, outcome
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.sim import simulate
from gamefold.skills import ChangeHandLimit, DefeatUnit, RoundStarted, SkillsConfig
from gamefold.skills.catalogue import DEFAULT_DECK

from .support import assert_sound

CAP = 3000
COLUMNS = {
    "winner",
    "result",
    "side",
    "fled",
    "alive",
    "died",
    "cause",
    "standing",
    "hp",
    "damage_dealt",
    "damage_taken",
    "damage_prevented",
    "fatigue",
    "death_round",
    "fell_round",
    "stress",
    "cards_played",
    "cards_burned",
    "cards_paid",
    "reactions",
}
CASES = [(policy, size) for policy in ("random", "greedy") for size in (1, 2, 3, 4)]


def _play(size: int, policy: str, seed: int) -> tuple[Skirmish, Played]:
    game_def = Skirmish(SkirmishConfig(party_size=size))
    return game_def, play(game_def, seed, game_def.policies()[policy], max_steps=CAP)


def _exchanges_per_round(played: Played) -> Counter[int]:
    """Exchanges resolved in each Round, for Rounds where nobody left the fight mid-Round."""
    counts: Counter[int] = Counter()
    spoiled: set[int] = set()
    round_ = 0
    for events in played.events:
        for e in events:
            round_ = e.round if isinstance(e, RoundStarted) else round_
            if isinstance(e, ExchangeRevealed):
                counts[round_] += 1
            if isinstance(e, LeftTheFight):
                spoiled.add(round_)
    return Counter({r: n for r, n in counts.items() if r not in spoiled})


def _check_outcome(game_def: Skirmish, played: Played) -> dict[str, dict[str, Any]]:
    rows = game_def.outcome(played.final)
    assert list(rows) == list(game_def.players(played.final))
    for row in rows.values():
        assert set(row) == COLUMNS
        assert row["died"] is not row["alive"] or row["side"] == "enemies"
    sides = {row["side"] for row in rows.values() if row["winner"]}
    ending = played.final["combat"].ending
    if ending is not None and ending.value != "draw":
        assert len(sides) == 1
    else:
        assert sides == set()
    dealt = sum(r["damage_dealt"] for p, r in rows.items() if p != "gm")
    assert dealt == rows["gm"]["damage_taken"]
    return rows


@pytest.mark.parametrize(("policy", "size"), CASES)
def test_seeded_games_run_to_their_end_soundly(policy: str, size: int) -> None:
    """SK-1 … SK-9: five seeded games per case, 40 in all, end within the step cap with
    every invariant holding after every step, and one exchange a Round."""
    for seed in range(5):
        game_def, played = _play(size, policy, seed)
        assert played.finished, f"seed {seed} hit the step cap"
        for state in played.states:
            assert_sound(game_def, state)
        assert set(_exchanges_per_round(played).values()) <= {1}
        _check_outcome(game_def, played)


def test_sk9_a_game_cut_off_by_the_step_cap_has_no_winner() -> None:
    """SK-9: cut off before its end, a game reports every column and nobody winning."""
    game_def = Skirmish()
    played = play(game_def, 5, max_steps=40)
    assert not played.finished
    rows = outcome(game_def.config, played.final)
    assert all(set(row) == COLUMNS for row in rows.values())
    assert not any(row["winner"] for row in rows.values())
    assert {row["result"] for row in rows.values()} == {"unfinished"}


def test_greedy_play_both_sides_win_sometimes_and_the_party_sometimes_flees() -> None:
    """The default game is a contest: over 40 greedy games each side wins some, and the
    greedy party flees when losing badly (CB-13)."""
    results: Counter[str] = Counter()
    game_def = Skirmish()
    for seed in range(40):
        played = play(game_def, seed, game_def.policies()["greedy"], keep_states=False)
        results[game_def.outcome(played.final)["ana"]["result"]] += 1
    assert results["won"] >= 5
    assert results["lost"] + results["fled"] >= 5
    assert results["fled"] >= 1


def test_the_simulation_frame_has_one_row_per_game_and_player_with_the_outcome() -> None:
    """The sim's DataFrame: one row per game and player, the outcome columns after its own."""
    frame = simulate(Skirmish(), games=4, seed=3, policies="greedy", progress=False)
    assert len(frame) == 4 * 4
    assert set(frame.columns) >= COLUMNS
    assert list(frame["player"][:4]) == ["ana", "bo", "cy", "gm"]
    assert frame["finished"].all()
    per_game = frame.groupby("game")["winner"].sum()
    assert (per_game >= 1).all()


SHORT = SkillsConfig(deck_size=6, hand_limit=3, exhaust_on_recycle=2, deck=DEFAULT_DECK[:3])


@pytest.mark.parametrize(
    "config",
    [SkirmishConfig(), SkirmishConfig(party_size=4, skills=SHORT)],
    ids=["default", "short-decks"],
)
def test_sk6_host_actions_at_any_moment_keep_the_slices_in_agreement(
    config: SkirmishConfig,
) -> None:
    """SK-6: random play with a host now and then defeating a unit (DefeatUnit), putting a
    condition on a combatant (Afflict, CB-12) or lowering a hand limit (SD-2): every
    invariant holds after every step and the due actor always has a legal action."""
    game_def = Skirmish(config)
    for seed in range(8):
        rng, game = Rng.from_seed(seed), game_def.setup(seed)
        for _ in range(CAP):
            if game_def.is_over(game):
                break
            action, rng = _host_action(game_def, game, rng)
            if action is None:
                action = game_def.clock_action(game)
            if action is None:
                actor = game_def.actor(game)
                assert actor is not None
                action, rng = rng.choice(game_def.rules.legal_actions(game, actor))
            game = game_def.rules.reduce(game, action)
            assert_sound(game_def, game)
        assert game_def.is_over(game)


def _host_action(game_def: Skirmish, game: Game, rng: Rng) -> tuple[Action | None, Rng]:
    roll, rng = rng.below(30)
    deck = game["skills"]
    if roll == 0:
        unit, rng = rng.choice((*deck.seats[:-1], *deck.gm_units))
        action: Action = DefeatUnit(unit)
    elif roll == 1:
        who, rng = rng.choice([c.id for c in game["combat"].combatants])
        condition, rng = rng.choice(list(Condition))
        action = Afflict(who, condition)
    elif roll == 2:
        player, rng = rng.choice(deck.seats)
        action = ChangeHandLimit(player, -1)
    else:
        return None, rng
    return (action if game_def.rules.check(game, action) is None else None), rng
