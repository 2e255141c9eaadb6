"""Persistence: the JSON converter for every gamefold record (EN-8).

:data:`converter` is a :mod:`cattrs` converter that knows pyrsistent collections and tags
actions and events with their type, so that a field typed with the base class
(``tuple[Action, ...]``) round-trips to the right subclass. :func:`to_json` and
:func:`from_json` wrap it:

>>> from gamefold import StartTurn
>>> from gamefold.record import to_json, from_json
>>> text = to_json(StartTurn("p1"))
>>> from_json(text, StartTurn) == StartTurn("p1")
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

from gamefold.core import Action, Event

__all__ = ["converter", "from_json", "tag_of", "to_json"]

T = TypeVar("T")

_TAGGED = (Action, Event)
_BASES = frozenset({Action, Event})

converter = cattrs.Converter()
"""The converter every gamefold record goes through on its way to and from JSON."""


def tag_of(cls: type) -> str:
    """The stable type tag written for an action or event class: ``module.QualName``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def _tagged_subclasses(base: type) -> dict[str, type]:
    """Every attrs subclass of ``base`` imported so far, by tag."""
    found: dict[str, type] = {}
    todo = [base]
    while todo:
        cls = todo.pop()
        if attrs.has(cls):
            found[tag_of(cls)] = cls
        todo.extend(cls.__subclasses__())
    return found


def _is_tagged(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, _TAGGED)


def _unstructure_factory(cls: type) -> Callable[[Any], Any]:
    if not attrs.has(cls):  # a base class: dispatch on the runtime type
        return lambda obj: converter.unstructure(obj, unstructure_as=type(obj))
    fields_of = make_dict_unstructure_fn(cls, converter)
    tag = tag_of(cls)
    return lambda obj: {"type": tag, **fields_of(obj)}


def _structure_factory(cls: type) -> Callable[[Any, Any], Any]:
    plain = converter.gen_structure_attrs_fromdict(cls) if attrs.has(cls) else None
    own_tag = tag_of(cls)

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"a {cls.__name__} in JSON is an object, not {data!r}")
        tag = data.get("type", own_tag)
        if tag == own_tag and plain is not None:
            return plain(data, cls)  # the "type" key is ignored as an extra key
        found = _tagged_subclasses(cls).get(tag)
        if found is None or found is cls:
            raise ValueError(f"unknown {cls.__name__} type {tag!r}")
        return converter.structure(data, found)

    return structure


def _pyrsistent_origin(t: Any, kind: type) -> bool:
    return get_origin(t) is kind or t is kind


converter.register_unstructure_hook_factory(_is_tagged, _unstructure_factory)
converter.register_structure_hook_factory(_is_tagged, _structure_factory)
converter.register_unstructure_hook_func(
    lambda t: _pyrsistent_origin(t, PVector),
    lambda v: [converter.unstructure(x) for x in v],
)
converter.register_unstructure_hook_func(
    lambda t: _pyrsistent_origin(t, PSet),
    lambda s: sorted((converter.unstructure(x) for x in s), key=json.dumps),
)
converter.register_unstructure_hook_func(
    lambda t: _pyrsistent_origin(t, PMap),
    lambda m: {k: converter.unstructure(v) for k, v in sorted(m.items())},
)


def _item_type(t: Any, index: int) -> Any:
    args = get_args(t)
    return args[index] if args else Any


converter.register_structure_hook_func(
    lambda t: _pyrsistent_origin(t, PVector),
    lambda data, t: pvector(converter.structure(x, _item_type(t, 0)) for x in data),
)
converter.register_structure_hook_func(
    lambda t: _pyrsistent_origin(t, PSet),
    lambda data, t: pset(converter.structure(x, _item_type(t, 0)) for x in data),
)
converter.register_structure_hook_func(
    lambda t: _pyrsistent_origin(t, PMap),
    lambda data, t: pmap(
        {
            converter.structure(k, _item_type(t, 0)): converter.structure(v, _item_type(t, 1))
            for k, v in data.items()
        }
    ),
)


def to_json(obj: object, *, indent: int | None = None) -> str:
    """``obj`` (any gamefold record) as JSON text, with sorted keys for stable output."""
    return json.dumps(converter.unstructure(obj), indent=indent, sort_keys=True)


def from_json(text: str | bytes, cls: type[T]) -> T:
    """The ``cls`` record that :func:`to_json` wrote as ``text``."""
    return converter.structure(json.loads(text), cls)
