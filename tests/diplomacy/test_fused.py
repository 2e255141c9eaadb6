"""EN-2, EN-4, EN-7: the fast paths of diplomacy's hottest actions change nothing observable.

For every candidate action in reachable states (every player's listed actions, a turn start,
turn end, Discard and SelfApply of every player and of nobody with the cards in hands, locked
in proposals and in the pool, and malformed variants: values of the wrong type, ``bool``
where an ``int`` is declared, ``str`` subclasses, an object equal to everything, negative and
too large numbers, lists for tuples, unknown and repeated bonus zones), the fused pipeline
and the plain four stages give the same new state and events, or the same refusal (code,
rule, sentence); each fast check accepts exactly the legal actions of its type; and
``advance`` gives the state ``step`` gives, or the same refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from tests.support import ANYTHING, Name

from gamefold import EndTurn, StartTurn, replace
from gamefold.diplomacy import (
    MAX_TERRITORIES,
    BeginTurn,
    BonusZone,
    CardDiscarded,
    DiplomacyConfig,
    DiplomacyState,
    Discard,
    Kind,
    SelfApplied,
    SelfApply,
    TurnEnded,
    advance,
    initial_state,
    legal_actions,
    locked_cards,
    step,
    subsystem,
)
from gamefold.diplomacy.fused import (
    accepts_begin_turn,
    accepts_discard,
    accepts_end_turn,
    accepts_self_apply,
    accepts_start_turn,
)
from gamefold.diplomacy.reducer import make_pipeline  # both paths, to compare them
from gamefold.testing import assert_fast_paths
from gamefold.testing.diplomacy import reachable_states

FUSED = make_pipeline()
PLAIN = make_pipeline(fused=False)


def _turns(state: DiplomacyState) -> list[Any]:
    """Turn starts and ends of everyone and of nobody, with holdings right and wrong."""
    names = [p.player for p in state.players]
    known = sorted(state.config.bonus_zones)
    players: list[Any] = [*names, "nobody", Name(state.next_player), ANYTHING, None, 3]
    out: list[Any] = [kind(p) for p in players for kind in (StartTurn, EndTurn)]
    out += [BeginTurn(p, 4, tuple(known[:1])) for p in players]
    zones: list[Any] = [(), *((z,) for z in known), tuple(known), tuple(reversed(known))]
    zones += [(*known[:1], *known[:1]), ("nowhere",)]
    zones += [tuple(Name(z) for z in known[:1]), (3,), (ANYTHING,), list(known[:1]), None]
    for who in (state.next_player, names[-1]):
        out += [BeginTurn(who, 4, z) for z in zones]
        counts = (0, 1, MAX_TERRITORIES, MAX_TERRITORIES + 1, -1, True, 2.0, "3", None)
        out += [BeginTurn(who, n, ()) for n in counts]
    return out


def _cards(state: DiplomacyState) -> list[Any]:
    """Every card in a hand or a proposal, the first of each pool kind, and malformed ids."""
    held = [c for p in state.players for c in (*p.hand, *locked_cards(state, p.player))]
    pool = [*state.pool.agreement[:1], *state.pool.value[:1], *state.pool.standalone[:1]]
    edge = [-1, len(state.config.cards), True, "1", 1.0, None, ANYTHING]
    return [*dict.fromkeys([*held, *pool]), *edge]


def _uses(state: DiplomacyState) -> list[Any]:
    """Discard and SelfApply of every candidate card by everyone, nobody and malformed ids."""
    names = [p.player for p in state.players]
    players: list[Any] = [*names, "nobody"]
    if state.active is not None:
        players += [Name(state.active), ANYTHING, None]
    return [kind(p, c) for p in players for c in _cards(state) for kind in (Discard, SelfApply)]


def _candidates(state: DiplomacyState) -> list[Any]:
    listed = [a for p in state.players for a in legal_actions(state, p.player)]
    return [*_turns(state), *_uses(state), *listed]


@settings(max_examples=60, deadline=None)
@given(state=reachable_states())
def test_dp1_dp4_dp5_dp10_dp11_dp12_the_fast_paths_agree_with_the_detailed_stages(
    state: DiplomacyState,
) -> None:
    """EN-4, EN-7 and DP-4, DP-5 (turn starts), DP-12 (turn ends), DP-1, DP-10 (Discard),
    DP-11 (SelfApply): for every candidate, legal or not, the fused and plain pipelines step
    and check alike; ``advance`` (the pipeline's and the face's) gives ``step``'s state or
    its refusal; each fast check accepts exactly the legal actions of its type; each quiet
    apply builds the state the apply builds."""
    assert_fast_paths(FUSED, PLAIN, state, _candidates(state), advance=advance)


def test_the_fast_paths_cover_the_hottest_actions() -> None:
    """Turn starts, turn ends, Discard and SelfApply are checked in one pass; all but the
    turn start (whose events are built as it goes) are applied quietly too."""
    assert set(FUSED.accepts) == {BeginTurn, StartTurn, EndTurn, Discard, SelfApply}
    assert set(FUSED.quiet) == {EndTurn, Discard, SelfApply}
    assert PLAIN.accepts == PLAIN.quiet == {}
    assert subsystem.advance is not None  # the registry's quiet path for the diplomacy slice


ZONES = {"isle": BonusZone(Kind.VALUE, 4), "pass": BonusZone(Kind.AGREEMENT, 4)}


def _table() -> DiplomacyState:
    return initial_state(DiplomacyConfig(bonus_zones=ZONES), ["ann", "bob"], seed=3)


def test_dp4_dp5_dp12_a_whole_turn_takes_the_fast_path() -> None:
    """DP-4, DP-5: the next seat's turn start with territories and bonus zones is accepted,
    any other seat's or a repeated, unknown or ``str``-subclass zone is not; DP-12: the turn
    under way ends on the fast path, and once ended, ends no more."""
    state = _table()
    assert accepts_start_turn(state, StartTurn("ann"))
    assert not accepts_start_turn(state, StartTurn("bob"))
    assert accepts_begin_turn(state, BeginTurn("ann", 7, ("pass", "isle")))
    assert not accepts_begin_turn(state, BeginTurn("ann", 7, ("isle", "isle")))
    assert not accepts_begin_turn(state, BeginTurn("ann", 7, ("atlantis",)))
    assert not accepts_begin_turn(state, BeginTurn("ann", 7, (Name("isle"),)))
    assert not accepts_begin_turn(state, BeginTurn("ann", MAX_TERRITORIES + 1))
    state = step(state, BeginTurn("ann", 7, ("isle",)))[0]
    assert not accepts_begin_turn(state, BeginTurn("bob"))  # a turn is under way
    assert accepts_end_turn(state, EndTurn("ann"))
    assert not accepts_end_turn(state, EndTurn("bob"))
    state = step(state, EndTurn("ann"))[0]
    assert not accepts_end_turn(state, EndTurn("ann"))


def test_dp1_dp10_dp11_cards_in_hand_take_the_fast_path_in_their_holders_turn() -> None:
    """DP-1: a Discard of a held card in one's turn is accepted, not another's card nor out
    of turn; DP-11: a SelfApply of a held Value card is accepted, a ``bool`` card is not."""
    state = step(_table(), StartTurn("ann"))[0]
    card = state.players[0].hand[0]  # a starting troop card (DP-2)
    assert accepts_discard(state, Discard("ann", card))
    assert accepts_self_apply(state, SelfApply("ann", card))
    assert not accepts_discard(state, Discard("ann", state.players[1].hand[0]))
    assert not accepts_discard(state, Discard("bob", state.players[1].hand[0]))
    assert not accepts_self_apply(state, SelfApply("ann", True))  # type: ignore[arg-type]
    assert not accepts_self_apply(state, SelfApply(ANYTHING, card))  # type: ignore[arg-type]


def test_en4_an_unseated_active_player_is_left_to_the_detailed_stages() -> None:
    """EN-4: the fast checks look the player up even where the clock names them: in a state
    whose turn belongs to someone unseated (a hand-made state, never a reachable one) a turn
    end, a Discard and a SelfApply get the detailed stages' unknown-player refusal."""
    state = step(_table(), StartTurn("ann"))[0]
    card = state.players[0].hand[0]
    ghost = replace(state, active="ghost")
    for action in (EndTurn("ghost"), Discard("ghost", card), SelfApply("ghost", card)):
        assert not FUSED.accepts[type(action)](ghost, action), action
        problem = PLAIN.check(ghost, action)
        assert problem is not None
        assert problem.code == "diplomacy/unknown-player"


def test_en7_advance_builds_none_of_the_quiet_actions_events(monkeypatch: Any) -> None:
    """EN-7: a turn's end, a Discard and a self-application through ``advance`` never build
    their event records, and end where ``step`` ends."""
    import gamefold.diplomacy.hands as hands
    import gamefold.diplomacy.turns as turns

    built: list[str] = []

    def counting(kind: type) -> Callable[..., object]:
        return lambda *args: built.append(kind.__name__) or kind(*args)

    state = step(_table(), StartTurn("ann"))[0]
    first, second = state.players[0].hand[:2]
    monkeypatch.setattr(turns, "TurnEnded", counting(TurnEnded))
    monkeypatch.setattr(hands, "CardDiscarded", counting(CardDiscarded))
    monkeypatch.setattr(hands, "SelfApplied", counting(SelfApplied))
    quiet = advance(advance(state, Discard("ann", first)), SelfApply("ann", second))
    quiet = advance(quiet, EndTurn("ann"))
    assert built == []
    loud = step(step(state, Discard("ann", first))[0], SelfApply("ann", second))[0]
    loud = step(loud, EndTurn("ann"))[0]
    assert built == ["CardDiscarded", "SelfApplied", "TurnEnded"]
    assert quiet == loud
