"""The territory tells each event in one sentence (EN-7) and shows the whole map but the
RNG to every player (EN-9); its events attest their TR rules (rule coverage)."""

from __future__ import annotations

import attrs
import pytest

from gamefold import EndTurn
from gamefold.territory import (
    EVENT_RULES,
    Atlas,
    BattleFought,
    TerritoryTaken,
    TerritoryView,
    TrapSprung,
    TroopDeployed,
    TroopsGained,
    TruceEnded,
    describe,
    initial_state,
    view,
)


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (TerritoryTaken("p1", "Mill", "", "siege"), "p1 takes Mill from neutral hands by siege"),
        (
            TerritoryTaken("p1", "Mill", "p2", "attack", 3),
            "p1 takes Mill from p2 by attack with 3 troops",
        ),
        (
            TroopsGained("p1", 3, "Foreign Aid T1", 7),
            "p1 gains 3 troops from Foreign Aid T1 (7 in reserve)",
        ),
        (TruceEnded(4, "betrayed"), "the truce of pact 4 ends (betrayed)"),
        (TroopDeployed("p1", "Docks", 3), "p1 deploys a troop on Docks (3)"),
        (TrapSprung("p2", "Docks", 2), "a trap on Docks kills 2 of p2's troops"),
        (
            BattleFought("p1", "Mill", "Forge", 4, 2, 1, 1, 2, True),
            "p1 attacks Forge from Mill: 4 against 2 and 1 forts; 1 attackers and 2 defenders fall",
        ),
        (
            BattleFought("p1", "Mill", "Forge", 4, 2, 0, 4, 1, False),
            "p1 attacks Forge from Mill: 4 against 2; 4 attackers and 1 defenders fall; "
            "the attack fails",
        ),
    ],
)
def test_en7_each_event_has_its_sentence(event: object, line: str) -> None:
    assert describe(event) == line  # type: ignore[arg-type]


def test_en7_another_event_is_told_by_its_repr() -> None:
    other = EndTurn("p1")
    assert describe(other) == repr(other)  # type: ignore[arg-type]


def test_en9_every_player_sees_the_whole_map_but_the_rng() -> None:
    board = initial_state(Atlas(), ["p1", "p2"], seed=2)
    seen = view(board, "p2")
    assert isinstance(seen, TerritoryView)
    assert seen.viewer == "p2"
    fields = {f.name for f in attrs.fields(TerritoryView)} - {"viewer"}
    assert fields == {f.name for f in attrs.fields(type(board))} - {"rng"}
    for name in fields:
        assert getattr(seen, name) == getattr(board, name), name


def test_each_event_attests_its_tr_rules() -> None:
    """Every battle attests TR-8 as well as TR-4 and TR-5: TR-8 bounds its draws."""
    assert EVENT_RULES[TroopDeployed](TroopDeployed("p1", "Docks", 3)) == ("TR-3",)
    assert EVENT_RULES[BattleFought](None) == ("TR-4", "TR-5", "TR-8")
    assert EVENT_RULES[TrapSprung](None) == ("TR-7",)
    assert EVENT_RULES[TerritoryTaken](TerritoryTaken("p1", "Mill", "p2", "attack")) == ("TR-5",)
    assert EVENT_RULES[TerritoryTaken](TerritoryTaken("p1", "Mill", "p2", "siege")) == ()
