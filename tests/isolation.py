"""Process-wide registries gamefold keeps, and a way to put them back as they were.

gamefold has a few registries that live as long as the process: the built-in and user games
(:func:`gamefold.games.register_game`), the policies bots offer every game
(:func:`gamefold.games.register_policy`), the dire-circumstances policies of CB-13
(:func:`gamefold.combat.register_dire_policy`), and the answers records ask of the layers
above them (:func:`gamefold.record.register_game_lookup`,
:func:`gamefold.record.register_page`). A test that registers something must not
leave it behind: the next test, or a second run of the suite in the same process (as a
mutation tool does), would see it. ``tests/conftest.py`` wraps every test in
:func:`registries_restored`.

Each registry is found through its public ``register_…`` function (the module that defines
it holds the dict), so it follows that function if the code moves. ``tests/core/
test_isolation.py`` checks that every public ``register_…`` function in gamefold has an
entry here, so a new registry cannot be forgotten.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from gamefold.combat import dire_policy_names, register_dire_policy
from gamefold.games import game_names, register_game, register_policy, registered_policies
from gamefold.record import record_hooks, register_game_lookup, register_page


@attrs.frozen
class Registry:
    """One process-wide registry: its public verbs and the dict behind them."""

    name: str
    """What it registers, for messages."""
    register: Callable[..., Any]
    """The public function that adds to it."""
    names: Callable[[], tuple[str, ...]]
    """The public function that lists what it holds."""
    attribute: str
    """The module-level dict, in the module that defines ``register``."""
    keyed: bool = True
    """Whether ``register`` adds under a name it is given; a hook (``False``) is given its
    one answer alone, which replaces the one before."""

    def store(self) -> dict[str, Any]:
        """The dict itself (found in ``register``'s module, so it follows a move)."""
        store: dict[str, Any] = vars(sys.modules[self.register.__module__])[self.attribute]
        return store


REGISTRIES: tuple[Registry, ...] = (
    Registry("dire policy", register_dire_policy, dire_policy_names, "_POLICIES"),
    Registry("game", register_game, game_names, "_GAMES"),
    Registry("policy", register_policy, registered_policies, "_POLICIES"),
    Registry("record game lookup", register_game_lookup, record_hooks, "_HOOKS", keyed=False),
    Registry("record page", register_page, record_hooks, "_HOOKS", keyed=False),
)
"""Every process-wide registry gamefold has."""


def snapshot() -> tuple[dict[str, Any], ...]:
    """A copy of every registry's contents, in :data:`REGISTRIES` order, each listed first
    through its public verb, which loads what the package registers on first need (its games,
    its bots), so a restore never takes back what was built in."""
    for registry in REGISTRIES:
        registry.names()
    return tuple(dict(registry.store()) for registry in REGISTRIES)


def restore(saved: tuple[dict[str, Any], ...]) -> None:
    """Put every registry back to ``saved`` (from :func:`snapshot`), in place."""
    for registry, contents in zip(REGISTRIES, saved, strict=True):
        store = registry.store()
        store.clear()
        store.update(contents)


@contextmanager
def registries_restored() -> Iterator[None]:
    """Within the block, register freely: every registry is restored on the way out."""
    saved = snapshot()
    try:
        yield
    finally:
        restore(saved)
