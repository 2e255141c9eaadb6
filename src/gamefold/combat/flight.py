"""Flight: the party's escape when an exchange resolves (CB-13 … CB-15).

When an exchange resolves and *every* conscious party member agreed to retreat
(:class:`~gamefold.combat.Retreat`), the party escapes unless the config's
dire-circumstances policy (``dire``, default ``"never"``) says the circumstances are dire
(CB-13). An escape ends the fight before any ability lands: each escaping character gains
``stress_dice`` d ``stress_sides`` Stress (2d3) from the state's RNG and loses the items it
dropped (CB-14); a fallen ally comes along only if an escaping character holds it
(``carry``); every other fallen ally is left behind (CB-15). If the retreat fails (not
everyone agreed, or dire) the retreating members do nothing this exchange and the enemies'
abilities against them go uncontested.
"""

from __future__ import annotations

import attrs

from gamefold.combat.combatants import Combatant, CombatEnded, CombatState, Ending
from gamefold.combat.dire import dire_policy
from gamefold.combat.zones import _PARTY, Side
from gamefold.core import Event, Events, replace

__all__ = [
    "DIRE",
    "NOT_AGREED",
    "Carry",
    "Fled",
    "LostItem",
    "RetreatFailed",
    "StressGained",
    "attempt_flight",
]

DIRE = "dire"
"""Why a retreat failed: the dire-circumstances policy said so (CB-13)."""
NOT_AGREED = "not-agreed"
"""Why a retreat failed: not every conscious party member agreed (CB-13)."""


@attrs.frozen
class RetreatFailed(Event):
    """The retreat of ``combatants`` failed: ``reason`` is ``"not-agreed"`` or ``"dire"``."""

    reason: str
    combatants: tuple[str, ...]


@attrs.frozen
class Carry:
    """``holder`` dragged its fallen ally ``fallen`` away (CB-15)."""

    holder: str
    fallen: str


@attrs.frozen
class LostItem:
    """``owner`` dropped ``item`` in the pursuit; it is lost to the dungeon (CB-14)."""

    owner: str
    item: str


@attrs.frozen
class Fled(Event):
    """The party escaped: who escaped, whom they carried, who was left, what was lost."""

    escaped: tuple[str, ...]
    carried: tuple[Carry, ...]
    left_behind: tuple[str, ...]
    lost: tuple[LostItem, ...]


@attrs.frozen
class StressGained(Event):
    """``combatant`` gained ``amount`` Stress for escaping and now has ``stress`` (CB-14)."""

    combatant: str
    amount: int
    stress: int


def attempt_flight(state: CombatState) -> tuple[CombatState, Events, bool]:
    """At resolution: the party flees if every conscious member agreed and it is not dire.

    Returns the new state, the events and whether the party escaped.
    """
    retreating = tuple([c.id for c in state.combatants if c.retreat is not None])
    if not retreating:
        return state, (), False
    conscious = tuple(c.id for c in state.combatants if c.side is _PARTY and c.hp > 0)
    if retreating != conscious:  # CB-13: every conscious member must agree
        return state, (RetreatFailed(NOT_AGREED, retreating),), False
    if dire_policy(state.config.dire)(state):  # CB-13: bar dire circumstances
        return state, (RetreatFailed(DIRE, retreating),), False
    new, events = _flee(state)
    return new, events, True


def _flee(state: CombatState) -> tuple[CombatState, Events]:
    config = state.config
    rng = state.rng
    combatants: list[Combatant] = []
    carried: list[Carry] = []
    lost: list[LostItem] = []
    gains: list[Event] = []
    for c in state.combatants:
        plan = c.retreat
        if plan is None:
            # The exchange is called off, and with it what was left of its wards.
            combatants.append(replace(c, declaration=None, ward=0))
            continue
        amount, rng = rng.roll(config.stress_dice, config.stress_sides)  # CB-14: 2d3
        kept = tuple(item for item in c.items if item.name not in plan.drop)
        combatants.append(replace(c, stress=c.stress + amount, items=kept, retreat=None, ward=0))
        gains.append(StressGained(c.id, amount, c.stress + amount))
        lost.extend(LostItem(c.id, name) for name in plan.drop)  # CB-14: lost in the pursuit
        if plan.carry is not None:
            carried.append(Carry(c.id, plan.carry))  # CB-15
    fled = _fled(state, carried, lost)
    new = replace(state, combatants=tuple(combatants), rng=rng, ending=Ending.FLED)
    return new, (fled, *gains, CombatEnded(Ending.FLED))


def _fled(state: CombatState, carried: list[Carry], lost: list[LostItem]) -> Fled:
    held = {k.fallen for k in carried}
    party = [c for c in state.combatants if c.side is Side.PARTY]
    escaped = tuple(c.id for c in party if c.retreat is not None)
    left = tuple(c.id for c in party if c.hp <= 0 and c.id not in held)  # CB-15
    return Fled(escaped, tuple(carried), left, tuple(lost))
