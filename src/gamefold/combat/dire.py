"""Dire-circumstances policies: whether an agreed retreat still fails (CB-13).

The seed says the party escapes "bar dire circumstances" without saying what those are. The
check is a named policy so that states and configs stay plain data (JSON-friendly): the
config holds a policy's *name* (``dire="never"``, the default) and this module maps names to
functions ``policy(state) -> bool`` (``True``: circumstances are dire, the retreat fails).
A game adds its own with :func:`register_dire_policy`, at import time, before building a
config that names it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from gamefold.combat.zones import Side

if TYPE_CHECKING:
    from gamefold.combat.combatants import CombatState

__all__ = [
    "DirePolicy",
    "always",
    "dire_policy",
    "dire_policy_names",
    "never",
    "outnumbered",
    "register_dire_policy",
]

DirePolicy: TypeAlias = Callable[["CombatState"], bool]
"""``policy(state) -> bool``: whether the party's agreed retreat fails in ``state``.

It must be a pure function of the state (EN-2, EN-3): no clock, no global RNG.
"""


def never(state: CombatState) -> bool:
    """The default: circumstances are never dire, an agreed retreat always escapes."""
    return False


def always(state: CombatState) -> bool:
    """Circumstances are always dire: no retreat ever escapes (a fight to the end)."""
    return True


def outnumbered(state: CombatState) -> bool:
    """Dire when living enemies outnumber the party's conscious members."""
    party = sum(1 for c in state.combatants if c.hp > 0 and c.side is Side.PARTY)
    enemies = sum(1 for c in state.combatants if c.hp > 0 and c.side is Side.ENEMIES)
    return enemies > party


_POLICIES: dict[str, DirePolicy] = {"never": never, "always": always, "outnumbered": outnumbered}


def register_dire_policy(name: str, policy: DirePolicy) -> None:
    """Make ``policy`` available to configs as ``dire=name``.

    Registering a different function under a name already taken raises ``ValueError``:
    a name must mean one thing, or recorded games would replay differently.
    """
    if not isinstance(name, str) or not name:
        raise ValueError("a dire policy needs a non-empty name")
    if not callable(policy):
        raise TypeError(f"a dire policy is a function (state) -> bool, not {policy!r}")
    known = _POLICIES.get(name)
    if known is not None and known is not policy:
        raise ValueError(f"a different dire policy is already registered as {name!r}")
    _POLICIES[name] = policy


def dire_policy(name: str) -> DirePolicy:
    """The policy registered as ``name``; ``KeyError`` names the known ones."""
    try:
        return _POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown dire policy {name!r}; known: {dire_policy_names()}") from None


def dire_policy_names() -> tuple[str, ...]:
    """The names of every registered dire policy, sorted."""
    return tuple(sorted(_POLICIES))
