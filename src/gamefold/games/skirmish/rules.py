"""The skirmish registry: skills + combat + the skirmish slice, and the rules between them.

Slices, in order: ``skills`` (the Skill decks, with the ``draw`` effect), ``combat`` (the
fight; its view takes ``"gm"`` as the enemies' side) and ``skirmish`` (see
:mod:`~gamefold.games.skirmish.state`). On top of them:

- game-level rules for :class:`UseAbility` and :class:`UseCard` (SK-2, SK-3);
- overrides: ``AssignPairings`` by the party leader or the GM (SK-1), ``Retreat`` in one's own
  activation (SK-8), ``CloseReactionWindow`` making the held declaration (SK-4),
  ``DefeatUnit`` in both slices (SK-6), and refusals of a bare ``Declare``, ``PayCost``,
  ``OpenReactionWindow`` and combat ``Withdraw``;
- wrappers: ``Activate`` (pairings first),
  ``EndActivation`` (choice first), ``Play`` and ``Burn`` (shields, SK-5);
- one reaction after every step: deaths in the decks leave the fight (SK-6) and a held
  declaration whose window closed is made (SK-4) (:func:`~gamefold.games.skirmish.fight.settle`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import attrs

from gamefold import combat, skills
from gamefold.combat import AssignPairings, CombatState, Retreat
from gamefold.core import Action
from gamefold.games.skirmish import cards, choices, declaring, fight, flow
from gamefold.games.skirmish import state as slice_
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.invariants import CROSS_INVARIANTS
from gamefold.registry import Rule, Rules, Subsystem, Wrapper
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
)

__all__ = ["build_rules", "combat_subsystem", "combat_view"]


def combat_view(state: CombatState, viewer: str) -> combat.CombatView:
    """The fight as ``viewer`` sees it: ``"gm"`` as the enemies, a character as itself, any
    other viewer as a spectator (EN-9)."""
    if viewer == GM:
        return combat.view(state, "enemies")
    known = any(c.id == viewer for c in state.combatants)
    return combat.view(state, viewer if known else None)


def _no_actions(state: CombatState, actor: str) -> tuple[Action, ...]:
    return ()


combat_subsystem: Subsystem[CombatState] = attrs.evolve(
    combat.subsystem, legal_actions=_no_actions, view=combat_view
)
"""The combat slice's entry in a skirmish: its choices are listed by the game's rules."""


def _rules(config: SkirmishConfig) -> tuple[Rule, ...]:
    return (
        Rule(
            declaring.UseAbility,
            partial(declaring.step_use_ability, config),
            partial(declaring.check_use_ability, config),
            partial(declaring.use_options, config),
            # exact: the registry trusts the listing rather than checking each action again;
            # the listing-soundness tests hold it, so either way the same actions are listed.
            exact=True,  # pragma: no mutate -- speed: an unchecked listing is sound
        ),
        Rule(
            declaring.UseCard,
            partial(declaring.step_use_card, config),
            partial(declaring.check_use_card, config),
        ),
    )


def _overrides(config: SkirmishConfig) -> tuple[Rule, ...]:
    return (
        Rule(
            AssignPairings,
            flow.step_pairing,
            flow.check_pairing,
            partial(flow.pairing_options, config),
            exact=True,  # pragma: no mutate -- speed: an unchecked listing is sound
        ),
        Rule(
            Retreat,
            choices.step_retreat,
            choices.check_retreat,
            choices.retreat_options,
            exact=True,  # pragma: no mutate -- speed: an unchecked listing is sound
        ),
        Rule(
            CloseReactionWindow,
            choices.step_close,
            choices.check_close,
            choices.close_options,
            exact=True,  # pragma: no mutate -- speed: an unchecked listing is sound
        ),
        Rule(DefeatUnit, choices.step_defeat, choices.check_defeat),
        *choices.REFUSED,
    )


def _wrappers(config: SkirmishConfig) -> tuple[Wrapper, ...]:
    return (
        Wrapper(
            Activate,
            check=flow.check_activate,
            name="SK-1 pairings first",
            # Without a keep the registry filters the listing by the whole check: the same.
            keep=flow.keep_activate,  # pragma: no mutate -- speed: else the check filters
        ),
        Wrapper(
            EndActivation,
            check=flow.check_end_activation,
            name="SK-1 choice first",
            keep=flow.keep_end_activation,  # pragma: no mutate -- speed: else the check filters
        ),
        Wrapper(
            Play,
            partial(cards.around_play, config),
            check=partial(cards.check_play, config),
            name="SK-3, SK-5 cards in the fight",
            keep=partial(cards.keep_play, config),  # pragma: no mutate -- speed (as above)
        ),
        Wrapper(
            Burn,
            partial(cards.around_burn, config),
            check=cards.check_window,
            name="SK-4, SK-5 shields",
            keep=cards.keep_in_window,  # pragma: no mutate -- speed: else the check filters
        ),
        Wrapper(
            Discard,
            check=cards.check_window,
            name="SK-4 reactions first",
            keep=cards.keep_in_window,  # pragma: no mutate -- speed: else the check filters
        ),
    )


def _skills_subsystem(config: SkirmishConfig) -> Subsystem[Any]:
    """The deck slice, with the ``level`` effect and the party's choice of unit (SK-1).

    Its listing leaves out PayCost: a skirmish pays through UseAbility and refuses a bare
    PayCost (SK-2)."""
    sub = skills.make_subsystem({**STANDARD_EFFECTS, "level": cards.level_effect})
    # pragma: no mutate start -- speed: a listed PayCost is refused by the registry (SK-2)
    listing = partial(skills.legal_actions, payments=False)
    # pragma: no mutate end
    return attrs.evolve(sub, legal_actions=flow.side_choice_listing(config, listing))


def build_rules(config: SkirmishConfig) -> Rules:
    """The registry of a skirmish played with ``config``."""
    subsystems: list[Subsystem[Any]] = [
        _skills_subsystem(config),
        combat_subsystem,
        slice_.subsystem,
    ]
    return Rules(
        subsystems,
        rules=_rules(config),
        overrides=_overrides(config),
        wrappers=_wrappers(config),
        invariants=CROSS_INVARIANTS,
        reactions=(fight.settle,),
    )
