"""Test isolation: no test leaves a registration behind, so the suite runs twice in a process.

``tests/conftest.py`` wraps every test in :func:`tests.isolation.registries_restored`. These
tests prove it for each process-wide registry gamefold has (games, dire policies of CB-13),
check that no registry is missing from :data:`tests.isolation.REGISTRIES`, and run test
files twice in one process with ``pytest.main``, as a mutation tool does.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

import pytest
from tests.core.toy import Race
from tests.isolation import REGISTRIES, Registry, registries_restored

import gamefold
from gamefold.combat import CombatState

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[2]


def _never_dire(state: CombatState) -> bool:
    return False


def _register_one(registry: Registry, name: str) -> None:
    """Register something new called ``name`` in ``registry`` through its public verb."""
    if registry.name == "game":
        registry.register(type("IsolationRace", (Race,), {"name": name}))
    else:
        registry.register(name, lambda state: _never_dire(state))


def _public_register_functions() -> set[Any]:
    """Every public ``register_…`` function defined anywhere in the gamefold package."""
    found = set()
    for info in pkgutil.walk_packages(gamefold.__path__, "gamefold."):
        if info.name.startswith("gamefold.sim.") or info.name == "gamefold.__main__":
            continue  # heavy optional imports; they define no registry
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            defined_here = inspect.isfunction(value) and value.__module__ == module.__name__
            if name.startswith("register_") and defined_here:
                found.add(value)
    return found


def test_every_registry_gamefold_has_is_restored() -> None:
    """Each public ``register_…`` function feeds a registry the test fixture restores."""
    covered = {registry.register for registry in REGISTRIES}
    missing = sorted(f"{f.__module__}.{f.__name__}" for f in _public_register_functions() - covered)
    assert not missing, f"add these registries to tests/isolation.py: {missing}"


KEYED = tuple(registry for registry in REGISTRIES if registry.keyed)
HOOKS = tuple(registry for registry in REGISTRIES if not registry.keyed)


@pytest.mark.parametrize("registry", KEYED, ids=lambda r: r.name)
def test_a_registration_is_gone_once_restored(registry: Registry) -> None:
    """A name registered inside ``registries_restored`` is unknown after it; others stay."""
    before = registry.names()
    with registries_restored():
        _register_one(registry, "test-isolation-probe")
        assert "test-isolation-probe" in registry.names()
    assert registry.names() == before
    assert "test-isolation-probe" not in registry.names()


@pytest.mark.parametrize("registry", HOOKS, ids=lambda r: r.name)
def test_a_hook_replaced_inside_is_answered_as_before_once_restored(registry: Registry) -> None:
    """A test that gives a hook another answer leaves the package's own behind it."""
    before = dict(registry.store())

    def stranger(*args: object) -> object:
        raise AssertionError("the replaced answer is still asked")

    with registries_restored():
        registry.register(stranger)
        assert stranger in registry.store().values()
    assert registry.store() == before


@pytest.mark.parametrize("registry", KEYED, ids=lambda r: r.name)
def test_a_failing_block_is_restored_too(registry: Registry) -> None:
    """A test that fails after registering leaves nothing behind either."""
    before = registry.names()

    def failing_test() -> None:
        with registries_restored():
            _register_one(registry, "test-isolation-failed")
            raise RuntimeError("the test failed")

    with pytest.raises(RuntimeError):
        failing_test()
    assert registry.names() == before


@pytest.mark.parametrize("registry", REGISTRIES, ids=lambda r: r.name)
def test_a_registration_removed_inside_comes_back(registry: Registry) -> None:
    """A test that empties a registry gets it back whole: restore is by contents."""
    before = registry.names()
    with registries_restored():
        registry.store().clear()
    assert registry.names() == before
    assert before, f"gamefold ships built-in {registry.name}s"


_REGISTERS_EACH_RUN = """
import pytest
from tests.core.toy import Race
from gamefold.combat import register_dire_policy, dire_policy_names
from gamefold.games import game_names, register_game


@pytest.fixture(scope="module")
def module_game():
    # A module-scoped fixture registers before any test's own snapshot is taken.
    return register_game(type("FixtureRace", (Race,), {"name": "twice-fixture"}))


def test_a_module_fixture_registers_a_game(module_game):
    assert "twice-fixture" in game_names()


def test_registers_a_fresh_policy_and_game():
    # A new function and a new class on every run: registering them again under the same
    # name is refused, so a second run in the same process passes only if the first run's
    # registrations were undone.
    register_dire_policy("twice-probe", lambda state: False)
    register_game(type("TwiceRace", (Race,), {"name": "twice-probe"}))
    assert "twice-probe" in dire_policy_names()
    assert "twice-probe" in game_names()
"""


def _run_twice(pytester: pytest.Pytester, *args: str) -> tuple[Any, Any]:
    return pytester.runpytest_inprocess(*args), pytester.runpytest_inprocess(*args)


def test_a_file_that_registers_passes_twice_in_one_process(pytester: pytest.Pytester) -> None:
    """With the suite's fixture, registering tests pass a second time in the same process."""
    pytester.makepyfile(test_twice=_REGISTERS_EACH_RUN)
    first, second = _run_twice(pytester, "-p", "tests.conftest", "-q")
    first.assert_outcomes(passed=2)
    second.assert_outcomes(passed=2)


def test_without_the_fixture_the_second_run_fails(pytester: pytest.Pytester) -> None:
    """The control: without the fixture the same file fails on its second run."""
    pytester.makepyfile(test_twice=_REGISTERS_EACH_RUN)
    first, second = _run_twice(pytester, "-q")
    first.assert_outcomes(passed=2)
    second.assert_outcomes(errors=1, failed=1)  # this test's own fixture drops the leftovers


def test_the_fleeing_tests_pass_twice_in_one_process(pytester: pytest.Pytester) -> None:
    """CB-13: the suite's own registering tests (a custom dire policy) run twice.

    The whole suite twice in one process is ``python tests/mutation/twice.py`` (pytester
    resets ``sys.modules`` between runs, which numpy and pandas do not survive).
    """
    target = str(ROOT / "tests" / "combat" / "test_fleeing.py")
    args = ("-q", "--rootdir", str(ROOT), target)  # finds tests/conftest.py as the suite does
    first, second = _run_twice(pytester, *args)
    assert first.ret == second.ret == 0
    passed = first.parseoutcomes()["passed"]
    assert passed > 0
    assert second.parseoutcomes() == {"passed": passed}
