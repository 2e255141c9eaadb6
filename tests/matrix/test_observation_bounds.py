"""Every game of the matrix observes within its ranges, and the shipped ones take float16."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.envs.bounds_check import assert_bounds_hold
from tests.matrix.subjects import Subject, params

CELLS = params()


@pytest.mark.parametrize("subject", CELLS)
def test_gymnasium_observations_stay_within_the_game_s_ranges(subject: Subject, here: Path) -> None:
    """The ranges a game declares (or none: a user's game may not) hold over random games:
    no slot of any player's view is ever cut to its range, none leaves it."""
    assert assert_bounds_hold(subject.load(), range(3), max_steps=300) > 1
