"""The parts a game is composed of: :class:`Subsystem` slices, game-level :class:`Rule`
handlers, :class:`Wrapper` house rules and :data:`Reaction` functions, with the types of the
functions each takes.

Each part is a plain record of functions; :class:`~gamefold.registry.Rules` checks them
when it composes them and routes every action to the one handler of its type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeAlias, TypeVar

import attrs

from gamefold.core import Action, Events, Lifecycle
from gamefold.errors import IllegalAction, Refusal, RegistryError
from gamefold.registry.game import Game
from gamefold.rng import Rng

__all__ = [
    "Around",
    "Checker",
    "Handler",
    "Initial",
    "Invariant",
    "Keep",
    "Narrow",
    "Reaction",
    "Refuse",
    "Rule",
    "RuleDecide",
    "Subsystem",
    "Wrapper",
    "no_actions",
    "pass_through",
]

S = TypeVar("S")

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
    """``legal_actions(slice, actor)``: every legal action of ``actor``, a function of these
    two alone. A composed game asks it again only about a slice that changed: for the very
    same slice object and actor, it reuses the last answer."""
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
"""``around(game, action, inner) -> (game, events)``: a wrapper's handler, given the
wrapped one as ``inner``."""
Refuse: TypeAlias = Callable[[Game, Any], Refusal | None]
"""``refuse(game, action)``: why a wrapper refuses an action the wrapped handler accepts (a
:class:`~gamefold.errors.Refusal` naming its rule), or ``None``. It runs only on actions the
wrapped handler accepted, and, unless the wrapper gives a :data:`Narrow`, it narrows the
listing of its type where the candidates are made, asked about each candidate: the registry
checks nothing listed again."""
Keep: TypeAlias = Callable[[Any], bool] | bool
"""What a :data:`Narrow` keeps of one actor's listed candidates of its type: ``True`` all of
them, ``False`` none, or a predicate ``keep(action)``, true for each candidate kept."""
Narrow: TypeAlias = Callable[[Game, str], Keep]
"""``narrow(game, actor) -> Keep``: a wrapper's :data:`Refuse` said for a whole listing, asked
once for each actor's listing rather than once for each candidate. It reads once what is the
same for every candidate (a window open, a count reached) and answers ``True`` or ``False``
for all of them, or a predicate for what differs; it keeps a candidate exactly when
``refuse(game, candidate)`` is ``None``
(:func:`gamefold.testing.listing.listing_problems` finds where a listing is not)."""
Initial: TypeAlias = Callable[[Mapping[str, Any]], Any]
"""``initial(slices) -> state``: a slice's first state, made from the game's other slices
(by name) when :meth:`Rules.new_game` is given them alone (:meth:`Rules.with_subsystem`)."""
Reaction: TypeAlias = Callable[[Game, Events], tuple[Game, Events]]
"""A reaction: ``(game, events) -> (game, more_events)``, run after every step with the
game and the events so far; returns the very same game and no events when it has nothing
to do."""


def _narrows_a_refusal(owner: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """A wrapper's ``narrow`` is the listing's form of its ``refuse``: never one alone."""
    if value is not None and owner.refuse is None:
        name = owner.name or f"the wrapper of {owner.action.__name__}"
        raise RegistryError(
            f"{name} narrows the listing but refuses nothing: give refuse=f too, the one "
            "refusal narrow says for a whole listing, so that step, check and the listing agree"
        )


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
    candidates are made (nothing listed is checked again), so all three agree. ``narrow``,
    given with ``refuse``, says the same refusal for a whole listing (:data:`Narrow`), so the
    listing decides once for an actor what it would otherwise ask of each candidate. A
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
    narrow: Narrow | None = attrs.field(default=None, validator=_narrows_a_refusal)
    """``narrow(game, actor) -> Keep``, the listing's form of ``refuse``, if the wrapper gives
    one (:data:`Narrow`). Without it the listing asks ``refuse`` about each candidate of the
    type: right, but a call for each candidate, each reading again what the candidates
    share."""
