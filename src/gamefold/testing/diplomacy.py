"""Hypothesis strategies for the diplomacy subsystem (:mod:`gamefold.diplomacy`).

>>> from hypothesis import given
>>> from gamefold.testing.diplomacy import reachable_states
>>> @given(reachable_states(max_steps=10))
... def test_my_house_rule(state): ...

Strategies speak the kit's dialect (see :mod:`gamefold.testing`): plural nouns, the state
positional, every option keyword-only and either a value (fixed) or a strategy (drawn),
checked when built; an option left out is drawn from the default in the signature.

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
    ACCEPTED_CARDS,
    ALL_LOCKED,
    DEBT_ROUNDINGS,
    DEFAULT_CATALOGUE,
    EMPTY_KIND,
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
    income,
    income_bound,
    initial_state,
    reduce,
)
from gamefold.diplomacy import legal_actions as player_actions
from gamefold.testing._validate import (
    as_strategy,
    build,
    count,
    drawn,
    instance,
    mapping,
    option,
    subject,
)

__all__ = [
    "TYPE_STRATEGIES",
    "bonus_zones",
    "candidate_actions",
    "compositions",
    "configs",
    "initial_states",
    "legal_actions",
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


def compositions(*, most_copies: int | SearchStrategy[int] = 3) -> SearchStrategy[dict[str, int]]:
    """Copies of each default card type: 0 to ``most_copies``, enough T1 troops to deal."""
    return build(_compositions, most_copies=option("most_copies", most_copies, count()))


def _compositions(most_copies: int) -> SearchStrategy[dict[str, int]]:
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


def bonus_zones(
    *, most: int | SearchStrategy[int] = 3, most_quarters: int | SearchStrategy[int] = 80
) -> SearchStrategy[dict[str, BonusZone]]:
    """Up to ``most`` bonus zones named ``z0``, ``z1`` … feeding random counters (DP-5)."""
    return build(
        _bonus_zones,
        most=option("most", most, count()),
        most_quarters=option("most_quarters", most_quarters, count()),
    )


def _bonus_zones(most: int, most_quarters: int) -> SearchStrategy[dict[str, BonusZone]]:
    zone = st.builds(BonusZone, st.sampled_from(list(Kind)), st.integers(0, most_quarters))
    return st.lists(zone, max_size=most).map(lambda zs: {f"z{i}": z for i, z in enumerate(zs)})


def configs(
    *,
    hand_limit: int | SearchStrategy[int] | None = None,
    ticks_per_card: int | SearchStrategy[int] | None = None,
    proposal_ttl: int | SearchStrategy[int] | None = None,
    bonus_zones: dict[str, BonusZone] | SearchStrategy[dict[str, BonusZone]] | None = None,
    composition: dict[str, int] | SearchStrategy[dict[str, int]] | None = None,
) -> SearchStrategy[DiplomacyConfig]:
    """Valid configs, every default rule drawn at its default or another value.

    Each option sets the config field of its name; left out, it is drawn: ``hand_limit``
    10 to 20, ``ticks_per_card`` 1 to 15, ``proposal_ttl`` 1 to 3, ``bonus_zones`` from
    :func:`bonus_zones`, ``composition`` from :func:`compositions`. The other fields are
    always drawn.
    """
    fields: dict[str, SearchStrategy[Any]] = {
        "hand_limit": as_strategy(
            option("hand_limit", hand_limit, count(*HAND_LIMIT_RANGE), default=_HAND_LIMITS)
        ),
        "ticks_per_card": as_strategy(
            option("ticks_per_card", ticks_per_card, count(1), default=_PRICES)
        ),
        "quarters_per_territory": st.integers(0, 4),
        "bonus_zones": as_strategy(
            option("bonus_zones", bonus_zones, _ZONES, default=_BONUS_ZONES)
        ),
        "proposal_ttl": as_strategy(option("proposal_ttl", proposal_ttl, count(1), default=_TTLS)),
        "pact_clock": st.sampled_from(PACT_CLOCKS),
        "debt_rounding": st.sampled_from(DEBT_ROUNDINGS),
        "score_locked": st.booleans(),
        "composition": as_strategy(
            option("composition", composition, _COMPOSITION, default=_COMPOSITIONS)
        ),
        "empty_kind": st.sampled_from(EMPTY_KIND),
        "accepted_cards": st.sampled_from(ACCEPTED_CARDS),
        "all_locked": st.sampled_from(ALL_LOCKED),
        "quarters_per_tick": st.sampled_from((2, 4, 8)),
    }
    return _configs(fields, fit=bonus_zones is None)


def _fit(zones: dict[str, BonusZone], bound: int) -> dict[str, BonusZone]:
    """The drawn ``zones``, in name order, as many as fit the income bound together (DP-6)."""
    kept, total = {}, 0
    for name, zone in sorted(zones.items()):
        if total + zone.quarters <= bound:
            kept[name], total = zone, total + zone.quarters
    return kept


@st.composite
def _configs(draw: DrawFn, fields: dict[str, SearchStrategy[Any]], *, fit: bool) -> DiplomacyConfig:
    values = {name: draw(field) for name, field in fields.items()}
    if fit:  # DP-6: drawn zones keep to what one turn start may add; given ones are the caller's
        bound = income_bound(values["ticks_per_card"], values["quarters_per_tick"])
        values["bonus_zones"] = _fit(values["bonus_zones"], bound)
    return DiplomacyConfig(**values)


_BONUS_ZONES = bonus_zones()
_COMPOSITIONS = compositions()
_ZONES = mapping(str, BonusZone, "zone names to BonusZone records")
_COMPOSITION = mapping(str, int, "card names to numbers of copies")
_CONFIG = instance(DiplomacyConfig, "a DiplomacyConfig")
_STATE = instance(DiplomacyState, "a DiplomacyState")


@st.composite
def _initial_states(
    draw: DrawFn,
    config: DiplomacyConfig | SearchStrategy[DiplomacyConfig],
    players: int | SearchStrategy[int],
    seed: int | SearchStrategy[int],
) -> DiplomacyState:
    seats = drawn(draw, players)
    chosen = drawn(draw, config)
    return initial_state(chosen, [f"p{i + 1}" for i in range(seats)], drawn(draw, seed))


def initial_states(
    *,
    config: DiplomacyConfig | SearchStrategy[DiplomacyConfig] | None = None,
    players: int | SearchStrategy[int] | None = None,
    seed: int | SearchStrategy[int] | None = None,
) -> SearchStrategy[DiplomacyState]:
    """States before the first turn under ``config``, ``players`` players named ``p1`` …
    ``pN`` (DP-2), dealt from ``seed``. Left out, ``config`` is drawn from :func:`configs`,
    ``players`` from 2 to :data:`MAX_PLAYERS` and ``seed`` from 0 to 2**32."""
    return _initial_states(
        option("config", config, _CONFIG, default=configs()),
        option("players", players, count(2, MAX_PLAYERS), default=_PLAYERS),
        option("seed", seed, count(), default=_SEEDS),
    )


@st.composite
def _begin(draw: DrawFn, state: DiplomacyState, territories: SearchStrategy[int]) -> Action:
    """A turn start holding drawn zones and territories, within the income bound (DP-6):
    the territories drawn are cut to what the bound leaves after the zones."""
    config = state.config
    names = sorted(config.bonus_zones)
    zones = tuple(draw(st.lists(st.sampled_from(names), unique=True))) if names else ()
    held = draw(territories)
    room = config.max_income - income(config, 0, zones)
    if config.quarters_per_territory:
        held = min(held, room // config.quarters_per_territory)
    return BeginTurn(state.next_player, held, zones)


def legal_actions(
    state: DiplomacyState, *, territories: int | SearchStrategy[int] | None = None
) -> SearchStrategy[Action]:
    """One legal action in ``state``: the clock's (begin or end a turn) or any player's.

    A turn begins with ``territories`` held (0 to 60 if left out) and any set of the
    config's bonus zones. The clock's action is drawn about half the time, so that a few
    dozen steps go round the table several times (proposals expire, pacts end).
    """
    subject("state", state, _STATE)
    held = as_strategy(option("territories", territories, count(), default=_TERRITORIES))
    active = state.active
    clock = _begin(state, held) if active is None else st.just(EndTurn(active))
    choices = [a for p in state.players for a in player_actions(state, p.player)]
    if not choices:
        return clock
    return st.one_of(clock, st.sampled_from(choices))


@st.composite
def _reachable(
    draw: DrawFn,
    initial: DiplomacyState | SearchStrategy[DiplomacyState],
    max_steps: int | SearchStrategy[int],
) -> DiplomacyState:
    state: DiplomacyState = drawn(draw, initial)
    for _ in range(draw(st.integers(0, drawn(draw, max_steps)))):
        state = reduce(state, draw(legal_actions(state)))
    return state


def reachable_states(
    *,
    initial: DiplomacyState | SearchStrategy[DiplomacyState] | None = None,
    max_steps: int | SearchStrategy[int] = 30,
) -> SearchStrategy[DiplomacyState]:
    """States reached by up to ``max_steps`` legal actions (:func:`legal_actions`) from
    ``initial`` (drawn from :func:`initial_states` if left out)."""
    return _reachable(
        option("initial", initial, _STATE, default=initial_states()),
        option("max_steps", max_steps, count()),
    )


def candidate_actions(state: DiplomacyState) -> SearchStrategy[Action]:
    """Any action, legal or not: real and unknown players, cards, proposals and zones.

    For checking that every illegal action is refused with a stable code (EN-4).
    """
    subject("state", state, _STATE)
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
