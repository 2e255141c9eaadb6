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

Reading is strict and bounded: text beyond :class:`Limits`, an unknown or duplicated key, or
a value of the wrong kind is one :class:`~gamefold.RecordError` naming its path. A
:class:`GameRecord` may carry the :func:`state_digest` of every state, and
:func:`check_record` replays it action by action to the first step that differs (see the
records page of the docs).

Records know no game and no viewer: the games register how a game is found by its name
(:func:`register_game_lookup`), the viewer how a record becomes a page
(:func:`register_page`), each when imported; asked first, a record loads them.
"""

from __future__ import annotations

from gamefold._convert import converter, from_json, structure, tag_of, to_json
from gamefold._loading import DEFAULT_LIMITS, Limits
from gamefold.record.formats import (
    ADDED_IN,
    DIGEST_LENGTH,
    FORMAT_VERSION,
    added_in,
    canonical_json,
    state_digest,
)
from gamefold.record.game_record import GameRecord, read_config
from gamefold.record.hooks import (
    GameKind,
    Replayable,
    record_hooks,
    register_game_lookup,
    register_page,
)
from gamefold.record.replay import Checked, Divergence, check_record, replay, verify

__all__ = [
    "ADDED_IN",
    "DEFAULT_LIMITS",
    "DIGEST_LENGTH",
    "FORMAT_VERSION",
    "Checked",
    "Divergence",
    "GameKind",
    "GameRecord",
    "Limits",
    "Replayable",
    "added_in",
    "canonical_json",
    "check_record",
    "converter",
    "from_json",
    "read_config",
    "record_hooks",
    "register_game_lookup",
    "register_page",
    "replay",
    "state_digest",
    "structure",
    "tag_of",
    "to_json",
    "verify",
]
