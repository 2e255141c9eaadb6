"""Shared test configuration: Hypothesis profiles and registry isolation.

``dev`` (the default) keeps a local run quick; ``ci`` is thorough and is what ``.ci/run``
selects with ``HYPOTHESIS_PROFILE=ci``; ``mutation`` is the mutation runner's; ``quick`` is
the quick lane's, with the ``slow`` marker on the tests :mod:`tests.lanes` lists.

Every test, every test module and the session run inside
:func:`tests.isolation.registries_restored`: whatever a test or a fixture registers (a game,
a dire policy) is gone when its scope ends, so no test depends on another's leftovers and
the suite passes twice in one process (a mutation tool runs it that way).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from tests import lanes

# Importing the isolation helpers imports gamefold.games, so the built-in games are
# registered before the first snapshot and are part of every restored state.
from tests.isolation import registries_restored

settings.register_profile("dev", max_examples=40, deadline=None)
settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# ``mutation``: what tests/mutation/run.py selects, so each mutant is judged in seconds on a
# shared machine; a mutant that survives it may still fall to the 40 or 150 examples above.
# Its runs are at the lowest priority: slow generation there tells of the load, not the test;
# and each mutant meets the examples the clean run passed, so a verdict can be run again.
settings.register_profile(
    "mutation",
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# ``quick``: the quick lane's (README, CONTRIBUTING), a check of an install in minutes.
settings.register_profile("quick", max_examples=5, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True, scope="session")
def _restore_registries_after_the_session() -> Iterator[None]:
    """Undo what session-scoped fixtures register, so a second run starts afresh."""
    with registries_restored():
        yield


@pytest.fixture(autouse=True, scope="module")
def _restore_registries_after_each_module() -> Iterator[None]:
    """Undo what a module-scoped fixture registers (a guide's game) when its module ends."""
    with registries_restored():
        yield


@pytest.fixture(autouse=True)
def _restore_registries() -> Iterator[None]:
    """Undo every registration a test makes (games, dire policies), whatever its outcome."""
    with registries_restored():
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` what the quick lane (``-m "not slow"``) leaves out (:mod:`tests.lanes`)."""
    for item in items:
        if lanes.slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
