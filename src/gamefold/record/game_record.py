"""A whole game as data (EN-8), read strictly and within limits; config files."""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from gamefold._convert import converter, structure, to_json
from gamefold._loading import DEFAULT_LIMITS, Limits, parse_json, shown
from gamefold.core import Action
from gamefold.errors import RecordError
from gamefold.record.formats import _HEX, DIGEST_LENGTH, FORMAT_VERSION, _fill_added, state_digest
from gamefold.record.hooks import GameKind, Replayable, _game_class, _hook, _lookup
from gamefold.registry import Game

_KEYS = ("format_version", "game", "seed", "config", "digests", "actions")
_OPTIONAL = frozenset({"digests"})


@attrs.frozen
class GameRecord:
    """A whole game as data: which game, its config, the seed and every action (EN-8).

    Replaying it (:func:`replay`) reproduces every intermediate state exactly; its optional
    :attr:`digests` let :func:`check_record` find the first step whose state is not the one
    the record was written with.
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
    digests: tuple[str, ...] | None = attrs.field(default=None, kw_only=True)
    """:func:`state_digest` of the initial state and of the state after each action, or
    ``None`` for a record written without them."""

    def game_def(self) -> Replayable:
        """The game definition this record was played with (a
        :class:`~gamefold.games.GameDef`: ``get_game(record.game)(record.config)``)."""
        return _lookup(self.game)(self.config)

    def with_digests(self, states: Sequence[Game]) -> GameRecord:
        """This record carrying the digest of each of ``states`` (the initial state, then one
        after each action, as :attr:`gamefold.games.Played.states` holds them)."""
        if len(states) != len(self.actions) + 1:
            raise ValueError(f"{len(self.actions)} actions need {len(self.actions) + 1} states")
        return attrs.evolve(self, digests=tuple(state_digest(s) for s in states))

    def to_json(self, *, indent: int | None = None) -> str:
        """This record as JSON text; equal records give byte-identical text."""
        data = {
            "format_version": self.format_version,
            "game": self.game,
            "config": converter.unstructure(self.config, unstructure_as=type(self.config)),
            "seed": self.seed,
            "actions": [converter.unstructure(a, unstructure_as=Action) for a in self.actions],
        }
        if self.digests is not None:
            data["digests"] = list(self.digests)
        return json.dumps(data, indent=indent, sort_keys=True)

    def to_html(self, *, docs: str | None = None) -> str:
        """The time-travel viewer of this record: one self-contained HTML page (see
        :func:`gamefold.viewer.to_html`; ``docs`` is the base of the rule links)."""
        render: Callable[[GameRecord, str | None], str] = _hook("page")
        return render(self, docs)

    def _repr_html_(self) -> str:
        """The viewer inside a notebook: the page in a frame of its own, so that its script
        and style stay apart from the notebook's."""
        page = html.escape(self.to_html(), quote=True)
        return (
            f'<iframe srcdoc="{page}" title="gamefold viewer: {html.escape(self.game)}" '
            'style="width: 100%; height: 720px; border: 1px solid #ddd"></iframe>'
        )

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """What a notebook shows of this record: the viewer, and a line of text elsewhere."""
        return {
            "text/html": self._repr_html_(),
            "text/plain": f"<GameRecord {self.game}, seed {self.seed!r}: "
            f"{len(self.actions)} actions>",
        }

    @classmethod
    def from_json(cls, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> GameRecord:
        """Read a record written by :meth:`to_json`, within ``limits``.

        Anything else raises one :class:`~gamefold.RecordError` (a ``ValueError``) naming the
        path of the first problem (``actions[3].cards[1]: expected an int, got "s"``).
        """
        header = _read_header(text, limits)
        actions = tuple(_action(raw, i) for i, raw in enumerate(header.actions))
        return cls(
            header.game,
            header.config,
            header.seed,
            actions,
            header.format_version,
            digests=header.digests,
        )


@attrs.frozen
class _Header:
    """A record read but for its actions, which are decoded one by one when replayed."""

    game: str
    config: Any
    seed: int | str
    format_version: int
    digests: tuple[str, ...] | None
    actions: list[Any]


def _read_header(text: str | bytes, limits: Limits) -> _Header:
    data = parse_json(text, limits)
    if not isinstance(data, dict):
        raise RecordError("record/malformed", f"a game record is an object, not {shown(data)}")
    # The version first: a record of another version may have another shape altogether.
    version = _version(data.get("format_version"))
    game_cls = _game_class(data.get("game"))
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise RecordError("record/malformed", f"unknown key {unknown[0]!r}")
    missing = [k for k in _KEYS if k not in data and k not in _OPTIONAL]
    if missing:
        raise RecordError("record/malformed", "missing", missing[0])
    seed = _seed(data["seed"])
    given = data["config"]
    # Only an older record can leave out a field added since: a current one is not walked.
    if version < FORMAT_VERSION:
        given = _fill_added(given, game_cls.config_type, version)
    config = structure(given, game_cls.config_type, "config")
    _require_complete(given, config, "config")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RecordError("record/malformed", f"expected an array, got {shown(actions)}", "actions")
    if len(actions) > limits.max_actions:
        raise RecordError(
            "record/too-many-actions",
            f"{len(actions):,} actions; the limit is {limits.max_actions:,} (max_actions)",
            "actions",
        )
    digests = _digests(data.get("digests"), len(actions))
    return _Header(data["game"], config, seed, version, digests, actions)


def _version(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= FORMAT_VERSION:
        known = "1" if FORMAT_VERSION == 1 else f"1 to {FORMAT_VERSION}"
        raise RecordError(
            "record/version",
            f"format version {shown(value)}; this gamefold reads {known}",
            "format_version",
        )
    return value


def _seed(seed: Any) -> int | str:
    ok = type(seed) is int or (type(seed) is str and seed.isprintable())
    if not ok:
        raise RecordError(
            "record/malformed", f"expected an int or a string, got {shown(seed)}", "seed"
        )
    return seed  # type: ignore[no-any-return]


def _require_complete(data: Any, config: Any, path: str) -> None:
    """A record names every field of its config: a left-out field is an error, not a default
    (a record is read back exactly as it was written, whatever a later release defaults to)."""
    todo = [(data, converter.unstructure(config, unstructure_as=type(config)), path)]
    while todo:
        given, full, where = todo.pop()
        # Structured data has the kind it was given: both are dicts, or both lists, or neither.
        if isinstance(full, dict) and isinstance(given, dict):
            absent = [k for k in full if k not in given]
            if absent:
                raise RecordError("record/malformed", "missing", f"{where}.{absent[0]}")
            todo.extend((given[k], full[k], f"{where}.{k}") for k in full)
        elif isinstance(full, list) and isinstance(given, list):
            todo.extend(
                (g, f, f"{where}[{i}]") for i, (g, f) in enumerate(zip(given, full, strict=False))
            )


def _digests(value: Any, actions: int) -> tuple[str, ...] | None:
    if value is None:
        return None
    digests = structure(value, tuple[str, ...], "digests")
    for index, digest in enumerate(digests):
        if len(digest) != DIGEST_LENGTH or digest.strip(_HEX):
            raise RecordError(
                "record/malformed",
                f"a digest is {DIGEST_LENGTH} lowercase hexadecimal digits, not {shown(digest)}",
                f"digests[{index}]",
            )
    if len(digests) != actions + 1:
        raise RecordError(
            "record/malformed",
            f"{actions} actions need {actions + 1} digests (one per state), not {len(digests)}",
            "digests",
        )
    return digests


def _action(raw: Any, index: int) -> Action:
    return structure(raw, Action, f"actions[{index}]")


def read_config(text: str | bytes, game: str | GameKind, *, limits: Limits = DEFAULT_LIMITS) -> Any:
    """A config file for ``game`` (its name or its class): a JSON object of config fields.

    Fields left out keep the game's default config's values, inside nested configs too
    (``{"diplomacy": {"hand_limit": 12}}`` changes one field of the default diplomacy rules);
    a map or a list given is taken whole. Anything else (an unknown key, a value of the wrong
    kind or out of its range, text beyond ``limits``) is one :class:`~gamefold.RecordError`
    naming its path (``skills.deck_size: …``).
    """
    game_cls = _game_class(game) if isinstance(game, str) else game
    data = parse_json(text, limits)
    if not isinstance(data, dict):
        raise RecordError("record/malformed", f"a config is an object, not {shown(data)}")
    return structure(_over_default(game_cls.config_type(), data), game_cls.config_type)


def _over_default(default: Any, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` completed with the fields of the ``default`` record, nested records too."""
    # Through JSON text, so that it holds what a file would (no tuples, no enum members).
    full: dict[str, Any] = json.loads(to_json(default))
    for key, value in data.items():  # unknown keys stay, to be refused with their path
        inner = getattr(default, key, None) if key in full else None
        if isinstance(value, dict) and attrs.has(type(inner)):
            full[key] = _over_default(inner, value)
        else:
            full[key] = value
    return full
