"""EN-6: the skirmish's rules read its slices by name, so they play the same game on any
registry whose game record holds its three slices, wherever they stand among others."""

from __future__ import annotations

import attrs
import pytest

from gamefold import Action, IllegalAction, Rules, replace
from gamefold.core import Events
from gamefold.games import play
from gamefold.games.skirmish import Skirmish, SkirmishConfig, SkirmishGame, parts, subsystems
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


@attrs.frozen
class Noted(Game):
    """A game record with a slice of notes before the skirmish's three."""

    notes: int
    skills: object
    combat: object
    skirmish: object

    def with_skirmish(self, skirmish: object) -> Noted:
        """How the skirmish's rules write their bookkeeping (``SkirmishSlices``)."""
        return replace(self, skirmish=skirmish)


def _registry(config: SkirmishConfig) -> Rules:
    return parts(config).registry([NOTES, *subsystems(config)], Noted)


class Shifted(Skirmish):
    """The skirmish, with its slices one place later in the game."""

    def build_rules(self) -> Rules:
        return _registry(self.config)

    def setup(self, seed: int | str) -> Game:
        plain = Skirmish(self.config).setup(seed)
        slices = dict(zip(plain.names, plain.slices, strict=True))
        return self.rules.new_game({"notes": 0, **slices})


@pytest.mark.parametrize(("seed", "policy"), [(1, "random"), (2, "greedy"), (3, "random")])
def test_en6_skirmish_rules_on_another_record_play_the_same_game(seed: int, policy: str) -> None:
    """EN-6, SK-1 … SK-18: on a record holding another slice first, the rules play the
    skirmish action for action, state for state and event for event."""
    shifted_def, plain_def = Shifted(), Skirmish()
    shifted = play(shifted_def, seed, resolve_policies(shifted_def, policy))
    plain = play(plain_def, seed, resolve_policies(plain_def, policy))
    assert shifted.finished
    assert plain.finished
    assert shifted.actions == plain.actions
    assert [s.slices[1:] for s in shifted.states] == [s.slices for s in plain.states]
    assert shifted.events == plain.events
    assert all(type(s) is Noted and s.notes == 0 for s in shifted.states)


def test_en6_the_skirmish_registry_holds_its_game_in_its_own_record() -> None:
    """EN-6: the skirmish's own registry holds its games in a :class:`SkirmishGame`."""
    game = Skirmish()
    assert game.rules.state is SkirmishGame
    assert game.rules.names == ("skills", "combat", "skirmish")
    assert type(game.setup(1)) is SkirmishGame
