"""Every skirmish refusal comes from a code catalogue, citing a rule it lists (EN-4).

The game's own refusals come from :data:`gamefold.games.skirmish.codes.CATALOGUE`; the skill
deck's and combat's keep theirs. No refusal may bypass the catalogues, name a code they
lack, or cite a rule they do not pair with the code.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.catalogues import (
    DOCS,
    constants,
    docs_problems,
    folder,
    game_candidates,
    refusal_problem,
    source_problems,
    used_codes,
)

from gamefold import combat
from gamefold.combat import Hand
from gamefold.core import EndRound, StartRound
from gamefold.games.skirmish import (
    ACTIONS,
    NAME,
    Skirmish,
    SkirmishConfig,
    UseAbility,
    UseCard,
    codes,
)
from gamefold.games.skirmish.state import subsystem
from gamefold.registry import Game
from gamefold.skills import codes as skill_codes
from gamefold.testing import reachable_games

PACKAGE = folder("gamefold.games.skirmish")
GAME = Skirmish(SkirmishConfig(party_size=2))
CATALOGUES = {
    "skirmish": codes.CATALOGUE,
    "skills": skill_codes.CATALOGUE,
    "combat": combat.codes.CATALOGUE,
}


def test_en4_every_refusal_in_the_source_is_built_by_the_catalogue() -> None:
    assert source_problems(PACKAGE, codes) == []


def test_en4_the_catalogue_holds_every_code_constant_and_each_is_raised_somewhere() -> None:
    assert set(constants(codes).values()) == codes.CATALOGUE.codes == codes.CODES
    # The malformed code is the guard's (gamefold.pipeline.guarded), from the catalogue.
    assert used_codes(PACKAGE, codes) | {codes.MALFORMED} >= codes.CODES
    assert all(codes.RULES[c] == codes.CATALOGUE.rule_of(c) for c in codes.CODES)


def test_en4_the_docs_page_lists_every_code_with_its_rule_and_names_the_catalogue() -> None:
    page = (DOCS / "games" / "skirmish.md").read_text(encoding="utf-8")
    assert docs_problems(page, codes) == []


def test_en6_the_slice_is_a_pipeline_routing_only_end_round() -> None:
    """SD-12: the slice reacts to EndRound alone; anything else is malformed (EN-4)."""
    assert (subsystem.name, subsystem.actions, subsystem.lifecycle) == (NAME, (), (EndRound,))
    slice_ = GAME.setup(1)[NAME]
    assert subsystem.check(slice_, EndRound()) is None
    problem = subsystem.check(slice_, StartRound())
    assert problem is not None
    assert (problem.code, problem.rule) == (codes.MALFORMED, "EN-4")


def _bare(cls: type, **fields: object) -> object:
    """An action with ``fields`` set as given, its converters bypassed (a careless caller)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


ABILITY = {"unit": "ana", "ability": "Attack", "hand": Hand.ROCK, "target": "orc", "cards": ()}
CARD = {"unit": "ana", "card": 3, "hand": None, "target": "orc"}


@pytest.mark.parametrize(
    "action",
    [
        _bare(UseAbility, **{**ABILITY, "unit": 7}),
        _bare(UseAbility, **{**ABILITY, "hand": "rock"}),
        _bare(UseAbility, **{**ABILITY, "cards": [1, 2]}),
        _bare(UseAbility, **{**ABILITY, "cards": (1, "2")}),
        _bare(UseAbility, **{**ABILITY, "cards": (4, 4)}),
        _bare(UseCard, **{**CARD, "card": "3"}),
        _bare(UseCard, **{**CARD, "card": True}),
        _bare(UseCard, **{**CARD, "target": None}),
    ],
    ids=repr,
)
def test_en4_use_ability_and_use_card_with_ill_typed_fields_are_malformed(action: object) -> None:
    """EN-4: fields that do not fit their declared types, or a card paid twice, are refused
    as ``skirmish/malformed`` before any rule looks at them, and nothing changes."""
    state = GAME.setup(2)
    problem = GAME.rules.check(state, action)  # type: ignore[arg-type]
    assert problem is not None
    assert (problem.code, problem.rule) == (codes.MALFORMED, "EN-4")


@settings(max_examples=30)
@given(reachable_games(GAME, max_steps=120), st.data())
def test_en4_every_refusal_met_in_play_is_a_catalogue_code_with_its_rule(
    state: Game, data: st.DataObject
) -> None:
    action = data.draw(game_candidates(GAME, state, ACTIONS), label="action")
    problem = GAME.rules.check(state, action)
    if problem is not None:
        assert refusal_problem(problem, CATALOGUES) is None
