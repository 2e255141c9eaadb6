"""Hypothesis strategies for the skill-deck subsystem (:mod:`gamefold.skills`).

Strategies speak the kit's dialect (see :mod:`gamefold.testing`): plural nouns, the state
positional, every option keyword-only and either a value or a strategy, checked when built:

- :func:`configs`: valid :class:`~gamefold.skills.SkillsConfig` values with small decks;
- :func:`initial_states`: sessions just dealt (SD-14);
- :func:`legal_actions`: one legal move in a state, for any actor, the clock or the host;
- :func:`actions`: well-formed actor actions, legal or not (for rejection tests);
- :func:`reachable_states`: states reached by playing legal moves from a seeded start.

:func:`legal_moves` is the plain list behind :func:`legal_actions`, and :func:`arrange`
lays out one owner's zones for an example test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from gamefold.core import Action, EndRound, StartRound, replace
from gamefold.skills import (
    ACTOR_ACTIONS,
    BURN_RESETS,
    DEFAULT_ABILITIES,
    DEFAULT_DECK,
    GM_SHORT_DRAWS,
    LOWER_LIMITS,
    SIDES,
    STANDARD_EFFECTS,
    TIMINGS,
    Ability,
    Activate,
    Burn,
    CardDef,
    ChangeHandLimit,
    CloseReactionWindow,
    DefeatUnit,
    Discard,
    Effect,
    Effects,
    EndActivation,
    Modifier,
    OpenReactionWindow,
    PayCost,
    Play,
    SkillsConfig,
    SkillsState,
    check,
    initial_state,
    owner_of,
    reduce,
)
from gamefold.skills import legal_actions as actor_actions
from gamefold.testing._validate import (
    build,
    count,
    drawn,
    flag,
    instance,
    mapping,
    option,
    subject,
)

__all__ = [
    "TYPE_STRATEGIES",
    "abilities",
    "actions",
    "arrange",
    "card_defs",
    "configs",
    "initial_states",
    "legal_actions",
    "legal_moves",
    "reachable_states",
]

_EFFECTS = ("draw", "attack", "defend", "move")
_STATS = ("attack", "defence", "speed")
_UNKNOWN = "nobody"


def card_defs() -> st.SearchStrategy[CardDef]:
    """Card definitions with a small named effect, Burn modifiers and either timing."""
    return _card_defs()


@st.composite
def _card_defs(draw: st.DrawFn) -> CardDef:
    effect = draw(st.sampled_from(_EFFECTS))
    params = {"count": draw(st.integers(0, 2))} if effect == "draw" else {"amount": 1}
    burn = draw(st.lists(st.builds(Modifier, st.sampled_from(_STATS), st.integers(-2, 3))))
    name = draw(st.sampled_from(("Strike", "Parry", "Focus", "Dash")))
    return CardDef(name, Effect(effect, params), tuple(burn), draw(st.sampled_from(TIMINGS)))


def abilities(
    *, max_cost: int | st.SearchStrategy[int] = 3
) -> st.SearchStrategy[tuple[Ability, ...]]:
    """Tuples of paid abilities with distinct names, costing 1 to ``max_cost`` cards."""
    return build(_abilities, max_cost=option("max_cost", max_cost, count(1)))


def _abilities(max_cost: int) -> st.SearchStrategy[tuple[Ability, ...]]:
    one = st.builds(
        Ability, st.sampled_from(("attack", "equipment", "spell")), st.integers(1, max_cost)
    )
    return st.lists(one, max_size=3, unique_by=lambda a: a.name).map(tuple)


def configs(
    *,
    max_deck_size: int | st.SearchStrategy[int] = 10,
    max_hand_limit: int | st.SearchStrategy[int] = 5,
    defaults: bool | st.SearchStrategy[bool] = False,
) -> st.SearchStrategy[SkillsConfig]:
    """Valid configs with decks of 1 to ``max_deck_size`` cards; with ``defaults`` also
    (about half the time) the default config itself."""
    return build(
        _configs,
        max_deck_size=option("max_deck_size", max_deck_size, count(1)),
        max_hand_limit=option("max_hand_limit", max_hand_limit, count(1)),
        defaults=option("defaults", defaults, flag),
    )


@st.composite
def _configs(
    draw: st.DrawFn, max_deck_size: int, max_hand_limit: int, defaults: bool
) -> SkillsConfig:
    if defaults and draw(st.booleans()):
        return SkillsConfig()
    deck_size = draw(st.integers(1, max_deck_size))
    gm_deck_size = draw(st.integers(1, max_deck_size))
    hand_limit = draw(st.integers(1, min(deck_size, max_hand_limit)))
    return SkillsConfig(
        deck_size=deck_size,
        hand_limit=hand_limit,
        gm_deck_size=gm_deck_size,
        gm_hand_limit=draw(st.integers(1, min(gm_deck_size, max_hand_limit))),
        exhaust_on_recycle=draw(st.integers(0, min(deck_size, 2))),
        fatigue_on_recycle=draw(st.integers(0, 2)),
        lethal_draw_failure=draw(st.booleans()),
        first_side=draw(st.sampled_from(SIDES)),
        deck=draw(_decks()),
        gm_deck=draw(_decks()),
        abilities=draw(st.just(DEFAULT_ABILITIES) | abilities()),
        lower_limit=draw(st.sampled_from(LOWER_LIMITS)),
        gm_short_draw=draw(st.sampled_from(GM_SHORT_DRAWS)),
        burn_reset=draw(st.sampled_from(BURN_RESETS)),
        opening_hand=draw(st.none() | st.integers(0, hand_limit)),
    )


def _decks() -> st.SearchStrategy[tuple[CardDef, ...]]:
    return st.just(DEFAULT_DECK) | st.lists(card_defs(), min_size=1, max_size=4).map(tuple)


def initial_states(
    *,
    config: SkillsConfig | st.SearchStrategy[SkillsConfig] | None = None,
    max_players: int | st.SearchStrategy[int] = 3,
    max_gm_units: int | st.SearchStrategy[int] = 2,
) -> st.SearchStrategy[SkillsState]:
    """Sessions just dealt (SD-14) under ``config`` (drawn from :func:`configs` if left out):
    1 to ``max_players`` players, 0 to ``max_gm_units`` GM units."""
    return _initial_states(
        option("config", config, instance(SkillsConfig, "a SkillsConfig"), default=configs()),
        option("max_players", max_players, count(1)),
        option("max_gm_units", max_gm_units, count()),
    )


@st.composite
def _initial_states(
    draw: st.DrawFn,
    config: SkillsConfig | st.SearchStrategy[SkillsConfig],
    max_players: int | st.SearchStrategy[int],
    max_gm_units: int | st.SearchStrategy[int],
) -> SkillsState:
    chosen = drawn(draw, config)
    most_players, most_units = drawn(draw, max_players), drawn(draw, max_gm_units)
    players = [f"p{i}" for i in range(1, draw(st.integers(1, most_players)) + 1)]
    units = [f"u{i}" for i in range(1, draw(st.integers(0, most_units)) + 1)]
    seed = draw(st.integers(0, 2**64 - 1))
    return initial_state(chosen, players, seed, gm_units=units)


def _host_moves(state: SkillsState, defeats: bool) -> list[Action]:
    moves: list[Action] = []
    for player in state.seats:
        moves += [OpenReactionWindow(player), CloseReactionWindow(player)]
        moves += [ChangeHandLimit(player, 1), ChangeHandLimit(player, -1)]
    if defeats:
        moves += [DefeatUnit(unit) for unit in (*state.seats[:-1], *state.gm_units)]
    return [move for move in moves if check(state, move) is None]


def legal_moves(state: SkillsState, *, host: bool = True, defeats: bool = False) -> list[Action]:
    """Every legal move now: each actor's actions, the clock's, and the host's if ``host``.

    Host moves are reaction windows and hand-limit changes of one, plus defeats if
    ``defeats``. The list is never empty for a reachable state.
    """
    moves: list[Action] = [move for seat in state.seats for move in actor_actions(state, seat)]
    moves += [move for move in (StartRound(), EndRound()) if check(state, move) is None]
    if host:
        moves += _host_moves(state, defeats)
    return moves


def legal_actions(
    state: SkillsState,
    *,
    host: bool | st.SearchStrategy[bool] = True,
    defeats: bool | st.SearchStrategy[bool] = False,
) -> st.SearchStrategy[Action]:
    """One legal move of :func:`legal_moves`, drawn uniformly."""
    return build(
        _legal_actions,
        state=subject("state", state, _STATE),
        host=option("host", host, flag),
        defeats=option("defeats", defeats, flag),
    )


def _legal_actions(state: SkillsState, host: bool, defeats: bool) -> st.SearchStrategy[Action]:
    return st.sampled_from(legal_moves(state, host=host, defeats=defeats))


def actions(state: SkillsState) -> st.SearchStrategy[Action]:
    """Well-formed actor actions (:data:`~gamefold.skills.ACTOR_ACTIONS`), legal or not.

    Names and card ids are mostly the state's own, sometimes unknown.
    """
    subject("state", state, _STATE)
    assert len(ACTOR_ACTIONS) == 6, "a new actor action needs a strategy here"
    config = state.config
    top = (len(state.seats) - 1) * config.deck_size + config.gm_deck_size
    players = st.sampled_from((*state.seats, _UNKNOWN))
    units = st.sampled_from((*state.seats, *state.gm_units, _UNKNOWN))
    cards = st.integers(-1, top)
    names = st.sampled_from((*(a.name for a in config.abilities), "spell"))
    paid = st.lists(cards, max_size=3, unique=True).map(tuple)
    return st.one_of(
        st.builds(Activate, units),
        st.builds(EndActivation, units),
        st.builds(Play, players, cards),
        st.builds(Burn, players, cards),
        st.builds(Discard, players, cards),
        st.builds(PayCost, players, names, paid),
    )


def reachable_states(
    *,
    initial: SkillsState | st.SearchStrategy[SkillsState] | None = None,
    max_steps: int | st.SearchStrategy[int] = 40,
    host: bool | st.SearchStrategy[bool] = True,
    defeats: bool | st.SearchStrategy[bool] = False,
    effects: Effects | st.SearchStrategy[Effects] = STANDARD_EFFECTS,
) -> st.SearchStrategy[SkillsState]:
    """States reached by up to ``max_steps`` legal moves (:func:`legal_actions` with
    ``host`` and ``defeats``) from ``initial`` (drawn from :func:`initial_states` if left
    out).

    Play effects resolve with ``effects`` (the shipped ``"draw"`` by default).
    """
    return _reachable_states(
        option("initial", initial, _STATE, default=initial_states()),
        option("max_steps", max_steps, count()),
        option("host", host, flag),
        option("defeats", defeats, flag),
        option("effects", effects, mapping(str, object, "effect names to handlers")),
    )


@st.composite
def _reachable_states(
    draw: st.DrawFn,
    initial: SkillsState | st.SearchStrategy[SkillsState],
    max_steps: int | st.SearchStrategy[int],
    host: bool | st.SearchStrategy[bool],
    defeats: bool | st.SearchStrategy[bool],
    effects: Effects | st.SearchStrategy[Effects],
) -> SkillsState:
    state: SkillsState = drawn(draw, initial)
    most = drawn(draw, max_steps)
    hosting, defeating, handlers = drawn(draw, host), drawn(draw, defeats), drawn(draw, effects)
    for _ in range(draw(st.integers(0, most))):
        moves = legal_moves(state, host=hosting, defeats=defeating)
        state = reduce(state, draw(st.sampled_from(moves)), handlers)
    return state


def arrange(
    state: SkillsState,
    player: str,
    *,
    hand: int,
    discard: int = 0,
    exhausted: int = 0,
    fatigue: int | None = None,
) -> SkillsState:
    """``state`` with ``player``'s own cards laid out anew, every card kept (SD-1).

    The owner's cards in increasing id order go ``hand`` to the hand, then ``discard`` to the
    discard pile, then ``exhausted`` to the exhausted pile; the rest form the deck, in order.
    """
    seat = state.seats.index(player)
    owner = owner_of(state, player)
    cards = sorted(owner.deck + owner.hand + owner.discard + owner.exhausted)
    cut1, cut2, cut3 = hand, hand + discard, hand + discard + exhausted
    if cut3 > len(cards):
        raise ValueError(f"{player} owns only {len(cards)} cards, not {cut3}")
    owner = replace(
        owner,
        hand=tuple(cards[:cut1]),
        discard=tuple(cards[cut1:cut2]),
        exhausted=tuple(cards[cut2:cut3]),
        deck=tuple(cards[cut3:]),
        fatigue=owner.fatigue if fatigue is None else fatigue,
    )
    owners = state.owners
    return replace(state, owners=(*owners[:seat], owner, *owners[seat + 1 :]))


_STATE = instance(SkillsState, "a SkillsState")

TYPE_STRATEGIES: dict[type, Callable[[], st.SearchStrategy[Any]]] = {
    SkillsConfig: configs,
    SkillsState: reachable_states,
    CardDef: card_defs,
}
"""Strategies for ``st.from_type``, registered by gamefold's Hypothesis plugin."""
