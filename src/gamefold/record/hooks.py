"""What records ask of the layers above them: a game by its name, a record as a page.

The games and the viewer register their answers when imported; asked first, a record
loads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from gamefold import _providers
from gamefold._loading import shown
from gamefold.errors import RecordError
from gamefold.registry import Game, Rules

if TYPE_CHECKING:
    from gamefold.record.game_record import GameRecord


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


def _game_class(name: Any) -> GameKind:
    if not isinstance(name, str):
        raise RecordError("record/malformed", f"expected a string, got {shown(name)}", "game")
    try:
        return _lookup(name)
    except KeyError as err:
        raise RecordError("record/unknown-game", str(err.args[0]), "game") from None
