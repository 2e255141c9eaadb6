"""Summit's account sentences and closing standings, exactly (EN-7, SM-6 … SM-11)."""

from __future__ import annotations

from typing import Any

import pytest

from gamefold.diplomacy import DiplomacyConfig
from gamefold.games.summit import EffectFizzled, GameOver
from gamefold.games.summit.account import describe, standings
from gamefold.territory import Deployed, TerritoryTaken, TroopsGained

CONFIG = DiplomacyConfig()


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (
            TerritoryTaken("p1", "Forge", "", "forced march"),
            "p1 takes Forge from neutral hands by forced march",
        ),
        (
            TerritoryTaken("p1", "Chancery", "p2", "attack", 3),
            "p1 takes Chancery from p2 by attack with 3 troops",
        ),
        (TerritoryTaken("p2", "Docks", "p1", "transfer"), "p2 takes Docks from p1 by transfer"),
        (
            TroopsGained("p1", 3, "Foreign Aid T1", 5),
            "p1 gains 3 troops from Foreign Aid T1 (5 in reserve)",
        ),
        (
            Deployed("p1", 2, 1, 4, 3),
            "p1 gains 2 troops to deploy, 1 fewer for the deploy debt, 3 still owed (4 in reserve)",
        ),
        (GameOver("domination", 7), "The summit is over after Round 7 (domination)"),
        (
            EffectFizzled("p1", "Siege T1", "no territory to besiege"),
            "p1's Siege T1 fizzles: no territory to besiege",
        ),
    ],
)
def test_en7_each_summit_event_is_told_in_a_sentence(event: Any, line: str) -> None:
    assert describe(CONFIG, event) == line


def test_en7_an_event_of_another_game_is_told_by_its_repr() -> None:
    stranger = ("not", "an", "event")
    assert describe(CONFIG, stranger) == repr(stranger)  # type: ignore[arg-type]


def _row(share: float, score: int, territories: int = 4) -> dict[str, Any]:
    return {
        "win_share": share,
        "score": score,
        "territories": territories,
        "zones": 1,
        "cards_earned": 2,
    }


def test_sm11_the_standings_put_winners_first_then_scores_then_seats() -> None:
    outcome = {
        "p1": _row(0.0, 3),
        "p2": _row(0.0, 5, 6),
        "p3": _row(0.5, 7),
        "p4": _row(0.5, 7),
        "p5": _row(0.0, 5),
    }
    assert list(standings(outcome)) == [
        "p3: 7 points, 4 territories, 1 zones, 2 cards earned  (shares the win, 0.5)",
        "p4: 7 points, 4 territories, 1 zones, 2 cards earned  (shares the win, 0.5)",
        "p2: 5 points, 6 territories, 1 zones, 2 cards earned",
        "p5: 5 points, 4 territories, 1 zones, 2 cards earned",
        "p1: 3 points, 4 territories, 1 zones, 2 cards earned",
    ]
    alone = list(standings({"p1": _row(0.0, 2), "p2": _row(1.0, 1)}))
    assert alone == [
        "p2: 1 points, 4 territories, 1 zones, 2 cards earned  (winner)",
        "p1: 2 points, 4 territories, 1 zones, 2 cards earned",
    ]
