"""EN-4, EN-6: a skirmish action is validated once on its way to its apply.

The registry runs the whole check chain (the skill-deck slice's validation, then the
skirmish's wrappers) before it applies a Play, and the wrapped handler applies the checked
action without validating it again.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamefold.games import play
from gamefold.skills import Burn, Play, commitment, reducer  # internals, to count calls


@pytest.mark.parametrize(("kind", "name"), [(Play, "validate_play"), (Burn, "validate_burn")])
def test_en4_a_card_is_validated_at_most_once_per_step(
    monkeypatch: pytest.MonkeyPatch, kind: type, name: str
) -> None:
    calls: list[object] = []
    original = getattr(commitment, name)

    def counting(state: Any, action: Any) -> None:
        calls.append(action)
        original(state, action)

    monkeypatch.setattr(commitment, name, counting)
    monkeypatch.setattr(reducer, "_BOUND", {})  # the skill-deck routes are built anew
    from gamefold.games.skirmish import Skirmish

    game_def = Skirmish()
    played = play(game_def, 3, game_def.policies()["random"])
    steps = [(i, a) for i, a in enumerate(played.actions) if type(a) is kind]
    assert steps, f"the game has a {kind.__name__} to count"
    for i, action in steps:
        calls.clear()
        game_def.rules.step(played.states[i], action)
        assert calls == [action]
