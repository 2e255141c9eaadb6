"""EN-5: every subsystem's and game's listing is exact over reachable states.

Sound: every listed action is accepted. Complete: every accepted action of a brute-force
enumeration of the actor's action space (:mod:`gamefold.testing.listing`) is listed. The
registry trusts these listings (a wrapper's refusal narrows its type's once) instead of
checking each action again, so both halves are what keeps ``legal_actions`` honest.
"""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold import combat, skills
from gamefold.combat import SIDES, CombatState
from gamefold.core import Action
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.registry import Game
from gamefold.skills import SkillsState
from gamefold.testing import combat as combat_strategies
from gamefold.testing import reachable_games
from gamefold.testing import skills as skills_strategies
from gamefold.testing.listing import (
    combat_action_space,
    listing_problems,
    skills_action_space,
)

SKIRMISH = Skirmish()
GAMES = {name: Skirmish(config) for name, config in Skirmish.scenarios().items()}


@given(state=skills_strategies.reachable_states())
def test_en5_skills_listing_is_sound_and_complete(state: SkillsState) -> None:
    listed = [a for actor in state.seats for a in skills.legal_actions(state, actor)]
    assert [a for u in state.gm_units for a in skills.legal_actions(state, u)] == []
    space = skills_action_space(state)
    assert listing_problems(partial(skills.check, state), listed, space) == []


@given(state=combat_strategies.reachable_states())
def test_en5_combat_listing_is_sound_and_complete(state: CombatState) -> None:
    actors = (*(s.value for s in SIDES), *(c.id for c in state.combatants))
    listed = [a for actor in actors for a in combat.legal_actions(state, actor)]
    space = combat_action_space(state)
    assert listing_problems(partial(combat.check, state), listed, space) == []


def skirmish_action_space(game: Game, config: SkirmishConfig = SKIRMISH.config) -> list[Action]:
    """A skirmish player's choices: the skill-deck and combat choices of the slices (bare
    combat Declares and PayCosts among them, which the game refuses), and UseAbility and
    UseCard for every declaration, payment and card."""
    from gamefold.games.skirmish import UseAbility, UseCard

    deck: SkillsState = game["skills"]
    fight: CombatState = game["combat"]
    space = [*skills_action_space(deck), *combat_action_space(fight)]
    space += [skills.CloseReactionWindow(p) for p in deck.seats]
    declares = [a for a in combat_action_space(fight) if isinstance(a, combat.Declare)]
    for owner in deck.owners:
        for d in declares:
            cost = config.cost(d.ability)
            for cards in _combinations(owner.hand, cost):
                space.append(UseAbility(d.combatant, d.ability, d.hand, d.target, cards))
            space += [UseCard(d.combatant, c, d.hand, d.target) for c in owner.hand]
    return space


def _combinations(hand: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return [tuple(sorted(c)) for c in combinations(hand, size)]


@pytest.mark.parametrize("scenario", list(GAMES))
@settings(max_examples=15)
@given(data=st.data())
def test_en5_skirmish_listing_is_sound_and_complete(scenario: str, data: st.DataObject) -> None:
    """EN-5, in every skirmish scenario (their zones, levels, dire checks and costs)."""
    game_def = GAMES[scenario]
    game = data.draw(reachable_games(game_def, max_steps=80), label="game")
    rules = game_def.rules
    listed = [a for p in game_def.players(game) for a in rules.legal_actions(game, p)]
    space = skirmish_action_space(game, game_def.config)
    assert listing_problems(partial(rules.check, game), listed, space) == []
