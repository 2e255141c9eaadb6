"""Summit's slices' verbs on their own: the map's entry (the territory's) and the turn
flow's ``step``, ``reduce``, ``check``, ``legal_actions`` (EN-4, EN-5, SM-4, SM-6, SM-9).

With an in-order deal for four players p1 holds Consulate, Drillyard, Warehouse and Docks.
"""

from __future__ import annotations

import pytest
from tests.games.summit.helpers import (
    board,
    first_turn,
    flow,
    summit,
    with_flow,
    with_garrison,
    with_troops,
)

from gamefold import EndTurn, IllegalAction, replace
from gamefold.games.summit import Defer, Pass, Phase, SummitGame
from gamefold.games.summit.rules import check, legal_actions, map_subsystem, reduce, step
from gamefold.games.summit.state import Ask, MapState
from gamefold.registry import Game
from gamefold.territory import Attack, Deploy, TroopDeployed


def _game() -> Game:
    """p1's first turn, with two reserve troops and an army on the Docks."""
    game = summit(4, deal="in-order")
    return with_garrison(with_troops(first_turn(game), "p1", 2), "Docks", 3)


def _turn() -> MapState:
    return board(_game())


def test_sm4_the_maps_step_applies_a_deploy_and_reports_it() -> None:
    state = _turn()
    after, events = map_subsystem.step(state, Deploy("p1", "Docks"))
    assert events == (TroopDeployed("p1", "Docks", 4),)
    territory = state.scenario.territories.index("Docks")
    assert after.garrisons[territory] == 4
    assert type(after) is MapState


def test_en4_the_maps_check_says_why_an_action_is_illegal_and_step_raises_it() -> None:
    state = _turn()
    assert map_subsystem.check(state, Deploy("p1", "Docks")) is None
    err = map_subsystem.check(state, Deploy("p2", "Chancery"))
    assert isinstance(err, IllegalAction)
    assert (err.code, err.rule) == ("territory/not-your-turn", "TR-3")
    with pytest.raises(IllegalAction) as raised:
        map_subsystem.step(state, Deploy("p2", "Chancery"))
    assert (raised.value.code, raised.value.message) == (err.code, err.message)


def test_en5_the_map_lists_deploys_then_attacks_and_the_flow_defer_then_pass() -> None:
    state = _turn()
    listed = map_subsystem.legal_actions(state, "p1")
    mine = ("Consulate", "Drillyard", "Warehouse", "Docks")
    assert listed[:4] == tuple(Deploy("p1", t) for t in mine)
    assert listed[4:]
    assert all(isinstance(a, Attack) and a.source == "Docks" for a in listed[4:])
    assert map_subsystem.legal_actions(state, "p2") == ()
    assert legal_actions(flow(_game()), "p1") == ()
    window = replace(flow(_game()), phase=Phase.WINDOW, asked=Ask(3, "p1"))
    assert legal_actions(window, "p1") == (Defer("p1", 3), Pass("p1"))
    assert legal_actions(window, "p2") == ()


def test_sm9_a_turn_ends_through_the_flows_step() -> None:
    turn = flow(_game())
    after, events = step(turn, EndTurn("p1"))
    assert (after.phase, events) == (Phase.WINDOW, ())
    assert reduce(turn, EndTurn("p1")) == after
    err = check(turn, EndTurn("p2"))
    assert err is not None
    assert (err.code, err.rule) == ("summit/not-your-turn", "SM-9")


def test_sm9_the_registry_holds_summit_games_and_checks_their_turns_across_slices() -> None:
    """SM-9 (EN-6): summit's registry keeps its games in :class:`SummitGame`, and the
    whole-game invariant that the map counts the turns the flow began is the registry's, so
    the testing kit checks it at every step."""
    game_def = summit(4)
    game = first_turn(game_def)
    assert type(game) is SummitGame
    assert game_def.rules.invariants(game) == {}
    # The flow between turns while the map still names p1 its current player.
    between = with_flow(game, phase=Phase.WINDOW)
    assert game_def.rules.invariants(between)["game.turns_counted"] == [
        f"the map's current player is {board(game).current!r}, not ''"
    ]
