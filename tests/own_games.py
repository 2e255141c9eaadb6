"""Games of a user's own, for the tests that hold every front end to "or your own".

- :func:`skeleton_game`: the game ``gamefold new`` writes, exactly as generated, written to
  a directory and imported (as ``tests/test_cli_new.py`` does);
- :class:`HouseSkirmish`: a house-rule subclass of skirmish as the change-a-game guide
  writes one: a wrapper (burning fury) and a slice of its own (a bounty) that says how to
  determinize it;
- :class:`Undrawn`: the same subclass whose slice says nothing of determinizing.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from gamefold import Game, IllegalAction, Rng, Rules, Subsystem, Wrapper, combat
from gamefold.core import Events
from gamefold.games import GameDef
from gamefold.games.skeleton import skeleton
from gamefold.games.skirmish import Skirmish
from gamefold.skills import Burn

SKELETON = "own_skeleton"
"""The name the skeleton's module and game take in these tests."""


@contextmanager
def skeleton_game(directory: Path, name: str = SKELETON) -> Iterator[GameDef[Any]]:
    """The ``gamefold new NAME`` game, written into ``directory`` and imported; its module
    and the module search path are put back afterwards (the game registry is restored by
    the suite's autouse fixtures)."""
    (directory / f"{name}.py").write_text(skeleton(name), encoding="utf-8")
    saved = list(sys.path)
    sys.path.insert(0, str(directory))
    try:
        module = importlib.import_module(name)
        game_type = next(
            value
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, GameDef) and value is not GameDef
        )
        yield game_type()
    finally:
        sys.path[:] = saved
        sys.modules.pop(name, None)


def burning_fury(game: Game, burn: Burn, inner: Any) -> tuple[Game, Events]:
    """House rule: a character who Burns a card hits 1 harder in the next exchange."""
    game, events = inner(game, burn)
    try:
        fight, more = combat.step(game["combat"], combat.Empower(burn.player, 1))
    except IllegalAction:  # the GM, or a burner who no longer stands
        return game, events
    return game.with_slice("combat", fight), (*events, *more)


@attrs.frozen
class Bounty:
    """Gold the party earned: one for each enemy who fell."""

    gold: int = 0


def _bounty(determinize: Any) -> Subsystem[Bounty]:
    return Subsystem(
        name="bounty",
        actions=(),
        lifecycle=(),
        step=lambda state, action: (state, ()),
        check=lambda state, action: None,
        legal_actions=lambda state, actor: (),
        view=lambda state, viewer: state,  # the gold is public
        determinize=determinize,
        state_type=Bounty,
    )


def _kept(shown: Bounty, viewer: str, rng: Rng) -> Bounty:
    return shown  # the view hides nothing: the slice is its view


def pay_bounty(game: Game, events: Events) -> tuple[Game, Events]:
    """A gold piece for each enemy who fell in the step."""
    enemies = {c.id for c in game["combat"].combatants if c.side is combat.Side.ENEMIES}
    gold = sum(1 for e in events if isinstance(e, combat.CombatantFell) and e.combatant in enemies)
    if not gold:
        return game, ()
    return game.with_slice("bounty", Bounty(game["bounty"].gold + gold)), ()


class HouseSkirmish(Skirmish):
    """Skirmish with burning fury and a bounty slice that says how to determinize it."""

    name = "house-skirmish"

    def build_rules(self) -> Rules:
        rules = super().build_rules().wrap(Wrapper(Burn, burning_fury, name="burning fury"))
        rules = rules.with_subsystem(_bounty(_kept), initial=lambda slices: Bounty())
        return rules.with_reactions(pay_bounty)


class Undrawn(Skirmish):
    """The house skirmish, its bounty slice saying nothing of determinizing."""

    name = "undrawn-skirmish"

    def build_rules(self) -> Rules:
        rules = super().build_rules().with_subsystem(_bounty(None), initial=lambda s: Bounty())
        return rules.with_reactions(pay_bounty)
