"""Policies by name: who plays how in a simulation.

A policy maps one player's view of the game (never the full state, EN-9), the legal actions
and its own :class:`~gamefold.rng.Rng` stream to an action (see
:data:`gamefold.games.Policy`). A game ships its built-in policies in
:meth:`GameDef.policies() <gamefold.games.GameDef.policies>` (``"random"`` always, and a
game's own ``"greedy"``), and a simulation names them:

- ``"greedy"``: one policy for every player;
- ``{"p1": "greedy"}``: per player, the rest play ``"random"``;
- a policy function, alone or in the mapping, for a bot of your own.

Names are resolved where the games are played, so only the names (or module-level
functions) travel to worker processes, never the game's closures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from gamefold.games.base import GameDef, Policy

__all__ = [
    "DEFAULT_POLICY",
    "PolicySpec",
    "Policies",
    "check_policies",
    "policy_label",
    "policy_names",
    "resolve_policies",
    "resolve_policy",
]

DEFAULT_POLICY = "random"
"""The policy of every player a simulation is not told about."""

PolicySpec: TypeAlias = str | Policy
"""One player's policy: a name from :meth:`GameDef.policies` or a policy function."""

Policies: TypeAlias = PolicySpec | Mapping[str, PolicySpec]
"""Every player's policy: one spec for all, or a mapping from player to spec."""


def policy_names(game: GameDef[Any]) -> tuple[str, ...]:
    """The names of ``game``'s built-in policies, sorted."""
    return tuple(sorted(game.policies()))


def resolve_policy(game: GameDef[Any], spec: PolicySpec) -> Policy:
    """The policy ``spec`` names for ``game``; a function is returned as it is.

    An unknown name raises ``ValueError`` listing the game's policies.
    """
    if not isinstance(spec, str):
        if not callable(spec):
            raise TypeError(f"a policy is a name or a function, not {spec!r}")
        return spec
    known = game.policies()
    if spec not in known:
        names = ", ".join(sorted(known))
        raise ValueError(f"unknown policy {spec!r} for {game.name}; known: {names}")
    return known[spec]


def resolve_policies(game: GameDef[Any], spec: Policies) -> Policy | dict[str, Policy]:
    """Every name in ``spec`` resolved for ``game``, in the shape :func:`~gamefold.games.play`
    takes: one policy, or a mapping from player to policy (missing players play at random).
    """
    if isinstance(spec, Mapping):
        return {player: resolve_policy(game, one) for player, one in spec.items()}
    return resolve_policy(game, spec)


def check_policies(game: GameDef[Any], spec: Policies, players: tuple[str, ...]) -> None:
    """Raise ``ValueError`` now for an unknown name or a player not in ``players``."""
    resolve_policies(game, spec)
    if isinstance(spec, Mapping):
        strangers = sorted(set(spec) - set(players))
        if strangers:
            raise ValueError(
                f"{game.name} has no player {strangers[0]!r}; players: {', '.join(players)}"
            )


def policy_label(spec: Policies, player: str) -> str:
    """The name of ``player``'s policy in ``spec``, for the ``policy`` column."""
    one = spec.get(player, DEFAULT_POLICY) if isinstance(spec, Mapping) else spec
    if isinstance(one, str):
        return one
    return str(getattr(one, "__name__", repr(one)))
