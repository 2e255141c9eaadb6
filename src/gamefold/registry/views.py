"""Views and seats: what one player may see of a composed game (EN-9), and who commands a seat.

A game's view is composed slice by slice, each through its subsystem's ``view``, the RNG
stripped; a :class:`Seat` another player commands adds what the seat sees. Its inverse for
search bots, ``determinize``, is composed the same way, each slice through its subsystem's
``determinize``. :class:`LazyView` is the view policies receive, built when first read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gamefold.errors import RegistryError
from gamefold.registry.game import Clock, Game, composed_record
from gamefold.registry.parts import Subsystem
from gamefold.rng import Rng

if TYPE_CHECKING:
    from gamefold.registry.rules import Rules

__all__ = ["LazyView", "Seat", "Views"]


@attrs.frozen
class Seat:
    """A seat another player may command: while ``held_by(game)`` names a player other than
    ``seat``, that player lists the seat's legal actions after its own and the seat lists
    none (every action is listed for one player only); its view takes in what the seat sees,
    slice by slice, through ``views[name](mine, seat's)`` (slices not named stay its own).
    The actions keep naming the seat: who may send them is the driver's business."""

    seat: str
    """The seat's own player name."""
    held_by: Callable[[Game], str]
    """``held_by(game)``: the player commanding the seat now (the seat itself when none)."""
    views: Mapping[str, Callable[[Any, Any], Any]] = attrs.field(factory=dict)
    """Slice name → ``merge(mine, seats)``: the holder's view of the slice with the seat's."""


class Views:
    """The views of one composition, built once: each slice through its subsystem's view,
    the seats' merged in, and the inverse, determinize."""

    def __init__(
        self, subsystems: Sequence[Subsystem[Any]], seats: Sequence[Seat], record: type[Game]
    ) -> None:
        self._subsystems = tuple(subsystems)
        self._seats = tuple(seats)
        self._record = record
        self._views = {sub.name: sub.view for sub in subsystems}
        self._sees = tuple((sub.name, sub.view) for sub in subsystems)
        self._merges = {seat.seat: seat.views for seat in seats}
        self._helds: dict[str, tuple[Game, tuple[str, ...]]] = {}
        """Each viewer's last game viewed and the seats it held there: each entry holds its
        game, so only that very game finds it."""

    def view(self, game: Game, viewer: str, since: tuple[Game, Game] | None) -> Game:
        """``viewer``'s view of ``game``, reusing ``since``'s for the slices that did not
        change (:meth:`Rules.view <gamefold.registry.Rules.view>`)."""
        if self._seats:
            held = self._held(game, viewer)
            kept = self._kept(game, viewer, held, since)
            self._helds[viewer] = (game, held)
        else:
            held = ()
            kept = None if since is None or type(since[0]) is not type(game) else since
        shown: list[Any] = []
        for name, see in self._sees:
            part = getattr(game, name)
            if kept is not None and part is getattr(kept[0], name):
                shown.append(getattr(kept[1], name))
            elif see is not None and not held:
                shown.append(see(part, viewer))
            else:
                shown.append(self._slice_view(name, game, viewer, held))
        # The slices by position, in the record's order (the registry checked it).
        return self._record(*shown, clock=game.clock)

    def _held(self, game: Game, viewer: str) -> tuple[str, ...]:
        """The seats other than its own that ``viewer`` commands in ``game``, in order."""
        return tuple(
            seat.seat
            for seat in self._seats
            if seat.seat != viewer and seat.held_by(game) == viewer
        )

    def _kept(
        self, game: Game, viewer: str, held: tuple[str, ...], since: tuple[Game, Game] | None
    ) -> tuple[Game, Game] | None:
        """``since``, when its view's slices are ``game``'s view of each slice that is the
        very object it was: an earlier game of the same record, while the viewer holds the
        same seats."""
        if since is None or type(since[0]) is not type(game):
            return None
        # The seats held then were mostly found when that view was taken.
        then = self._helds.get(viewer)
        if then is not None and then[0] is since[0]:
            return since if then[1] == held else None
        return since if held == self._held(since[0], viewer) else None

    def _slice_view(self, name: str, game: Game, viewer: str, held: tuple[str, ...]) -> Any:
        """``viewer``'s view of ``game``'s slice ``name``, taking in what the ``held`` seats
        see of it: one slice of :meth:`view`."""
        see, part = self._views[name], getattr(game, name)
        mine = None if see is None else see(part, viewer)
        for seat in held:
            merge = self._merges[seat].get(name)
            if merge is not None:
                mine = merge(mine, None if see is None else see(part, seat))
        return mine

    def determinize(self, view: Game, viewer: str, rng: Rng, owner: str) -> Game:
        """A whole game ``view`` could have come from, each slice drawn on its own stream
        split from ``rng`` (:meth:`Rules.determinize <gamefold.registry.Rules.determinize>`);
        ``owner`` names the registry in the error of a slice without a determinizer."""
        problem = self.determinize_problem(owner)
        if problem is not None:
            raise RegistryError(problem)
        slices = {}
        for sub in self._subsystems:
            assert sub.determinize is not None  # no problem: every slice has one
            shown = getattr(view, sub.name)
            slices[sub.name] = sub.determinize(shown, viewer, rng.split(sub.name))
        return self._record(**slices, clock=view.clock)

    def determinize_problem(self, owner: str) -> str | None:
        """Why :meth:`determinize` cannot compose the slices of the registry ``owner``, or
        ``None``."""
        for sub in self._subsystems:
            if sub.determinize is None:
                return (
                    f"subsystem {sub.name!r} has no determinize, so a search bot cannot "
                    f"play {owner} from a view: give its Subsystem determinize=f, "
                    "f(view, viewer, rng) returning a whole slice that view could have come "
                    "from (determinize=lambda shown, viewer, rng: shown when its view hides "
                    "nothing)"
                )
        return None


class LazyView:
    """A player's view of a game, built on first read (EN-9): what policies receive.

    It reads like the :class:`Game` that :meth:`Rules.view` returns (its slices by name,
    ``names``, ``slices``, ``clock``, ``view["combat"]``; equal to it, pickled as it), but
    the view is built only when a slice is read, so a policy that never looks at its view
    costs nothing.
    """

    __slots__ = ("_built", "_rules", "_source", "_viewer")

    def __init__(self, rules: Rules, game: Game, viewer: str) -> None:
        self._rules, self._source, self._viewer = rules, game, viewer
        self._built: Game | None = None

    def game(self) -> Game:
        """The view as a :class:`Game` record, built now if it was not yet."""
        built = self._built
        if built is None:
            built = self._built = self._rules.view(self._source, self._viewer)
        return built

    @property
    def built(self) -> bool:
        """Whether the view has been read (and so built) yet."""
        return self._built is not None

    @property
    def clock(self) -> Clock:
        """The game's clock (reading it builds nothing)."""
        return self._source.clock

    @property
    def names(self) -> tuple[str, ...]:
        """The slices' names (reading them builds nothing)."""
        return self._source.names

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game(), name)

    def __getitem__(self, name: str) -> Any:
        return self.game()[name]

    def __reduce__(self) -> tuple[Any, ...]:
        shown = self.game()
        return (composed_record, (shown.names, shown.slices, shown.clock))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyView):
            other = other.game()
        return self.game() == other

    def __hash__(self) -> int:
        return hash(self.game())

    def __repr__(self) -> str:
        return f"LazyView({self.game()!r})"
