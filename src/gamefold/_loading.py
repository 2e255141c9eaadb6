"""Bounded, strict reading of JSON for records and config files (package-private).

:func:`parse_json` turns text into plain JSON data within :class:`Limits` (size, nesting,
collections, strings), refusing duplicate keys; :func:`install_strict_hooks` makes a cattrs
converter refuse wrong types instead of coercing them (``int("seven")``), with the path of
each problem; :func:`locate` turns a structuring failure into one :class:`RecordError`.
Every refusal is cheap: sizes are checked before anything is parsed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from gamefold.errors import ConfigError, RecordError

__all__ = ["DEFAULT_LIMITS", "Limits", "Bad", "install_strict_hooks", "locate", "parse_json"]

_DEPTH_CEILING = 200
"""The deepest nesting a limit may allow: deeper JSON would exhaust Python's stack."""


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(attribute.name, f"{attribute.name} is a whole number of at least 1")


def _depth(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    _positive(instance, attribute, value)
    if value > _DEPTH_CEILING:
        raise ConfigError(attribute.name, f"max_depth is at most {_DEPTH_CEILING}, not {value}")


@attrs.frozen(kw_only=True)
class Limits:
    """How big a record or config file gamefold agrees to read (EN-8).

    The defaults admit any game the command line can play (its step cap is 10,000 actions)
    many times over, and keep loading any file under a few seconds and about 100 MB. Raise
    them for bigger files: ``Limits(max_bytes=64 * 2**20)``, or ``--max-bytes`` and friends on
    the command line.
    """

    max_bytes: int = attrs.field(default=4 * 2**20, validator=_positive)
    """The largest file, in bytes (or characters for text): 4 MiB."""
    max_depth: int = attrs.field(default=32, validator=_depth)
    """The deepest nesting of objects and arrays: 32 (at most 200)."""
    max_actions: int = attrs.field(default=50_000, validator=_positive)
    """The most actions a record may hold: 50,000."""
    max_string: int = attrs.field(default=1_000, validator=_positive)
    """The longest string, key or value, in characters: 1,000."""
    max_collections: int = attrs.field(default=150_000, validator=_positive)
    """The most objects and arrays in one file, which bounds the memory loading takes."""


DEFAULT_LIMITS = Limits()
"""The limits used when none are given."""


class _Duplicated(dict[str, Any]):
    """A JSON object that named a key twice; the walk reports it with its path."""

    duplicate: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    marked = _Duplicated(found)
    seen: set[str] = set()
    marked.duplicate = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    return marked


def parse_json(text: str | bytes, limits: Limits) -> Any:
    """``text`` as plain JSON data, or a :class:`RecordError` naming the limit it breaks."""
    if len(text) > limits.max_bytes:
        unit = "bytes" if isinstance(text, bytes) else "characters"
        raise RecordError(
            "record/too-big",
            f"the file has {len(text):,} {unit}; the limit is {limits.max_bytes:,} (max_bytes)",
        )
    if isinstance(text, bytes):
        text = _utf8(text)
    # Counting brackets, those inside strings too, overestimates the collections: cheap and safe.
    raw = text.encode("utf-8", "surrogatepass")
    opened = raw.count(b"[") + raw.count(b"{")
    if opened > limits.max_collections:
        raise RecordError(
            "record/too-many-collections",
            f"the file opens {opened:,} objects and arrays; the limit is "
            f"{limits.max_collections:,} (max_collections)",
        )
    try:
        data = json.loads(text, object_pairs_hook=_pairs)
    except RecursionError:
        raise _too_deep(limits, "") from None
    except (ValueError, TypeError) as err:  # JSONDecodeError, bad UTF-8, huge ints
        raise RecordError("record/not-json", f"not JSON: {err}") from None
    _walk(data, limits)
    return data


def _utf8(raw: bytes) -> str:
    """The text of a file, which is UTF-8: UTF-16 and UTF-32 (and any byte order mark) are
    refused, never guessed (a NUL byte is never in JSON text, but in every UTF-16 file)."""
    if raw.startswith(b"\xef\xbb\xbf"):
        message = "the file starts with a byte order mark: save it as UTF-8 without one"
        raise RecordError("record/not-utf-8", message)
    if b"\x00" in raw:
        raise RecordError("record/not-utf-8", "the file is not UTF-8 (it holds NUL bytes: UTF-16?)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError(
            "record/not-utf-8", f"the file is not UTF-8: byte {err.start} cannot be decoded"
        ) from None


def _too_deep(limits: Limits, path: str) -> RecordError:
    return RecordError(
        "record/too-deep",
        f"objects and arrays nest deeper than {limits.max_depth} levels (max_depth)",
        path,
    )


def _walk(root: Any, limits: Limits) -> None:
    """Check depth, string lengths and duplicate keys everywhere, without recursion."""
    if not isinstance(root, dict | list):
        _check_leaf(root, (), limits)
        return
    todo: list[tuple[Any, tuple[str | int, ...]]] = [(root, ())]
    while todo:
        node, path = todo.pop()
        if len(path) >= limits.max_depth:
            raise _too_deep(limits, dotted(path))
        if isinstance(node, _Duplicated):
            raise RecordError(
                "record/duplicate-key", f"the key {node.duplicate!r} appears twice", dotted(path)
            )
        items: Iterable[tuple[str | int, Any]]
        if isinstance(node, dict):
            items = node.items()
            for key in node:
                _check_leaf(key, path, limits)
        else:
            items = enumerate(node)
        for key, child in items:
            if isinstance(child, dict | list):
                todo.append((child, (*path, key)))
            else:
                _check_leaf(child, (*path, key), limits)


def _check_leaf(value: Any, path: tuple[str | int, ...], limits: Limits) -> None:
    if isinstance(value, str) and len(value) > limits.max_string:
        raise RecordError(
            "record/string-too-long",
            f"a string of {len(value):,} characters; the limit is {limits.max_string:,} "
            "(max_string)",
            dotted(path),
        )


def dotted(path: Iterable[str | int]) -> str:
    """A path as it is written in errors: ``actions[3].cards[1]``."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def shown(value: Any) -> str:
    """A JSON value as an error quotes it, cut short when long."""
    text = json.dumps(value) if isinstance(value, str | int | float | bool | None) else None
    if text is None:
        text = "an object" if isinstance(value, dict) else "an array"
    return text if len(text) <= 40 else text[:37] + "..."


# -- strict structuring -----------------------------------------------------------------------


class Bad(Exception):
    """A value of the wrong kind, found while structuring; :func:`locate` adds its path."""


class _At(Exception):
    """A failure inside a collection, at ``step`` (an index or a key)."""

    def __init__(self, step: str | int, inner: BaseException) -> None:
        super().__init__(step, inner)
        self.step = step
        self.inner = inner


def _primitive(kind: type, name: str) -> Callable[[Any, Any], Any]:
    def structure(value: Any, t: Any) -> Any:
        if type(value) is kind or (kind is float and type(value) is int):
            # An enum built on str or int is made from its value (ValueError if unknown).
            return value if t is kind else t(value)
        raise Bad(f"expected {name}, got {shown(value)}")

    return structure


def _items(data: Any, kinds: type | tuple[type, ...], name: str) -> Any:
    if not isinstance(data, kinds):
        raise Bad(f"expected {name}, got {shown(data)}")
    return data


def structure_each(converter: cattrs.Converter, data: Any, item: Any) -> list[Any]:
    """Every element of the JSON array ``data`` as ``item``, failing with its index."""
    out = []
    for index, value in enumerate(_items(data, (list, tuple), "an array")):
        try:
            out.append(converter.structure(value, item))
        except Exception as err:
            raise _At(index, err) from None
    return out


def structure_pairs(converter: cattrs.Converter, data: Any, key: Any, value: Any) -> dict[Any, Any]:
    """The JSON object ``data`` as a dict of ``key`` to ``value``, failing with the key."""
    out = {}
    for name, item in _items(data, dict, "an object").items():
        try:
            # JSON keys are strings: a map keyed by ints reads them back from their digits.
            if key is int and isinstance(name, str) and name.lstrip("-").isdigit():
                name = int(name)
            out[converter.structure(name, key)] = converter.structure(item, value)
        except Exception as err:
            raise _At(str(name), err) from None
    return out


def _tuple_hook(converter: cattrs.Converter) -> Callable[[Any, Any], tuple[Any, ...]]:
    def structure(data: Any, t: Any) -> tuple[Any, ...]:
        args = get_args(t)
        if not args or (len(args) == 2 and args[1] is Ellipsis):
            return tuple(structure_each(converter, data, args[0] if args else Any))
        items = _items(data, (list, tuple), "an array")
        if len(items) != len(args):
            raise Bad(f"expected an array of {len(args)}, got {len(items)} items")
        return tuple(structure_each(converter, [x], a)[0] for x, a in zip(items, args, strict=True))

    return structure


def _is_kind(t: Any, kind: type) -> bool:
    return bool(t is kind or get_origin(t) is kind)


def install_strict_hooks(converter: cattrs.Converter) -> None:
    """Make ``converter`` refuse, not coerce, JSON values of the wrong kind."""
    kinds = ((int, "an int"), (str, "a string"), (bool, "true or false"), (float, "a number"))
    for kind, name in kinds:
        converter.register_structure_hook(kind, _primitive(kind, name))
    converter.register_structure_hook_func(lambda t: _is_kind(t, tuple), _tuple_hook(converter))
    converter.register_structure_hook_func(
        lambda t: _is_kind(t, list),
        lambda data, t: structure_each(converter, data, get_args(t)[0] if get_args(t) else Any),
    )


def locate(err: BaseException, prefix: str) -> RecordError:
    """The first problem in a structuring failure, as one :class:`RecordError` at its path."""
    path: list[str | int] = [prefix] if prefix else []
    while True:
        if isinstance(err, RecordError):
            return RecordError(
                err.code, err.message, dotted([*path, err.path] if err.path else path)
            )
        if isinstance(err, _At):
            path.append(err.step)
            err = err.inner
        elif isinstance(err, ForbiddenExtraKeysError):
            extra = sorted(err.extra_fields)[0]
            return RecordError("record/malformed", f"unknown key {extra!r}", dotted(path))
        elif isinstance(err, BaseValidationError) and err.exceptions:
            sub = err.exceptions[0]
            path.extend(_note_steps(sub))
            err = sub
        else:
            return _leaf(err, path)


def _note_steps(err: BaseException) -> list[str | int]:
    for note in getattr(err, "__notes__", ()):
        if isinstance(note, AttributeValidationNote):
            return [note.name]
        if isinstance(note, IterableValidationNote):
            return [note.index]
    return []


def _leaf(err: BaseException, path: list[str | int]) -> RecordError:
    if isinstance(err, ConfigError):
        return RecordError("record/bad-config", str(err), dotted([*path, err.field]))
    if isinstance(err, KeyError):
        return RecordError("record/malformed", "missing", dotted(path))
    if isinstance(err, RecursionError):
        return RecordError("record/too-deep", "nested too deeply to read", dotted(path))
    message = str(err.args[0]) if isinstance(err, Bad | ValueError) and err.args else str(err)
    return RecordError("record/malformed", message or type(err).__name__, dotted(path))
