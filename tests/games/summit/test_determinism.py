"""The same seed gives the same game in any process (EN-3, EN-8)."""

from __future__ import annotations

from tests.support import run_python

from gamefold.games import play
from gamefold.games.summit import Summit, SummitConfig
from gamefold.record import GameRecord

SCRIPT = """
from gamefold.games import play
from gamefold.games.summit import Summit, SummitConfig
from gamefold.record import GameRecord
from gamefold.sim import narrate

for players, seed, policy in ((4, 7, "greedy"), (6, "summit", "random"), (3, 99, "greedy")):
    game = Summit(SummitConfig(players=players))
    played = play(game, seed, game.policies()[policy])
    print(GameRecord(game.name, game.config, seed, played.actions).to_json())
    for line in narrate(game, played):
        print(line)
"""


def _run(hash_seed: str) -> str:
    return run_python(SCRIPT, hash_seed=hash_seed)


def test_en3_records_and_accounts_are_byte_identical_across_hash_seeds() -> None:
    first, second = _run("0"), _run("4242")
    assert first == second
    assert first.count('"game": "summit"') == 3
    assert "Game over after" in first


def test_en3_the_same_seed_replays_the_same_game_in_process() -> None:
    game = Summit(SummitConfig(players=5))
    one, two = play(game, 31), play(game, 31)
    assert one.actions == two.actions
    assert one.states == two.states
    record = GameRecord(game.name, game.config, 31, one.actions)
    assert record.to_json() == GameRecord(game.name, game.config, 31, two.actions).to_json()
    assert play(game, 32).actions != one.actions
