"""EN-7: every combat event reads as a sentence."""

from __future__ import annotations

from gamefold import Rng
from gamefold.combat import EVENTS, StressGained, describe, step
from gamefold.core import StartRound
from gamefold.testing.combat import random_action

from .support import duel


def test_en7_describe_gives_one_sentence_per_event() -> None:
    """EN-7: a sentence for each event random play produces; repr for foreign events."""
    seen: set[type] = set()
    for seed in range(30):
        state, rng = duel(seed=seed), Rng.from_seed(seed)
        while state.ending is None:
            action, rng = random_action(state, rng)
            assert action is not None
            state, events = step(state, action)
            for event in events:
                seen.add(type(event))
                text = describe(event)
                assert text.endswith(".")
                assert not text.startswith(type(event).__name__)
    assert seen <= set(EVENTS)
    assert StressGained in seen
    assert describe(StartRound()) == repr(StartRound())  # type: ignore[arg-type]
