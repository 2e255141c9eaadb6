"""EN-4: a config refuses any bad value of any field with a ConfigError naming that field.

Whatever JSON-ish value one field of a config record is given (``None``, a number, a
string, a list, an object, nested), building the record either succeeds or raises
:class:`~gamefold.ConfigError` whose ``field`` names the field; never a ``TypeError``,
``ValueError``, ``AttributeError`` or any other exception.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from gamefold import ConfigError, combat, diplomacy, skills
from gamefold.games.campaign import CampaignConfig
from gamefold.games.skirmish import SkirmishConfig
from gamefold.games.summit import Scenario, SummitConfig

CONFIGS: tuple[type, ...] = (
    skills.SkillsConfig,
    combat.CombatConfig,
    diplomacy.DiplomacyConfig,
    SkirmishConfig,
    Scenario,
    SummitConfig,
    CampaignConfig,
)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=6),
)
JSONISH: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=4), inner, max_size=3),
    ),
    max_leaves=8,
)


def _fields(cls: type) -> list[str]:
    return [f.name for f in attrs.fields(cls) if f.init]


CASES = [(cls, field) for cls in CONFIGS for field in _fields(cls)]


@pytest.mark.parametrize(("cls", "field"), CASES, ids=[f"{c.__name__}.{f}" for c, f in CASES])
@given(value=JSONISH)
@example(value=3)  # a deck smaller than the default hand limit names deck_size
def test_en4_any_value_of_one_field_is_valid_or_a_config_error_naming_it(
    cls: type, field: str, value: Any
) -> None:
    """A value that breaks a bound relative to another field names both (``hand_limit`` of a
    smaller deck says ``deck_size``)."""
    problem = _problem(cls, field, value)
    assert problem is None or field == problem.field or field in str(problem), problem


def _problem(cls: type, field: str, value: Any) -> ConfigError | None:
    """The ConfigError building ``cls`` with ``field=value`` raises, or ``None``; any other
    exception fails the test."""
    try:
        cls(**{field: value})
    except ConfigError as err:
        return err
    return None
