"""The territory's host actions (TR-3, TR-5 … TR-7, EN-2 … EN-4, EN-8): what a game's own
rules ask of the map, each decided once by the map: applied with its events, or refused
with a code and its rule, the board left as it was; never listed as a player's choice.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.refusals import refusal_of

from gamefold import Action, IllegalAction, StartTurn, replace
from gamefold.record import from_json, to_json
from gamefold.territory import (
    HOST_ACTIONS,
    INVARIANTS,
    Atlas,
    Attack,
    BattleFought,
    BattleOpened,
    BeginTruce,
    Board,
    CloseBattle,
    Deployed,
    EndTruce,
    Fortified,
    Fortify,
    LayTrap,
    Levy,
    OpenBattle,
    Realm,
    Reinforce,
    Seize,
    Tally,
    TerritoryTaken,
    TrapLaid,
    TrapSprung,
    TroopsGained,
    Truce,
    TruceBegan,
    TruceEnded,
    check,
    initial_state,
    legal_actions,
    step,
)

PLAYERS = ("p1", "p2", "p3")
ATLAS = Atlas(deal="in-order")
NAMES = ATLAS.territories
# In order: p1 holds Consulate, Legation, Drillyard, ...; p2 Chancery, Armoury, ...


def _board(**changes: Any) -> Board:
    board = initial_state(ATLAS, PLAYERS, seed=3)
    return replace(board, **changes) if changes else board


def _refused(board: Board, action: Action) -> tuple[str, str, str]:
    return refusal_of(check, step, board, action)


# -- examples, by rule -------------------------------------------------------------------------


def test_tr5_fortify_builds_forts_on_a_territory_its_player_holds() -> None:
    board = _board()
    once, events = step(board, Fortify("p1", "Consulate", 2))
    twice, more = step(once, Fortify("p1", "Consulate", 1))
    assert twice.forts == (3, *board.forts[1:])
    assert (events, more) == (
        (Fortified("p1", "Consulate", 2),),
        (Fortified("p1", "Consulate", 3),),
    )
    same, told = step(board, Fortify("p1", "Consulate", 0))  # a fort of no level is told
    assert (same.forts, told) == (board.forts, (Fortified("p1", "Consulate", 0),))


def test_tr5_tr7_a_fort_or_trap_on_another_s_territory_is_refused() -> None:
    board = _board()
    expected = ("territory/not-held", "TR-5", "p1 does not hold Chancery.")
    assert _refused(board, Fortify("p1", "Chancery", 1)) == expected
    expected = ("territory/not-held", "TR-7", "p1 does not hold Chancery.")
    assert _refused(board, LayTrap("p1", "Chancery", 1)) == expected


def test_tr7_a_trap_laid_kills_attackers_before_the_battle() -> None:
    board = _board()
    trapped, events = step(board, LayTrap("p2", "Chancery", 2))
    assert events == (TrapLaid("p2", "Chancery", 2),)
    assert trapped.traps[1] == 2
    trapped = replace(trapped, garrisons=(5, *trapped.garrisons[1:]))
    trapped, _ = step(trapped, StartTurn("p1"))
    after, events = step(trapped, OpenBattle("p1", "Consulate", "Chancery"))
    assert events == (
        TrapSprung("p1", "Chancery", 2),
        BattleOpened("p1", "Consulate", "Chancery", 2, 1),
    )
    assert (after.garrisons[0], after.traps[1]) == (1, 0)


def test_tr5_seize_gives_a_territory_razed_and_empty_and_counts_a_conquest() -> None:
    board = _board(forts=(0, 2, *(0,) * 16), traps=(0, 1, *(0,) * 16))
    after, events = step(board, Seize("p1", "Chancery", "siege"))
    assert events == (TerritoryTaken("p1", "Chancery", "p2", "siege", 0),)
    assert (after.owners[1], after.forts[1], after.traps[1], after.garrisons[1]) == ("p1", 0, 0, 0)
    assert after.realms[0] == Realm("p1", conquests=1)
    expected = ("territory/already-held", "TR-5", "p1 holds Chancery already.")
    assert _refused(after, Seize("p1", "Chancery", "siege")) == expected


def test_tr3_reinforce_and_levy_fill_the_reserve() -> None:
    board = _board()
    once, events = step(board, Reinforce("p2", 3, "Foreign Aid"))
    assert events == (TroopsGained("p2", 3, "Foreign Aid", 3),)
    levied, events = step(once, Levy("p2", 4, 1, 2))
    assert events == (Deployed("p2", 4, 1, 7, 2),)
    assert levied.realms[1] == Realm("p2", troops=7, debt=2)
    settled, _ = step(levied, Levy("p2", 0, 2, 0))
    assert settled.realms[1] == Realm("p2", troops=7, debt=0)


def test_tally_counts_for_the_outcome_and_tells_nothing() -> None:
    board = _board()
    after, events = step(board, Tally("p3", pacts=1, cards_earned=2))
    assert events == ()
    assert after.realms[2] == Realm("p3", pacts=1, cards_earned=2)
    assert after.realms[:2] == board.realms[:2]


def test_tr6_a_truce_begins_and_ends_once() -> None:
    board = _board()
    bound, events = step(board, BeginTruce(7, "p1", "p2"))
    assert events == (TruceBegan(7, "p1", "p2"),)
    assert bound.truces == (Truce(7, "p1", "p2"),)
    bound, _ = step(bound, StartTurn("p1"))
    assert _refused(bound, OpenBattle("p1", "Consulate", "Chancery"))[0] == "territory/truce"
    expected = ("territory/truce-running", "TR-6", "The truce of pact 7 runs already.")
    assert _refused(bound, BeginTruce(7, "p1", "p3")) == expected
    free, events = step(bound, EndTruce(7, "betrayed"))
    assert (free.truces, events) == ((), (TruceEnded(7, "betrayed"),))
    expected = ("territory/no-truce", "TR-6", "No truce of pact 7 is running.")
    assert _refused(free, EndTruce(7, "ended")) == expected


def test_tr4_tr5_a_battle_opened_and_closed_by_the_host() -> None:
    """An opened battle is refused as an Attack is (TR-4); closed, the survivors move in
    when no defender is left (TR-5)."""
    board, _ = step(_board(garrisons=(4, 2, *(1,) * 16)), StartTurn("p1"))
    assert _refused(board, OpenBattle("p1", "Chancery", "Consulate"))[:2] == (
        "territory/not-yours",
        "TR-4",
    )
    opened, events = step(board, OpenBattle("p1", "Consulate", "Chancery"))
    assert events == (BattleOpened("p1", "Consulate", "Chancery", 3, 2),)
    won, events = step(opened, CloseBattle("p1", "Consulate", "Chancery", 3, 2, 0))
    assert events == (
        BattleFought("p1", "Consulate", "Chancery", 3, 2, 0, 1, 2, True),
        TerritoryTaken("p1", "Chancery", "p2", "attack", 2),
    )
    assert (won.owners[1], won.garrisons[:2]) == ("p1", (1, 2))


@pytest.mark.parametrize(
    "action",
    [
        Fortify("zed", "Consulate", 1),
        LayTrap("zed", "Consulate", 1),
        Seize("zed", "Consulate", "siege"),
        Reinforce("zed", 1, "aid"),
        Levy("zed", 1, 0, 0),
        Tally("zed", pacts=1),
        BeginTruce(1, "p1", "zed"),
        CloseBattle("zed", "Consulate", "Chancery", 1, 1, 0),
    ],
    ids=lambda a: type(a).__name__,
)
def test_en4_a_host_action_for_a_player_not_seated_is_refused(action: Action) -> None:
    assert _refused(_board(), action) == (
        "territory/unknown-player",
        "EN-4",
        "'zed' is not seated.",
    )


@pytest.mark.parametrize(
    "action",
    [
        Fortify("p1", "Atlantis", 1),
        LayTrap("p1", "Atlantis", 1),
        Seize("p1", "Atlantis", "siege"),
        CloseBattle("p1", "Consulate", "Atlantis", 1, 1, 0),
    ],
    ids=lambda a: type(a).__name__,
)
def test_en4_a_host_action_on_a_territory_the_map_lacks_is_refused(action: Action) -> None:
    found = _refused(_board(), action)
    assert found == ("territory/unknown-territory", "EN-4", "The map has no 'Atlantis'.")


@pytest.mark.parametrize(
    "action",
    [
        Fortify("p1", "Consulate", -1),
        LayTrap("p1", "Consulate", -1),
        Seize("p1", "Chancery", ""),
        Reinforce("p1", 0, "aid"),
        Reinforce("p1", 1, ""),
        Levy("p1", -1, 0, 0),
        Levy("p1", 0, 0, -1),
        Tally("p1", cards_earned=-1),
        BeginTruce(1, "p1", "p1"),
        EndTruce(1, ""),
        CloseBattle("p1", "Consulate", "Chancery", 1, 2, 0),
        CloseBattle("p1", "Consulate", "Chancery", 1, 1, -1),
        Fortify("p1", "Consulate", "1"),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_en4_a_malformed_host_action_is_refused(action: Action) -> None:
    code, rule, _ = _refused(_board(), action)
    assert (code, rule) == ("territory/malformed", "EN-4")


def test_en5_no_host_action_is_ever_listed() -> None:
    board, _ = step(_board(realms=tuple(Realm(p, troops=3) for p in PLAYERS)), StartTurn("p1"))
    board = replace(board, garrisons=(5,) * 18)
    listed = {type(a) for a in legal_actions(board, "p1")}
    assert Attack in listed
    assert not listed & set(HOST_ACTIONS)


# -- properties of every decide function --------------------------------------------------------

_TEXT = st.sampled_from(["aid", "siege", "ended"])


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A dealt map with some troops, forts, traps, reserves and truces, a turn begun."""
    board = initial_state(Atlas(), PLAYERS, seed=draw(st.integers(0, 2**16)))
    size = len(board.owners)
    counts = st.lists(st.integers(0, 4), min_size=size, max_size=size).map(tuple)
    truces = draw(st.lists(st.sampled_from([(1, "p1", "p2"), (2, "p2", "p3")]), unique=True))
    board = replace(
        board,
        garrisons=draw(counts),
        forts=draw(counts),
        traps=draw(counts),
        realms=tuple(Realm(p, troops=draw(st.integers(0, 5))) for p in PLAYERS),
        truces=tuple(Truce(*t) for t in truces),
    )
    return step(board, StartTurn(draw(st.sampled_from(PLAYERS))))[0]


_PLAYER = st.sampled_from((*PLAYERS, "zed"))
_PLACE = st.sampled_from((*Atlas().territories[:6], "Atlantis"))
_COUNT = st.integers(-1, 4)

_BUILDS: dict[type, st.SearchStrategy[Action]] = {
    Fortify: st.builds(Fortify, _PLAYER, _PLACE, _COUNT),
    LayTrap: st.builds(LayTrap, _PLAYER, _PLACE, _COUNT),
    Seize: st.builds(Seize, _PLAYER, _PLACE, _TEXT),
    Reinforce: st.builds(Reinforce, _PLAYER, _COUNT, _TEXT),
    Levy: st.builds(Levy, _PLAYER, _COUNT, _COUNT, _COUNT),
    Tally: st.builds(Tally, _PLAYER, _COUNT, _COUNT),
    BeginTruce: st.builds(BeginTruce, st.integers(1, 3), _PLAYER, _PLAYER),
    EndTruce: st.builds(EndTruce, st.integers(1, 3), _TEXT),
    OpenBattle: st.builds(OpenBattle, _PLAYER, _PLACE, _PLACE),
    CloseBattle: st.builds(
        CloseBattle, _PLAYER, _PLACE, _PLACE, _COUNT, _COUNT, _COUNT, st.booleans()
    ),
}
HOST = st.one_of(*_BUILDS.values())
"""Every host action, well formed or not, legal or not."""


def test_the_strategy_covers_every_host_action() -> None:
    assert set(_BUILDS) == set(HOST_ACTIONS)


@settings(max_examples=200, deadline=None)
@given(boards(), st.lists(HOST, min_size=1, max_size=6))
def test_en2_en3_en8_host_actions_are_pure_deterministic_and_round_trip(
    board: Board, actions: list[Action]
) -> None:
    """Each host action leaves its input untouched (EN-2), gives the same answer twice
    (EN-3), keeps the map's invariants, and every state round-trips through JSON (EN-8);
    ``check`` answers as ``step`` does."""
    for action in actions:
        before = copy.deepcopy(board)
        problem = check(board, action)
        if problem is not None:
            with pytest.raises(IllegalAction) as raised:
                step(board, action)
            assert (raised.value.code, raised.value.rule) == (problem.code, problem.rule)
            assert board == before
            continue
        after, events = step(board, action)
        assert board == before
        assert step(before, action) == (after, events)
        for invariant in INVARIANTS:
            assert list(invariant(after)) == [], invariant.__name__
        text = to_json(after)
        assert from_json(text, Board) == after
        board = after
