"""EN-2, EN-4, EN-7: the fast paths of the combat actions games call most change nothing.

For every candidate action in reachable fights (the whole action space of combat choices,
the host's Ward, Empower, Heal and Move of everyone, and malformed variants: values of the
wrong type, ``str`` subclasses, an object equal to everything, unknown names, amounts below
one), the fused pipeline and the plain four stages give the same new state and events, or
the same refusal (code, rule, sentence); each fast check accepts exactly the legal actions
of its type; and ``advance`` gives the state ``step`` gives, or the same refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.support import ANYTHING, Name

from gamefold.combat import (
    PIPELINE,
    Afflict,
    CombatState,
    Condition,
    Declare,
    Declared,
    Empower,
    Empowered,
    Hand,
    Heal,
    Healed,
    Move,
    Retreat,
    Ward,
    Warded,
    Zone,
    advance,
    codes,
    step,
    subsystem,
)
from gamefold.combat.fused import accepts_declare, accepts_move, accepts_ward
from gamefold.combat.reducer import make_pipeline  # both paths, to compare them
from gamefold.core import Action
from gamefold.testing import assert_fast_paths
from gamefold.testing.combat import all_legal_actions, reachable_states
from gamefold.testing.listing import combat_action_space

from .support import FORWARD, REARWARD, ROCK, SCISSORS, fight, foe, hero, paired

FUSED = make_pipeline()
PLAIN = make_pipeline(fused=False)


def _host(state: CombatState) -> list[Any]:
    """The host's Ward, Empower, Heal, Move and Afflict of everyone, and of nobody."""
    out: list[Any] = []
    for cid in (*(c.id for c in state.combatants), "ghost"):
        out += [Ward(cid, 1), Ward(cid, 3), Empower(cid, 2), Heal(cid, 1), Heal(cid, 30)]
        out += [Move(cid, zone) for zone in Zone]
        out.append(Afflict(cid, Condition.STONED))
    return out


def _malformed(state: CombatState) -> list[Any]:
    """Each hot action with one field of the wrong type or range: of everyone (a ``str``
    subclass of each id), and variants of one legal declaration by each combatant of each
    target."""
    cid = state.combatants[0].id
    ids: list[Any] = [3, None, True, ANYTHING, *(Name(c.id) for c in state.combatants)]
    amounts: tuple[Any, ...] = (0, -1, True, 1.0, "2", None, ANYTHING)
    zones: tuple[Any, ...] = ("forward", None, 0, ANYTHING)
    out: list[Any] = []
    for kind in (Ward, Empower, Heal):
        out += [kind(cid, n) for n in amounts]
        out += [kind(who, 1) for who in ids]
    out += [Move(cid, z) for z in zones]
    out += [Move(who, zone) for who in ids for zone in Zone]
    for d in _one_per_aim(state):
        out += [Declare(who, d.ability, d.hand, d.target) for who in _wrong(d.combatant)]
        out += [Declare(d.combatant, n, d.hand, d.target) for n in (*_wrong(d.ability), "Zap")]
        out += [Declare(d.combatant, d.ability, h, d.target) for h in _wrong_hands(d.hand)]
        out += [Declare(d.combatant, d.ability, d.hand, t) for t in (*_wrong(d.target), "ghost")]
    return out


def _one_per_aim(state: CombatState) -> list[Declare]:
    """One legal declaration of each combatant at each target (or a made-up one if none)."""
    first: dict[tuple[str, str], Declare] = {}
    for action in all_legal_actions(state):
        if isinstance(action, Declare):
            first.setdefault((action.combatant, action.target), action)
    c, e = state.combatants[0].id, state.combatants[-1].id
    return list(first.values()) or [Declare(c, "Attack", Hand.ROCK, e)]


def _wrong(name: str) -> tuple[Any, ...]:
    """Values of the wrong type standing for ``name``."""
    return (Name(name), ANYTHING, 3, None, True)


def _wrong_hands(hand: Hand | None) -> tuple[Any, ...]:
    """Values of the wrong type standing for ``hand``, and Hands it is not."""
    wrong = ("rock", 0, ANYTHING, Condition.STONED, None if hand is not None else Hand.ROCK)
    return (*wrong, *(h for h in Hand if h is not hand))


def _candidates(state: CombatState) -> list[Any]:
    return [*combat_action_space(state), *_host(state), *_malformed(state)]


@st.composite
def fights(draw: st.DrawFn) -> CombatState:
    """Reachable fights, then up to four legal host actions or choices: wards, edges, healed
    or moved combatants and conditions, between exchanges and during them."""
    state = draw(reachable_states())
    for _ in range(draw(st.integers(0, 4))):
        pool = _host(state) if draw(st.booleans()) else all_legal_actions(state)
        options = [a for a in pool if PLAIN.check(state, a) is None]
        if options:
            state = PLAIN.step(state, draw(st.sampled_from(options)))[0]
    return state


@settings(max_examples=60, deadline=None)
@given(state=fights())
def test_cb3_to_cb12_the_fast_paths_agree_with_the_detailed_stages(state: CombatState) -> None:
    """EN-4, EN-7 and CB-3 … CB-12 (Declare), CB-10, CB-11 (Ward, Empower, Heal), CB-4
    (Move): for every candidate, legal or not, the fused and plain pipelines step and check
    alike; ``advance`` (the pipeline's and the face's) gives ``step``'s state or its refusal;
    each fast check accepts exactly the legal actions of its type; each quiet apply builds
    the state the apply builds."""
    assert_fast_paths(FUSED, PLAIN, state, _candidates(state), advance=advance)


def test_the_fast_paths_cover_the_actions_games_call_most() -> None:
    """Declare, Ward, Empower and Heal are checked and applied quietly; Move only checked."""
    assert set(FUSED.accepts) == {Declare, Ward, Empower, Heal, Move}
    assert set(FUSED.quiet) == {Declare, Ward, Empower, Heal}
    assert PLAIN.accepts == PLAIN.quiet == {}
    assert PIPELINE.accepts == FUSED.accepts
    assert PIPELINE.quiet == FUSED.quiet
    assert subsystem.advance is not None  # the registry's quiet path for the combat slice


def test_cb5_cb10_common_declarations_take_the_fast_path() -> None:
    """CB-5, CB-6, CB-10: a paired declaration and a Rearward combatant's (no partner, any
    standing enemy) are accepted; once declared, the same one is not (CB-10)."""
    state = paired(fight(hero("ann"), hero("bo", REARWARD), foe("orc")), ("ann", "orc"))
    mine, rear = Declare("ann", "Attack", ROCK, "orc"), Declare("bo", "Defend", SCISSORS, "orc")
    assert accepts_declare(state, mine)
    assert accepts_declare(state, rear)
    state = step(state, mine)[0]
    assert not accepts_declare(state, mine)
    assert PLAIN.check(state, mine) is not None


def test_cb12_cb13_a_forbidden_hand_or_an_agreed_retreat_is_not_accepted() -> None:
    """CB-12: a Stoned combatant's Rock, and CB-13: a declaration after agreeing to retreat,
    are declined by the fast check and refused by the detailed stages."""
    state = paired(fight(hero("ann"), foe("orc")))
    stoned = step(state, Afflict("ann", Condition.STONED))[0]
    rock = Declare("ann", "Attack", ROCK, "orc")
    scissors = Declare("ann", "Attack", SCISSORS, "orc")
    assert not accepts_declare(stoned, rock)
    assert accepts_declare(stoned, scissors)
    assert _code(stoned, rock) == codes.HAND_FORBIDDEN
    fleeing = step(state, Retreat("ann"))[0]
    assert not accepts_declare(fleeing, scissors)
    assert _code(fleeing, scissors) == codes.ALREADY_DECLARED


def _code(state: CombatState, action: Action) -> str:
    problem = PLAIN.check(state, action)
    assert problem is not None, action
    return problem.code


def test_cb4_cb11_host_actions_take_the_fast_path_until_refused() -> None:
    """CB-4: a move between exchanges is accepted, not during one (CB-10) nor to the zone
    one stands in; CB-11: a ward for a standing combatant, not a malformed one."""
    state = paired(fight(hero("ann"), foe("orc")))
    assert accepts_move(state, Move("ann", REARWARD))
    assert not accepts_move(state, Move("ann", FORWARD))
    assert accepts_ward(state, Ward("ann", 1))
    assert not accepts_ward(state, Ward("ann", True))
    assert not accepts_ward(state, Ward(Name("ann"), 1))
    state = step(state, Declare("ann", "Attack", ROCK, "orc"))[0]
    assert not accepts_move(state, Move("ann", REARWARD))


def test_en7_advance_builds_none_of_the_quiet_actions_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """EN-7: a declaration that does not end the exchange, a Ward, an Empower and a Heal
    stepped with ``advance`` never build their event records; ``step`` builds each one."""
    import gamefold.combat.boosts as boosts
    import gamefold.combat.exchange as exchange
    import gamefold.combat.warding as warding

    built: list[str] = []

    def counting(kind: type) -> Callable[..., object]:
        def built_one(*args: object) -> object:
            built.append(kind.__name__)
            return kind(*args)

        return built_one

    monkeypatch.setattr(exchange, "Declared", counting(Declared))
    monkeypatch.setattr(warding, "Warded", counting(Warded))
    monkeypatch.setattr(boosts, "Empowered", counting(Empowered))
    monkeypatch.setattr(boosts, "Healed", counting(Healed))
    start = paired(fight(hero("ann"), foe("orc")))
    actions: list[Action] = [
        Ward("ann", 2),
        Empower("orc", 1),
        Heal("ann", 1),
        Declare("ann", "Attack", ROCK, "orc"),
    ]
    quiet = loud = start
    for action in actions:
        quiet = advance(quiet, action)
    assert built == []
    for action in actions:
        loud = step(loud, action)[0]
    assert built == ["Warded", "Empowered", "Healed", "Declared"]
    assert quiet == loud
