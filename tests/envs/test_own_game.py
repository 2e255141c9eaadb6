"""Your own game in every front end: the ``gamefold new`` skeleton, exactly as generated,
passes PettingZoo's api_test and seed_test, the codec conformance check and OpenSpiel's
random simulation test; every player action of the shipped subsystems declares its domain."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test
from tests.own_games import HouseSkirmish, skeleton_game

from gamefold import combat, diplomacy, skills, territory
from gamefold.domains import declared
from gamefold.envs import ActionCodec, action_types, aec_env, openspiel_game
from gamefold.games import GameDef
from gamefold.rng import Rng
from gamefold.testing import codec_conformance


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameDef[Any]]:
    with skeleton_game(tmp_path_factory.mktemp("own")) as game:
        yield game


def test_the_skeleton_passes_the_pettingzoo_api_test(own: GameDef[Any]) -> None:
    api_test(aec_env(own), num_cycles=300)


def test_the_skeleton_passes_the_pettingzoo_seed_test(own: GameDef[Any]) -> None:
    seed_test(lambda: aec_env(own), num_cycles=200)


def test_the_skeleton_passes_the_codec_conformance_check(own: GameDef[Any]) -> None:
    report = codec_conformance(own, seeds=range(3))
    assert report.games == 3
    assert report.decisions > 50
    assert skills.PayCost in action_types(own)


def test_the_skeleton_passes_the_openspiel_random_simulation_test(own: GameDef[Any]) -> None:
    game = openspiel_game(own)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_payment_discard_is_a_choice_the_codec_numbers(own: GameDef[Any]) -> None:
    """SD-10: the skeleton lists PayCost; each one met encodes to an index of the mask and
    decodes to itself."""
    codec = ActionCodec(own)
    state, rng, met = own.setup(5), Rng.from_seed(5), 0
    while not own.is_over(state) and met < 20:
        action = own.clock_action(state)
        if action is None:
            actor = own.actor(state)
            assert actor is not None
            legal = own.rules.legal_actions(state, actor)
            ctx = codec.context(own.rules.view(state, actor), actor, legal)
            for paid in (a for a in legal if isinstance(a, skills.PayCost)):
                assert codec.decode(codec.encode(paid, ctx), ctx) == paid
                assert codec.encode(paid, ctx) in codec.legal_indices(ctx)
                met += 1
            action, rng = rng.choice(legal)
        state, _ = own.rules.step(state, action)
    assert met > 0


HOST_ACTIONS = {
    *skills.HOST_ACTIONS,
    *territory.HOST_ACTIONS,
    combat.Afflict,
    combat.Withdraw,
    combat.Ward,
    combat.Move,
    combat.Empower,
    combat.Heal,
    diplomacy.BreakPact,
    diplomacy.ExtendPact,
    diplomacy.RevealPact,
}
"""The actions only a host game issues: none is ever a player's choice."""


@pytest.mark.parametrize("face", [skills, combat, diplomacy, territory], ids=lambda f: f.__name__)
def test_every_player_action_of_a_shipped_subsystem_declares_its_domain(face: Any) -> None:
    """Whatever a game composes, the codec numbers every action a subsystem lists: each
    action type but the host's declares a domain on every field."""
    kinds = face.subsystem.actions
    undeclared = {kind for kind in kinds if declared(kind) is None}
    assert undeclared <= HOST_ACTIONS, sorted(kind.__name__ for kind in undeclared)
    assert len(undeclared) < len(kinds)


def test_combat_s_own_declaration_is_numbered_and_a_skirmish_s_universe_leaves_it_out() -> None:
    """A bare Declare or PayCost is a choice in a game that lists them, but a skirmish
    refuses both (it declares and pays through UseAbility), so its universe has neither."""
    assert declared(combat.Declare) is not None
    kinds = action_types(HouseSkirmish())
    assert combat.Declare not in kinds
    assert skills.PayCost not in kinds
    assert skills.Play in kinds


def test_a_house_rule_subclass_passes_the_codec_conformance_check() -> None:
    report = codec_conformance(HouseSkirmish(), seeds=range(1), max_steps=600)
    assert report.decisions > 50
