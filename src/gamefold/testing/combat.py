"""Hypothesis strategies for the combat subsystem, and seeded random legal play.

Strategies speak the kit's dialect (see :mod:`gamefold.testing`): plural nouns, the state or
config positional, every option keyword-only and either a value (fixed) or a strategy
(drawn), checked when built; an option left out is drawn from the default in the signature:

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
from gamefold.testing._validate import (
    Check,
    as_strategy,
    build,
    count,
    count_range,
    drawn,
    flag,
    instance,
    one_of,
    option,
    subject,
)

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


_DIRES = ("never", "always", "outnumbered")


def _beats(value: Any) -> str | None:
    fits = isinstance(value, tuple) and all(
        isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(h, Hand) for h in pair)
        for pair in value
    )
    return None if fits else "must be a beats relation: a tuple of (winner, loser) Hand pairs"


_FIELDS: dict[str, tuple[Check, st.SearchStrategy[Any]]] = {
    "beats": (_beats, st.sampled_from((SEED_BEATS, PLAYGROUND_BEATS))),
    "uncontested": (instance(Outcome, "an Outcome"), st.sampled_from(tuple(Outcome))),
    "pairing_tiebreak": (instance(Side, "a Side"), st.sampled_from(SIDES)),
    "max_hp": (count(1), st.integers(1, 12)),
    "body_slots": (count(), st.integers(0, 8)),
    "dire": (one_of(_DIRES), st.sampled_from(_DIRES)),
}
"""Each option of :func:`configs`: its check, and what it is drawn from when left out."""


def configs(
    *,
    beats: Beats | st.SearchStrategy[Beats] | None = None,
    uncontested: Outcome | st.SearchStrategy[Outcome] | None = None,
    pairing_tiebreak: Side | st.SearchStrategy[Side] | None = None,
    max_hp: int | st.SearchStrategy[int] | None = None,
    body_slots: int | st.SearchStrategy[int] | None = None,
    dire: str | st.SearchStrategy[str] | None = None,
    sample_abilities: bool | st.SearchStrategy[bool] = True,
) -> st.SearchStrategy[CombatConfig]:
    """Valid configs, every default varied.

    Each option sets the config field of its name; left out, it is drawn: ``beats`` the
    seed's or the flipped relation, ``uncontested`` and ``pairing_tiebreak`` any,
    ``max_hp`` 1 to 12, ``body_slots`` 0 to 8, ``dire`` any of its three settings.
    ``sample_abilities`` adds :data:`SAMPLE_ABILITIES` to Attack and Defend.
    """
    given = {
        "beats": beats,
        "uncontested": uncontested,
        "pairing_tiebreak": pairing_tiebreak,
        "max_hp": max_hp,
        "body_slots": body_slots,
        "dire": dire,
    }
    chosen = {
        name: as_strategy(option(name, given[name], check, default=default))
        for name, (check, default) in _FIELDS.items()
    }
    sample = as_strategy(option("sample_abilities", sample_abilities, flag))
    return st.builds(
        CombatConfig,
        beats=chosen["beats"],
        abilities=sample.map(_abilities),
        max_hp=chosen["max_hp"],
        uncontested=chosen["uncontested"],
        pairing_tiebreak=chosen["pairing_tiebreak"],
        condition_rounds=st.integers(0, 3),
        body_slots=chosen["body_slots"],
        dire=chosen["dire"],
    )


def _abilities(sample: bool) -> tuple[Ability, ...]:
    return (ATTACK, DEFEND, *SAMPLE_ABILITIES) if sample else (ATTACK, DEFEND)


def fighters(
    config: CombatConfig,
    *,
    side: Side | st.SearchStrategy[Side] | None = None,
    index: int | st.SearchStrategy[int] | None = None,
) -> st.SearchStrategy[Fighter]:
    """One entry of ``side`` (drawn if left out) named ``p<index>`` or ``e<index>`` (``index``
    0 to 9 if left out), valid under ``config``."""
    return build(
        _fighters,
        config=subject("config", config, _CONFIG),
        side=option("side", side, instance(Side, "a Side"), default=st.sampled_from(SIDES)),
        index=option("index", index, count(), default=st.integers(0, 9)),
    )


@st.composite
def _fighters(draw: st.DrawFn, config: CombatConfig, side: Side, index: int) -> Fighter:
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


_CONFIG = instance(CombatConfig, "a CombatConfig")


def initial_states(
    *,
    config: CombatConfig | st.SearchStrategy[CombatConfig] | None = None,
    party: tuple[int, int] | st.SearchStrategy[tuple[int, int]] = (1, 3),
    enemies: tuple[int, int] | st.SearchStrategy[tuple[int, int]] = (1, 3),
) -> st.SearchStrategy[CombatState]:
    """Fights about to begin under ``config`` (drawn from :func:`configs` if left out), with
    ``party`` and ``enemies`` (min, max) combatants."""
    return _initial_states(
        option("config", config, _CONFIG, default=configs()),
        option("party", party, count_range(1)),
        option("enemies", enemies, count_range(1)),
    )


@st.composite
def _initial_states(
    draw: st.DrawFn,
    config: CombatConfig | st.SearchStrategy[CombatConfig],
    party: tuple[int, int] | st.SearchStrategy[tuple[int, int]],
    enemies: tuple[int, int] | st.SearchStrategy[tuple[int, int]],
) -> CombatState:
    chosen = drawn(draw, config)
    sizes = ((Side.PARTY, drawn(draw, party)), (Side.ENEMIES, drawn(draw, enemies)))
    entries: list[Fighter] = []
    for side, (low, high) in sizes:
        for i in range(draw(st.integers(low, high))):
            entries.append(draw(_fighters(chosen, side, i)))
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
    initial: CombatState | st.SearchStrategy[CombatState] | None = None,
    max_steps: int | st.SearchStrategy[int] = 40,
    running: bool | st.SearchStrategy[bool] = False,
) -> st.SearchStrategy[CombatState]:
    """Fights reached by up to ``max_steps`` random legal actions from ``initial`` (drawn
    from :func:`initial_states` if left out).

    With ``running=True`` every state drawn is a fight still going on.
    """
    return _reachable_states(
        option("initial", initial, _STATE, default=initial_states()),
        option("max_steps", max_steps, count()),
        option("running", running, flag),
    )


@st.composite
def _reachable_states(
    draw: st.DrawFn,
    initial: CombatState | st.SearchStrategy[CombatState],
    max_steps: int | st.SearchStrategy[int],
    running: bool | st.SearchStrategy[bool],
) -> CombatState:
    start = drawn(draw, initial)
    most, still = drawn(draw, max_steps), drawn(draw, running)
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, most))
    return random_play(start, Rng.from_seed(seed), steps, running=still)


_STATE = instance(CombatState, "a CombatState")


def declarations(state: CombatState) -> st.SearchStrategy[Action]:
    """The legal :class:`Declare` and :class:`Retreat` actions of ``state``, any combatant."""
    subject("state", state, _STATE)
    options = tuple(a for c in state.combatants for a in legal_actions(state, c.id))
    return st.sampled_from(options) if options else st.nothing()


def arbitrary_actions(state: CombatState) -> st.SearchStrategy[Action]:
    """Combat actions of every type built from ``state``'s names and a few unknown ones.

    Most are illegal; use them to check that ``check`` and ``step`` agree and that an
    illegal action leaves the state unchanged.
    """
    subject("state", state, _STATE)
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
