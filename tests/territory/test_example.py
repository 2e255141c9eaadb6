"""The Border War example: the territory alone makes a whole game, and it conforms
(TR-1 … TR-5, EN-2 … EN-8)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from gamefold.games import definition
from gamefold.games.base import play
from gamefold.testing import conformance

EXAMPLE = Path(__file__).parents[2] / "examples" / "border_war.py"


@pytest.fixture
def example(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The example imported as the module ``border_war``, its game registered for the
    test alone (records name their game), so other tests see only the shipped games."""
    monkeypatch.setattr(definition, "_GAMES", dict(definition._GAMES))
    spec = importlib.util.spec_from_file_location("border_war", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "border_war", module)
    spec.loader.exec_module(module)
    return vars(module)


def test_border_war_passes_conformance(example: dict[str, Any]) -> None:
    """Random games to their end: every listed action legal, invariants held, states
    through pickle and JSON, records replayed state by state."""
    game = example["BorderWar"]()
    report = conformance(game, games=12, steps=400)
    assert report.games == 12
    assert report.finished == 12  # every game reaches its end within the cap
    assert report.replays == 12


def test_border_war_ends_with_a_winner_holding_most_territories(example: dict[str, Any]) -> None:
    game = example["BorderWar"](example["BorderConfig"](players=("a", "b"), turns=10))
    played = play(game, seed=3)
    assert played.finished
    outcome = game.outcome(played.final)
    top = max(row["territories"] for row in outcome.values())
    assert [p for p, row in outcome.items() if row["winner"]] == [
        p for p, row in outcome.items() if row["territories"] == top
    ]
    assert sum(row["territories"] for row in outcome.values()) <= 18


def test_border_war_example_prints_battles_and_the_outcome(
    example: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    example["main"]()
    out = capsys.readouterr().out
    assert " attacks " in out
    assert "'winner': True" in out
