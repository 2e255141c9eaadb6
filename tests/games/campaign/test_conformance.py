"""EN-2 … EN-8 through gamefold.testing: conformance and the ready-made state machine, and
the invariants of all three subsystems (and both games' and the campaign's own) at every
step of random and greedy campaigns."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from gamefold.games import play
from gamefold.games.campaign import Campaign, CampaignConfig, default_summit
from gamefold.testing import conformance, game_machine

GAME = Campaign()
QUICK = Campaign(CampaignConfig(max_battle_rounds=2))


def test_conformance_of_the_default_campaign() -> None:
    """Random campaigns: invariants, check() of every played action, pickle and JSON of
    every state, and replay of every record."""
    report = conformance(GAME, games=4, steps=1500)
    assert report.games == 4
    assert report.replays == 4
    assert report.finished >= 3


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_invariants_of_skills_combat_diplomacy_hold_at_every_step(policy: str) -> None:
    """Every slice's invariants (SD, CB, DP), summit's turn flow's and the skirmish's
    tallies' (on the records the campaign slice holds), summit's and the skirmish's
    cross-slice ones and the campaign's (CP-1, CP-4) hold at every step of whole campaigns."""
    names = set()
    for seed in (5, 6):
        played = play(GAME, seed, GAME.policies()[policy])
        assert played.finished
        for state in played.states:
            assert GAME.rules.invariants(state) == {}
        names = {sub.name for sub in GAME.rules.subsystems}
    assert names == {"skills", "combat", "diplomacy", "map", "campaign"}


MACHINE_SETTINGS = settings(
    max_examples=8,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

TestDefaultMachine = game_machine(QUICK).TestCase
TestDefaultMachine.settings = MACHINE_SETTINGS


def test_the_default_summit_of_a_campaign_seats_three() -> None:
    """The campaign's factions are summit's seats: three by default."""
    assert GAME.config.factions == ("p1", "p2", "p3") == default_summit().names
