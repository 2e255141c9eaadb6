"""The skill-deck pipeline and its public verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action goes through the same stages (CONTRIBUTING): *guard* (a gamefold action of this
subsystem, with fields of the right types, else ``skills/malformed``, EN-4), *route* (a dict
from action type to its ``(validate, apply)`` pair), *validate* (raises
:class:`~gamefold.IllegalAction`, builds nothing) and *apply* (the new state and its events).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeAlias

from gamefold.core import Action, EndRound, Events, StartRound
from gamefold.errors import IllegalAction
from gamefold.registry import Subsystem
from gamefold.skills import commitment, levels, rounds, timing, zones
from gamefold.skills.commitment import Burn, Discard, PayCost, Play
from gamefold.skills.effects import NO_EFFECTS
from gamefold.skills.invariants import INVARIANTS
from gamefold.skills.levels import ChangeHandLimit
from gamefold.skills.rounds import Activate, DefeatUnit, EndActivation
from gamefold.skills.session import Effects, SkillsState, illegal
from gamefold.skills.timing import CloseReactionWindow, OpenReactionWindow
from gamefold.skills.views import view

__all__ = [
    "ACTIONS",
    "ACTOR_ACTIONS",
    "EVENTS",
    "HOST_ACTIONS",
    "check",
    "legal_actions",
    "make_subsystem",
    "reduce",
    "step",
    "subsystem",
]

Validate: TypeAlias = Callable[[SkillsState, Any], None]
"""``validate(state, action)``: raises :class:`~gamefold.IllegalAction`, builds nothing."""
Apply: TypeAlias = Callable[[SkillsState, Any, Effects], tuple[SkillsState, Events]]
"""``apply(state, action, effects)``: the new state and its events, after validation."""

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
)
"""Actions the host game issues (windows, Level cards, defeats); :func:`check` judges them."""

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
    zones.CardsDrawn,
    zones.DeckRecycled,
    zones.FatigueGained,
    zones.CardsExhausted,
    zones.DrawFellShort,
    zones.CharacterDied,
)
"""Every event class this subsystem reports (EN-7)."""


def _is_str(value: object) -> bool:
    return type(value) is str


def _is_int(value: object) -> bool:
    return type(value) is int


def _player_card(action: Any) -> bool:
    return type(action.player) is str and type(action.card) is int


def _unit(action: Any) -> bool:
    return type(action.unit) is str


def _player(action: Any) -> bool:
    return type(action.player) is str


def _payment(action: Any) -> bool:
    cards = action.cards
    return (
        _player(action)
        and _is_str(action.ability)
        and type(cards) is tuple
        and all(_is_int(card) for card in cards)
        and len(set(cards)) == len(cards)
    )


def _limit_change(action: Any) -> bool:
    return _player(action) and _is_int(action.delta)


def _always(_action: Any) -> bool:
    return True


_SHAPES: dict[type, Callable[[Any], bool]] = {
    Activate: _unit,
    EndActivation: _unit,
    DefeatUnit: _unit,
    Play: _player_card,
    Burn: _player_card,
    Discard: _player_card,
    PayCost: _payment,
    OpenReactionWindow: _player,
    CloseReactionWindow: _player,
    ChangeHandLimit: _limit_change,
    StartRound: _always,
    EndRound: _always,
}

_ROUTES: dict[type, tuple[Validate, Apply]] = {
    StartRound: (rounds.validate_start_round, rounds.apply_start_round),
    EndRound: (rounds.validate_end_round, rounds.apply_end_round),
    Activate: (rounds.validate_activate, rounds.apply_activate),
    EndActivation: (rounds.validate_end_activation, rounds.apply_end_activation),
    DefeatUnit: (rounds.validate_defeat, rounds.apply_defeat),
    Play: (commitment.validate_play, commitment.apply_play),
    Burn: (commitment.validate_burn, commitment.apply_burn),
    Discard: (commitment.validate_discard, commitment.apply_discard),
    PayCost: (commitment.validate_pay, commitment.apply_pay),
    OpenReactionWindow: (timing.validate_open, timing.apply_open),
    CloseReactionWindow: (timing.validate_close, timing.apply_close),
    ChangeHandLimit: (levels.validate_change, levels.apply_change),
}


def _guard(action: Action) -> tuple[Validate, Apply]:
    """The action's route; raises for anything that is not a well-formed skills action."""
    kind = type(action)
    shape = _SHAPES.get(kind)
    if shape is None:
        if not isinstance(action, Action):
            raise TypeError(f"expected a gamefold Action, got {kind.__name__}")
        message = f"{kind.__name__} is not a skill-deck action"
        raise illegal("malformed", "EN-4", message, action)
    if not shape(action):
        raise illegal("malformed", "EN-4", f"{action!r} has fields of the wrong type", action)
    return _ROUTES[kind]


def step(
    state: SkillsState, action: Action, effects: Effects | None = None
) -> tuple[SkillsState, Events]:
    """Apply ``action``: the new state and the events of the transition, in order (EN-7).

    ``effects`` are the game's Play effect handlers by name (see
    :mod:`gamefold.skills.effects`). Raises :class:`~gamefold.IllegalAction` for an illegal
    or malformed action, leaving ``state`` as it was (EN-4); ``TypeError`` for a non-action.
    """
    validate, apply = _guard(action)
    validate(state, action)
    return apply(state, action, NO_EFFECTS if effects is None else effects)


def reduce(state: SkillsState, action: Action, effects: Effects | None = None) -> SkillsState:
    """Apply ``action`` and return the new state alone (see :func:`step`)."""
    return step(state, action, effects)[0]


def check(state: SkillsState, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal; never applies it."""
    try:
        validate, _ = _guard(action)
        validate(state, action)
    except IllegalAction as problem:
        return problem
    return None


def legal_actions(state: SkillsState, actor: str) -> tuple[Action, ...]:
    """Every legal action ``actor`` (a player id or ``"gm"``) may choose now (EN-5).

    The order is deterministic: Activate, then Play, Burn, Discard and PayCost in hand
    order, then EndActivation. Host-issued actions (:data:`HOST_ACTIONS`) and lifecycle
    actions are not listed; :func:`check` judges them. An unknown actor has none.
    """
    return (
        *rounds.activate_options(state, actor),
        *commitment.card_options(state, actor),
        *rounds.end_options(state, actor),
    )


def make_subsystem(effects: Effects | None = None) -> Subsystem[SkillsState]:
    """The registry entry for the skill-deck slice, resolving Play effects with ``effects``."""
    return Subsystem(
        name="skills",
        actions=ACTIONS,
        lifecycle=(StartRound, EndRound),
        step=step if effects is None else partial(step, effects=effects),
        check=check,
        legal_actions=legal_actions,
        invariants=INVARIANTS,
        view=view,
        state_type=SkillsState,
    )


subsystem: Subsystem[SkillsState] = make_subsystem()
"""The ``gamefold.Subsystem`` entry: slice ``"skills"``, reacting to StartRound and EndRound."""
