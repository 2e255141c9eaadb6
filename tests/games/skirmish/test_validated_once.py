"""EN-4, EN-6: a game action is decided once on its way: each subsystem action it builds on
is decided by its subsystem exactly once in the step.

A game rule built on a subsystem calls the subsystem's ``step``, which decides (refuses or
applies) in one pass; it never checks the action first and steps it again. A wrapper's
refusal is consulted after the wrapped handler decided, without deciding again. Counted
here at the one place every subsystem decision passes: the decide function each pipeline
routes an action to (its ``step`` and its ``check`` alike), and combat's judgement of a
declaration held for a reaction window (``check_declare``), which makes nothing.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest

from gamefold.combat import Declare, Retreat
from gamefold.combat import reducer as combat_reducer
from gamefold.core import StartRound
from gamefold.diplomacy import Propose
from gamefold.games import play
from gamefold.games.campaign import Campaign, StartBattleRound
from gamefold.games.skirmish import Skirmish, UseAbility, UseCard
from gamefold.games.summit import Summit
from gamefold.pipeline import Pipeline
from gamefold.registry import Game
from gamefold.skills import Burn, PayCost, Play, controller
from gamefold.territory import Attack, OpenBattle

Decided = list[tuple[str, object]]
"""Every decision made: the pipeline's domain and the action it decided."""


@pytest.fixture
def decided(monkeypatch: pytest.MonkeyPatch) -> Callable[[], Decided]:
    """A switch that counts, from when it is called, every decision of every pipeline."""
    calls: Decided = []

    def counted(domain: str, decide: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def counting(state: Any, action: Any) -> Any:
            calls.append((domain, action))
            return decide(state, action)

        return counting

    def start() -> Decided:
        # By type alone: isinstance would ask every object its __class__, and some modules'
        # lazy attributes warn when asked.
        pipelines = [o for o in gc.get_objects() if issubclass(type(o), Pipeline)]
        assert pipelines, "the subsystems decide through pipelines"
        for pipeline in pipelines:
            table = pipeline._table  # the route of each action type: (guard, decide)
            for kind, (guard, decide) in list(table.items()):
                monkeypatch.setitem(table, kind, (guard, counted(pipeline.domain, decide)))
        judged = counted("combat", combat_reducer.declare_refusal)
        monkeypatch.setattr(combat_reducer, "declare_refusal", judged)
        return calls

    return start


def _played(game_def: Any, kind: type, seeds: range) -> list[tuple[Game, Any]]:
    """The states before each action of ``kind`` in random games of ``game_def``."""
    found: list[tuple[Game, Any]] = []
    for seed in seeds:
        played = play(game_def, seed, game_def.policies()["random"])
        found += [(played.states[i], a) for i, a in enumerate(played.actions) if type(a) is kind]
        if len(found) >= 3:
            break
    assert found, f"the games have a {kind.__name__} to count"
    return found


def _once(
    game_def: Any,
    steps: list[tuple[Game, Any]],
    start: Callable[[], Decided],
    built: Callable[[Game, Any], list[tuple[str, object]]],
) -> None:
    """Each step decides each subsystem action ``built`` names exactly once."""
    calls = start()
    for state, action in steps:
        calls.clear()
        game_def.rules.step(state, action)
        for wanted in built(state, action):
            assert calls.count(wanted) == 1, (action, wanted, calls)


SKIRMISH = Skirmish()


def _use_ability(state: Game, action: UseAbility) -> list[tuple[str, object]]:
    declaration = Declare(action.unit, action.ability, action.hand, action.target)
    wanted: list[tuple[str, object]] = [("combat", declaration)]
    if SKIRMISH.config.cost(action.ability):
        payer = controller(state["skills"], action.unit)
        wanted.append(("skills", PayCost(payer, action.ability, action.cards)))
    return wanted


def _use_card(state: Game, action: UseCard) -> list[tuple[str, object]]:
    return [("skills", Play(controller(state["skills"], action.unit), action.card))]


def _opened(state: Game, action: Any) -> list[tuple[str, object]]:
    """The campaign's Attack is decided once, by the map's battle it opens (TR-4)."""
    return [("territory", OpenBattle(action.player, action.source, action.territory))]


def _itself(domain: str) -> Callable[[Game, Any], list[tuple[str, object]]]:
    return lambda state, action: [(domain, action)]


@pytest.mark.parametrize(
    ("kind", "built"),
    [
        (UseAbility, _use_ability),
        (UseCard, _use_card),
        (Play, _itself("skills")),
        (Burn, _itself("skills")),
        (Retreat, _itself("combat")),
    ],
    ids=["UseAbility", "UseCard", "Play", "Burn", "Retreat"],
)
def test_en4_a_skirmish_action_is_decided_once_per_step(
    decided: Callable[[], Decided], kind: type, built: Any
) -> None:
    _once(SKIRMISH, _played(SKIRMISH, kind, range(1, 40)), decided, built)


def test_en4_a_summit_proposal_is_decided_once_per_step(decided: Callable[[], Decided]) -> None:
    game_def = Summit()
    _once(game_def, _played(game_def, Propose, range(1, 10)), decided, _itself("diplomacy"))


@pytest.mark.parametrize(
    ("kind", "built"),
    [
        (Attack, _opened),
        (StartBattleRound, lambda state, action: [("skills", StartRound())]),
    ],
    ids=["Attack", "StartBattleRound"],
)
def test_en4_a_campaign_battle_action_is_decided_once_per_step(
    decided: Callable[[], Decided], kind: type, built: Any
) -> None:
    game_def = Campaign()
    _once(game_def, _played(game_def, kind, range(1, 10)), decided, built)
