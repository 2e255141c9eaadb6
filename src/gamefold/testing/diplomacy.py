"""Hypothesis strategies for the diplomacy subsystem (:mod:`gamefold.diplomacy`).

>>> from hypothesis import given
>>> from gamefold.testing.diplomacy import reachable_states
>>> @given(reachable_states(max_steps=10))
... def test_my_house_rule(state): ...

Configs are drawn small and lively (cheap cards, scarce kinds) so that a few dozen steps
reach the hand limit, empty pool kinds, expiring proposals and ending pacts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, SearchStrategy

from gamefold.core import Action, EndTurn, StartTurn
from gamefold.diplomacy import (
    DEBT_ROUNDINGS,
    DEFAULT_CATALOGUE,
    HAND_LIMIT_RANGE,
    PACT_CLOCKS,
    Accept,
    BeginTurn,
    BonusZone,
    Decline,
    DiplomacyConfig,
    DiplomacyState,
    Discard,
    Kind,
    PlayStandalone,
    Propose,
    SelfApply,
    initial_state,
    legal_actions,
    reduce,
)
from gamefold.testing._validate import check_count, check_strategy

__all__ = [
    "TYPE_STRATEGIES",
    "actions",
    "bonus_zones",
    "candidate_actions",
    "compositions",
    "configs",
    "initial_states",
    "reachable_states",
]

MAX_PLAYERS = 6
"""The most players :func:`initial_states` seats (the summit game's range)."""


_HAND_LIMITS = st.integers(*HAND_LIMIT_RANGE)
_PRICES = st.integers(1, 15)
_TTLS = st.integers(1, 3)
_PLAYERS = st.integers(2, MAX_PLAYERS)
_SEEDS = st.integers(0, 2**32)
_TERRITORIES = st.integers(0, 60)


def compositions(*, most_copies: int = 3) -> SearchStrategy[dict[str, int]]:
    """Copies of each default card type: 0 to ``most_copies``, enough T1 troops to deal."""
    check_count("most_copies", most_copies)
    starters = 3 * MAX_PLAYERS
    entries = {
        card.name: (
            st.integers(starters, starters + most_copies)
            if card.kind is Kind.VALUE and card.tier == 1
            else st.integers(0, most_copies)
        )
        for card in DEFAULT_CATALOGUE
    }
    return st.fixed_dictionaries(entries)


def bonus_zones(*, most: int = 3, most_quarters: int = 80) -> SearchStrategy[dict[str, BonusZone]]:
    """Up to ``most`` bonus zones named ``z0``, ``z1`` … feeding random counters (DP-5)."""
    check_count("most", most)
    check_count("most_quarters", most_quarters)
    zone = st.builds(BonusZone, st.sampled_from(list(Kind)), st.integers(0, most_quarters))
    return st.lists(zone, max_size=most).map(lambda zs: {f"z{i}": z for i, z in enumerate(zs)})


def configs(
    *,
    hand_limits: SearchStrategy[int] = _HAND_LIMITS,
    ticks_per_card: SearchStrategy[int] = _PRICES,
    proposal_ttls: SearchStrategy[int] = _TTLS,
    zones: SearchStrategy[dict[str, BonusZone]] | None = None,
    composition: SearchStrategy[dict[str, int]] | None = None,
) -> SearchStrategy[DiplomacyConfig]:
    """Valid configs, every default rule drawn at its default or another value."""
    for name, value in (
        ("hand_limits", hand_limits),
        ("ticks_per_card", ticks_per_card),
        ("proposal_ttls", proposal_ttls),
        ("zones", zones),
        ("composition", composition),
    ):
        check_strategy(name, value)
    return st.builds(
        DiplomacyConfig,
        hand_limit=hand_limits,
        ticks_per_card=ticks_per_card,
        quarters_per_territory=st.integers(0, 4),
        bonus_zones=bonus_zones() if zones is None else zones,
        proposal_ttl=proposal_ttls,
        pact_clock=st.sampled_from(PACT_CLOCKS),
        debt_rounding=st.sampled_from(DEBT_ROUNDINGS),
        score_locked=st.booleans(),
        composition=compositions() if composition is None else composition,
        proposal_listing_limit=st.integers(0, 12),
    )


_any_configs = configs


@st.composite
def _initial_states(
    draw: DrawFn,
    configs: SearchStrategy[DiplomacyConfig],
    players: SearchStrategy[int],
    seeds: SearchStrategy[int],
) -> DiplomacyState:
    count = draw(players)
    return initial_state(draw(configs), [f"p{i + 1}" for i in range(count)], draw(seeds))


def initial_states(
    *,
    configs: SearchStrategy[DiplomacyConfig] | None = None,
    players: SearchStrategy[int] = _PLAYERS,
    seeds: SearchStrategy[int] = _SEEDS,
) -> SearchStrategy[DiplomacyState]:
    """States before the first turn, players named ``p1`` … ``pN`` (DP-2)."""
    for name, value in (("configs", configs), ("players", players), ("seeds", seeds)):
        check_strategy(name, value)
    chosen = _any_configs() if configs is None else configs
    return _initial_states(chosen, players, seeds)


def _begin(state: DiplomacyState, territories: SearchStrategy[int]) -> SearchStrategy[Action]:
    names = sorted(state.config.bonus_zones)
    return st.builds(
        BeginTurn,
        st.just(state.next_player),
        territories,
        st.lists(st.sampled_from(names), unique=True).map(tuple) if names else st.just(()),
    )


def actions(
    state: DiplomacyState, *, territories: SearchStrategy[int] = _TERRITORIES
) -> SearchStrategy[Action]:
    """One legal action in ``state``: the clock's (begin or end a turn) or any player's.

    A turn begins with ``territories`` drawn from the given strategy and any set of the
    config's bonus zones. The clock's action is drawn about half the time, so that a
    few dozen steps go round the table several times (proposals expire, pacts end).
    """
    active = state.active
    clock = _begin(state, territories) if active is None else st.just(EndTurn(active))
    choices = [a for p in state.players for a in legal_actions(state, p.player)]
    if not choices:
        return clock
    return st.one_of(clock, st.sampled_from(choices))


@st.composite
def _reachable(
    draw: DrawFn, initial: SearchStrategy[DiplomacyState], max_steps: int
) -> DiplomacyState:
    state = draw(initial)
    for _ in range(draw(st.integers(0, max_steps))):
        state = reduce(state, draw(actions(state)))
    return state


def reachable_states(
    *, initial: SearchStrategy[DiplomacyState] | None = None, max_steps: int = 30
) -> SearchStrategy[DiplomacyState]:
    """States reached by up to ``max_steps`` legal actions from a seeded initial state."""
    check_strategy("initial", initial)
    check_count("max_steps", max_steps)
    return _reachable(initial_states() if initial is None else initial, max_steps)


def candidate_actions(state: DiplomacyState) -> SearchStrategy[Action]:
    """Any action, legal or not: real and unknown players, cards, proposals and zones.

    For checking that every illegal action is refused with a stable code (EN-4).
    """
    players = st.sampled_from([*(p.player for p in state.players), "nobody"])
    cards = st.integers(-1, len(state.config.cards) + 1)
    ids = st.integers(-1, state.next_id + 1)
    zones = st.lists(st.sampled_from([*sorted(state.config.bonus_zones), "nowhere"]))
    return st.one_of(
        st.builds(BeginTurn, players, st.integers(-1, 30), zones.map(tuple)),
        st.builds(StartTurn, players),
        st.builds(EndTurn, players),
        st.builds(Discard, players, cards),
        st.builds(SelfApply, players, cards),
        st.builds(Propose, players, players, cards, st.lists(cards, max_size=3).map(tuple)),
        st.builds(Accept, players, ids),
        st.builds(Decline, players, ids),
        st.builds(PlayStandalone, players, cards, st.text(max_size=3)),
    )


TYPE_STRATEGIES: dict[type, Callable[[], SearchStrategy[Any]]] = {
    DiplomacyConfig: configs,
    DiplomacyState: reachable_states,
    BonusZone: lambda: st.builds(BonusZone, st.sampled_from(list(Kind)), st.integers(0, 80)),
}
"""Strategies for ``st.from_type``, registered by gamefold's Hypothesis plugin."""
