"""A card's Play effect and its parameters (SD-11)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold.record import converter
from gamefold.skills import Effect

names = st.text(min_size=1, max_size=6)
params = st.dictionaries(names, st.integers(-5, 5), max_size=4)


@given(names, params, names, st.integers(-3, 3))
def test_sd11_param_reads_params_with_a_default(
    effect: str, values: dict[str, int], name: str, default: int
) -> None:
    """SD-11: ``Effect.param`` is the effect's parameter of that name, or the default (0
    unless given) for one it does not have, also for an effect built from another (JSON,
    pickle); the look-up takes no part in equality, hash or JSON."""
    made = Effect(effect, values)
    for copy in (
        made,
        converter.structure(converter.unstructure(made), Effect),
        pickle.loads(pickle.dumps(made)),
    ):
        assert copy == made
        assert hash(copy) == hash(made)
        assert copy.param(name, default) == values.get(name, default)
        assert copy.param(name) == values.get(name, 0)
        assert {key: copy.param(key, default) for key in values} == values
    assert set(converter.unstructure(made)) == {"name", "params"}


@given(names, params, names)
def test_sd11_value_reads_a_needed_param_or_raises_key_error(
    effect: str, values: dict[str, int], name: str
) -> None:
    """SD-11: ``Effect.value`` is the parameter a handler needs (the draw effect's
    ``count``): its value, or a ``KeyError`` for one the effect does not have, also for an
    effect built from another (JSON, pickle)."""
    made = Effect(effect, values)
    for copy in (
        made,
        converter.structure(converter.unstructure(made), Effect),
        pickle.loads(pickle.dumps(made)),
    ):
        assert {key: copy.value(key) for key in values} == values
        if name not in values:
            with pytest.raises(KeyError):
                copy.value(name)
