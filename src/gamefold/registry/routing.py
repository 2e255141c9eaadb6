"""Routing: the one handler of each action type, built once when a registry is composed.

:func:`build_table` claims each action type for exactly one handler: a subsystem's slice
functions lifted onto the whole game, the lifecycle fan-out to every subsystem declaring a
lifecycle action (the clock advanced with it), a game-level :class:`~gamefold.registry.Rule`,
or an override; then each :class:`~gamefold.registry.Wrapper` wraps the handler of its type.
A composition that cannot work (two handlers of one type, an override or a wrapper of
nothing, a lifecycle order naming a step or a subsystem that does not take part) is a
:class:`~gamefold.RegistryError` said when the registry is built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any

import attrs

from gamefold.core import EndRound, Events, Lifecycle, StartRound, StartTurn, replace, replacer
from gamefold.errors import IllegalAction, Refusal, RegistryError
from gamefold.registry.game import Clock, Game
from gamefold.registry.parts import Checker, Handler, Rule, Subsystem, Wrapper

__all__ = ["UNKNOWN_ACTION", "build_table", "fanout"]

UNKNOWN_ACTION = "engine/unknown-action"
"""EN-4: the code of an action no subsystem or rule of the game handles (an action of a
subsystem the game lacks): refused like any illegal action, never half-applied."""

_TICKS: dict[type, Callable[[Clock, Any], Clock]] = {
    StartRound: lambda c, a: replace(c, round=c.round + 1, in_round=True),
    EndRound: lambda c, a: replace(c, in_round=False),
    StartTurn: lambda c, a: replace(c, turn=c.turn + 1, player=a.player),
}
"""How each lifecycle action advances the clock; the others (EndTurn) leave it as it is."""


@attrs.frozen
class Entry:
    """The handler of one action type, with where it came from."""

    step: Handler
    """Decides and applies; raises for an illegal action."""
    check: Checker
    """Answers without raising or applying: the reason the action is illegal, or ``None``."""
    source: str
    """Who handles the type, for messages: ``"subsystem skills"``, ``"rule Attack"``, …."""
    sliced: bool = False
    """Whether the subsystems' listings list this type (its handler is a subsystem's or the
    lifecycle's, not a game-level rule's)."""


def build_table(
    subsystems: Sequence[Subsystem[Any]],
    fanned: Mapping[type, tuple[Subsystem[Any], ...]],
    record: type[Game],
    *,
    rules: Sequence[Rule],
    overrides: Sequence[Rule],
    wrappers: Sequence[Wrapper],
) -> dict[type, Entry]:
    """The handler of every action type of the composition: the subsystems', the lifecycle
    fan-out's (``fanned``, from :func:`fanout`) and the rules', each type claimed once, then
    the overrides replacing handlers and the wrappers wrapping them, in order."""
    table: dict[type, Entry] = {}
    for sub in subsystems:
        for kind in sub.actions:
            _claim(table, kind, _lift(sub, record))
    for kind, subs in fanned.items():
        _claim(table, kind, _lifecycle_entry(kind, subs))
    for rule in rules:
        _claim(table, rule.action, _rule_entry(rule, "rule"))
    for rule in overrides:
        if rule.action not in table:
            raise RegistryError(
                f"override {_rule_name(rule)} replaces nothing: no handler of "
                f"{rule.action.__name__} exists; add it with with_rules() instead"
            )
        table[rule.action] = _rule_entry(rule, "override")
    for wrapper in wrappers:
        table[wrapper.action] = _wrap(table, wrapper)
    return table


def _claim(table: dict[type, Entry], kind: type, entry: Entry) -> None:
    if kind in table:
        raise RegistryError(
            f"{kind.__name__} would be handled by both {table[kind].source} and {entry.source}; "
            "one action type needs exactly one handler: use Rules.override() to replace "
            "a handler on purpose, or Rules.wrap() to extend it"
        )
    table[kind] = entry


def _lift(sub: Subsystem[Any], record: type[Game]) -> Entry:
    """A whole-game entry from a subsystem's slice functions."""
    sub_step, sub_check = sub.step, sub.check
    read, write = attrgetter(sub.name), replacer(record, sub.name)

    def step(game: Game, action: Any) -> tuple[Game, Events]:
        new, events = sub_step(read(game), action)
        return write(game, new), events

    def check(game: Game, action: Any) -> IllegalAction | None:
        return sub_check(read(game), action)

    return Entry(step, check, f"subsystem {sub.name}", sliced=True)


def _lifecycle_entry(kind: type, subs: tuple[Subsystem[Any], ...]) -> Entry:
    """The entry fanning the lifecycle action ``kind`` out to ``subs``, in order, then
    advancing the clock."""
    tick = next((_TICKS[k] for k in kind.__mro__ if k in _TICKS), None)
    reducers = [(sub.name, sub.step) for sub in subs]

    def step(game: Game, action: Any) -> tuple[Game, Events]:
        changed: dict[str, Any] = {}
        events: list[Any] = []
        for name, reduce in reducers:
            changed[name], more = reduce(getattr(game, name), action)
            events.extend(more)
        if tick is not None:
            changed["clock"] = tick(game.clock, action)
        return replace(game, **changed), tuple(events)

    def check(game: Game, action: Any) -> IllegalAction | None:
        for sub in subs:
            problem = sub.check(getattr(game, sub.name), action)
            if problem is not None:
                return problem
        return None

    return Entry(step, check, "lifecycle", sliced=True)


def _rule_name(rule: Rule) -> str:
    return rule.name or rule.action.__name__


def _rule_entry(rule: Rule, kind: str) -> Entry:
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

    return Entry(step, check, source)


def _wrap(table: dict[type, Entry], wrapper: Wrapper) -> Entry:
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

        return Entry(passing, inner_check, source, inner.sliced)

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

    return Entry(step, check, source, inner.sliced)


def _around_result(name: str, result: Any) -> tuple[Game, Events]:
    """What a wrapper's ``around`` returned, if it has the shape of ``(game, events)``."""
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], Game):
        return result
    raise RegistryError(
        f"{name}: around must return (game, events), the new Game and a tuple of events, "
        f"not {type(result).__name__}; return inner(game, action), or (game, ()) for no event"
    )


def _refused(name: str, refusal: Refusal, action: Any) -> IllegalAction:
    """The :class:`~gamefold.IllegalAction` of a wrapper's or a rule's refusal, citing the
    rule it names."""
    if type(refusal) is not Refusal or refusal.rule is None:
        raise RegistryError(
            f"{name} refused with {refusal!r}: a wrapper's refuse returns None or a Refusal "
            "naming its rule, Refusal(code, detail, rule) (Catalogue.refusal builds one)"
        )
    return IllegalAction(refusal.code, refusal.rule, refusal.detail, action)


def fanout(
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
    fanned = {kind: tuple(subs) for kind, subs in declared.items()}
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
        fanned[kind] = tuple(by_name[name] for name in names)
    return fanned


def _reacts(sub: Subsystem[Any], kind: type) -> bool:
    return any(issubclass(kind, declared) for declared in sub.lifecycle)
