"""The record converter: cattrs, pyrsistent collections and type tags (package-private).

:mod:`gamefold.record` re-exports :data:`converter`, :func:`to_json`, :func:`from_json`,
:func:`structure` and :func:`tag_of`; this module only keeps that file short.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, TypeAlias, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import iterable_unstructure_factory, make_dict_unstructure_fn
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

from gamefold._loading import (
    DEFAULT_LIMITS,
    Bad,
    Limits,
    install_strict_hooks,
    locate,
    parse_json,
    shown,
    structure_each,
    structure_pairs,
)
from gamefold.core import FILLER_MARK, Action, Event
from gamefold.errors import RegistryError
from gamefold.registry import Clock, Game, game_record

__all__ = ["converter", "from_json", "shared_unstructure", "structure", "tag_of", "to_json"]

T = TypeVar("T")

_TAGGED = (Action, Event)
_BASES = frozenset({Action, Event})

converter = cattrs.Converter(forbid_extra_keys=True)
"""The converter every gamefold record goes through on its way to and from JSON.

It is strict: a value of the wrong kind (``"seven"`` for an int, a string for an array) or
an unknown key is refused, never coerced or ignored.
"""
install_strict_hooks(converter)


def _record_factory(cls: type) -> Callable[[Any, Any], Any]:
    """Any other record (a config, a card definition): an object of its fields, nothing else."""
    plain: Callable[[Any, Any], Any] = converter.gen_structure_attrs_fromdict(cls)

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise Bad(f"a {cls.__name__} in JSON is an object, not {shown(data)}")
        return plain(data, cls)

    return structure


# Registered first, so that the hooks of tagged records and games below take precedence.
converter.register_structure_hook_factory(attrs.has, _record_factory)


def tag_of(cls: type) -> str:
    """The stable type tag written for an action or event class: ``module.QualName``, or
    the tag the class declares as its ``recorded_as`` class variable.

    A class that moves to another module declares the tag it was recorded under, so the
    records written before the move still load and new ones read the same.
    """
    kept = vars(cls).get("recorded_as")
    return kept if isinstance(kept, str) else f"{cls.__module__}.{cls.__qualname__}"


def _tagged_subclasses(base: type) -> dict[str, type]:
    """Every attrs subclass of ``base`` imported so far, by tag."""
    found: dict[str, type] = {}
    todo = [base]
    while todo:
        cls = todo.pop()
        if attrs.has(cls) and FILLER_MARK not in vars(cls):  # fillers are never handed out
            tag = tag_of(cls)
            # A slotted attrs class replaces the class its body made; until the collector
            # frees it, that one is still a subclass, under the same tag, with the fields
            # of its base. The class with fields of its own wins.
            if tag not in found or "__attrs_attrs__" in vars(cls):
                found[tag] = cls
        todo.extend(cls.__subclasses__())
    return found


def _is_tagged(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, _TAGGED)


def _structure_factory(cls: type) -> Callable[[Any, Any], Any]:
    plain = converter.gen_structure_attrs_fromdict(cls) if attrs.has(cls) else None
    own_tag = tag_of(cls)

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise Bad(f"a {cls.__name__} in JSON is an object, not {shown(data)}")
        tag = data.get("type", own_tag)
        if tag == own_tag and plain is not None:
            return plain({k: v for k, v in data.items() if k != "type"}, cls)
        found = _tagged_subclasses(cls).get(tag) if isinstance(tag, str) else None
        if found is None or found is cls:
            raise Bad(f"unknown {cls.__name__} type {shown(tag)}")
        return converter.structure(data, found)

    return structure


def _pyrsistent_origin(t: Any, kind: type) -> bool:
    return get_origin(t) is kind or t is kind


converter.register_structure_hook_factory(_is_tagged, _structure_factory)


def _item_type(t: Any, index: int) -> Any:
    args = get_args(t)
    return args[index] if args else Any


converter.register_structure_hook_func(
    lambda t: _pyrsistent_origin(t, PVector),
    lambda data, t: pvector(structure_each(converter, data, _item_type(t, 0))),
)
converter.register_structure_hook_func(
    lambda t: _pyrsistent_origin(t, PSet),
    lambda data, t: pset(structure_each(converter, data, _item_type(t, 0))),
)
converter.register_structure_hook_func(
    lambda t: _pyrsistent_origin(t, PMap),
    lambda data, t: pmap(structure_pairs(converter, data, _item_type(t, 0), _item_type(t, 1))),
)


def to_json(obj: object, *, indent: int | None = None) -> str:
    """``obj`` (any gamefold record) as JSON text, with sorted keys for stable output."""
    return json.dumps(converter.unstructure(obj), indent=indent, sort_keys=True)


def from_json(text: str | bytes, cls: type[T], *, limits: Limits = DEFAULT_LIMITS) -> T:
    """The ``cls`` record that :func:`to_json` wrote as ``text``.

    Anything else is one :class:`~gamefold.RecordError` naming where it goes wrong: text
    beyond ``limits``, a duplicated or unknown key, a value of the wrong kind.
    """
    return structure(parse_json(text, limits), cls)


def structure(data: Any, cls: type[T], path: str = "") -> T:
    """Plain JSON ``data`` as a ``cls`` record; a :class:`~gamefold.RecordError` at ``path``."""
    try:
        return converter.structure(data, cls)
    except Exception as err:  # every failure of the hooks, however deep, becomes one error
        raise locate(err, path) from None


# -- games: slices tagged with their record type --------------------------------------------


def _known_class(tag: str) -> type:
    """The attrs class a tag names, from modules already imported (never imports one)."""
    module, _, qualname = tag.rpartition(".")
    found: Any = sys.modules.get(module)
    for part in qualname.split(".") if found is not None else ():
        found = getattr(found, part, None)
    if isinstance(found, type) and attrs.has(found):
        return found
    moved = _moved(tag)
    if moved is None:
        raise Bad(f"unknown record type {shown(tag)}: import the module that defines it")
    return moved


def _moved(tag: str) -> type | None:
    """The imported record class that declares ``tag`` as its ``recorded_as`` (it moved
    since), or ``None``: looked for among every class only when a tag names no class."""
    todo, seen = list(object.__subclasses__()), set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        if vars(cls).get("recorded_as") == tag and attrs.has(cls):
            return cls
        todo.extend(type.__subclasses__(cls))
    return None


def _structure_slice(data: Any) -> Any:
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Bad("a game slice in JSON is null or an object with a 'type' key")
    fields = {k: v for k, v in data.items() if k != "type"}
    return converter.structure(fields, _known_class(data["type"]))


def _structure_game(data: Any, _: Any) -> Game:
    if not isinstance(data, dict) or sorted(data) != ["clock", "names", "slices"]:
        raise Bad("a game in JSON is an object of names, slices and clock")
    names = converter.structure(data["names"], tuple[str, ...])
    slices = tuple(structure_each(converter, data["slices"], _Slice))
    if len(names) != len(slices):
        raise Bad("a game in JSON has one slice per name")
    try:
        record = game_record(names)
    except RegistryError as problem:
        raise Bad(str(problem)) from None
    clock = converter.structure(data["clock"], Clock)
    return record(**dict(zip(names, slices, strict=True)), clock=clock)


class _Slice:
    """Stands for "any tagged slice record" when a game's slices are structured."""


converter.register_structure_hook(_Slice, lambda data, _: _structure_slice(data))


converter.register_structure_hook(Game, _structure_game)


# -- from records to JSON data --------------------------------------------------------------

Hook: TypeAlias = Callable[[Any], Any]
"""An unstructure hook: a record or collection to plain JSON data."""


def _unstructure_hooks(conv: cattrs.Converter, keep: Callable[[Hook, Any], Hook]) -> None:
    """Teach ``conv`` how gamefold's records become JSON data: actions and events tagged with
    their type, pyrsistent collections as lists and objects, games as names, tagged slices
    and clock. ``keep`` wraps each hook of a record or collection (the identity memo of
    :func:`shared_unstructure`, given the type it converts as, or ``None`` for a hook of its
    own; the record converter keeps them as they are)."""

    def tagged(cls: type) -> Hook:
        if not attrs.has(cls):  # a base class: dispatch on the runtime type
            return lambda obj: conv.unstructure(obj, unstructure_as=type(obj))
        fields_of = make_dict_unstructure_fn(cls, conv)
        tag = tag_of(cls)
        return keep(lambda obj: {"type": tag, **fields_of(obj)}, cls)

    def game_slice(value: Any) -> Any:
        if value is None:
            return None
        return {"type": tag_of(type(value)), **conv.unstructure(value)}

    conv.register_unstructure_hook_factory(_is_tagged, tagged)
    conv.register_unstructure_hook_func(
        lambda t: _pyrsistent_origin(t, PVector),
        keep(lambda v: [conv.unstructure(x) for x in v], None),
    )
    conv.register_unstructure_hook_func(
        lambda t: _pyrsistent_origin(t, PSet),
        keep(lambda s: sorted((conv.unstructure(x) for x in s), key=json.dumps), None),
    )
    conv.register_unstructure_hook_func(
        lambda t: _pyrsistent_origin(t, PMap),
        keep(lambda m: {k: conv.unstructure(v) for k, v in sorted(m.items())}, None),
    )
    one_slice = keep(game_slice, None)
    names = keep(list, None)
    conv.register_unstructure_hook(
        Game,
        keep(
            lambda g: {
                "names": names(g.names),
                "slices": [one_slice(s) for s in g.slices],
                "clock": conv.unstructure(g.clock),
            },
            None,
        ),
    )


def _as_is(hook: Hook, kind: Any) -> Hook:
    return hook


_unstructure_hooks(converter, _as_is)

_SEEN: ContextVar[defaultdict[int, dict[int, tuple[Any, Any]]] | None] = ContextVar(
    "gamefold_shared_unstructure", default=None
)
"""Within :func:`shared_unstructure`: hook -> object id -> (the object, its data)."""
_HOOKS = itertools.count()


_KINDS: dict[Any, int] = {}
"""Each type a hook of the sharing converter was made for, numbered."""


def _remembered(hook: Hook, kind: Any = None) -> Hook:
    """``hook``, giving the data it gave before for an object it converted before in the
    current :func:`shared_unstructure` block. The data is kept by object and by ``kind``,
    the type the hook converts as (one object may be converted as two declared types; cattrs
    may make a type's hook again); ``None`` for a hook of its own."""
    index = next(_HOOKS) if kind is None else _KINDS.setdefault(kind, -1 - len(_KINDS))

    def remembered(obj: Any) -> Any:
        seen = _SEEN.get()
        if seen is None:
            return hook(obj)
        mine = seen[index]
        hit = mine.get(id(obj))
        if hit is None:
            # The object is kept with its data: while the block lasts, no other object
            # takes its id.
            hit = mine[id(obj)] = (obj, hook(obj))
        return hit[1]

    return remembered


def _homogeneous_tuple(t: Any) -> bool:
    return get_origin(t) is tuple and get_args(t)[1:] == (Ellipsis,)


@functools.cache
def _sharing_converter() -> cattrs.Converter:
    """A twin of :data:`converter` for unstructuring whose every record and collection hook is
    :func:`_remembered`: the same data, built once an object."""
    twin = cattrs.Converter(forbid_extra_keys=True)
    # cattrs's own hook for any other record, as the record converter uses it, remembered.
    twin.register_unstructure_hook_factory(
        attrs.has, lambda cls: _remembered(twin.gen_unstructure_attrs_fromdict(cls), cls)
    )
    # And for tuples of any length (a hand, the combatants): lists, as cattrs makes them
    # (its converter's own method would register the hook it makes, unremembered, as well).
    twin.register_unstructure_hook_factory(
        _homogeneous_tuple, lambda t: _remembered(iterable_unstructure_factory(t, twin, list), t)
    )
    _unstructure_hooks(twin, _remembered)
    return twin


@contextlib.contextmanager
def shared_unstructure() -> Iterator[Callable[[Any, Any], Any]]:
    """Within the block, ``unstructure(obj, as_type)`` gives what
    ``converter.unstructure(obj, unstructure_as=as_type)`` gives, but converts each record
    and pyrsistent collection once: an object met again (the unchanged slices and fields that
    consecutive states share) gives the very same data object. The data is shared, so it
    must never be modified; the block keeps every object it converted alive."""
    twin = _sharing_converter()
    token = _SEEN.set(defaultdict(dict))
    try:
        yield lambda obj, as_type: twin.unstructure(obj, unstructure_as=as_type)
    finally:
        _SEEN.reset(token)
