"""The Hypothesis plugin: ``st.from_type`` works for gamefold's types, and only theirs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import PMap, PVector

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
