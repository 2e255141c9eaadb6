"""Policies by name: who plays how in a simulation.

A policy maps one player's view of the game (never the full state, EN-9), the legal actions
and its own :class:`~gamefold.rng.Rng` stream to an action (see
:data:`gamefold.games.Policy`). A game ships its built-in policies in
:meth:`GameDef.policies() <gamefold.games.GameDef.policies>` (``"random"`` always, and a
game's own ``"greedy"``), and a simulation names them:

- ``"greedy"``: one policy for every player;
- ``"ismcts:iterations=200"``: a policy with options (those its ``configured`` method takes,
  see :class:`gamefold.search.ISMCTS`);
- ``{"p1": "greedy"}``: per player, the rest play ``"random"``;
- a policy function, alone or in the mapping, for a bot of your own.

Names are resolved where the games are played, so only the names (or module-level
functions) travel to worker processes, never the game's closures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, cast

from gamefold.errors import RegistryError
from gamefold.games import GameDef, Policy, policy_problem

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

    An unknown name raises ``ValueError`` listing the game's policies; a bot's policy the
    game is not offered (``"ismcts"`` for a game that cannot be determinized) raises
    :class:`~gamefold.RegistryError` saying why (:func:`~gamefold.games.policy_problem`).
    """
    if not isinstance(spec, str):
        if not callable(spec):
            raise TypeError(f"a policy is a name or a function, not {spec!r}")
        return spec
    name, _, options = spec.partition(":")
    known = game.policies()
    if name not in known:
        problem = policy_problem(game, name)
        if problem is not None:  # not a typo: say what the game lacks and how to add it
            raise RegistryError(f"{game.name} cannot be played by {name}: {problem}")
    if name not in known:
        names = ", ".join(sorted(known))
        raise ValueError(f"unknown policy {name!r} for {game.name}; known: {names}")
    if not options:
        return known[name]
    configured = getattr(known[name], "configured", None)
    if configured is None:
        raise ValueError(f"policy {name!r} of {game.name} takes no options, not {options!r}")
    return cast(Policy, configured(**_options(spec, options)))


def _options(spec: str, text: str) -> dict[str, int | float | str]:
    """``"iterations=200,horizon=30"`` as keyword arguments: whole numbers as ``int``, other
    numbers as ``float``, anything else as text."""
    found: dict[str, int | float | str] = {}
    for part in text.split(","):
        key, sign, value = part.partition("=")
        if not sign or not key.strip().isidentifier():
            raise ValueError(f"policy {spec!r}: options are name=value pairs, not {part!r}")
        found[key.strip()] = _number(value.strip())
    return found


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def resolve_policies(game: GameDef[Any], spec: Policies) -> Policy | dict[str, Policy]:
    """Every name in ``spec`` resolved for ``game``, in the shape :func:`~gamefold.games.play`
    takes: one policy, or a mapping from player to policy (missing players play the
    game's ``"random"``).
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
