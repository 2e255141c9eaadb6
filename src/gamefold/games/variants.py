"""Variants: a game with a few config fields changed by path, everything else its own.

>>> from gamefold.games.skirmish import Skirmish
>>> from gamefold.games.variants import variant
>>> game = Skirmish()
>>> six = variant(game, {"skills.hand_limit": 6})
>>> six.config.skills.hand_limit, six.config.skills.deck == game.config.skills.deck
(6, True)

A path names a field of the game's config record and, through nested config records, a
field inside them (``"skills.hand_limit"``, ``"combat.max_hp"``). Every field a path does
not name keeps the value of the game's own config (its scenario's, when it was built from
one), never the default of the nested record's class: a variant changes what it says and
nothing else. :meth:`GameDef.variant <gamefold.games.GameDef.variant>` is the same as a
method, and ``--set PATH=VALUE`` on the command line parses ``VALUE`` as JSON (bare text is
a string) and converts it to the field's type with the records' converter, as a
``--config`` file's values are.

An unknown path, a value of the wrong kind and a value the config refuses are all
:class:`~gamefold.ConfigError` naming the whole path (``skills.hand_limit``).
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Protocol, Self, TypeVar

import attrs

from gamefold._convert import converter
from gamefold._loading import DEFAULT_LIMITS, Limits, parse_json
from gamefold.errors import ConfigError, GamefoldError, RecordError

__all__ = ["Variable", "parse_settings", "variant", "with_path", "with_paths"]


class Variable(Protocol):
    """What has variants: a config, and the same thing with config fields changed by path
    (:meth:`GameDef.variant <gamefold.games.GameDef.variant>`)."""

    @property
    def config(self) -> Any:
        """The config record the paths name fields of."""

    def variant(self, changes: Mapping[str, Any] | None = None, /, **by_path: Any) -> Self:
        """This with ``changes`` (path -> value) made to its config."""


G = TypeVar("G", bound=Variable)


def variant(game: G, changes: Mapping[str, Any]) -> G:
    """A game of the same kind as ``game`` whose config has ``changes`` (path -> value).

    ``game`` is a :class:`~gamefold.games.GameDef`; the result is a new one, ``game`` is
    left as it was. No changes give an equal game.
    """
    return game.variant(changes)


def with_paths(record: Any, changes: Mapping[str, Any]) -> Any:
    """``record`` with all of ``changes`` (path -> value) made at once: each record on a
    path is rebuilt once, with every change inside it, so that its checks see them
    together and their order never matters (``deck_size`` 2 with ``hand_limit`` 1 is valid
    whichever is named first). Two paths where one leads into the other are a
    :class:`~gamefold.ConfigError`; otherwise as :func:`with_path`."""
    tree: dict[str, Any] = {}
    for path, value in changes.items():
        names = _names(path)
        node = tree
        for depth, name in enumerate(names):
            here = node.get(name)
            if isinstance(here, _Leaf) or (here is not None and depth == len(names) - 1):
                other = here.path if isinstance(here, _Leaf) else _first(here)
                message = f"{path} and {other} both change {'.'.join(names[: depth + 1])}"
                raise ConfigError(path, f"{message}: name one or the other")
            if depth == len(names) - 1:
                node[name] = _Leaf(path, value)
            else:
                node = node.setdefault(name, {})
    return _rebuilt(record, tree) if tree else record


def with_path(record: Any, path: str, value: Any) -> Any:
    """``record`` with the field at ``path`` set to ``value``, re-validated at every level;
    :class:`~gamefold.ConfigError` naming ``path`` when the path or the value is wrong."""
    return _rebuilt(record, _tree(_names(path), _Leaf(path, value)))


class _Leaf(NamedTuple):
    """A change at the end of its path."""

    path: str
    value: Any


def _names(path: object) -> list[str]:
    if not isinstance(path, str) or not path:
        raise ConfigError(str(path), f"a config path is dotted field names, not {path!r}")
    return path.split(".")


def _tree(names: list[str], leaf: _Leaf) -> dict[str, Any]:
    return {names[0]: leaf if len(names) == 1 else _tree(names[1:], leaf)}


def _first(node: dict[str, Any] | _Leaf) -> str:
    """The path of the first change at or under ``node``."""
    while not isinstance(node, _Leaf):
        node = next(iter(node.values()))
    return node.path


def _rebuilt(record: Any, node: dict[str, Any]) -> Any:
    """``record`` with the changes of ``node`` (field name -> a change or the changes
    inside that field's record), the inner records first, then ``record`` once."""
    values: dict[str, Any] = {}
    for name, change in node.items():
        field = _field(record, name, _first(change))
        inner = (
            change.value if isinstance(change, _Leaf) else _rebuilt(getattr(record, name), change)
        )
        values[str(field.alias)] = inner
    leaves = {name: change for name, change in node.items() if isinstance(change, _Leaf)}
    try:
        return attrs.evolve(record, **values)
    except ConfigError as err:
        if not leaves:  # an inner record's own refusal already names the path
            raise
        named = leaves.get(err.field, next(iter(leaves.values())))
        raise ConfigError(named.path, str(err.args[0]), err.rule) from None
    except (TypeError, ValueError, AttributeError) as err:
        given = list(leaves.values()) or [_Leaf(_first(node), values)]
        what = " and ".join(f"{leaf.path} cannot be {leaf.value!r}" for leaf in given)
        raise ConfigError(given[0].path, f"{what}: {err}") from None


def _field(record: Any, name: str, path: str) -> attrs.Attribute[Any]:
    """The init field ``name`` of ``record``, or a ConfigError listing the known ones."""
    if not attrs.has(type(record)):
        parent = path[: -len(name) - 1] if path.endswith(name) else path
        raise ConfigError(path, f"{parent} is a value, not a config record: no field {name!r}")
    fields: dict[str, attrs.Attribute[Any]] = {
        f.name: f for f in attrs.fields(type(record)) if f.init
    }
    if name not in fields:
        known = ", ".join(sorted(fields))
        kind = type(record).__name__
        raise ConfigError(path, f"{kind} has no field {name!r} (in {path!r}); fields: {known}")
    return fields[name]


def parse_settings(game: G, settings: Iterable[str], *, limits: Limits = DEFAULT_LIMITS) -> G:
    """``game`` with command-line settings ``PATH=VALUE`` applied, as ``--set`` does.

    ``VALUE`` is JSON (``6``, ``true``, ``"text"``, ``[1, 2]``) or, when it is not, the
    text itself; it is converted to the field's declared type by the records' converter
    (a JSON list becomes a tuple, a name an enum member). ``VALUE`` is read within
    ``limits``, as a ``--config`` file is (its size, nesting and strings). A setting without
    ``=``, a path the config does not have, a value beyond the limits or a value the config
    refuses is a :class:`~gamefold.ConfigError` naming the path.
    """
    changes: dict[str, Any] = {}
    config: Any = game.config
    for item in settings:
        path, sep, text = item.partition("=")
        path = path.strip()
        if not sep or not path:
            shown = item if len(item) <= 40 else item[:37] + "..."
            raise ConfigError(
                shown, f"a setting is PATH=VALUE (skills.hand_limit=6), not {shown!r}"
            )
        changes[path] = _converted(config, path, _json_or_text(path, text, limits))
    return game.variant(changes)


def _json_or_text(path: str, text: str, limits: Limits) -> Any:
    """``text`` as JSON within ``limits``, or the text itself when it is not JSON."""
    try:
        return parse_json(text, limits)
    except RecordError as err:
        if err.code != "record/not-json":
            raise ConfigError(path, f"{path}: {err.message}") from None
    if len(text) > limits.max_string:
        message = f"a text of {len(text):,} characters; the limit is {limits.max_string:,}"
        raise ConfigError(path, f"{path}: {message} (max_string)")
    return text


def _converted(config: Any, path: str, value: Any) -> Any:
    """``value`` structured to the type of the field at ``path`` (checked to exist)."""
    record, names = config, path.split(".")
    for name in names[:-1]:
        _field(record, name, path)
        record = getattr(record, name)
    field = _field(record, names[-1], path)
    hints = typing.get_type_hints(type(record))
    try:
        return converter.structure(value, hints[field.name])
    except (GamefoldError, TypeError, ValueError, KeyError) as err:
        kind = getattr(hints[field.name], "__name__", str(hints[field.name]))
        raise ConfigError(path, f"{path} must be of type {kind}, not {value!r} ({err})") from None
    except Exception as err:  # cattrs' grouped errors (ClassValidationError …)
        kind = getattr(hints[field.name], "__name__", str(hints[field.name]))
        raise ConfigError(path, f"{path} must be of type {kind}, not {value!r}") from err
