"""Hypothesis strategies for the skill-deck subsystem (:mod:`gamefold.skills`).

Strategies are plural nouns with keyword-only options:

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
    DEFAULT_ABILITIES,
    DEFAULT_DECK,
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
from gamefold.testing._validate import check_count, check_strategy

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


@st.composite
def card_defs(draw: st.DrawFn) -> CardDef:
    """Card definitions with a small named effect, Burn modifiers and either timing."""
    effect = draw(st.sampled_from(_EFFECTS))
    params = {"count": draw(st.integers(0, 2))} if effect == "draw" else {"amount": 1}
    burn = draw(st.lists(st.builds(Modifier, st.sampled_from(_STATS), st.integers(-2, 3))))
    name = draw(st.sampled_from(("Strike", "Parry", "Focus", "Dash")))
    return CardDef(name, Effect(effect, params), tuple(burn), draw(st.sampled_from(TIMINGS)))


def abilities(*, max_cost: int = 3) -> st.SearchStrategy[tuple[Ability, ...]]:
    """Tuples of paid abilities with distinct names, costing 1 to ``max_cost`` cards."""
    one = st.builds(
        Ability, st.sampled_from(("attack", "equipment", "spell")), st.integers(1, max_cost)
    )
    return st.lists(one, max_size=3, unique_by=lambda a: a.name).map(tuple)


def configs(
    *, max_deck_size: int = 10, max_hand_limit: int = 5, defaults: bool = False
) -> st.SearchStrategy[SkillsConfig]:
    """Valid configs with decks of 1 to ``max_deck_size`` cards (or the defaults)."""
    check_count("max_deck_size", max_deck_size, low=1)
    check_count("max_hand_limit", max_hand_limit, low=1)
    return _configs(max_deck_size, max_hand_limit, bool(defaults))


@st.composite
def _configs(
    draw: st.DrawFn, max_deck_size: int, max_hand_limit: int, defaults: bool
) -> SkillsConfig:
    if defaults and draw(st.booleans()):
        return SkillsConfig()
    deck_size = draw(st.integers(1, max_deck_size))
    gm_deck_size = draw(st.integers(1, max_deck_size))
    return SkillsConfig(
        deck_size=deck_size,
        hand_limit=draw(st.integers(1, min(deck_size, max_hand_limit))),
        gm_deck_size=gm_deck_size,
        gm_hand_limit=draw(st.integers(1, min(gm_deck_size, max_hand_limit))),
        exhaust_on_recycle=draw(st.integers(0, min(deck_size, 2))),
        fatigue_on_recycle=draw(st.integers(0, 2)),
        lethal_draw_failure=draw(st.booleans()),
        first_side=draw(st.sampled_from(SIDES)),
        deck=draw(_decks()),
        gm_deck=draw(_decks()),
        abilities=draw(st.just(DEFAULT_ABILITIES) | abilities()),
    )


_any_configs = configs


def _decks() -> st.SearchStrategy[tuple[CardDef, ...]]:
    return st.just(DEFAULT_DECK) | st.lists(card_defs(), min_size=1, max_size=4).map(tuple)


def initial_states(
    *,
    configs: st.SearchStrategy[SkillsConfig] | None = None,
    max_players: int = 3,
    max_gm_units: int = 2,
) -> st.SearchStrategy[SkillsState]:
    """Sessions just dealt (SD-14): 1 to ``max_players`` players, 0 to ``max_gm_units`` GM units."""
    check_strategy("configs", configs)
    check_count("max_players", max_players, low=1)
    check_count("max_gm_units", max_gm_units)
    return _initial_states(configs, max_players, max_gm_units)


@st.composite
def _initial_states(
    draw: st.DrawFn,
    configs: st.SearchStrategy[SkillsConfig] | None,
    max_players: int,
    max_gm_units: int,
) -> SkillsState:
    config = draw(configs if configs is not None else _any_configs())
    players = [f"p{i}" for i in range(1, draw(st.integers(1, max_players)) + 1)]
    units = [f"u{i}" for i in range(1, draw(st.integers(0, max_gm_units)) + 1)]
    seed = draw(st.integers(0, 2**64 - 1))
    return initial_state(config, players, seed, gm_units=units)


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
    state: SkillsState, *, host: bool = True, defeats: bool = False
) -> st.SearchStrategy[Action]:
    """One legal move of :func:`legal_moves`, drawn uniformly."""
    return st.sampled_from(legal_moves(state, host=host, defeats=defeats))


def actions(state: SkillsState) -> st.SearchStrategy[Action]:
    """Well-formed actor actions (:data:`~gamefold.skills.ACTOR_ACTIONS`), legal or not.

    Names and card ids are mostly the state's own, sometimes unknown.
    """
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
    initial: st.SearchStrategy[SkillsState] | None = None,
    max_steps: int = 40,
    host: bool = True,
    defeats: bool = False,
    effects: Effects = STANDARD_EFFECTS,
) -> st.SearchStrategy[SkillsState]:
    """States reached by up to ``max_steps`` legal moves from a seeded start.

    Play effects resolve with ``effects`` (the shipped ``"draw"`` by default).
    """
    check_strategy("initial", initial)
    check_count("max_steps", max_steps)
    return _reachable_states(initial, max_steps, host, defeats, effects)


@st.composite
def _reachable_states(
    draw: st.DrawFn,
    initial: st.SearchStrategy[SkillsState] | None,
    max_steps: int,
    host: bool,
    defeats: bool,
    effects: Effects,
) -> SkillsState:
    state = draw(initial if initial is not None else initial_states())
    for _ in range(draw(st.integers(0, max_steps))):
        state = reduce(state, draw(legal_actions(state, host=host, defeats=defeats)), effects)
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


TYPE_STRATEGIES: dict[type, Callable[[], st.SearchStrategy[Any]]] = {
    SkillsConfig: configs,
    SkillsState: reachable_states,
    CardDef: card_defs,
}
"""Strategies for ``st.from_type``, registered by gamefold's Hypothesis plugin."""
