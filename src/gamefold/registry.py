"""Composition: subsystems, game-level rules and wrappers in one :class:`Rules` (EN-6).

A :class:`Subsystem` describes one slice of a game: the action types it owns, the lifecycle
actions it reacts to, and its ``step``/``check``/``legal_actions`` functions, which see only
its slice. :class:`Rules` composes subsystems into one :class:`Game` state and

- routes each action to the one handler of its type: a subsystem, or a game-level
  :class:`Rule` that sees the whole game (for rules that cross subsystems);
- fans lifecycle actions (:class:`~gamefold.StartRound`, …) out to every subsystem that
  declares them, in a declared order, and advances the game's :class:`Clock`;
- lets a game extend it without editing the library: add a :class:`Rule` for a new action
  type, :meth:`Rules.override` an existing handler explicitly, or :meth:`Rules.wrap` one
  (house rules, Level cards, card effects);
- gives a seat to another player while a game says so (:class:`Seat`): a faction commanding
  the GM's units lists their actions and sees what the seat sees;
- refuses, when built, every composition that cannot work: two slices with one name, two
  handlers for one action type, an override of nothing, a wrapper of nothing, a lifecycle
  order that names a step or a subsystem that does not take part.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Self, TypeAlias, TypeVar, cast

import attrs

from gamefold.core import (
    Action,
    EndRound,
    EndTurn,
    Events,
    Lifecycle,
    StartRound,
    StartTurn,
    lifecycle_base,
    replace,
    replacer,
)
from gamefold.errors import IllegalAction, Refusal, RegistryError
from gamefold.rng import Rng

__all__ = [
    "UNKNOWN_ACTION",
    "Around",
    "Checker",
    "Clock",
    "RuleDecide",
    "Game",
    "Handler",
    "Initial",
    "Invariant",
    "Refuse",
    "game_record",
    "slice_names",
    "LazyView",
    "Reaction",
    "Rule",
    "Rules",
    "Seat",
    "Subsystem",
    "Wrapper",
    "no_actions",
    "pass_through",
]

S = TypeVar("S")

UNKNOWN_ACTION = "engine/unknown-action"
"""EN-4: the code of an action no subsystem or rule of the game handles (an action of a
subsystem the game lacks): refused like any illegal action, never half-applied."""

Invariant: TypeAlias = Callable[[Any], Iterable[str]]
"""A named check of a state: yields one sentence per violation, nothing when it holds."""


def no_actions(state: object, actor: str) -> tuple[Action, ...]:
    """The listing of a slice with no player actions of its own: nothing, for anyone."""
    return ()


@attrs.frozen
class Subsystem(Generic[S]):
    """One composable slice of a game: what it owns and how it reduces its slice."""

    name: str
    """The slice's name in a :class:`Game` (``"skills"``)."""
    actions: tuple[type[Action], ...]
    """The action types this subsystem owns; an action is routed by its exact type."""
    lifecycle: tuple[type[Lifecycle], ...]
    """The lifecycle actions this subsystem reacts to."""
    step: Callable[[S, Action], tuple[S, Events]]
    """``step(slice, action) -> (slice, events)``; raises :class:`IllegalAction`."""
    check: Callable[[S, Action], IllegalAction | None]
    """``check(slice, action)``: the reason ``action`` is illegal, or ``None``."""
    legal_actions: Callable[[S, str], tuple[Action, ...]]
    """``legal_actions(slice, actor)``: every legal action of ``actor``."""
    invariants: tuple[Invariant, ...] = ()
    """Checks every reachable slice satisfies; see :mod:`gamefold.testing`."""
    view: Callable[[S, str], Any] | None = None
    """``view(slice, viewer)``: what ``viewer`` may see of the slice (EN-9)."""
    determinize: Callable[[Any, str, Rng], S] | None = None
    """``determinize(slice_view, viewer, rng)``: a whole slice the view could have come
    from, the inverse of :attr:`view` for search bots: everything the view shows is kept,
    every hidden part is drawn from ``rng`` among what the view leaves possible, and the
    slice's own stream is drawn from ``rng`` too (EN-9). It reads the view, never the state,
    so it cannot leak."""
    state_type: type | None = None
    """The slice's record type, for JSON (EN-8)."""
    lines: Mapping[type, Callable[[Any], str]] = attrs.field(factory=dict, eq=False)
    """Event type → the sentence telling such an event (the package's ``LINES``): how a
    game composed of this slice tells its events unless it says otherwise."""
    event_rules: Mapping[type, Callable[[Any], tuple[str, ...]]] = attrs.field(
        factory=dict, eq=False
    )
    """Event type → the rule IDs such an event attests (the package's ``EVENT_RULES``), for
    rule coverage and the viewer's rule chips."""
    rule_ids: tuple[str, ...] = ()
    """Every rule ID of the slice, in order (the package's ``RULE_IDS``), for rule coverage."""


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
        return (_composed, (names, tuple(getattr(self, n) for n in names), self.clock))


def _composed(names: tuple[str, ...], slices: tuple[Any, ...], clock: Clock) -> Game:
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
        made.__module__ = __name__
        for name in key:
            if not hasattr(made, f"with_{name}"):  # never hide a method of Game's
                setattr(made, f"with_{name}", replacer(made, name))
        _RECORDS[key] = made
    return made


def _declare(record: type[Game], names: tuple[str, ...]) -> type[Game]:
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
        return (_composed, (shown.names, shown.slices, shown.clock))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyView):
            other = other.game()
        return self.game() == other

    def __hash__(self) -> int:
        return hash(self.game())

    def __repr__(self) -> str:
        return f"LazyView({self.game()!r})"


Handler: TypeAlias = Callable[[Game, Any], tuple[Game, Events]]
"""A whole-game handler: ``(game, action) -> (game, events)``; raises on an illegal action."""
RuleDecide: TypeAlias = Callable[[Game, Any], "tuple[Game, Events] | Refusal"]
"""A game-level decide function: ``(game, action) -> (game, events) | Refusal``."""
Checker: TypeAlias = Callable[[Game, Any], IllegalAction | None]
"""A whole-game check: ``(game, action) -> IllegalAction | None``."""


def _action_class(owner: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """A :class:`Rule` or :class:`Wrapper` names an action class; an instance is a slip."""
    if isinstance(value, type) and issubclass(value, Action):
        return
    kind = type(owner).__name__
    if isinstance(value, Action):
        name = type(value).__name__
        raise RegistryError(
            f"{kind} takes the action class it handles: pass the class {name}, "
            f"not an instance {name}(...)"
        )
    raise RegistryError(f"{kind} takes an action class (a gamefold.Action subclass), not {value!r}")


def _around_result(name: str, result: Any) -> tuple[Game, Events]:
    """What a wrapper's ``around`` returned, if it has the shape of ``(game, events)``."""
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], Game):
        return result
    raise RegistryError(
        f"{name}: around must return (game, events), the new Game and a tuple of events, "
        f"not {type(result).__name__}; return inner(game, action), or (game, ()) for no event"
    )


GameListing: TypeAlias = Callable[[Game, str], tuple[Action, ...]]
"""A game-level listing: ``(game, actor) -> actions``."""


@attrs.frozen
class Rule:
    """A game-level rule: the handler of one action type, seeing the whole game.

    Use it for rules that cross subsystems (paying for an attack with a Skill card). ``step``
    is the action type's one decide function, as a subsystem's: it returns a
    :class:`~gamefold.errors.Refusal` naming its rule for an illegal action (changing
    nothing; ``Catalogue.refusal`` builds one, :func:`gamefold.pipeline.guarded` adds the
    malformed-input guard) or the new game and its events; the registry raises the refusal
    as an :class:`IllegalAction`, and :meth:`Rules.check` answers from the same function. A
    rule built on subsystems calls their ``step``, which decide for themselves (their
    :class:`IllegalAction` passes through), so every action is validated once on its way.
    """

    action: type[Action] = attrs.field(validator=_action_class)
    """The action type this rule handles."""
    step: RuleDecide
    """``step(game, action) -> (game, events) | Refusal``: the action type's one decide
    function."""
    legal_actions: GameListing | None = None
    """The actions of this type an actor may take, built from the predicates ``step``
    decides by, so that each is legal by construction (EN-5): the registry lists them as
    they are, narrowed only by the wrappers' refusals, and never checks them again. A rule
    without a listing lists nothing of its type (a subsystem's listing of it is dropped)."""
    name: str = ""
    """A name for messages; defaults to the action type's name."""


Around: TypeAlias = Callable[[Game, Any, Handler], tuple[Game, Events]]
Refuse: TypeAlias = Callable[[Game, Any], Refusal | None]
"""``refuse(game, action)``: why a wrapper refuses an action the wrapped handler accepts (a
:class:`~gamefold.errors.Refusal` naming its rule), or ``None``. It runs only on actions the
wrapped handler accepted, and it narrows the listing of its type once, where the candidates
are made: the registry checks nothing listed again."""
Initial: TypeAlias = Callable[[Mapping[str, Any]], Any]
"""``initial(slices) -> state``: a slice's first state, made from the game's other slices
(by name) when :meth:`Rules.new_game` is given them alone (:meth:`Rules.with_subsystem`)."""
Reaction: TypeAlias = Callable[[Game, Events], tuple[Game, Events]]
"""A reaction: ``(game, events) -> (game, more_events)``, run after every step with the
game and the events so far; returns the very same game and no events when it has nothing
to do."""


def pass_through(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """The ``around`` of a wrapper that only refuses: the wrapped handler, unchanged."""
    return inner(game, action)


@attrs.frozen
class Wrapper:
    """Wraps the handler of one action type: a house rule, a Level card, a card effect.

    ``around(game, action, inner)`` may change the game or action before calling
    ``inner(game, action)``, change its result, or not call it at all. ``refuse``, when
    given, is the wrapper's one refusal function: consulted for an action the wrapped handler
    accepts (so the wrapped handler's refusal comes first), it refuses the step, answers
    :meth:`Rules.check`, and narrows :meth:`Rules.legal_actions` of its type once, where the
    candidates are made (nothing listed is checked again), so all three agree. A
    wrapper that only refuses needs no ``around``. Wrappers apply in the order given: a
    later one wraps the earlier ones.
    """

    action: type[Action] = attrs.field(validator=_action_class)
    """The action type whose handler this wraps."""
    around: Around = pass_through
    """``around(game, action, inner) -> (game, events)``; by default the handler itself."""
    name: str = ""
    """A name for messages."""
    refuse: Refuse | None = None
    """``refuse(game, action) -> Refusal | None``, if the wrapper refuses."""


@attrs.frozen
class Seat:
    """A seat another player may command: while ``held_by(game)`` names a player other than
    ``seat``, that player lists the seat's legal actions after its own and the seat lists
    none (every action is listed for one player only); its view takes in what the seat sees,
    slice by slice, through ``views[name](mine, seat's)`` (slices not named stay its own).
    The actions keep naming the seat: who may send them is the driver's business."""

    seat: str
    held_by: Callable[[Game], str]
    views: Mapping[str, Callable[[Any, Any], Any]] = attrs.field(factory=dict)


def _no_tick(clock: Clock, action: Any) -> Clock:
    return clock


_TICKS: dict[type, Callable[[Clock, Any], Clock]] = {
    StartRound: lambda c, a: replace(c, round=c.round + 1, in_round=True),
    EndRound: lambda c, a: replace(c, in_round=False),
    StartTurn: lambda c, a: replace(c, turn=c.turn + 1, player=a.player),
    EndTurn: _no_tick,
}


@attrs.frozen
class _Entry:
    """The handler of one action type, with where it came from."""

    step: Handler
    """Decides and applies; raises for an illegal action."""
    check: Checker
    source: str
    sliced: bool = False
    """Whether the subsystems' listings list this type (its handler is a subsystem's or the
    lifecycle's, not a game-level rule's)."""
    refuse: Refuse | None = None
    """The wrappers' refusals, narrowing the listing of this type (EN-5)."""


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
            game_record(self.names) if state is None else _declare(state, self.names)
        )
        self._fanout = _fanout(self.subsystems, self.lifecycle_order)
        self._table = self._build_table()
        self._steps = {kind: entry.step for kind, entry in self._table.items()}
        self._checks = {kind: entry.check for kind, entry in self._table.items()}
        self._plan = self._build_plan()
        self._listers = tuple(
            (attrgetter(sub.name), sub.legal_actions)
            for sub in self.subsystems
            if sub.legal_actions is not no_actions  # it lists nothing: left out at once
        )
        self._rule_listers = tuple(
            _narrowed(rule.legal_actions, self._table[rule.action].refuse)
            for rule in (*self.rules, *self.overrides)
            if rule.legal_actions is not None
        )
        self._views = {sub.name: sub.view for sub in self.subsystems}
        self._merges = {seat.seat: seat.views for seat in self.seats}

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
        if self.seats:
            return self._seated_actions(game, actor)
        return self._own_actions(game, actor)

    def _seated_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        held = [(seat.seat, seat.held_by(game)) for seat in self.seats]
        if any(seat == actor != holder for seat, holder in held):
            return ()  # held by another: every action is listed for one player only
        out = self._own_actions(game, actor)
        for seat, holder in held:
            if holder == actor != seat:
                out = (*out, *self._own_actions(game, seat))
        return out

    def _own_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
        out: list[Action] = []
        plan = self._plan  # each subsystem's candidates narrowed as they are made
        for read, listing in self._listers:
            for action in listing(read(game), actor):
                refuse = plan.get(type(action), _left_out)
                if refuse is None or (refuse is not _left_out and refuse(game, action) is None):
                    out.append(action)
        for listed in self._rule_listers:
            out.extend(listed(game, actor))
        return tuple(out)

    def view(self, game: Game, viewer: str, *, since: tuple[Game, Game] | None = None) -> Game:
        """The game as ``viewer`` may see it: each slice through its subsystem's view (EN-9).

        A subsystem without a view shows ``None`` for its slice, never the raw state.

        ``since``, an earlier game and this view of it (for the same ``viewer``), spares the
        work for what did not change: a slice's view depends only on the slice, the viewer
        and the seats the viewer holds, so while those are the same, each slice that is the
        very object it was keeps the view it had (one view a step, as the viewer's page
        takes them, costs only the slices the step changed).
        """
        held = self._held(game, viewer)
        kept = self._kept(game, viewer, held, since)
        shown = {
            name: kept[name] if name in kept else self._slice_view(name, game, viewer, held)
            for name in self.names
        }
        return self.state(**shown, clock=game.clock)

    def _held(self, game: Game, viewer: str) -> tuple[str, ...]:
        """The seats other than its own that ``viewer`` commands in ``game``, in order."""
        return tuple(
            seat.seat for seat in self.seats if seat.seat != viewer and seat.held_by(game) == viewer
        )

    def _kept(
        self, game: Game, viewer: str, held: tuple[str, ...], since: tuple[Game, Game] | None
    ) -> dict[str, Any]:
        """The slices of ``since``'s view that are ``game``'s view too: those of the slices
        that did not change, while the viewer holds the same seats."""
        if since is None:
            return {}
        earlier, shown = since
        if type(earlier) is not type(game) or held != self._held(earlier, viewer):
            return {}
        return {
            name: getattr(shown, name)
            for name in self.names
            if getattr(game, name) is getattr(earlier, name)
        }

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

    def determinize(self, view: Game, viewer: str, rng: Rng) -> Game:
        """A whole game ``viewer``'s ``view`` could have come from: each slice through its
        subsystem's :attr:`~Subsystem.determinize`, on its own stream split from ``rng``.

        The view of the result (for ``viewer``) is ``view``; what the view hides is drawn
        afresh, so many draws sample the states ``viewer`` cannot tell apart. A subsystem
        without a determinizer is a :class:`~gamefold.RegistryError` saying what to write
        (:meth:`determinize_problem`).
        """
        problem = self.determinize_problem()
        if problem is not None:
            raise RegistryError(problem)
        slices = {}
        for sub in self.subsystems:
            assert sub.determinize is not None  # no problem: every slice has one
            shown = getattr(view, sub.name)
            slices[sub.name] = sub.determinize(shown, viewer, rng.split(sub.name))
        return self.state(**slices, clock=view.clock)

    def determinize_problem(self) -> str | None:
        """Why :meth:`determinize` cannot compose this registry's slices, naming the first
        slice without a :attr:`Subsystem.determinize` and what to write; ``None`` when
        every slice has one."""
        for sub in self.subsystems:
            if sub.determinize is None:
                return (
                    f"subsystem {sub.name!r} has no determinize, so a search bot cannot "
                    f"play {self!r} from a view: give its Subsystem determinize=f, "
                    "f(view, viewer, rng) returning a whole slice that view could have come "
                    "from (determinize=lambda shown, viewer, rng: shown when its view hides "
                    "nothing)"
                )
        return None

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

    # -- building ------------------------------------------------------------------------

    def _build_plan(self) -> dict[type, Refuse | None]:
        """What the listing takes of the subsystems' candidates, by type, decided once: a
        type their handlers list, with its wrappers' refusal narrowing it (``None``: taken
        as listed). A type a rule lists instead, or that nothing handles, is left out.
        Every listed action is legal by construction: nothing is checked again."""
        taken_by_rules = frozenset(
            rule.action for rule in (*self.rules, *self.overrides) if rule.legal_actions
        )
        return {
            kind: entry.refuse
            for kind, entry in self._table.items()
            if entry.sliced and kind not in taken_by_rules
        }

    def _handling(self, action: Action) -> _Entry:
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

    def _known(self, action_type: type) -> _Entry | None:
        entry = self._table.get(action_type)
        if entry is None and isinstance(action_type, type):
            entry = self._inherited(action_type)
        return entry

    def _entry(self, action_type: type) -> _Entry:
        entry = self._known(action_type)
        if entry is not None:
            return entry
        if not (isinstance(action_type, type) and issubclass(action_type, Action)):
            raise TypeError(f"expected a gamefold Action, got {action_type.__name__}")
        raise RegistryError(
            f"no subsystem or rule of {self!r} handles {action_type.__name__}; register a "
            "subsystem that lists it in its actions, or add a Rule for it"
        )

    def _inherited(self, action_type: type) -> _Entry | None:
        """The handler of the nearest handled base of a lifecycle type, remembered: the next
        look-up of this type finds it at once."""
        entry = lifecycle_base(self._table, action_type)
        if entry is not None:
            self._table[action_type] = entry
            self._steps[action_type] = entry.step
            self._checks[action_type] = entry.check
        return entry

    def _build_table(self) -> dict[type, _Entry]:
        table: dict[type, _Entry] = {}
        for sub in self.subsystems:
            for kind in sub.actions:
                _claim(table, kind, _lift(sub, self.state))
        for kind, subs in self._fanout.items():
            _claim(table, kind, self._lifecycle_entry(kind, subs))
        for rule in self.rules:
            _claim(table, rule.action, _rule_entry(rule, "rule"))
        for rule in self.overrides:
            if rule.action not in table:
                raise RegistryError(
                    f"override {_rule_name(rule)} replaces nothing: no handler of "
                    f"{rule.action.__name__} exists; add it with with_rules() instead"
                )
            table[rule.action] = _rule_entry(rule, "override")
        for wrapper in self.wrappers:
            table[wrapper.action] = _wrap(table, wrapper)
        return table

    def _lifecycle_entry(self, kind: type, subs: tuple[Subsystem[Any], ...]) -> _Entry:
        tick = next((_TICKS[k] for k in kind.__mro__ if k in _TICKS), _no_tick)
        reducers = [(sub.name, sub.step) for sub in subs]

        def step(game: Game, action: Any) -> tuple[Game, Events]:
            changed: dict[str, Any] = {}
            events: list[Any] = []
            for name, reduce in reducers:
                changed[name], more = reduce(getattr(game, name), action)
                events.extend(more)
            return replace(game, **changed, clock=tick(game.clock, action)), tuple(events)

        def check(game: Game, action: Any) -> IllegalAction | None:
            for sub in subs:
                problem = sub.check(getattr(game, sub.name), action)
                if problem is not None:
                    return problem
            return None

        return _Entry(step, check, "lifecycle", sliced=True)


def _left_out(game: Game, action: Any) -> Refusal | None:
    """The mark of a type a subsystem lists but the registry does not take from it (never
    called)."""
    return None


def _narrowed(listing: GameListing, refuse: Refuse | None) -> GameListing:
    """A rule's listing, narrowed by its wrappers' refusal where it has one."""
    if refuse is None:
        return listing

    def listed(game: Game, actor: str) -> tuple[Action, ...]:
        return tuple(a for a in listing(game, actor) if refuse(game, a) is None)

    return listed


def _rule_name(rule: Rule) -> str:
    return rule.name or rule.action.__name__


def _rule_entry(rule: Rule, kind: str) -> _Entry:
    """The entry of a game-level rule (``kind`` is ``"rule"`` or ``"override"``): its
    decide function's refusal raised by the step, answered by the check."""
    source = f"{kind} {_rule_name(rule)}"
    decide = rule.step

    def step(game: Game, action: Any) -> tuple[Game, Events]:
        result = decide(game, action)
        if type(result) is Refusal:
            raise _refused(source, result, action)
        return result  # type: ignore[return-value]

    def check(game: Game, action: Any) -> IllegalAction | None:
        try:
            result = decide(game, action)
        except IllegalAction as problem:  # a subsystem's, asked on the way
            return problem
        return _refused(source, result, action) if type(result) is Refusal else None

    return _Entry(step, check, source)


def _claim(table: dict[type, _Entry], kind: type, entry: _Entry) -> None:
    if kind in table:
        raise RegistryError(
            f"{kind.__name__} would be handled by both {table[kind].source} and {entry.source}; "
            "one action type needs exactly one handler: use Rules.override() to replace "
            "a handler on purpose, or Rules.wrap() to extend it"
        )
    table[kind] = entry


SliceReduce: TypeAlias = Callable[[Any, Any], tuple[Any, Events]]


def _lift(sub: Subsystem[Any], record: type[Game]) -> _Entry:
    """A whole-game entry from a subsystem's slice functions."""
    sub_step, sub_check = sub.step, sub.check
    read, write = attrgetter(sub.name), replacer(record, sub.name)

    def step(game: Game, action: Any) -> tuple[Game, Events]:
        new, events = sub_step(read(game), action)
        return write(game, new), events

    def check(game: Game, action: Any) -> IllegalAction | None:
        return sub_check(read(game), action)

    return _Entry(step, check, f"subsystem {sub.name}", sliced=True)


def _wrap(table: dict[type, _Entry], wrapper: Wrapper) -> _Entry:
    inner = table.get(wrapper.action)
    name = wrapper.name or f"wrapper of {wrapper.action.__name__}"
    if inner is None:
        raise RegistryError(f"{name} wraps nothing: no handler of {wrapper.action.__name__}")
    inner_step, inner_check, around = inner.step, inner.check, wrapper.around
    source = f"{inner.source} wrapped by {name}"
    refuse = wrapper.refuse
    if refuse is None:

        def passing(game: Game, action: Any) -> tuple[Game, Events]:
            return _around_result(name, around(game, action, inner_step))

        return _Entry(passing, inner_check, source, inner.sliced, inner.refuse)

    def step(game: Game, action: Any) -> tuple[Game, Events]:
        # The wrapped handler decides first (its refusal comes first), then the wrapper's
        # own refusal of the very game and action: one decision on the way to the apply.
        done = _around_result(name, around(game, action, inner_step))
        refusal = refuse(game, action)
        if refusal is not None:
            raise _refused(name, refusal, action)
        return done

    def check(game: Game, action: Any) -> IllegalAction | None:
        problem = inner_check(game, action)
        if problem is not None:
            return problem
        refusal = refuse(game, action)
        return None if refusal is None else _refused(name, refusal, action)

    return _Entry(step, check, source, inner.sliced, _either(inner.refuse, refuse))


def _refused(name: str, refusal: Refusal, action: Any) -> IllegalAction:
    """The :class:`~gamefold.IllegalAction` of a wrapper's or a rule's refusal, citing the
    rule it names."""
    if type(refusal) is not Refusal or refusal.rule is None:
        raise RegistryError(
            f"{name} refused with {refusal!r}: a wrapper's refuse returns None or a Refusal "
            "naming its rule, Refusal(code, detail, rule) (Catalogue.refusal builds one)"
        )
    return IllegalAction(refusal.code, refusal.rule, refusal.detail, action)


def _either(first: Refuse | None, second: Refuse) -> Refuse:
    """The refusals of two wrappers of one type, the inner one first."""
    if first is None:
        return second
    return lambda game, action: first(game, action) or second(game, action)


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


def _reacts(sub: Subsystem[Any], kind: type) -> bool:
    return any(issubclass(kind, declared) for declared in sub.lifecycle)


def _fanout(
    subsystems: Sequence[Subsystem[Any]], order: Mapping[type[Lifecycle], Sequence[str]]
) -> dict[type, tuple[Subsystem[Any], ...]]:
    """Which subsystems each lifecycle action reaches, in order, checked against ``order``."""
    kinds = {kind for sub in subsystems for kind in sub.lifecycle}
    # A lifecycle action reaches every subsystem declaring its type or a base of it: a
    # subsystem reacting to StartTurn also sees a richer StartTurn subclass.
    declared = {
        kind: [sub for sub in subsystems if _reacts(sub, kind)]
        for kind in sorted(kinds, key=lambda k: k.__qualname__)
    }
    fanout = {kind: tuple(subs) for kind, subs in declared.items()}
    for kind, names in order.items():
        subs = declared.get(kind)
        if subs is None:
            raise RegistryError(
                f"lifecycle_order names {kind.__name__}, but no subsystem declares it"
            )
        by_name = {sub.name: sub for sub in subs}
        if sorted(names) != sorted(by_name) or len(set(names)) != len(names):
            raise RegistryError(
                f"lifecycle_order for {kind.__name__} must list each subsystem declaring it "
                f"once: {sorted(by_name)}, got {list(names)}"
            )
        fanout[kind] = tuple(by_name[name] for name in names)
    return fanout
