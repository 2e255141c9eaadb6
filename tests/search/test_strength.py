"""The strength page (``docs/search-bots.md``) shows what the code gives: the games recorded in
``docs/search-strength.json`` by ``tests/benchmarks/search.py`` are played again here, and
the record covers what the page promises."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.benchmarks.search import OPPONENTS, OUT, SEATS, arms, metric, parity, wins

from gamefold.games import get_game
from gamefold.search import ISMCTS

RECORD: dict[str, Any] = json.loads(Path(OUT).read_text())
DEFAULT = ISMCTS(get_game("summit")()).iterations


def _row(name: str, opponents: str, budget: int) -> dict[str, Any]:
    (row,) = [
        r
        for r in RECORD["rows"]
        if (r["game"], r["opponents"], r["budget"]) == (name, opponents, budget)
    ]
    return row


def test_the_record_has_two_budgets_the_default_among_them_in_every_game() -> None:
    budgets = sorted({row["budget"] for row in RECORD["rows"]})
    assert len(budgets) == 2
    assert DEFAULT in budgets
    for name in SEATS:
        for opponents in OPPONENTS:
            for budget in budgets:
                row = _row(name, opponents, budget)
                assert row["seat"] == SEATS[name]
                assert (row["metric"], row["parity"]) == (metric(name), parity(name))
                assert len(row["a"]) == len(row["b"]) == row["games"] >= 30
        assert set(RECORD["move_cpu_seconds"][name]) == {str(b) for b in budgets}


@pytest.mark.parametrize("name", list(SEATS))
def test_the_recorded_games_are_the_ones_the_code_plays(name: str) -> None:
    low = min(row["budget"] for row in RECORD["rows"])
    for opponents in OPPONENTS:
        found = wins(name, opponents, low, games=2)
        row = _row(name, opponents, low)
        assert [float(v) for v in found.per_game["a"]] == row["a"][:2]
        assert [float(v) for v in found.per_game["b"]] == row["b"][:2]


@pytest.mark.parametrize("opponents", OPPONENTS)
@pytest.mark.parametrize("name", list(SEATS))
def test_the_arms_differ_in_the_searching_seat_alone(name: str, opponents: str) -> None:
    game = get_game(name)()
    a, b = arms(name, opponents, 25)
    assert isinstance(a.policies, dict)
    assert isinstance(b.policies, dict)
    assert set(a.policies) == set(b.policies) == set(game.players(game.setup(0)))
    assert {p for p in a.policies if a.policies[p] != b.policies[p]} == {SEATS[name]}
    assert set(a.policies.values()) == {opponents}
    assert b.policies[SEATS[name]] == "ismcts:iterations=25"


def test_the_seat_scores_its_share_of_ties_against_level_parity() -> None:
    assert (metric("skirmish"), parity("skirmish")) == ("winner", 0.5)  # party or the GM
    assert (metric("summit"), parity("summit")) == ("win_share", 0.25)  # four factions
    assert (metric("campaign"), parity("campaign")) == ("win_share", pytest.approx(1 / 3))
