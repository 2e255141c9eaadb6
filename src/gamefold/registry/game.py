"""The composed game's record: the :class:`Clock` and one named slice per subsystem.

A game declares its own :class:`Game` subclass, one typed field per slice; a registry given
none makes one for its slice names (:func:`game_record`), the same in every process, so a
game pickles for worker processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self, cast

import attrs

from gamefold.core import replace, replacer
from gamefold.errors import RegistryError

__all__ = ["Clock", "Game", "game_record", "slice_names"]


@attrs.frozen
class Clock:
    """Where a game is in time; the registry advances it on lifecycle actions."""

    round: int = 0
    """Rounds started so far (1 during the first Round)."""
    turn: int = 0
    """Turns started so far (1 during the first turn)."""
    player: str = ""
    """The player whose turn it is, in turn-based games."""
    in_round: bool = False
    """Whether a Round is under way (between StartRound and EndRound)."""


@attrs.frozen
class Game:
    """A composed game state: the clock and one named slice per subsystem.

    Each game declares its own record, a subclass with one field per slice, named after the
    slice and in the registry's order::

        @attrs.frozen
        class SkirmishGame(Game):
            skills: SkillsState
            combat: CombatState
            skirmish: SkirmishState

    Rules read ``game.combat`` and write ``gamefold.replace(game, combat=fight)``, and
    :class:`Rules` checks the fields against its subsystems when built
    (``Rules(..., state=SkirmishGame)``). A registry given no record builds one of its own
    (:func:`game_record`). Generic code reads :attr:`names`, :attr:`slices` and
    ``game["combat"]``.
    """

    clock: Clock = attrs.field(default=Clock(), kw_only=True)
    """The game's clock."""

    if TYPE_CHECKING:  # a slice read by name on a plain Game; a game's own record types it

        def __getattr__(self, name: str) -> Any: ...

    @property
    def names(self) -> tuple[str, ...]:
        """The slices' names, in the order the registry lists its subsystems."""
        return slice_names(type(self))

    @property
    def slices(self) -> tuple[Any, ...]:
        """One state record per subsystem, in the order of :attr:`names`."""
        return tuple(getattr(self, name) for name in slice_names(type(self)))

    def __getitem__(self, name: str) -> Any:
        """The slice of the subsystem called ``name``."""
        if name not in slice_names(type(self)):
            raise KeyError(name)
        return getattr(self, name)

    def with_slice(self, name: str, value: Any) -> Self:
        """A copy of this game with the slice ``name`` replaced by ``value``."""
        if name not in slice_names(type(self)):
            raise KeyError(name)
        return replace(self, **{name: value})


_NAMES: dict[type, tuple[str, ...]] = {}


def slice_names(record: type) -> tuple[str, ...]:
    """The slice fields of a :class:`Game` record type, in order (every field but the clock)."""
    names = _NAMES.get(record)
    if names is None:
        names = _NAMES[record] = tuple(f.name for f in attrs.fields(record) if f.name != "clock")
    return names


class _Composed(Game):
    """The base of the records :func:`game_record` makes: pickled by their slice names, so
    a worker process rebuilds the same record type."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        names = slice_names(type(self))
        return (composed_record, (names, tuple(getattr(self, n) for n in names), self.clock))


def composed_record(names: tuple[str, ...], slices: tuple[Any, ...], clock: Clock) -> Game:
    """The game of slices ``names`` holding ``slices``: how a pickled game is rebuilt, in
    the record :func:`game_record` gives for those names."""
    return game_record(names)(**dict(zip(names, slices, strict=True)), clock=clock)


_RECORDS: dict[tuple[str, ...], type[Game]] = {}
_RESERVED = frozenset(dir(Game)) | {"clock"}


def _valid_names(names: Sequence[str]) -> None:
    for name in names:
        if not (isinstance(name, str) and name.isidentifier()) or name in _RESERVED:
            raise RegistryError(
                f"a slice is named {name!r}: a slice's name must be a Python identifier other "
                f"than {', '.join(sorted(n for n in _RESERVED if not n.startswith('_')))}"
            )


def game_record(names: Sequence[str]) -> type[Game]:
    """The :class:`Game` record type holding slices named ``names``, in that order.

    The record a game declared for these names (``Rules(..., state=…)``) if one did, else
    one made once for them, the same in every process. A record made here writes each
    slice with a method as well, ``game.with_skirmish(state)`` for the slice ``skirmish``
    (one generated copy each), so rules that write a slice that way, as the shipped games'
    shared rules do (``SkirmishSlices``), run on it too.
    """
    key = tuple(names)
    made = _RECORDS.get(key)
    if made is None:
        _valid_names(key)
        fields = {name: attrs.field() for name in key}
        title = "Game_" + "_".join(key)
        made = attrs.make_class(title, fields, bases=(_Composed,), frozen=True, slots=True)
        made.__module__ = "gamefold.registry"  # the face that makes it, wherever it is made
        for name in key:
            if not hasattr(made, f"with_{name}"):  # never hide a method of Game's
                setattr(made, f"with_{name}", replacer(made, name))
        _RECORDS[key] = made
    return made


def declared_record(record: type[Game], names: tuple[str, ...]) -> type[Game]:
    """``record``, checked as the state of a registry holding slices ``names``."""
    if not (isinstance(record, type) and issubclass(record, Game) and attrs.has(record)):
        raise RegistryError(f"state must be an attrs subclass of gamefold.Game, not {record!r}")
    fields = slice_names(record)
    if fields != names:
        raise RegistryError(
            f"{record.__name__} has the slice fields {list(fields)}, but the registry holds "
            f"the slices {list(names)}: declare one field per subsystem, named after it, in "
            "the registry's order"
        )
    declared = cast(type[Game], record)
    _RECORDS.setdefault(names, declared)
    return declared
