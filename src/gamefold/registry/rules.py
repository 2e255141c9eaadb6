"""The registry: :class:`Rules` composes subsystems, game-level rules, wrappers, reactions
and seats into one game (EN-6), checks the composition when built, and steps, checks, lists
and views the game it composes.

Each concept has a module of its own: the game record (:mod:`~gamefold.registry.game`), the
parts (:mod:`~gamefold.registry.parts`), the routing of each action type to its one handler
(:mod:`~gamefold.registry.routing`), the listing (:mod:`~gamefold.registry.listings`), and
views and seats (:mod:`~gamefold.registry.views`); :class:`Rules` holds them together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from gamefold.core import Action, Events, Lifecycle, lifecycle_base
from gamefold.errors import IllegalAction, RegistryError
from gamefold.registry.game import Clock, Game, declared_record, game_record
from gamefold.registry.listings import Listing
from gamefold.registry.parts import Initial, Invariant, Reaction, Rule, Subsystem, Wrapper
from gamefold.registry.routing import UNKNOWN_ACTION, Entry, build_table, fanout
from gamefold.registry.views import LazyView, Seat, Views
from gamefold.rng import Rng

__all__ = ["Rules"]


class Rules:
    """A registry composing subsystems and game-level rules into one game (EN-6).

    ``invariants`` are whole-game checks (``(game) -> Iterable[str]``) for rules that cross
    slices; :mod:`gamefold.testing` runs them beside each slice's own. ``lifecycle_order``
    maps a lifecycle action type to the names of the subsystems it reaches, in order; by
    default a lifecycle action reaches every subsystem declaring it, in the order
    ``subsystems`` lists them. ``reactions`` (:data:`Reaction`) run after every step, lifecycle
    fan-out included, in the order given, and see the whole game and the step's events: "after
    anything, settle the deaths" is one reaction, not a call at the end of every handler; their
    events follow the step's, and a later reaction sees an earlier one's. ``state`` is the
    game's record type (a :class:`Game` subclass with one field per subsystem, named after
    it, in order); the registry refuses, when built, one whose fields do not match, and
    builds a record of its own when given none (:func:`game_record`). ``initials`` maps a
    slice's name to :data:`Initial`, the function making its first state when
    :meth:`new_game` is given the other slices (see :meth:`with_subsystem`). A ``Rules`` is
    immutable: :meth:`with_subsystem`, :meth:`with_rules`, :meth:`override`, :meth:`wrap`
    and :meth:`with_reactions` return a new one, checked again.
    """

    def __init__(
        self,
        subsystems: Sequence[Subsystem[Any]],
        *,
        rules: Sequence[Rule] = (),
        overrides: Sequence[Rule] = (),
        wrappers: Sequence[Wrapper] = (),
        lifecycle_order: Mapping[type[Lifecycle], Sequence[str]] | None = None,
        invariants: Sequence[Invariant] = (),
        reactions: Sequence[Reaction] = (),
        state: type[Game] | None = None,
        seats: Sequence[Seat] = (),
        initials: Mapping[str, Initial] | None = None,
    ) -> None:
        self.subsystems: tuple[Subsystem[Any], ...] = tuple(subsystems)
        self.reactions: tuple[Reaction, ...] = tuple(reactions)
        self.game_invariants: tuple[Invariant, ...] = tuple(invariants)
        self.rules: tuple[Rule, ...] = tuple(rules)
        self.overrides: tuple[Rule, ...] = tuple(overrides)
        self.wrappers: tuple[Wrapper, ...] = tuple(wrappers)
        self.lifecycle_order = dict(lifecycle_order or {})
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.names: tuple[str, ...] = _unique_names(self.subsystems)
        self.initials: dict[str, Initial] = _known_initials(initials or {}, self.names)
        self.state: type[Game] = (
            game_record(self.names) if state is None else declared_record(state, self.names)
        )
        self._fanout = fanout(self.subsystems, self.lifecycle_order)
        self._table = build_table(
            self.subsystems,
            self._fanout,
            self.state,
            rules=self.rules,
            overrides=self.overrides,
            wrappers=self.wrappers,
        )
        self._steps = {kind: entry.step for kind, entry in self._table.items()}
        self._checks = {kind: entry.check for kind, entry in self._table.items()}
        every_rule = (*self.rules, *self.overrides)
        self._listing = Listing(self.subsystems, self._table, every_rule, self.wrappers, self.seats)
        self._views = Views(self.subsystems, self.seats, self.state)

    def __repr__(self) -> str:
        return f"Rules({list(self.names)!r})"

    # -- extension -----------------------------------------------------------------------

    def _rebuild(self, **changes: Any) -> Rules:
        args: dict[str, Any] = {
            "rules": self.rules,
            "overrides": self.overrides,
            "wrappers": self.wrappers,
            "lifecycle_order": self.lifecycle_order,
            "invariants": self.game_invariants,
            "reactions": self.reactions,
            "state": self.state,
            "seats": self.seats,
            "initials": self.initials,
        }
        subsystems = changes.pop("subsystems", self.subsystems)
        args.update(changes)
        return type(self)(subsystems, **args)  # a subclass's listing and views stay

    def with_subsystem(
        self,
        subsystem: Subsystem[Any],
        initial: Initial,
        *,
        state: type[Game] | None = None,
    ) -> Rules:
        """A registry with ``subsystem``'s slice added after the others: a shipped game and
        a slice of your own.

        Every handler, wrapper, reaction and invariant stays as it is; rules added next
        (:meth:`with_rules`, :meth:`wrap`, :meth:`with_reactions`) see the new slice by
        name. ``initial(slices)`` makes the slice's first state from the other slices
        (a mapping by name), so a game's ``setup`` that calls :meth:`new_game` with the
        slices it knows keeps working. Its games are held in ``state`` records, or in a
        record the registry makes for the slices (:func:`game_record`): rules read slices
        by name, so the game's rules run on either.
        """
        if not callable(initial):
            raise RegistryError(
                f"with_subsystem({subsystem.name!r}) takes initial(slices) -> the slice's "
                f"first state, a function, not {initial!r}"
            )
        return self._rebuild(
            subsystems=(*self.subsystems, subsystem),
            state=state,
            initials={**self.initials, subsystem.name: initial},
        )

    def with_rules(self, *rules: Rule) -> Rules:
        """A registry with game-level rules for new action types added."""
        return self._rebuild(rules=(*self.rules, *rules))

    def override(self, *rules: Rule) -> Rules:
        """A registry where each rule replaces the existing handler of its action type."""
        return self._rebuild(overrides=(*self.overrides, *rules))

    def wrap(self, *wrappers: Wrapper) -> Rules:
        """A registry with the handlers of the wrappers' action types wrapped."""
        return self._rebuild(wrappers=(*self.wrappers, *wrappers))

    def with_reactions(self, *reactions: Reaction) -> Rules:
        """A registry with ``reactions`` run after every step, after the existing ones."""
        return self._rebuild(reactions=(*self.reactions, *reactions))

    def handler_source(self, action_type: type[Action]) -> str:
        """Who handles ``action_type``: ``"subsystem skills"``, ``"rule Attack"``, …."""
        return self._entry(action_type).source

    # -- playing -------------------------------------------------------------------------

    def new_game(self, slices: Mapping[str, Any], clock: Clock | None = None) -> Game:
        """A :class:`Game` from one initial slice per subsystem, keyed by name; a slice added
        with :meth:`with_subsystem` may be left out (its ``initial`` makes it)."""
        pending = [name for name in self.initials if name not in slices]
        if pending:  # slices added to a game (with_subsystem): made from the others
            given = dict(slices)
            for name in pending:
                given[name] = self.initials[name](MappingProxyType(given))
            slices = given
        missing = sorted(set(self.names) - set(slices))
        extra = sorted(set(slices) - set(self.names))
        if missing or extra:
            raise RegistryError(
                f"a game needs exactly one slice per subsystem; missing {missing}, unknown {extra}"
            )
        return self.state(**{n: slices[n] for n in self.names}, clock=clock or Clock())

    def step(self, game: Game, action: Action) -> tuple[Game, Events]:
        """Apply ``action``: the new game and the events of the transition, in order."""
        # A cache of the table: a miss only takes the slow way, through _entry.
        handler = self._steps.get(type(action))
        if handler is None:
            handler = self._handling(action).step
        if not self.reactions:
            return handler(game, action)
        game, events = handler(game, action)
        return self.react(game, events)

    def react(self, game: Game, events: Events = ()) -> tuple[Game, Events]:
        """Run every reaction on ``game``: the game after them, and ``events`` followed by
        theirs. :meth:`step` calls it after each action; a game's setup may call it too."""
        for reaction in self.reactions:
            game, more = reaction(game, events)
            if more:
                events = (*events, *more)
        return game, events

    def reduce(self, game: Game, action: Action) -> Game:
        """Apply ``action`` and return the new game alone."""
        return self.step(game, action)[0]

    def check(self, game: Game, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal in ``game``, or ``None`` if it is legal; never raises it."""
        check = self._checks.get(type(action))
        if check is None:
            try:
                check = self._handling(action).check
            except IllegalAction as problem:
                return problem
        return check(game, action)

    def legal_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        """Every legal action of ``actor``, each once: subsystems in order, then game-level
        rules. A rule that lists actions of its type replaces the subsystem's listing of it;
        a :class:`Seat` the actor commands adds the seat's after its own."""
        return self._listing.actions(game, actor)

    def view(self, game: Game, viewer: str, *, since: tuple[Game, Game] | None = None) -> Game:
        """The game as ``viewer`` may see it: each slice through its subsystem's view (EN-9).

        A subsystem without a view shows ``None`` for its slice, never the raw state.

        ``since``, an earlier game and this view of it (for the same ``viewer``), spares the
        work for what did not change: a slice's view depends only on the slice, the viewer
        and the seats the viewer holds, so while those are the same, each slice that is the
        very object it was keeps the view it had (one view a step, as the viewer's page
        takes them, costs only the slices the step changed).
        """
        return self._views.view(game, viewer, since)

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        """A whole game ``viewer``'s ``view`` could have come from: each slice through its
        subsystem's :attr:`~Subsystem.determinize`, on its own stream split from ``rng``.

        The view of the result (for ``viewer``) is ``view``; what the view hides is drawn
        afresh, so many draws sample the states ``viewer`` cannot tell apart. A subsystem
        without a determinizer is a :class:`~gamefold.RegistryError` saying what to write
        (:meth:`determinize_problem`).
        """
        return self._views.determinize(view, viewer, rng, repr(self))

    def determinize_problem(self) -> str | None:
        """Why :meth:`determinize` cannot compose this registry's slices, naming the first
        slice without a :attr:`Subsystem.determinize` and what to write; ``None`` when
        every slice has one."""
        return self._views.determinize_problem(repr(self))

    def lazy_view(self, game: Game, viewer: str) -> LazyView:
        """:meth:`view`, built only when read (:class:`LazyView`): what policies receive."""
        return LazyView(self, game, viewer)

    def invariants(self, game: Game) -> dict[str, list[str]]:
        """Every violated invariant, by name: ``"slice.invariant"`` for a slice's own,
        ``"game.invariant"`` for the whole-game invariants the registry was given."""
        found: dict[str, list[str]] = {}
        checks = [
            (sub.name, inv, getattr(game, sub.name))
            for sub in self.subsystems
            for inv in sub.invariants
        ]
        checks += [("game", inv, game) for inv in self.game_invariants]
        for owner, inv, value in checks:
            problems = list(inv(value))
            if problems:
                found[f"{owner}.{getattr(inv, '__name__', 'invariant')}"] = problems
        return found

    # -- looking up ----------------------------------------------------------------------

    def _handling(self, action: Action) -> Entry:
        """The entry handling ``action``; an action of a type nobody handles is illegal."""
        kind = type(action)
        if self._known(kind) is None and isinstance(action, Action):
            handlers = ", ".join(self.names) or "none"
            raise IllegalAction(
                UNKNOWN_ACTION,
                "EN-4",
                f"This game has no {kind.__name__} action: none of its parts ({handlers}) "
                "or rules takes it.",
                action,
            )
        return self._entry(kind)

    def _known(self, action_type: type) -> Entry | None:
        entry = self._table.get(action_type)
        if entry is None and isinstance(action_type, type):
            entry = self._inherited(action_type)
        return entry

    def _entry(self, action_type: type) -> Entry:
        entry = self._known(action_type)
        if entry is not None:
            return entry
        if not (isinstance(action_type, type) and issubclass(action_type, Action)):
            raise TypeError(f"expected a gamefold Action, got {action_type.__name__}")
        raise RegistryError(
            f"no subsystem or rule of {self!r} handles {action_type.__name__}; register a "
            "subsystem that lists it in its actions, or add a Rule for it"
        )

    def _inherited(self, action_type: type) -> Entry | None:
        """The handler of the nearest handled base of a lifecycle type, remembered: the next
        look-up of this type finds it at once."""
        entry = lifecycle_base(self._table, action_type)
        if entry is not None:
            self._table[action_type] = entry
            self._steps[action_type] = entry.step
            self._checks[action_type] = entry.check
        return entry


def _known_initials(initials: Mapping[str, Initial], names: tuple[str, ...]) -> dict[str, Initial]:
    unknown = sorted(set(initials) - set(names))
    if unknown:
        raise RegistryError(
            f"initials name {unknown}, but the registry holds the slices {list(names)}"
        )
    return dict(initials)


def _unique_names(subsystems: Sequence[Subsystem[Any]]) -> tuple[str, ...]:
    names: list[str] = []
    for sub in subsystems:
        if sub.name in names:
            raise RegistryError(f"two subsystems are named {sub.name!r}; slice names must differ")
        names.append(sub.name)
    return tuple(names)
