"""EN-4, DP-4: a turn starts with a bounded count of territories, so earning ends."""

from __future__ import annotations

import pytest

from gamefold import IllegalAction
from gamefold.diplomacy import MAX_TERRITORIES, BeginTurn, DiplomacyConfig, initial_state, step


@pytest.mark.parametrize("territories", [MAX_TERRITORIES + 1, 10**4000, -1])
def test_en4_a_begin_turn_beyond_the_bound_is_malformed(territories: int) -> None:
    state = initial_state(DiplomacyConfig(), ["ana", "bo"], seed=1)
    with pytest.raises(IllegalAction) as caught:
        step(state, BeginTurn("ana", territories))
    assert caught.value.rule == "EN-4"
    assert "BeginTurn.territories" in caught.value.message


def test_dp4_a_begin_turn_at_the_bound_is_played() -> None:
    state = initial_state(DiplomacyConfig(), ["ana", "bo"], seed=1)
    after, events = step(state, BeginTurn("ana", MAX_TERRITORIES))
    assert after.active == "ana"
    assert any(type(e).__name__ == "TicksGained" for e in events)
