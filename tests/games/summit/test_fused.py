"""EN-2, EN-4, EN-7: the fast paths of the map's deploys and attacks change nothing observable.

For every candidate action in reachable maps (some given a truce or a trap on top), namely
every player's listed map actions, a Deploy of everyone, of nobody and of the neutral owner
on every territory, an Attack of everyone and of nobody from every territory to every
territory, and malformed variants (values of the wrong type, ``str`` subclasses, an object
equal to everything, unknown territories), the fused pipeline and the plain four stages
give the same new map and events, or the same refusal (code, rule, sentence); each fast
check accepts exactly the legal actions of its type; and ``advance`` gives the map ``step``
gives, or the same refusal.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.summit.helpers import board, first_turn
from tests.support import ANYTHING, Name

from gamefold import replace
from gamefold.games.summit import (
    NEUTRAL,
    Attack,
    Deploy,
    MapState,
    Phase,
    Scenario,
    Summit,
    SummitConfig,
    TroopDeployed,
    Truce,
    legal_actions,
    subsystem,
)
from gamefold.games.summit.fused import accepts_attack, accepts_deploy
from gamefold.games.summit.reducer import make_pipeline  # both paths, to compare them
from gamefold.testing import assert_fast_paths, reachable_games

GAME = Summit(SummitConfig(players=3, scenario=Scenario(max_rounds=8)))
FUSED = make_pipeline()
PLAIN = make_pipeline(fused=False)


@st.composite
def maps(draw: st.DrawFn) -> MapState:
    """Maps of reachable games; some with a truce between the player whose turn it is and
    another (SM-7), some with a trap laid on a territory (SM-13)."""
    state = board(draw(reachable_games(GAME, max_steps=120)))
    players = state.players
    if draw(st.booleans()) and state.current:
        other = draw(st.sampled_from([p for p in players if p != state.current]))
        state = replace(state, truces=(*state.truces, Truce(99, state.current, other)))
    if draw(st.booleans()):
        where = draw(st.integers(0, len(state.traps) - 1))
        traps = (*state.traps[:where], 2, *state.traps[where + 1 :])
        state = replace(state, traps=traps)
    return state


def _malformed(state: MapState) -> list[Any]:
    """Deploys and attacks of the player whose turn it is, one field wrong in each."""
    who = state.current or state.players[0]
    mine = state.scenario.territories[state.owners.index(who)] if who in state.owners else "x"
    wrong: list[Any] = [Name(who), ANYTHING, None, 3, Name(mine), "nowhere"]
    out: list[Any] = [Deploy(p, mine) for p in wrong]
    out += [Deploy(who, t) for t in wrong]
    for name in state.scenario.territories:
        out += [Attack(p, mine, name) for p in wrong]
        out += [Attack(who, t, name) for t in wrong]
        out += [Attack(who, mine, t) for t in wrong]
    return out


def _candidates(state: MapState) -> list[Any]:
    names = state.scenario.territories
    players = (*state.players, "nobody", NEUTRAL)
    out: list[Any] = [a for p in state.players for a in legal_actions(state, p)]
    out += [Deploy(p, t) for p in players for t in names]
    out += [Attack(p, s, t) for p in players for s in names for t in names]
    return [*out, *_malformed(state)]


@settings(max_examples=40, deadline=None)
@given(state=maps())
def test_sm4_sm6_sm7_the_fast_paths_agree_with_the_detailed_stages(state: MapState) -> None:
    """EN-4, EN-7 and SM-4 (Deploy), SM-6, SM-7 (Attack): for every candidate, legal or not,
    the fused and plain pipelines step and check alike; ``advance`` gives ``step``'s map or
    its refusal; each fast check accepts exactly the legal actions of its type; the quiet
    Deploy builds the map the apply builds."""
    assert_fast_paths(FUSED, PLAIN, state, _candidates(state))


def test_the_fast_paths_cover_deploys_and_attacks() -> None:
    """Deploy and Attack are checked in one pass; Deploy is applied quietly too (an attack
    reports its trap and battle as it fights them)."""
    assert set(FUSED.accepts) == {Deploy, Attack}
    assert set(FUSED.quiet) == {Deploy}
    assert PLAIN.accepts == PLAIN.quiet == {}
    assert subsystem.advance is not None  # the registry's quiet path for the map slice


def _turn() -> MapState:
    """The map at p1's first turn, with troops in reserve and on p1's territories."""
    state = board(first_turn(GAME, seed=2))
    assert state.phase is Phase.TURN
    return state


def test_sm4_a_deploy_on_ones_own_territory_takes_the_fast_path() -> None:
    """SM-4: p1 deploys on a territory of theirs in their turn; not on another's, not p2,
    not with an empty reserve."""
    state = _turn()
    me = state.current
    mine = state.scenario.territories[state.owners.index(me)]
    theirs = next(
        t for t, o in zip(state.scenario.territories, state.owners, strict=True) if o != me
    )
    assert accepts_deploy(state, Deploy(me, mine))
    assert not accepts_deploy(state, Deploy(me, theirs))
    assert not accepts_deploy(state, Deploy(Name(me), mine))
    empty = replace(state, realms=tuple(replace(r, troops=0) for r in state.realms))
    assert not accepts_deploy(empty, Deploy(me, mine))
    assert PLAIN.check(empty, Deploy(me, mine)) is not None


def _armed(state: MapState) -> MapState:
    """``state`` with troops enough on every territory to attack from."""
    return replace(state, garrisons=tuple(g + 5 for g in state.garrisons))


def _owner(state: MapState, territory: str) -> str:
    return state.owners[state.scenario.territories.index(territory)]


def test_sm6_sm7_every_listed_attack_takes_the_fast_path_until_a_truce_forbids_it() -> None:
    """SM-6: every attack the listing offers is accepted; SM-7: a truce with the defender
    bars the attacks on them, and the detailed stages refuse them."""
    state = _armed(_turn())
    me = state.current
    attacks = [a for a in legal_actions(state, me) if isinstance(a, Attack)]
    assert attacks
    assert all(accepts_attack(state, a) for a in attacks)
    held = [a for a in attacks if _owner(state, a.territory) != NEUTRAL]
    assert held
    aimed = held[0]
    foe = _owner(state, aimed.territory)
    truce = replace(state, truces=(Truce(7, me, foe),))
    assert not accepts_attack(truce, aimed)
    problem = PLAIN.check(truce, aimed)
    assert problem is not None
    assert (problem.code, problem.rule) == ("summit/truce", "SM-7")


def test_en4_an_unseated_player_on_the_clock_is_left_to_the_detailed_stages() -> None:
    """EN-4: the fast checks look the player up even where the flow names them: on a map
    whose turn and territories belong to someone unseated (a hand-made map, never a
    reachable one) every deploy and attack gets the detailed stages' unknown-player
    refusal."""
    state = _armed(_turn())
    me = state.current
    moves = [a for a in legal_actions(state, me) if isinstance(a, Deploy | Attack)]
    assert any(isinstance(a, Deploy) for a in moves)
    assert any(isinstance(a, Attack) for a in moves)
    owners = tuple("ghost" if o == me else o for o in state.owners)
    ghost = replace(state, current="ghost", owners=owners)
    for move in moves:
        forged = replace(move, player="ghost")
        assert not FUSED.accepts[type(forged)](ghost, forged), forged
        problem = PLAIN.check(ghost, forged)
        assert problem is not None
        assert problem.code == "summit/unknown-player"


def test_en7_advance_builds_no_deploy_event(monkeypatch: Any) -> None:
    """EN-7: a deploy through the quiet path never builds its event, and ends where
    ``step`` ends."""
    import gamefold.games.summit.attack as attack

    built: list[str] = []
    monkeypatch.setattr(
        attack, "TroopDeployed", lambda *args: built.append("TroopDeployed") or TroopDeployed(*args)
    )
    state = _turn()
    me = state.current
    mine = state.scenario.territories[state.owners.index(me)]
    quiet = FUSED.advance(state, Deploy(me, mine))
    assert built == []
    assert quiet == PLAIN.step(state, Deploy(me, mine))[0]
    assert built == ["TroopDeployed"]
