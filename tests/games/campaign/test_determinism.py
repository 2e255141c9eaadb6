"""EN-3: the same seed gives the same campaign in any process, hash seed and executor."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pandas as pd
from tests.support import run_python

from gamefold.games import play
from gamefold.games.campaign import Campaign
from gamefold.record import GameRecord
from gamefold.sim import simulate

SCRIPT = """
from gamefold.games import play
from gamefold.games.campaign import Campaign
from gamefold.record import GameRecord
from gamefold.sim.account import narrate

game = Campaign()
for seed, policy in ((3, "greedy"), (4, "random")):
    played = play(game, seed, game.policies()[policy])
    print(GameRecord(game.name, game.config, seed, played.actions).to_json())
    for line in narrate(game, played):
        print(line)
"""


def test_en3_same_seed_same_record_and_account_under_any_hash_seed() -> None:
    """EN-3: two processes with different PYTHONHASHSEED print identical records and
    accounts of a greedy and a random campaign."""
    first = run_python(SCRIPT, hash_seed="0", timeout=300)
    second = run_python(SCRIPT, hash_seed="4242", timeout=300)
    assert first == second
    assert '"game": "campaign"' in first
    assert "Battle for" in first


def test_en3_the_same_seed_replays_the_same_campaign_in_process() -> None:
    """EN-3, EN-8: the same seed plays the same game; its record replays it."""
    game = Campaign()
    one, two = play(game, 8), play(game, 8)
    assert one.actions == two.actions
    assert one.states == two.states
    record = GameRecord(game.name, game.config, 8, one.actions)
    assert record.to_json() == GameRecord(game.name, game.config, 8, two.actions).to_json()
    assert play(game, 9).actions != one.actions


def test_en3_simulate_gives_the_same_frame_with_any_executor() -> None:
    """EN-3: serial simulation and a worker process (spawned: a fresh interpreter and its
    own hash seed) give the very same frame of campaigns."""
    serial = simulate("campaign", games=3, seed=2, progress=False)
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        pooled = simulate("campaign", games=3, seed=2, progress=False, executor=pool, batch_size=2)
    pd.testing.assert_frame_equal(pooled, serial)
    assert set(serial["player"]) == {"p1", "p2", "p3", "gm"}
