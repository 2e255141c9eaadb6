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

The package is split by concept, and this face re-exports every public name:

- :mod:`~gamefold.registry.game`: the composed game's record, :class:`Game` and its
  :class:`Clock`, and :func:`game_record`;
- :mod:`~gamefold.registry.parts`: what a game is composed of, :class:`Subsystem`,
  :class:`Rule`, :class:`Wrapper`, :data:`Reaction`, and the types of their functions;
- :mod:`~gamefold.registry.routing`: the one handler of each action type, the lifecycle
  fan-out, the wrappers wrapping, :data:`UNKNOWN_ACTION`;
- :mod:`~gamefold.registry.listings`: ``legal_actions`` composed from the slices' and the
  rules' listings, narrowed by the wrappers where the candidates are made;
- :mod:`~gamefold.registry.views`: views and seats, :class:`Seat`, :class:`LazyView` and
  ``determinize``;
- :mod:`~gamefold.registry.rules`: :class:`Rules`, which holds them together.
"""

from gamefold.registry.game import Clock, Game, game_record, slice_names
from gamefold.registry.parts import (
    Around,
    Checker,
    Handler,
    Initial,
    Invariant,
    Keep,
    Narrow,
    Reaction,
    Refuse,
    Rule,
    RuleDecide,
    Subsystem,
    Wrapper,
    no_actions,
    pass_through,
)
from gamefold.registry.routing import UNKNOWN_ACTION
from gamefold.registry.rules import Rules
from gamefold.registry.views import LazyView, Seat

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
    "Keep",
    "Narrow",
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
