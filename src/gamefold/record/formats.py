"""The record format: its version, fields added since a version, and state digests."""

from __future__ import annotations

import hashlib
import json
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from gamefold._convert import converter
from gamefold.registry import Game

FORMAT_VERSION = 1
"""The version of the game-record JSON format this library writes; it reads this one and
every earlier one."""


DIGEST_LENGTH = 32
"""The length of a :func:`state_digest`: 32 lowercase hexadecimal digits (128 bits); a record's
digest of another length or alphabet is refused."""


_HEX = "0123456789abcdef"


ADDED_IN = "gamefold_added_in"
"""The attrs field metadata key :func:`added_in` sets."""


def added_in(version: int) -> dict[str, int]:
    """Field metadata for a config field added at record format ``version``.

    A record of an earlier format cannot name the field, so reading it gives the field its
    default, which must keep the rules the record was played under; a record of ``version``
    or later names it like every other field. Adding a field to a config record (a game's,
    a subsystem's, or a record nested in one) goes with raising :data:`FORMAT_VERSION`::

        fatigue_cap: int = attrs.field(default=0, metadata=added_in(2))

    The default is a value or an ``attrs.Factory`` of no argument.
    """
    return {ADDED_IN: version}


def _fill_added(data: Any, kind: Any, version: int) -> Any:
    """``data``, as a record of format ``version`` holds a value of type ``kind``, with every
    field added after that version (:func:`added_in`) that it leaves out set to the field's
    default, in nested records, tuples and maps too. Anything else is left for strict
    decoding to judge."""
    if isinstance(data, dict) and attrs.has(kind):
        hints = typing.get_type_hints(kind)
        filled = dict(data)
        for field in attrs.fields(kind):
            if not field.init:
                continue
            if field.name in filled:
                filled[field.name] = _fill_added(filled[field.name], hints[field.name], version)
            elif field.metadata.get(ADDED_IN, version) > version:
                default = field.default
                factory = isinstance(default, attrs.Factory)  # type: ignore[arg-type]  # a class
                value = default.factory() if factory else default
                filled[field.name] = converter.unstructure(value)
        return filled
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Union or origin is types.UnionType:  # X | None: its one record type
        records = [arg for arg in args if attrs.has(arg)]
        return _fill_added(data, records[0], version) if len(records) == 1 else data
    if isinstance(data, list) and len(args) == 2 and args[1] is Ellipsis:  # tuple[X, ...]
        return [_fill_added(item, args[0], version) for item in data]
    if isinstance(data, dict) and isinstance(origin, type) and issubclass(origin, Mapping):
        return {key: _fill_added(item, args[1], version) for key, item in data.items()}
    return data


def canonical_json(state: Game) -> str:
    """The canonical encoding of a game state: sorted keys, no spaces, ASCII only."""
    data = converter.unstructure(state, unstructure_as=Game)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_digest(state: Game, *, text: str | None = None) -> str:
    """A stable fingerprint of a game state: the first 128 bits of the SHA-256 of its
    :func:`canonical_json`, in hex. Equal states have equal digests in every process, on
    every platform and under every ``PYTHONHASHSEED`` (EN-3).

    ``text`` is the state's canonical JSON when the caller has it already (the viewer
    encodes the parts a step changed, the rest is the text of the states before)."""
    if text is None:
        text = canonical_json(state)
    # ASCII text (ensure_ascii): its UTF-8 bytes are its ASCII bytes.
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_LENGTH]
