"""Converters of config fields that refuse the wrong kind of value (package-private).

A config field holding a collection converts what it is given (a list to a tuple, a dict
to a ``PMap``); given anything else it raises :class:`~gamefold.ConfigError` naming the
field, never Python's own ``TypeError`` (EN-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pyrsistent import PMap, pmap

from gamefold.errors import ConfigError

__all__ = ["as_mapping", "as_tuple", "check_limits", "is_int", "quoted"]


def is_int(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def quoted(value: object) -> str:
    """A value as a config error quotes it, cut short when long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def as_tuple(value: Any, field: str, rule: str, what: str) -> tuple[Any, ...]:
    """``value`` as a tuple of ``what``; a string, a mapping or a non-collection is refused."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise ConfigError(field, f"{field} is a tuple of {what}, not {quoted(value)}", rule)
    return tuple(value)


def as_mapping(value: Any, field: str, rule: str, what: str) -> PMap[Any, Any]:
    """``value`` as a ``PMap`` of ``what``; anything but a mapping is refused."""
    if isinstance(value, PMap):
        return value
    if not isinstance(value, Mapping):
        raise ConfigError(field, f"{field} is a mapping of {what}, not {quoted(value)}", rule)
    return pmap(value)


def check_limits(config: object, limits: Mapping[str, tuple[int, str]]) -> None:
    """Refuse a whole number above its limit, or a collection with more entries than its
    limit, for each field ``limits`` names (``field -> (limit, rule)``); the kinds of the
    values are the config's own checks' business (EN-8)."""
    for field, (limit, rule) in limits.items():
        value = getattr(config, field)
        if type(value) is int and value > limit:
            raise ConfigError(field, f"{field} is at most {limit:,}, not {value:,}", rule)
        if isinstance(value, tuple | PMap) and len(value) > limit:
            message = f"{field} holds at most {limit:,} entries, not {len(value):,}"
            raise ConfigError(field, message, rule)


def require(ok: bool, field: str, message: str, rule: str) -> None:
    """Raise :class:`~gamefold.ConfigError` for ``field`` under ``rule`` unless ``ok``."""
    if not ok:
        raise ConfigError(field, message, rule)
