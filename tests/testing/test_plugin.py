"""The Hypothesis plugin: ``st.from_type`` works for gamefold's types, and only theirs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import PMap, PVector
from tests.support import run_python

from gamefold import Clock, Rng
from gamefold.combat import CombatConfig, CombatState
from gamefold.diplomacy import DiplomacyConfig, DiplomacyState
from gamefold.skills import SkillsConfig, SkillsState
from gamefold.skills import violations as skills_violations
from gamefold.testing._plugin import registered_strategies


def test_the_plugin_registers_gamefold_types_only() -> None:
    registered = registered_strategies()
    for cls in (Rng, Clock, SkillsConfig, SkillsState, CombatConfig, CombatState):
        assert cls in registered
    assert DiplomacyConfig in registered
    assert DiplomacyState in registered
    assert all(cls.__module__.startswith("gamefold.") for cls in registered)
    for foreign in (PVector, PMap):
        assert foreign not in registered


@settings(max_examples=10, deadline=None)
@given(
    st.from_type(Rng),
    st.from_type(SkillsState),
    st.from_type(CombatState),
    st.from_type(DiplomacyState),
)
def test_from_type_draws_real_states(
    rng: Rng, skills: SkillsState, combat: CombatState, diplomacy: DiplomacyState
) -> None:
    assert isinstance(rng, Rng)
    assert skills_violations(skills) == ()
    assert isinstance(combat, CombatState)
    assert isinstance(diplomacy, DiplomacyState)


def _fresh(script: str) -> str:
    return run_python(script, hash_seed="0", timeout=120)


def test_import_hypothesis_loads_no_gamefold_module() -> None:
    """The plugin is lazy: a project that has gamefold installed but never imports it pays
    nothing when it imports Hypothesis."""
    out = _fresh(
        "import sys, hypothesis\n"
        "print(sorted(m for m in sys.modules if 'gamefold' in m.split('.')[0]))\n"
    )
    assert out.strip() == "['_gamefold_hypothesis']"


def test_import_gamefold_alone_does_not_import_hypothesis() -> None:
    out = _fresh("import sys, gamefold\nprint('hypothesis' in sys.modules)\n")
    assert out.strip() == "False"


@pytest.mark.parametrize(
    "imports",
    ["import hypothesis\nimport gamefold", "import gamefold\nimport hypothesis"],
    ids=["hypothesis-first", "gamefold-first"],
)
def test_strategies_are_registered_whichever_is_imported_first(imports: str) -> None:
    """Rng has no strategy Hypothesis could infer (its field is a 64-bit state); it draws
    through the plugin's registration in either import order."""
    out = _fresh(
        f"{imports}\n"
        "from hypothesis import strategies as st\n"
        "from hypothesis.strategies._internal.types import _global_type_lookup as known\n"
        "from gamefold import Rng, Clock\n"
        "from gamefold.skills import SkillsState\n"
        "print(all(cls in known for cls in (Rng, Clock, SkillsState)))\n"
    )
    assert out.strip() == "True"
