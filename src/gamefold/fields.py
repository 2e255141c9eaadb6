"""The malformed-input guard's field checks, derived from an action's declared types (EN-4).

Every field of an action record is checked against its annotation before any rule reads
it: :func:`fits` turns a type into a predicate, :func:`field_checks` gives one per field,
and the guard runs one generated function a type (:func:`well_formed`) that names the first
field that does not fit.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias, Union, get_args, get_origin, get_type_hints

import attrs

__all__ = ["FieldCheck", "checks_of", "field_checks", "fits", "well_formed"]

FieldCheck: TypeAlias = tuple[str, Callable[[object], bool]]
"""A field name and the predicate its value must satisfy."""


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _text(value: object) -> bool:
    return type(value) is str


def _flag(value: object) -> bool:
    return type(value) is bool


_SCALARS: dict[object, Callable[[object], bool]] = {int: _count, str: _text, bool: _flag}


def _optional(hint: object) -> object | None:
    """``X`` for a hint ``X | None`` (or ``Optional[X]``), else ``None``."""
    if get_origin(hint) in (Union, types.UnionType):
        every = get_args(hint)
        args = [a for a in every if a is not type(None)]
        if len(args) == 1 and len(every) == 2:
            inner: object = args[0]
            return inner
    return None


def fits(hint: object) -> Callable[[object], bool]:
    """A predicate for values of the declared type ``hint``.

    ``int`` fields hold ids and counts, so a fitting int is never negative; ``bool`` is not
    an ``int`` here; an :class:`enum.Enum` type fits its members; ``X | None`` fits
    ``None`` or a fitting ``X``; ``tuple[X, ...]`` fits a tuple of fitting items; an attrs
    record type fits an instance of exactly that type whose fields fit. Other hints are
    refused when the pipeline is built, so no field goes unchecked by accident.
    """
    scalar = _SCALARS.get(hint)
    if scalar is not None:
        return scalar
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda value: isinstance(value, hint)
    inner = _optional(hint)
    if inner is not None:
        item = fits(inner)
        return lambda value: value is None or item(value)
    args: tuple[Any, ...] = tuple(getattr(hint, "__args__", ()))
    if getattr(hint, "__origin__", None) is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = fits(args[0])
        return lambda value: type(value) is tuple and all(each(x) for x in value)
    if isinstance(hint, type) and attrs.has(hint):
        record, checks = hint, field_checks(hint)
        return lambda value: (
            type(value) is record and all(ok(getattr(value, name)) for name, ok in checks)
        )
    raise TypeError(f"no field check for type {hint!r}; pass the field's check explicitly")


def field_checks(cls: type) -> tuple[FieldCheck, ...]:
    """One check per field of the attrs class ``cls``, from its declared types."""
    hints = get_type_hints(cls)
    return tuple((f.name, fits(hints[f.name])) for f in attrs.fields(cls))


_INLINE: dict[Callable[[object], bool], str] = {
    _count: "type(v) is int and v >= 0",
    _text: "type(v) is str",
    _flag: "type(v) is bool",
}


def well_formed(
    checks: Sequence[FieldCheck], shape: Callable[[Any], bool] | None
) -> Callable[[Any], str | None]:
    """One function naming the first field of an action that does not fit, or ``""`` for a
    shape that does not hold, or ``None`` when the action is well formed.

    It is generated once per action type with the scalar checks written out, because the
    guard runs on every step and every check (listing included).
    """
    namespace: dict[str, Any] = {"shape": shape}
    lines = ["def problem(a):"]
    for i, (name, ok) in enumerate(checks):
        test = _INLINE.get(ok)  # written out where it can be; the same check either way
        if test is None:
            namespace[f"ok{i}"] = ok
            test = f"ok{i}(v)"
        lines += [f"    v = a.{name}", f"    if not ({test}):", f"        return {name!r}"]
    if shape is not None:
        lines += ["    if not shape(a):", "        return ''"]
    lines.append("    return None")
    exec("\n".join(lines), namespace)  # names are attrs field names: identifiers only
    problem: Callable[[Any], str | None] = namespace["problem"]
    return problem


def checks_of(kind: type, overrides: Mapping[str, Callable[[object], bool]]) -> list[FieldCheck]:
    """The checks of ``kind``'s fields, from their declared types but for the ``overrides``
    given by field name; none for a type that is not an attrs record."""
    if not attrs.has(kind):
        return []
    hints = get_type_hints(kind)
    names = [f.name for f in attrs.fields(kind)]
    missing = sorted(set(overrides) - set(names))
    if missing:
        raise TypeError(f"{kind.__name__} has no fields {missing}")
    return [(n, overrides[n] if n in overrides else fits(hints[n])) for n in names]
