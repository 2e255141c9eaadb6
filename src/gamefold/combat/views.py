"""What one side may see of a fight (EN-9): the other side's pending choices and the RNG hidden.

A view keeps every public fact (hit points, zones, conditions, pairings, items, Stress) and
who has declared in the current exchange, but not *what* the other side declared: those
declarations appear only when the exchange resolves (CB-10). The RNG is stripped, so a bot
cannot see the future (EN-3).

:func:`determinize` goes the other way, for search bots: every pending choice the view
hides (a combatant listed as declared whose choice is not shown) is drawn uniformly among
the choices that combatant could have made, in combatant order, and the stream is fresh.
"""

from __future__ import annotations

import attrs

from gamefold.combat.combatants import (
    Combatant,
    CombatState,
    Declaration,
    Ending,
    Fighter,
    RetreatPlan,
    find,
    with_combatant,
)
from gamefold.combat.config import CombatConfig
from gamefold.combat.exchange import Declare, declaration_options
from gamefold.combat.fleeing import Retreat, retreat_options
from gamefold.combat.hands import Condition
from gamefold.combat.zones import SIDES, Side
from gamefold.core import kept_by_identity, replace
from gamefold.domains import span
from gamefold.rng import Rng

__all__ = ["CombatView", "determinize", "most_damage", "view", "view_bounds", "view_growth"]


@attrs.frozen
class CombatView:
    """A fight as ``viewer`` may see it."""

    viewer: str | None
    """The side's name or combatant id it was made for; ``None`` for a spectator."""
    config: CombatConfig
    """The rules' numbers (public)."""
    combatants: tuple[Combatant, ...]
    """The combatants; those of the other side without their pending choices."""
    declared: tuple[str, ...]
    """Who has declared (or agreed to retreat) in the current exchange: public knowledge."""
    exchange: int
    """Exchanges resolved so far."""
    ending: Ending | None
    """How the fight ended, or ``None``."""
    in_round: bool = False
    """Whether a Round is under way (public; CB-12 counts conditions from it)."""


def view_bounds(
    config: CombatConfig, fighters: tuple[Fighter, ...]
) -> dict[str, tuple[float, float]]:
    """The true ranges of a fight's view for a game whose fights field at most
    ``len(fighters)`` at once, each one of ``fighters`` (a game's
    :meth:`~gamefold.games.GameDef.observation_bounds`): the combatants, the declarations
    and a combatant's own abilities, items and inventory slots, which the fight never adds
    to (items are only dropped, CB-14); at most one condition of each kind, each lasting
    at most the longest duration the config's abilities inflict and the Round it came in
    (CB-12); and Stress, which grows once a fight, at the flight that ends it (CB-13,
    CB-14). A host's own ``Afflict`` may last longer: a game issuing one widens
    ``rounds``."""
    entered = [fighter.enter(config) for fighter in fighters]
    carried = [item for fighter in fighters for item in fighter.items]
    inflicted = [i.rounds for a in config.abilities for i in a.inflicts if i.rounds is not None]
    most = max([config.condition_rounds, *inflicted]) + 1  # CB-12: the Round applied in too
    items = span("items", max([len(f.items) for f in fighters], default=0), "CB-15")
    slots = max([c.slots for c in entered] + [item.slots for item in carried], default=0)
    stress = max([f.stress for f in fighters], default=0)
    stress += config.stress_dice * config.stress_sides  # CB-14: at most 2d3's top roll
    abilities = max([len(c.abilities) for c in entered], default=0)
    return {
        **dict.fromkeys(
            ("len(combatants)", "len(declared)"), span("fighters", len(fighters), "CB-10")
        ),
        "len(abilities)": span("abilities", abilities, "CB-8"),
        "len(items)": items,
        "len(drop)": items,
        "slots": span("inventory_slots", slots, "CB-15"),
        "len(conditions)": (0.0, float(len(Condition))),
        "rounds": span("condition_rounds", most, "CB-12"),
        "stress": span("stress_dice", stress, "CB-14"),
    }


def view_growth(ward: int, edge: int) -> dict[str, tuple[float, float, float]]:
    """The growth ``(low, start, step)`` of a fight's numbers that nothing caps but one
    action moves by a bounded amount, for a host whose one action adds at most ``ward`` to
    a combatant's ward and ``edge`` to its edge (a game's
    :meth:`~gamefold.games.GameDef.observation_growth`): the exchanges resolved, since
    the step that completes an exchange resolves that one alone (CB-10), and the wards
    and edges, which only the host's ``Ward`` and ``Empower`` grow, none at the start."""
    return {
        "exchange": (0.0, 0.0, 1.0),
        "ward": (0.0, 0.0, float(ward)),
        "edge": (0.0, 0.0, float(edge)),
    }


def most_damage(config: CombatConfig) -> int:
    """The most damage one blow deals before any edge: the largest an ability of the
    config's catalogue names for any outcome (CB-8, CB-9, CB-10)."""
    return max(
        (max(a.damage_win, a.damage_tie, a.damage_loss) for a in config.abilities), default=0
    )


_SIDE_NAMED = {side.value: side for side in SIDES}
"""Each side by its name, looked up once rather than each side's name read at each view."""


def _side_of(state: CombatState, viewer: str | None) -> Side | None:
    if viewer is None:
        return None
    side = _SIDE_NAMED.get(viewer)
    if side is not None:
        return side
    c = find(state, viewer)
    if c is None:
        raise ValueError(f"unknown viewer {viewer!r}: a side's name, a combatant id or None")
    return c.side


_Shown = tuple[tuple[Combatant, ...], tuple[str, ...]]


def _hidden(c: Combatant) -> Combatant:
    if c.declaration is None and c.retreat is None:
        return c
    return _choices_hidden(c, None)


@kept_by_identity()  # a combatant a step did not change is hidden as the very object it was
def _choices_hidden(c: Combatant, _: None) -> Combatant:
    return replace(c, declaration=None, retreat=None)


def view(state: CombatState, viewer: str | None) -> CombatView:
    """``state`` as ``viewer`` (a side's name, a combatant id, or ``None``) may see it."""
    side = _side_of(state, viewer)
    shown, declared = _shown(state.combatants, side)
    return CombatView(
        viewer, state.config, shown, declared, state.exchange, state.ending, state.in_round
    )


# A step that changes no combatant (an exchange counted, a Round begun) keeps the tuple:
# its view is then the very one it was.
@kept_by_identity()
def _shown(combatants: tuple[Combatant, ...], side: Side | None) -> _Shown:
    """The combatants as ``side`` sees them, and who has declared."""
    declared = tuple(c.id for c in combatants if c.declaration is not None or c.retreat is not None)
    return (tuple([c if c.side is side else _hidden(c) for c in combatants]), declared)


def determinize(shown: CombatView, viewer: str | None, rng: Rng) -> CombatState:
    """A fight ``shown`` could be the view of (EN-9), drawn from ``rng``: every shown fact
    kept, each hidden pending choice drawn uniformly among the declarations and retreats its
    combatant could make (CB-10, CB-13), in combatant order, and a fresh stream.

    What is hidden is read off the view itself (declared, with no choice shown), so a view a
    commanding seat merged is redrawn alike; ``viewer`` changes nothing. Raises
    ``ValueError`` for a hidden choice no combatant of the view could have made.
    """
    state = CombatState(
        shown.config,
        shown.combatants,
        rng.split("stream"),
        shown.exchange,
        shown.ending,
        shown.in_round,
    )
    draws = rng.split("choices")
    for i, c in enumerate(shown.combatants):
        if c.id not in shown.declared or c.declaration is not None or c.retreat is not None:
            continue
        options: tuple[Declare | Retreat, ...] = (
            *declaration_options(state, c),
            *retreat_options(state, c),
        )
        if not options:
            raise ValueError(f"{c.id} declared, but no choice of it is legal in this view")
        choice, draws = draws.choice(options)
        if isinstance(choice, Declare):
            c = replace(c, declaration=Declaration(choice.ability, choice.hand, choice.target))
        else:
            c = replace(c, retreat=RetreatPlan(choice.carry, choice.drop))
        state = with_combatant(state, i, c)
    return state
