"""The ``subsystem`` registry entry: the skill-deck slice composed by gamefold.Rules (EN-6)."""

from __future__ import annotations

from gamefold import EndRound, Rules, StartRound, Subsystem
from gamefold.skills import (
    ACTIONS,
    INVARIANTS,
    STANDARD_EFFECTS,
    Activate,
    CardDef,
    CardsDrawn,
    Effect,
    Play,
    RoundStarted,
    SkillsConfig,
    legal_actions,
    make_subsystem,
    owner_of,
    subsystem,
)

from .support import new_state


def test_subsystem_entry_declares_actions_and_lifecycle() -> None:
    """EN-6: slice "skills" owns its actions and reacts to StartRound and EndRound."""
    assert isinstance(subsystem, Subsystem)
    assert subsystem.name == "skills"
    assert subsystem.actions == ACTIONS
    assert subsystem.lifecycle == (StartRound, EndRound)
    assert subsystem.invariants == INVARIANTS


def test_rules_route_lifecycle_and_actions_to_the_slice() -> None:
    """EN-6: the registry fans StartRound out to the slice and routes its actions."""
    rules = Rules([subsystem])
    game = rules.new_game({"skills": new_state()})
    game, events = rules.step(game, StartRound())
    assert isinstance(events[0], RoundStarted)
    assert rules.legal_actions(game, "ana") == legal_actions(game["skills"], "ana")
    game = rules.reduce(game, Activate("ana"))
    assert game["skills"].active == "ana"
    assert rules.check(game, Activate("bo")) is not None


def test_make_subsystem_resolves_effects_with_the_games_handlers() -> None:
    """SD-11: a registry entry built with effect handlers resolves Play effects."""
    focus = CardDef("Focus", Effect("draw", {"count": 1}))
    config = SkillsConfig(deck=(focus,))
    plain, drawing = Rules([subsystem]), Rules([make_subsystem(STANDARD_EFFECTS)])
    for rules, draws in ((plain, 0), (drawing, 1)):
        game = rules.new_game({"skills": new_state(config)})
        game = rules.reduce(rules.reduce(game, StartRound()), Activate("ana"))
        card = owner_of(game["skills"], "ana").hand[0]
        _, events = rules.step(game, Play("ana", card))
        assert sum(isinstance(e, CardsDrawn) for e in events) == draws
