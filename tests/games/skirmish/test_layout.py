"""EN-6: the skirmish's rules read its slices by position, built for a layout
(``SkirmishLayout``): built for another registry's, they play the same game there; built for
the skirmish's own, another registry refuses them when it is built."""

from __future__ import annotations

import pytest

from gamefold import Action, IllegalAction, RegistryError, Rules
from gamefold.core import Events
from gamefold.games import play
from gamefold.games.skirmish import Skirmish, SkirmishConfig, SkirmishLayout, parts, subsystems
from gamefold.registry import Game, Subsystem
from gamefold.sim.policies import resolve_policies

SHIFTED = ("notes", "skills", "combat", "skirmish")
"""A registry holding an inert slice first: the skirmish's three are one place later."""


def _inert_step(state: int, action: Action) -> tuple[int, Events]:
    raise AssertionError("the notes own no action")


def _inert_check(state: int, action: Action) -> IllegalAction | None:
    raise AssertionError("the notes own no action")


NOTES: Subsystem[int] = Subsystem("notes", (), (), _inert_step, _inert_check, lambda s, a: ())
"""A slice that owns no action and lists none."""


def _registry(config: SkirmishConfig, at: SkirmishLayout) -> Rules:
    return parts(config, at).registry([NOTES, *subsystems(config)])


class Shifted(Skirmish):
    """The skirmish, with its slices one place later in the game."""

    def build_rules(self) -> Rules:
        return _registry(self.config, SkirmishLayout.of(SHIFTED))

    def setup(self, seed: int | str) -> Game:
        plain = Skirmish(self.config).setup(seed)
        slices = dict(zip(plain.names, plain.slices, strict=True))
        return self.rules.new_game({"notes": 0, **slices})


@pytest.mark.parametrize(("seed", "policy"), [(1, "random"), (2, "greedy"), (3, "random")])
def test_en6_skirmish_rules_built_for_another_layout_play_the_same_game(
    seed: int, policy: str
) -> None:
    """EN-6, SK-1 … SK-18: built with ``SkirmishLayout.of`` the slices' names, the rules
    play the skirmish action for action, state for state and event for event."""
    shifted_def, plain_def = Shifted(), Skirmish()
    shifted = play(shifted_def, seed, resolve_policies(shifted_def, policy))
    plain = play(plain_def, seed, resolve_policies(plain_def, policy))
    assert shifted.finished
    assert plain.finished
    assert shifted.actions == plain.actions
    assert [s.slices[1:] for s in shifted.states] == [s.slices for s in plain.states]
    assert shifted.events == plain.events
    assert all(s.slices[0] == 0 for s in shifted.states)


def test_en6_skirmish_rules_for_its_own_layout_are_refused_elsewhere() -> None:
    """EN-6: the rules built for the skirmish's own registry, put in one holding the slices
    one place later, are refused when it is built, with how to build them for it."""
    with pytest.raises(RegistryError, match=r"slice 'skills' at position 0.*Layout\.of"):
        _registry(SkirmishConfig(), SkirmishLayout())


def test_en6_the_skirmish_registry_reads_its_slices_at_its_own_layout() -> None:
    """EN-6: the skirmish's own registry is built for its slices as it holds them."""
    rules = Skirmish().rules
    assert rules.positions == SkirmishLayout.of(rules.names).positions()
    assert rules.names == ("skills", "combat", "skirmish")
