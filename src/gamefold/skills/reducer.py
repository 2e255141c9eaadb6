"""The skill-deck pipeline and its public verbs: ``step``, ``reduce``, ``check``, ``legal_actions``.

Every action goes through the shared :class:`gamefold.pipeline.Pipeline`: the *guard* (a
gamefold action of this subsystem, with fields of the right types, else
``skills/malformed``, EN-4), then the action type's one *decide* function, next to the
action's record in its concept module (``commitment.decide_play``), which reads the state
once and returns a :class:`~gamefold.pipeline.Refusal` or the new state with its events.
``check`` asks the same function. The game's Play effects are bound into the Play route.
The listings (:func:`legal_actions`) are built from the decide functions' own predicates,
so every action listed is legal.
"""

from __future__ import annotations

from functools import partial

from gamefold._fields import is_int
from gamefold.core import Action, EndRound, Events, StartRound
from gamefold.errors import IllegalAction
from gamefold.pipeline import Decide, Pipeline
from gamefold.registry import Subsystem
from gamefold.skills import codes, commitment, fielding, levels, rounds, timing, zones
from gamefold.skills.commitment import Burn, Discard, PayCost, Play
from gamefold.skills.effects import NO_EFFECTS
from gamefold.skills.fielding import FieldUnits
from gamefold.skills.invariants import INVARIANTS
from gamefold.skills.levels import ChangeHandLimit
from gamefold.skills.narration import EVENT_RULES, LINES, RULE_IDS
from gamefold.skills.rounds import Activate, DefeatUnit, EndActivation
from gamefold.skills.session import Effects, SkillsState
from gamefold.skills.timing import CloseReactionWindow, OpenReactionWindow, acts_now
from gamefold.skills.views import determinize, view

__all__ = [
    "ACTIONS",
    "ACTOR_ACTIONS",
    "EVENTS",
    "HOST_ACTIONS",
    "check",
    "legal_actions",
    "make_pipeline",
    "make_subsystem",
    "reduce",
    "step",
    "subsystem",
]

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


def _distinct_cards(action: PayCost) -> bool:
    return len(set(action.cards)) == len(action.cards)


def _routes(effects: Effects) -> dict[type, Decide]:
    return {
        Activate: rounds.decide_activate,
        Play: partial(commitment.decide_play, effects=effects),
        Burn: commitment.decide_burn,
        Discard: commitment.decide_discard,
        PayCost: commitment.decide_pay,
        EndActivation: rounds.decide_end_activation,
        OpenReactionWindow: timing.decide_open,
        CloseReactionWindow: timing.decide_close,
        ChangeHandLimit: levels.decide_change,
        DefeatUnit: rounds.decide_defeat,
        FieldUnits: fielding.decide_field,
        StartRound: rounds.decide_start_round,
        EndRound: rounds.decide_end_round,
    }


def make_pipeline(effects: Effects | None = None) -> Pipeline[SkillsState]:
    """The skill-deck pipeline, resolving Play effects with ``effects`` (none by default)."""
    return Pipeline(
        codes.CATALOGUE,
        _routes(NO_EFFECTS if effects is None else effects),
        owner="the skill-deck subsystem",
        fields={ChangeHandLimit: {"delta": is_int}},  # a limit may go down as well as up
        shapes={PayCost: _distinct_cards},
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
    activating = acts_now(state, actor)  # asked once for the card uses and the end
    return (
        *rounds.activate_options(state, actor),
        *commitment.card_options(state, actor, activating, payments=payments),
        *rounds.end_options(state, activating),
    )


def make_subsystem(effects: Effects | None = None) -> Subsystem[SkillsState]:
    """The registry entry for the skill-deck slice, resolving Play effects with ``effects``."""
    return _pipeline(effects).subsystem(
        "skills",
        legal_actions=legal_actions,
        invariants=INVARIANTS,
        view=view,
        determinize=determinize,
        state_type=SkillsState,
        lines=LINES,
        event_rules=EVENT_RULES,
        rule_ids=RULE_IDS,
    )


subsystem: Subsystem[SkillsState] = make_subsystem()
"""The ``gamefold.Subsystem`` entry: slice ``"skills"``, reacting to StartRound and EndRound."""
