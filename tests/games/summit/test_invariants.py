"""Each invariant of summit's slices names what is wrong in a broken map, turn flow or
game, and nothing in a sound one (SM-2, SM-6, SM-7, SM-8, SM-9)."""

from __future__ import annotations

from typing import Any

from tests.games.summit.helpers import board, flow, summit, with_flow, with_map

from gamefold import replace
from gamefold.games.summit import Phase
from gamefold.games.summit.invariants import (
    GAME_INVARIANTS,
    INVARIANTS,
    flow_consistent,
    turns_counted,
)
from gamefold.games.summit.rules import map_subsystem
from gamefold.games.summit.state import Ask, MapState, SummitState
from gamefold.territory import Realm, Truce
from gamefold.territory.invariants import (
    counts_never_negative,
    neutral_land_unfortified,
    owners_are_seated,
    truces_bind_two_players,
)

GAME = summit(4, deal="in-order")


def _map(**changes: Any) -> MapState:
    """The in-order map of four players before the first Round, with fields changed."""
    return replace(board(GAME.setup(1)), **changes)


def _flow(**changes: Any) -> SummitState:
    """The turn flow of four players before the first Round, with fields changed."""
    return replace(flow(GAME.setup(1)), **changes)


def _at(index: int, value: Any, values: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def test_a_sound_map_breaks_no_invariant() -> None:
    state = _map()
    assert [list(check(state)) for check in map_subsystem.invariants] == [[]] * 4
    assert (
        owners_are_seated,
        neutral_land_unfortified,
        counts_never_negative,
        truces_bind_two_players,
    ) == map_subsystem.invariants
    assert (flow_consistent,) == INVARIANTS
    assert list(flow_consistent(_flow())) == []
    assert (turns_counted,) == GAME_INVARIANTS
    assert list(turns_counted(GAME.setup(1))) == []


def test_sm2_one_seated_owner_and_one_fort_count_per_territory() -> None:
    state = _map()
    shape = "the map needs exactly one owner and one fort count per territory"
    assert list(owners_are_seated(replace(state, owners=state.owners[:-1]))) == [shape]
    assert list(owners_are_seated(replace(state, forts=state.forts[:-1]))) == [shape]
    owners = _at(0, "zed", _at(1, "amy", _at(2, "zed", state.owners)))
    assert list(owners_are_seated(replace(state, owners=owners))) == [
        "territories held by unseated players ['amy', 'zed']"
    ]


def test_sm6_sm8_neutral_land_bears_no_forts() -> None:
    state = _map()
    forge = state.scenario.territories.index("Forge")
    assert state.owners[forge] == ""
    docks = state.scenario.territories.index("Docks")
    fortified = replace(state, forts=_at(docks, 2, _at(forge, 3, state.forts)))
    assert list(neutral_land_unfortified(fortified)) == ["neutral Forge has 3 forts"]


def test_counts_are_never_negative() -> None:
    state = _map()
    assert list(counts_never_negative(replace(state, forts=_at(0, -1, state.forts)))) == [
        "a territory has negative forts"
    ]
    assert list(flow_consistent(_flow(proposals=-1))) == [
        "a negative number of proposals this turn"
    ]
    for field in ("troops", "turns", "cards_earned", "pacts", "conquests"):
        realm = replace(state.realms[1], **{field: -1})
        numbers = tuple(
            -1 if f == field else getattr(realm, f)
            for f in ("troops", "turns", "cards_earned", "pacts", "conquests")
        )
        broken = replace(state, realms=_at(1, realm, state.realms))
        assert list(counts_never_negative(broken)) == [f"p2 has a negative count: {numbers}"]


def test_sm7_a_truce_binds_two_seated_players_one_per_pact() -> None:
    state = _map()
    good = (Truce(0, "p1", "p2"), Truce(1, "p3", "p4"))
    assert list(truces_bind_two_players(replace(state, truces=good))) == []
    twice = (Truce(0, "p1", "p2"), Truce(0, "p3", "p4"))
    assert list(truces_bind_two_players(replace(state, truces=twice))) == [
        "two truces come from one pact"
    ]
    for first, second in (("p1", "p1"), ("p1", "zed"), ("zed", "p2")):
        broken = replace(state, truces=(Truce(4, first, second),))
        assert list(truces_bind_two_players(broken)) == [f"truce 4 binds {first!r} and {second!r}"]


def _turns(*counts: int) -> tuple[Realm, ...]:
    return tuple(replace(r, turns=c) for r, c in zip(_map().realms, counts, strict=True))


def test_sm9_rounds_hold_one_turn_per_seat_and_a_seated_player_is_asked() -> None:
    sound = _flow(round=2, turn=6, phase=Phase.TURN)
    assert list(flow_consistent(sound)) == []
    early = replace(sound, turn=3)
    assert list(flow_consistent(early)) == ["3 turns begun in Round 2 of 4 seats"]
    full = replace(sound, turn=8)
    assert list(flow_consistent(full)) == []
    assert list(flow_consistent(replace(sound, turn=4))) == []
    late = replace(sound, turn=9)
    assert list(flow_consistent(late)) == ["9 turns begun in Round 2 of 4 seats"]
    due = replace(sound, phase=Phase.ROUND)
    assert list(flow_consistent(due)) == ["a Round is due to begin before every seat had its turn"]
    assert list(flow_consistent(replace(full, phase=Phase.ROUND))) == []
    assert list(flow_consistent(replace(sound, asked=Ask(0, "zed")))) == [
        "a proposal awaits the answer of an unseated 'zed'"
    ]
    assert list(flow_consistent(replace(sound, asked=Ask(0, "p3")))) == []


def test_sm9_the_maps_turns_and_current_player_follow_the_turn_flow() -> None:
    game = with_flow(GAME.setup(1), round=2, turn=6, phase=Phase.TURN)
    sound = with_map(game, realms=_turns(2, 2, 1, 1), current="p2")
    assert list(turns_counted(sound)) == []
    assert list(turns_counted(with_flow(sound, turn=5))) == [
        "the players' turns do not add up to the 5 turns begun",
        "the map's current player is 'p2', not 'p1'",
    ]
    assert list(turns_counted(with_flow(sound, phase=Phase.WINDOW))) == [
        "the map's current player is 'p2', not ''"
    ]
    assert list(turns_counted(with_map(sound, current="zed"))) == [
        "the map's current player is 'zed', not 'p2'"
    ]
    seats = with_flow(sound, players=("p1", "p2", "p3", "zed"))
    assert next(iter(turns_counted(seats))) == (
        "the map seats ['p1', 'p2', 'p3', 'p4'], the turn flow ['p1', 'p2', 'p3', 'zed']"
    )


def test_sm6_neutral_forts_are_checked_on_a_map_of_the_wrong_shape_too() -> None:
    """The shape is owners_are_seated's to report; this check reads what it can."""
    state = _map()
    assert list(neutral_land_unfortified(replace(state, forts=state.forts[:-1]))) == []
