"""Persistence: JSON for every record, game records, replay and verification (EN-8).

:data:`converter` is a :mod:`cattrs` converter that knows pyrsistent collections and tags
actions and events with their type, so that a field typed with the base class
(``tuple[Action, ...]``) round-trips to the right subclass; a :class:`~gamefold.Game`'s
slices are tagged the same way. :func:`to_json` and :func:`from_json` wrap it:

>>> from gamefold import StartTurn
>>> from gamefold.record import to_json, from_json
>>> text = to_json(StartTurn("p1"))
>>> from_json(text, StartTurn) == StartTurn("p1")
True
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

from gamefold.core import Action, Event
from gamefold.errors import IllegalAction
from gamefold.registry import Clock, Game

if TYPE_CHECKING:
    from gamefold.games.base import GameDef

__all__ = [
    "FORMAT_VERSION",
    "Divergence",
    "GameRecord",
    "converter",
    "from_json",
    "replay",
    "tag_of",
    "to_json",
    "verify",
]

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


# -- games: slices tagged with their record type --------------------------------------------


def _known_class(tag: str) -> type:
    """The attrs class a tag names, from modules already imported (never imports one)."""
    module, _, qualname = tag.rpartition(".")
    found: Any = sys.modules.get(module)
    for part in qualname.split(".") if found is not None else ():
        found = getattr(found, part, None)
    if not (isinstance(found, type) and attrs.has(found)):
        raise ValueError(f"unknown record type {tag!r}: import the module that defines it")
    return found


def _unstructure_slice(value: Any) -> Any:
    if value is None:
        return None
    return {"type": tag_of(type(value)), **converter.unstructure(value)}


def _structure_slice(data: Any) -> Any:
    if data is None:
        return None
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError("a game slice in JSON is null or an object with a 'type' key")
    return converter.structure(data, _known_class(data["type"]))


converter.register_unstructure_hook(
    Game,
    lambda g: {
        "names": list(g.names),
        "slices": [_unstructure_slice(s) for s in g.slices],
        "clock": converter.unstructure(g.clock),
    },
)
converter.register_structure_hook(
    Game,
    lambda d, _: Game(
        tuple(d["names"]),
        tuple(_structure_slice(s) for s in d["slices"]),
        converter.structure(d["clock"], Clock),
    ),
)


# -- game records ---------------------------------------------------------------------------

FORMAT_VERSION = 1
"""The version of the game-record JSON format this library writes and reads."""


@attrs.frozen
class GameRecord:
    """A whole game as data: which game, its config, the seed and every action (EN-8).

    Replaying it (:func:`replay`) reproduces every intermediate state exactly.
    """

    game: str
    """The registered game's name (``"skirmish"``)."""
    config: Any
    """The game's config record."""
    seed: int | str
    """The seed the game was set up with."""
    actions: tuple[Action, ...]
    """Every action, clock actions included, in order."""
    format_version: int = FORMAT_VERSION
    """The format this record was written in."""

    def game_def(self) -> GameDef[Any]:
        """The game definition this record was played with."""
        from gamefold.games.base import get_game

        return get_game(self.game)(self.config)

    def to_json(self, *, indent: int | None = None) -> str:
        """This record as JSON text; equal records give byte-identical text."""
        data = {
            "format_version": self.format_version,
            "game": self.game,
            "config": converter.unstructure(self.config, unstructure_as=type(self.config)),
            "seed": self.seed,
            "actions": [converter.unstructure(a, unstructure_as=Action) for a in self.actions],
        }
        return json.dumps(data, indent=indent, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record written by :meth:`to_json`; ``ValueError`` if it is not one."""
        from gamefold.games.base import get_game

        try:
            data = json.loads(text)
            version = data["format_version"]
            if version != FORMAT_VERSION:
                raise ValueError(f"format version {version!r}; this gamefold reads 1")
            game_cls = _game_class(get_game, data["game"])
            config = converter.structure(data["config"], game_cls.config_type)
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int | str):
                raise ValueError(f"a seed is an int or a string, not {seed!r}")
            actions = converter.structure(data["actions"], tuple[Action, ...])
        except (KeyError, TypeError, ValueError, cattrs.BaseValidationError) as err:
            raise ValueError(f"not a gamefold game record: {_reason(err)}") from err
        return cls(data["game"], config, seed, actions, version)


def _game_class(get_game: Callable[[str], Any], name: object) -> Any:
    """The registered game ``name``; an unknown one is a ``ValueError``, not a missing key."""
    if not isinstance(name, str):
        raise ValueError(f"a game name is a string, not {name!r}")
    try:
        return get_game(name)
    except KeyError as err:
        raise ValueError(str(err.args[0])) from None


def _reason(err: BaseException) -> str:
    if isinstance(err, cattrs.BaseValidationError):
        leaves = [e for e in err.exceptions if not isinstance(e, cattrs.BaseValidationError)]
        nested = [_reason(e) for e in err.exceptions if isinstance(e, cattrs.BaseValidationError)]
        return "; ".join([*(str(e) for e in leaves), *nested]) or str(err)
    if isinstance(err, KeyError):
        return f"missing key {err}"
    return str(err)


def replay(record: GameRecord) -> Iterator[Game]:
    """Every state of the recorded game: the initial one, then one after each action."""
    game_def = record.game_def()
    state = game_def.setup(record.seed)
    yield state
    for action in record.actions:
        state = game_def.rules.reduce(state, action)
        yield state


@attrs.frozen
class Divergence:
    """The first step where a stored history and its replay differ."""

    step: int
    """0 for the initial state, ``n`` for the state after the ``n``-th action."""
    reason: str
    """What differs, in a sentence."""


def verify(record: GameRecord, states: Sequence[Game]) -> Divergence | None:
    """Replay ``record`` against ``states``; the first divergence, or ``None`` if none."""
    replayed = replay(record)
    step = 0
    try:
        for step, expected in enumerate(states):
            actual = next(replayed, None)
            if actual is None:
                return Divergence(step, "the record has fewer actions than the history")
            if actual != expected:
                return Divergence(step, "the replayed state differs from the stored one")
        if next(replayed, None) is not None:
            return Divergence(len(states), "the record has more actions than the history")
    except IllegalAction as err:
        return Divergence(step, f"the recorded action is illegal on replay: {err}")
    return None
