"""The skirmish registry: skills + combat + the skirmish slice, and the rules between them
(:class:`Parts`, which a registry composing the skirmish, such as the campaign's, takes whole).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Self

import attrs

from gamefold import combat, skills
from gamefold.combat import AssignPairings, CombatState, Retreat
from gamefold.core import replace
from gamefold.games.skirmish import cards, choices, declaring, fight, flow
from gamefold.games.skirmish import state as slice_
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.invariants import CROSS_INVARIANTS
from gamefold.games.skirmish.state import SkirmishState
from gamefold.registry import Game, Invariant, Reaction, Rule, Rules, Subsystem, Wrapper, no_actions
from gamefold.skills import (
    GM,
    STANDARD_EFFECTS,
    Activate,
    Burn,
    CloseReactionWindow,
    DefeatUnit,
    Discard,
    EndActivation,
    Play,
    SkillsState,
)

__all__ = [
    "Parts",
    "SkirmishGame",
    "build_rules",
    "combat_subsystem",
    "combat_view",
    "parts",
    "subsystems",
]


@attrs.frozen
class SkirmishGame(Game):
    """A skirmish in play: the Skill decks, the fight and the skirmish's own slice, by name
    (a :class:`~gamefold.games.skirmish.state.SkirmishSlices`)."""

    skills: SkillsState
    """The Skill decks (:mod:`gamefold.skills`)."""
    combat: CombatState
    """The fight (:mod:`gamefold.combat`)."""
    skirmish: SkirmishState
    """The tallies, choices and held declaration (:mod:`~gamefold.games.skirmish.state`)."""

    def with_skirmish(self, skirmish: SkirmishState) -> Self:
        """This game with the bookkeeping ``skirmish``."""
        return replace(self, skirmish=skirmish)


def combat_view(state: CombatState, viewer: str) -> combat.CombatView:
    """The fight as ``viewer`` sees it: ``"gm"`` as the enemies, a character as itself, any
    other viewer as a spectator (EN-9)."""
    if viewer == GM:
        return combat.view(state, "enemies")
    known = any(c.id == viewer for c in state.combatants)
    return combat.view(state, viewer if known else None)


combat_subsystem: Subsystem[CombatState] = attrs.evolve(
    combat.subsystem, legal_actions=no_actions, view=combat_view
)
"""The combat slice's entry in a skirmish: its choices are listed by the game's rules."""


def _rules(config: SkirmishConfig) -> tuple[Rule, ...]:
    return (
        Rule(
            declaring.UseAbility,
            declaring.step_use_ability(config),
            # UseAbility's and UseCard's, legal by construction: nothing is checked again.
            legal_actions=partial(declaring.use_options, config),
        ),
        Rule(declaring.UseCard, declaring.step_use_card(config)),
    )


def _overrides(config: SkirmishConfig) -> tuple[Rule, ...]:
    return (
        Rule(
            AssignPairings,
            flow.step_pairing,
            legal_actions=partial(flow.pairing_options, config),
        ),
        Rule(
            Retreat,
            choices.step_retreat,
            legal_actions=choices.retreat_options,
        ),
        Rule(
            CloseReactionWindow,
            choices.step_close,
            legal_actions=choices.close_options,
        ),
        Rule(DefeatUnit, choices.step_defeat),
        *choices.REFUSED,
    )


def _wrappers(config: SkirmishConfig) -> tuple[Wrapper, ...]:
    return (
        Wrapper(
            Activate,
            refuse=flow.refuse_activate,
            narrow=flow.narrow_activate,
            name="SK-1 pairings first",
        ),
        Wrapper(
            EndActivation,
            refuse=flow.refuse_end_activation,
            narrow=flow.narrow_end_activation,
            name="SK-1 choice first",
        ),
        Wrapper(
            Play,
            partial(cards.around_play, config),
            refuse=partial(cards.refuse_play, config),
            narrow=partial(cards.narrow_play, config),
            name="SK-3, SK-5 cards in the fight",
        ),
        Wrapper(
            Burn,
            partial(cards.around_burn, config),
            refuse=cards.refuse_window,
            narrow=cards.narrow_window,
            name="SK-4, SK-5 shields",
        ),
        Wrapper(
            Discard,
            refuse=cards.refuse_window,
            narrow=cards.narrow_window,
            name="SK-4 reactions first",
        ),
    )


def _skills_subsystem(config: SkirmishConfig) -> Subsystem[Any]:
    """The deck slice, with the ``level`` effect and the party's choice of unit (SK-1).

    Its listing leaves out PayCost: a skirmish pays through UseAbility and refuses a bare
    PayCost (SK-2)."""
    sub = skills.make_subsystem({**STANDARD_EFFECTS, "level": cards.level_effect})
    listing = partial(skills.legal_actions, payments=False)
    return attrs.evolve(sub, legal_actions=flow.side_choice_listing(config, listing))


def subsystems(config: SkirmishConfig) -> tuple[Subsystem[Any], ...]:
    """The skirmish's three slices, in its own registry's order: skills, combat, skirmish."""
    return (_skills_subsystem(config), combat_subsystem, slice_.subsystem)


@attrs.frozen
class Parts:
    """The skirmish's rules before a registry holds them: the skirmish's own
    (:func:`build_rules`) or one composing it on another record of its slices."""

    rules: tuple[Rule, ...]
    """UseAbility and UseCard (SK-2, SK-3)."""
    overrides: tuple[Rule, ...]
    """Pairing, Retreat, closing a window, DefeatUnit, and the refusals."""
    wrappers: tuple[Wrapper, ...]
    """Activate, EndActivation, Play, Burn and Discard, wrapped."""
    reactions: tuple[Reaction, ...]
    """:func:`~gamefold.games.skirmish.fight.settle`, after every step."""
    invariants: tuple[Invariant, ...]
    """The rules between the slices, checked over whole games."""

    def registry(self, slices: Sequence[Subsystem[Any]], state: type[Game]) -> Rules:
        """A registry of ``slices`` (the skirmish's three among them) holding these rules,
        its games held in ``state`` records."""
        return Rules(
            slices,
            rules=self.rules,
            overrides=self.overrides,
            wrappers=self.wrappers,
            invariants=self.invariants,
            reactions=self.reactions,
            state=state,
        )


def parts(config: SkirmishConfig) -> Parts:
    """The skirmish's rules played with ``config``."""
    return Parts(
        rules=_rules(config),
        overrides=_overrides(config),
        wrappers=_wrappers(config),
        reactions=(fight.settle,),
        invariants=CROSS_INVARIANTS,
    )


def build_rules(config: SkirmishConfig) -> Rules:
    """The registry of a skirmish played with ``config``."""
    return parts(config).registry(subsystems(config), SkirmishGame)
