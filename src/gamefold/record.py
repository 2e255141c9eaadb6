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

import hashlib
import html
import json
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

import attrs

from gamefold import _providers
from gamefold._convert import converter, from_json, structure, tag_of, to_json
from gamefold._loading import DEFAULT_LIMITS, Limits, parse_json, shown
from gamefold.core import Action, Event
from gamefold.errors import ConfigError, GamefoldError, IllegalAction, RecordError
from gamefold.registry import Game, Rules

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

# -- what records ask of the games and the viewer ---------------------------------------------


class Replayable(Protocol):
    """What a record needs of a game to replay it: set it up, step it, tell its end (every
    :class:`~gamefold.games.GameDef` is one)."""

    @property
    def rules(self) -> Rules:
        """The game's registry, which steps it."""

    def setup(self, seed: int | str) -> Game:
        """The initial game for ``seed``."""

    def is_over(self, game: Game) -> bool:
        """Whether the game has ended."""


class GameKind(Protocol):
    """A game's class as a record needs it: its config type, and the game for a config
    (every :class:`~gamefold.games.GameDef` subclass is one)."""

    @property
    def config_type(self) -> type[Any]:
        """The game's config record type."""

    def __call__(self, config: Any, /) -> Replayable:
        """The game played with ``config``."""


_HOOKS: dict[str, Any] = {}
"""What the layers above answer for records: ``"games"`` (a game's class by name) and
``"page"`` (a record as the viewer's page)."""

_PROVIDER = {"games": "games", "page": "viewer"}


def register_game_lookup(lookup: Callable[[str], GameKind]) -> None:
    """How records find a game by its name: ``lookup(name)`` is its class, ``KeyError`` (a
    sentence naming the known games) for a name it does not know. :mod:`gamefold.games`
    registers :func:`~gamefold.games.get_game` when imported."""
    _HOOKS["games"] = lookup


def register_page(render: Callable[[GameRecord, str | None], str]) -> None:
    """How a record becomes its time-travel page (:meth:`GameRecord.to_html`):
    ``render(record, docs)``, ``docs`` the base of the rule links or ``None`` for the
    default. :mod:`gamefold.viewer` registers it when imported."""
    _HOOKS["page"] = render


def record_hooks() -> tuple[str, ...]:
    """The questions records ask above them, each answered (its provider loaded), sorted."""
    for hook in _PROVIDER:
        _hook(hook)
    return tuple(sorted(_HOOKS))


def _hook(name: str) -> Any:
    """The answer registered for ``name``, its provider loaded first if none is yet."""
    if name not in _HOOKS:
        _providers.load(_PROVIDER[name])
    return _HOOKS[name]


def _lookup(name: str) -> GameKind:
    lookup: Callable[[str], GameKind] = _hook("games")
    return lookup(name)


# -- game records ---------------------------------------------------------------------------

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


def _game_class(name: Any) -> GameKind:
    if not isinstance(name, str):
        raise RecordError("record/malformed", f"expected a string, got {shown(name)}", "game")
    try:
        return _lookup(name)
    except KeyError as err:
        raise RecordError("record/unknown-game", str(err.args[0]), "game") from None


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


# -- digests --------------------------------------------------------------------------------


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


# -- replay and verification ----------------------------------------------------------------


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


@attrs.frozen
class Checked:
    """What :func:`check_record` found: how far the record replays, and where it stops."""

    game: str
    """The recorded game's name."""
    seed: int | str
    """The recorded seed."""
    steps: int
    """Actions replayed without a divergence."""
    final: Game
    """The last state replayed without a divergence."""
    over: bool
    """Whether :attr:`final` is the end of the game."""
    digests: bool
    """Whether the record carried digests, so every state was compared too."""
    divergence: Divergence | None
    """The first divergence, or ``None`` if the record replays exactly."""


def check_record(
    record: GameRecord | str | bytes,
    *,
    limits: Limits = DEFAULT_LIMITS,
    replayed: Callable[[Game, tuple[Event, ...]], object] | None = None,
    digest: Callable[[Game], str] = state_digest,
) -> Checked:
    """Replay a record action by action, stopping at the first step that does not replay.

    ``record`` is a :class:`GameRecord` or its JSON text. From text, each action is decoded
    only when its turn comes, so a bad action at step 2 of a long record stops the check at
    step 2; a malformed one raises :class:`~gamefold.RecordError`. A step diverges when its
    action is illegal or, for a record with digests, when the state it leads to has another
    :func:`state_digest` than the recorded one (so swapping two legal actions is caught at
    once).

    ``replayed``, if given, is called with each state the replay reaches and the events
    that led there: the setup with no events, then one call an action up to the first
    divergence, the state whose digest differs included (an illegal action reaches none),
    so a caller that shows the states (the viewer) replays the record once, here.

    ``digest`` fingerprints each state to compare with the record's digests: by default
    :func:`state_digest`; a caller that converts every state to JSON anyway (the viewer)
    gives one that reuses its conversions, with the same result.
    """
    if isinstance(record, GameRecord):
        header = _Header(
            record.game,
            record.config,
            record.seed,
            record.format_version,
            record.digests,
            list(record.actions),
        )
        decode: Callable[[Any, int], Action] = lambda action, _: action  # noqa: E731
    else:
        header, decode = _read_header(record, limits), _action
    return _check(header, decode, replayed, digest)


def _check(
    header: _Header,
    decode: Callable[[Any, int], Action],
    replayed: Callable[[Game, tuple[Event, ...]], object] | None = None,
    digest: Callable[[Game], str] = state_digest,
) -> Checked:
    try:
        game_def = _lookup(header.game)(header.config)
        state = game_def.setup(header.seed)
    except ConfigError as err:  # a config that validates alone but cannot seat its game
        raise RecordError("record/bad-config", str(err), "config") from None
    if replayed is not None:
        replayed(state, ())
    steps, found = 0, _digest_problem(header.digests, 0, state, digest)
    for index, raw in enumerate(header.actions):
        if found is not None:
            break
        action = decode(raw, index)
        try:
            after, events = game_def.rules.step(state, action)
        except GamefoldError as err:  # illegal, or no handler: the record does not replay
            found = Divergence(index + 1, f"the recorded action is illegal on replay: {err}")
            break
        if replayed is not None:
            replayed(after, events)
        found = _digest_problem(header.digests, index + 1, after, digest)
        if found is None:
            state, steps = after, index + 1
    over = game_def.is_over(state)
    return Checked(header.game, header.seed, steps, state, over, header.digests is not None, found)


def _digest_problem(
    digests: tuple[str, ...] | None, step: int, state: Game, digest: Callable[[Game], str]
) -> Divergence | None:
    if digests is None or digest(state) == digests[step]:
        return None
    what = "the initial state" if step == 0 else f"the state after action {step}"
    return Divergence(step, f"{what} differs from the one recorded (its digest differs)")


def verify(record: GameRecord, states: Sequence[Game] | None = None) -> Divergence | None:
    """Replay ``record`` against ``states``; the first divergence, or ``None`` if none.

    Without ``states`` the record is checked against its own digests (:func:`check_record`).
    """
    if states is None:
        return check_record(record).divergence
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
