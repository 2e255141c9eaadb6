"""Whole games: they finish, the due actor can always act, the outcome adds up (SM-9 …
SM-11, DP-14, EN-5, EN-7)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest
from tests.games.summit.helpers import board, dip, summit

from gamefold import Event
from gamefold.diplomacy import EVENTS as DIPLOMACY_EVENTS
from gamefold.diplomacy import (
    CardEarned,
    DiplomacyConfig,
    PactBegan,
    PactRevealed,
    held_count,
    scores,
)
from gamefold.diplomacy import describe as describe_diplomacy
from gamefold.games import Played, get_game, play
from gamefold.games.summit import EVENTS, Summit, SummitConfig, describe, standings
from gamefold.games.summit.rules import REACTIONS
from gamefold.registry import Game
from gamefold.territory import NEUTRAL, TerritoryTaken

COLUMNS = {
    "winner",
    "win_share",
    "score",
    "turns",
    "territories",
    "zones",
    "troops",
    "cards_earned",
    "pacts",
    "conquests",
}
CASES = [(players, seed) for players in (3, 4, 5, 6) for seed in range(8)]


def _policy(game: Summit, seed: int) -> Any:
    policies = game.policies()
    if seed % 3 == 2:
        return {"p1": policies["greedy"], "p2": policies["greedy"]}
    return policies["greedy" if seed % 3 else "random"]


def _check_outcome(game: Summit, played: Played) -> None:
    final = played.final
    outcome = game.outcome(final)
    assert list(outcome) == list(game.players(final))
    assert all(set(row) == COLUMNS for row in outcome.values())
    points = {s.player: s.points for s in scores(dip(final))}
    held = {p.player: held_count(dip(final), seat) for seat, p in enumerate(dip(final).players)}
    rank = {p: (points[p], row["territories"], held[p]) for p, row in outcome.items()}
    top = max(rank.values())
    winners = [p for p in rank if rank[p] == top]
    for player, row in outcome.items():
        assert row["score"] == points[player]  # DP-14
        # SM-11: the top score, then territories, then cards held; the rest share the win.
        assert row["winner"] == (player in winners)
        assert row["win_share"] == (1 / len(winners) if player in winners else 0)
    assert sum(row["win_share"] for row in outcome.values()) == pytest.approx(1)
    assert sum(row["turns"] for row in outcome.values()) == final.clock.turn
    held = sum(row["territories"] for row in outcome.values())
    assert held + board(final).owners.count(NEUTRAL) == len(board(final).owners)
    _check_tallies(outcome, [e for step in played.events for e in step])


def _check_tallies(outcome: dict[str, dict[str, Any]], events: list[Event]) -> None:
    earned = Counter(e.player for e in events if isinstance(e, CardEarned))
    taken = Counter(e.player for e in events if isinstance(e, TerritoryTaken))
    revealed = {e.pact for e in events if isinstance(e, PactRevealed)}
    pacts = Counter(
        p
        for e in events
        if isinstance(e, PactBegan) and (not e.pact.secret or e.pact.id in revealed)
        for p in (e.pact.proposer, e.pact.partner)
    )
    for player, row in outcome.items():
        assert row["cards_earned"] == earned[player]
        assert row["conquests"] == taken[player]
        assert row["pacts"] == pacts[player]


@cache
def _played(players: int, seed: int) -> tuple[Summit, Played]:
    game = Summit(SummitConfig(players=players))
    return game, play(game, seed, _policy(game, seed), max_steps=3000)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_sm10_seeded_games_run_to_their_end_within_the_step_cap(players: int, seed: int) -> None:
    game, played = _played(players, seed)
    assert played.finished
    assert game.is_over(played.final)
    _check_outcome(game, played)


def test_the_seeded_games_exercise_every_kind_of_map_change() -> None:
    """The outcome checks above are not vacuous: pacts, truces, every way of taking land,
    both ends of the game and windows all happen in the seeded games."""
    seen = Counter[str]()
    for players, seed in CASES:
        for event in (e for step in _played(players, seed)[1].events for e in step):
            seen[type(event).__name__] += 1
            seen[getattr(event, "cause", "")] += 1
            seen[getattr(event, "reason", "")] += 1
    for name in ("PactBegan", "TruceBegan", "Fortified", "Passed", "StandalonePlayed"):
        assert seen[name], name
    for name in ("attack", "siege", "forced march", "transfer", "rounds", "domination"):
        assert seen[name], name


def test_sm11_a_game_cut_off_by_the_step_cap_is_scored_as_it_stands() -> None:
    game = summit(5)
    played = play(game, 3, max_steps=37)
    assert not played.finished
    _check_outcome(game, played)
    assert game.actor(played.final) is not None


def test_en5_the_due_actor_always_has_legal_actions_that_check_accepts() -> None:
    for players, seed in ((3, 11), (6, 12)):
        game = Summit(SummitConfig(players=players))
        played = play(game, seed, _policy(game, seed))
        for state in played.states[:-1]:
            if game.clock_action(state) is not None:
                continue
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            assert legal
            assert all(game.rules.check(state, a) is None for a in legal)


def test_greedy_beats_random_players() -> None:
    game = summit(4)
    wins = Counter[str]()
    for seed in range(16):
        played = play(game, seed, {"p1": game.policies()["greedy"]})
        wins.update(p for p, row in game.outcome(played.final).items() if row["winner"])
    assert wins["p1"] >= 12
    assert wins["p1"] > max(wins["p2"], wins["p3"], wins["p4"])


def test_en7_every_summit_event_has_its_own_line() -> None:
    config = DiplomacyConfig()
    played = play(summit(4), 5, max_steps=600)
    told = {type(e) for step in played.events for e in step}
    assert told & set(EVENTS)
    for event in (e for step in played.events for e in step):
        line = describe(config, event)
        assert line
        assert not line.startswith(type(event).__name__ + "(")
        if type(event) in DIPLOMACY_EVENTS:
            assert line == describe_diplomacy(config, event)


def test_en7_the_game_describes_events_and_standings() -> None:
    game = summit(3)
    played = play(game, 6, game.policies()["greedy"])
    lines = [game.describe(e) for step in played.events for e in step]
    assert lines[0] == "Round 1 begins"
    assert "-- turn 1: p1 --" in lines
    assert any(line.startswith("p1 deploys") for line in lines)
    table = list(standings(game.outcome(played.final)))
    assert len(table) == 3
    assert "(winner)" in table[0]


def test_the_game_is_registered_as_summit() -> None:
    assert get_game("summit") is Summit
    game = Summit()
    assert game == Summit(SummitConfig())
    assert set(game.policies()) == {"random", "ismcts", "greedy"}
    assert game.rules.names == ("diplomacy", "map", "summit")
    # The map follows diplomacy through one reaction, not a wrapper of each handler.
    assert game.rules.handler_source(type(_begin(game))) == "lifecycle wrapped by summit holdings"
    assert game.rules.reactions == REACTIONS


def _begin(game: Summit) -> Any:
    state: Game = game.rules.reduce(game.setup(1), game.clock_action(game.setup(1)))  # type: ignore[arg-type]
    return game.clock_action(state)


def test_a_simulation_reports_the_outcome_columns() -> None:
    from gamefold.sim import simulate

    frame = simulate(Summit(), games=4, seed=1, policies={"p1": "greedy"}, progress=False)
    assert set(frame.columns) >= COLUMNS
    assert len(frame) == 16
    assert frame["finished"].all()
    per_game = frame.groupby("game")
    top = per_game["score"].transform("max") == frame["score"]
    assert (top | ~frame["winner"]).all()  # SM-11: a winner has the top score
    assert (per_game["win_share"].sum() - 1).abs().max() < 1e-9
