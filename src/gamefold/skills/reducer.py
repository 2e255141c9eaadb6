"""The skill-deck pipeline and its public verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action goes through the shared :class:`gamefold.pipeline.Pipeline` (CONTRIBUTING):
*guard* (a gamefold action of this subsystem, with fields of the right types, else
``skills/malformed``, EN-4), *route* (a dict from action type to its ``(validate, apply)``
pair), *validate* (raises :class:`~gamefold.IllegalAction`, builds nothing) and *apply* (the
new state and its events). The game's Play effects are bound into the Play route.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeAlias

from gamefold.core import Action, EndRound, Events, StartRound
from gamefold.errors import IllegalAction
from gamefold.pipeline import Pipeline
from gamefold.registry import Subsystem
from gamefold.skills import codes, commitment, fielding, levels, rounds, timing, zones
from gamefold.skills.commitment import Burn, Discard, PayCost, Play
from gamefold.skills.effects import NO_EFFECTS
from gamefold.skills.fielding import FieldUnits
from gamefold.skills.fused import ACCEPTS, QUIET
from gamefold.skills.invariants import INVARIANTS
from gamefold.skills.levels import ChangeHandLimit
from gamefold.skills.rounds import Activate, DefeatUnit, EndActivation
from gamefold.skills.session import Effects, SkillsState
from gamefold.skills.timing import CloseReactionWindow, OpenReactionWindow
from gamefold.skills.views import view

__all__ = [
    "ACTIONS",
    "ACTOR_ACTIONS",
    "EVENTS",
    "HOST_ACTIONS",
    "advance",
    "check",
    "legal_actions",
    "make_pipeline",
    "make_subsystem",
    "reduce",
    "step",
    "subsystem",
]

Validate: TypeAlias = Callable[[SkillsState, Any], None]
"""``validate(state, action)``: raises :class:`~gamefold.IllegalAction`, builds nothing."""
Apply: TypeAlias = Callable[[SkillsState, Any], tuple[SkillsState, Events]]
"""``apply(state, action)``: the new state and its events, after validation."""

ACTOR_ACTIONS: tuple[type[Action], ...] = (
    Activate,
    Play,
    Burn,
    Discard,
    PayCost,
    EndActivation,
)
"""Actions a player or the GM chooses; :func:`legal_actions` lists them all (EN-5)."""

HOST_ACTIONS: tuple[type[Action], ...] = (
    OpenReactionWindow,
    CloseReactionWindow,
    ChangeHandLimit,
    DefeatUnit,
    FieldUnits,
)
"""Actions the host game issues (windows, Level cards, defeats, the GM's units);
:func:`check` judges them."""

ACTIONS: tuple[type[Action], ...] = ACTOR_ACTIONS + HOST_ACTIONS
"""Every action class this subsystem owns (lifecycle actions are gamefold's)."""

EVENTS: tuple[type, ...] = (
    rounds.RoundStarted,
    rounds.RoundEnded,
    rounds.ActivationStarted,
    rounds.ActivationEnded,
    rounds.ModifiersReset,
    rounds.UnitDefeated,
    commitment.CardPlayed,
    commitment.CardBurned,
    commitment.CardDiscarded,
    commitment.CostPaid,
    timing.ReactionWindowOpened,
    timing.ReactionWindowClosed,
    levels.HandLimitChanged,
    levels.HandTrimmed,
    zones.CardsDrawn,
    zones.DeckRecycled,
    zones.FatigueGained,
    zones.CardsExhausted,
    zones.DrawFellShort,
    zones.CharacterDied,
    fielding.UnitsFielded,
)
"""Every event class this subsystem reports (EN-7)."""


def _is_int(value: object) -> bool:
    return type(value) is int


def _distinct_cards(action: PayCost) -> bool:
    return len(set(action.cards)) == len(action.cards)


def _routes(effects: Effects) -> dict[type, tuple[Validate, Apply]]:
    return {
        Activate: (rounds.validate_activate, rounds.apply_activate),
        Play: (commitment.validate_play, partial(commitment.apply_play, effects=effects)),
        Burn: (commitment.validate_burn, commitment.apply_burn),
        Discard: (commitment.validate_discard, commitment.apply_discard),
        PayCost: (commitment.validate_pay, commitment.apply_pay),
        EndActivation: (rounds.validate_end_activation, rounds.apply_end_activation),
        OpenReactionWindow: (timing.validate_open, timing.apply_open),
        CloseReactionWindow: (timing.validate_close, timing.apply_close),
        ChangeHandLimit: (levels.validate_change, levels.apply_change),
        DefeatUnit: (rounds.validate_defeat, rounds.apply_defeat),
        FieldUnits: (fielding.validate_field, fielding.apply_field),
        StartRound: (rounds.validate_start_round, rounds.apply_start_round),
        EndRound: (rounds.validate_end_round, rounds.apply_end_round),
    }


def make_pipeline(effects: Effects | None = None, *, fused: bool = True) -> Pipeline[SkillsState]:
    """The skill-deck pipeline, resolving Play effects with ``effects`` (none by default).

    With ``fused`` (the default) the hottest actions are checked in one pass and can be
    applied without their events (:mod:`gamefold.skills.fused`); without, every action runs
    the four stages.
    """
    return Pipeline(
        codes.CATALOGUE,
        _routes(NO_EFFECTS if effects is None else effects),
        owner="the skill-deck subsystem",
        fields={ChangeHandLimit: {"delta": _is_int}},  # a limit may go down as well as up
        shapes={PayCost: _distinct_cards},
        accepts=ACCEPTS if fused else None,
        quiet=QUIET if fused else None,
    )


_PIPELINE = make_pipeline()
_BOUND: dict[int, tuple[Effects, Pipeline[SkillsState]]] = {}
# How many pipelines bound to a caller's own effects step() keeps (the most recently built):
# a caller passing a new effects mapping at every step does not grow memory without bound.
_BOUND_LIMIT = 32


def _pipeline(effects: Effects | None) -> Pipeline[SkillsState]:
    if effects is None:
        return _PIPELINE
    bound = _BOUND.get(id(effects))
    if bound is None or bound[0] is not effects:  # the entry holds ``effects``: ids stay unique
        while len(_BOUND) >= _BOUND_LIMIT:
            del _BOUND[next(iter(_BOUND))]  # the oldest entry (a dict keeps insertion order)
        bound = _BOUND[id(effects)] = (effects, make_pipeline(effects))
    return bound[1]


def step(
    state: SkillsState, action: Action, effects: Effects | None = None
) -> tuple[SkillsState, Events]:
    """Apply ``action``: the new state and the events of the transition, in order (EN-7).

    ``effects`` are the game's Play effect handlers by name (see
    :mod:`gamefold.skills.effects`). Raises :class:`~gamefold.IllegalAction` for an illegal
    or malformed action, leaving ``state`` as it was (EN-4); ``TypeError`` for a non-action.
    """
    if effects is None:  # the common call, one look-up shorter
        return _PIPELINE.step(state, action)
    return _pipeline(effects).step(state, action)


def reduce(state: SkillsState, action: Action, effects: Effects | None = None) -> SkillsState:
    """Apply ``action`` and return the new state alone (see :func:`step`)."""
    return _pipeline(effects).step(state, action)[0]


def advance(state: SkillsState, action: Action, effects: Effects | None = None) -> SkillsState:
    """Apply ``action`` and return the new state alone, as :func:`reduce` does, without
    building the events of the hottest actions (Discard, Activate, EndActivation; EN-7):
    for simulations and searches that never read them. Raises as :func:`step` does."""
    return _pipeline(effects).advance(state, action)


def check(state: SkillsState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal; never applies it."""
    return _PIPELINE.check(state, action)


def legal_actions(state: SkillsState, actor: str, *, payments: bool = True) -> tuple[Action, ...]:
    """Every legal action ``actor`` (a player id or ``"gm"``) may choose now (EN-5).

    The order is deterministic: Activate, then Play, Burn, Discard and PayCost in hand
    order, then EndActivation. Host-issued actions (:data:`HOST_ACTIONS`) and lifecycle
    actions are not listed; :func:`check` judges them. An unknown actor has none.

    With ``payments=False`` no PayCost is listed: for a game that takes payments through
    an action of its own (skirmish's ``UseAbility``) and refuses a bare PayCost, so the
    payment combinations of every ability are not built only to be dropped.
    """
    return (
        *rounds.activate_options(state, actor),
        *commitment.card_options(state, actor, payments=payments),
        *rounds.end_options(state, actor),
    )


def make_subsystem(effects: Effects | None = None) -> Subsystem[SkillsState]:
    """The registry entry for the skill-deck slice, resolving Play effects with ``effects``."""
    return _pipeline(effects).subsystem(
        "skills",
        legal_actions=legal_actions,
        invariants=INVARIANTS,
        view=view,
        state_type=SkillsState,
    )


subsystem: Subsystem[SkillsState] = make_subsystem()
"""The ``gamefold.Subsystem`` entry: slice ``"skills"``, reacting to StartRound and EndRound."""
