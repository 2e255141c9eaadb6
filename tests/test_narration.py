"""EN-7: each subsystem tells every event it reports in words (its narration module)."""

from __future__ import annotations

import pytest

from gamefold import combat, skills, territory


@pytest.mark.parametrize(
    "subsystem", [skills, combat, territory], ids=["skills", "combat", "territory"]
)
def test_en7_every_event_type_has_a_line(subsystem: object) -> None:
    events = set(subsystem.EVENTS)  # type: ignore[attr-defined]
    assert set(subsystem.LINES) == events  # type: ignore[attr-defined]


def test_en7_an_unknown_event_is_told_by_its_repr() -> None:
    other = combat.Warded("hero", 1, 1)
    assert skills.describe(other) == repr(other)
