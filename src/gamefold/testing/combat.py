"""Hypothesis strategies for the combat subsystem, and seeded random legal play.

Strategies are plural nouns with keyword-only options; each option is fixed when given and
drawn when left out:

- :func:`configs` valid :class:`~gamefold.combat.CombatConfig` records, optionally with the
  sample abilities in :data:`SAMPLE_ABILITIES` (zone-bound, Hand-limited, Hand-less, costed,
  inflicting a condition);
- :func:`initial_states` fights about to begin; :func:`reachable_states` fights reached by
  random *legal* play from a seeded start (:func:`random_play`);
- :func:`declarations` the legal declarations and retreats of a state;
  :func:`arbitrary_actions` actions of every combat type, legal or not.

They are public so that a game's own tests can test its house rules the way gamefold tests
its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from gamefold.combat import (
    ATTACK,
    DEFEND,
    HANDS,
    PLAYGROUND_BEATS,
    SEED_BEATS,
    SIDES,
    Ability,
    Afflict,
    AssignPairings,
    Beats,
    CombatConfig,
    CombatState,
    Condition,
    Declare,
    Fighter,
    Hand,
    Inflict,
    Item,
    Outcome,
    Pair,
    Retreat,
    Side,
    Stance,
    Withdraw,
    Zone,
    check,
    initial_state,
    legal_actions,
    step,
    waiting_for,
)
from gamefold.core import Action, EndRound
from gamefold.rng import Rng
from gamefold.testing._validate import check_count, check_range, check_strategy

__all__ = [
    "SAMPLE_ABILITIES",
    "TYPE_STRATEGIES",
    "all_legal_actions",
    "arbitrary_actions",
    "configs",
    "declarations",
    "fighters",
    "initial_states",
    "random_action",
    "random_play",
    "reachable_states",
]

SAMPLE_ABILITIES: tuple[Ability, ...] = (
    Ability(
        name="Shove",
        stance=Stance.OFFENSIVE,
        hands=(Hand.ROCK, Hand.PAPER),
        zone=Zone.FORWARD,
        damage_win=3,
        damage_tie=1,
        cost=1,
        inflicts=(Inflict(condition=Condition.DULLED),),
    ),
    Ability(
        name="Volley",
        stance=Stance.OFFENSIVE,
        hands=(Hand.SCISSORS,),
        zone=Zone.REARWARD,
        damage_win=5,
        cost=2,
    ),
    Ability(name="Brace", stance=Stance.DEFENSIVE, hands=(), damage_win=1),
)
"""Abilities beyond Attack and Defend that exercise every part of an ability's data."""

_ITEM_NAMES = ("rope", "torch", "shield", "lantern")


def _fixed(value: Any, strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return strategy if value is None else st.just(value)


def configs(
    *,
    beats: Beats | None = None,
    uncontested: Outcome | None = None,
    pairing_tiebreak: Side | None = None,
    max_hp: int | None = None,
    body_slots: int | None = None,
    dire: str | None = None,
    sample_abilities: bool = True,
) -> st.SearchStrategy[CombatConfig]:
    """Valid configs: the seed's or the flipped relation, every default varied."""
    abilities = (ATTACK, DEFEND, *SAMPLE_ABILITIES) if sample_abilities else (ATTACK, DEFEND)
    return st.builds(
        CombatConfig,
        beats=_fixed(beats, st.sampled_from((SEED_BEATS, PLAYGROUND_BEATS))),
        abilities=st.just(abilities),
        max_hp=_fixed(max_hp, st.integers(1, 12)),
        uncontested=_fixed(uncontested, st.sampled_from(tuple(Outcome))),
        pairing_tiebreak=_fixed(pairing_tiebreak, st.sampled_from(SIDES)),
        condition_rounds=st.integers(1, 3),
        body_slots=_fixed(body_slots, st.integers(0, 8)),
        dire=_fixed(dire, st.sampled_from(("never", "always", "outnumbered"))),
    )


@st.composite
def fighters(draw: st.DrawFn, *, config: CombatConfig, side: Side, index: int) -> Fighter:
    """One entry of ``side`` named ``p<index>`` or ``e<index>``, valid under ``config``."""
    names = draw(st.lists(st.sampled_from(_ITEM_NAMES), unique=True, max_size=3))
    items = tuple(Item(n, draw(st.integers(1, 3))) for n in names)
    used = sum(i.slots for i in items)
    own = [a.name for a in config.abilities if a.name not in config.basic]
    return Fighter(
        f"{'p' if side is Side.PARTY else 'e'}{index}",
        side,
        draw(st.sampled_from(tuple(Zone))),
        max_hp=draw(st.none() | st.integers(1, 12)),
        slots=draw(st.integers(used, used + 8)),
        items=items,
        abilities=tuple(draw(st.lists(st.sampled_from(own), unique=True)) if own else ()),
    )


def initial_states(
    *,
    config: CombatConfig | None = None,
    party: tuple[int, int] = (1, 3),
    enemies: tuple[int, int] = (1, 3),
) -> st.SearchStrategy[CombatState]:
    """Fights about to begin, with ``party`` and ``enemies`` (min, max) combatants."""
    if config is not None and not isinstance(config, CombatConfig):
        raise InvalidArgument(f"config={config!r} must be a CombatConfig or None")
    check_range("party", party, low=1)
    check_range("enemies", enemies, low=1)
    return _initial_states(config, party, enemies)


@st.composite
def _initial_states(
    draw: st.DrawFn,
    config: CombatConfig | None,
    party: tuple[int, int],
    enemies: tuple[int, int],
) -> CombatState:
    chosen = config if config is not None else draw(configs())
    entries: list[Fighter] = []
    for side, (low, high) in ((Side.PARTY, party), (Side.ENEMIES, enemies)):
        for i in range(draw(st.integers(low, high))):
            entries.append(draw(fighters(config=chosen, side=side, index=i)))
    return initial_state(chosen, entries, seed=draw(st.integers(0, 2**32 - 1)))


def all_legal_actions(state: CombatState) -> tuple[Action, ...]:
    """The legal actions of every actor: both sides' pairings, then each combatant's."""
    actors = (*(s.value for s in SIDES), *(c.id for c in state.combatants))
    return tuple(a for actor in actors for a in legal_actions(state, actor))


def _host_action(state: CombatState, rng: Rng) -> tuple[Action, Rng]:
    """An EndRound, a Withdraw or an Afflict of a random combatant (maybe illegal)."""
    kind, rng = rng.below(4)
    if kind == 0:
        return EndRound(), rng
    c, rng = rng.choice(state.combatants)
    if kind == 1:
        return Withdraw((c.id,), "host"), rng
    condition, rng = rng.choice(tuple(Condition))
    rounds, rng = rng.below(3)
    return Afflict(c.id, condition, rounds or None), rng


def random_action(state: CombatState, rng: Rng) -> tuple[Action | None, Rng]:
    """A random legal action, host actions included; ``None`` once the fight is over.

    One time in eight the host acts (an EndRound, a Withdraw, or an Afflict when legal). Otherwise
    an actor is picked (a side that must pair, or a combatant the exchange waits for), then
    one of its options; a party member considers retreating only a quarter of the time, so
    that fights also end by blows.
    """
    if state.ending is not None:
        return None, rng
    roll, rng = rng.below(8)
    if roll == 0:
        action, rng = _host_action(state, rng)
        if check(state, action) is None:
            return action, rng
    actors = [s.value for s in SIDES if legal_actions(state, s.value)]
    actors.extend(waiting_for(state))
    actor, rng = rng.choice(actors)
    options = legal_actions(state, actor)
    declares = tuple(a for a in options if not isinstance(a, Retreat))
    quarter, rng = rng.below(4)
    if declares and quarter != 0:
        return rng.choice(declares)
    return rng.choice(options)


def random_play(state: CombatState, rng: Rng, steps: int, *, running: bool = False) -> CombatState:
    """``state`` after up to ``steps`` random legal actions drawn with ``rng``.

    With ``running=True`` play stops before an action that would end the fight.
    """
    for _ in range(steps):
        action, rng = random_action(state, rng)
        if action is None:
            break
        new = step(state, action)[0]
        if running and new.ending is not None:
            break
        state = new
    return state


def reachable_states(
    *,
    initial: st.SearchStrategy[CombatState] | None = None,
    max_steps: int = 40,
    running: bool = False,
) -> st.SearchStrategy[CombatState]:
    """Fights reached by up to ``max_steps`` random legal actions from a seeded start.

    With ``running=True`` every state drawn is a fight still going on.
    """
    check_strategy("initial", initial)
    check_count("max_steps", max_steps)
    return _reachable_states(initial, max_steps, running)


@st.composite
def _reachable_states(
    draw: st.DrawFn,
    initial: st.SearchStrategy[CombatState] | None,
    max_steps: int,
    running: bool,
) -> CombatState:
    start = draw(initial if initial is not None else initial_states())
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    return random_play(start, Rng.from_seed(seed), steps, running=running)


def declarations(state: CombatState) -> st.SearchStrategy[Action]:
    """The legal :class:`Declare` and :class:`Retreat` actions of ``state``, any combatant."""
    options = tuple(a for c in state.combatants for a in legal_actions(state, c.id))
    return st.sampled_from(options) if options else st.nothing()


def arbitrary_actions(state: CombatState) -> st.SearchStrategy[Action]:
    """Combat actions of every type built from ``state``'s names and a few unknown ones.

    Most are illegal; use them to check that ``check`` and ``step`` agree and that an
    illegal action leaves the state unchanged.
    """
    ids = st.sampled_from((*(c.id for c in state.combatants), "ghost"))
    names = st.sampled_from((*(a.name for a in state.config.abilities), "Fireball"))
    hands = st.none() | st.sampled_from(HANDS)
    item_names = st.sampled_from((*_ITEM_NAMES, "crown"))
    pairs = st.lists(st.builds(Pair, ids, ids), max_size=3).map(tuple)
    return st.one_of(
        st.builds(Declare, ids, names, hands, ids),
        st.builds(Retreat, ids, st.none() | ids, st.lists(item_names, max_size=2).map(tuple)),
        st.builds(AssignPairings, st.sampled_from(SIDES), pairs),
        st.builds(Afflict, ids, st.sampled_from(tuple(Condition)), st.none() | st.integers(0, 3)),
        st.builds(Withdraw, st.lists(ids, max_size=3).map(tuple), st.sampled_from(("", "host"))),
    )


TYPE_STRATEGIES: dict[type, Callable[[], st.SearchStrategy[Any]]] = {
    CombatConfig: configs,
    CombatState: reachable_states,
}
"""Strategies for ``st.from_type``, registered by gamefold's Hypothesis plugin."""
