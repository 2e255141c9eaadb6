"""What any game tells and attests by default: its subsystems' lines and rule tables.

A :class:`~gamefold.games.GameDef` tells an event in a line (:meth:`GameDef.describe
<gamefold.games.GameDef.describe>`) and says which rules play shows at work (rule coverage:
:meth:`GameDef.rule_ids <gamefold.games.GameDef.rule_ids>`, :meth:`GameDef.event_rules
<gamefold.games.GameDef.event_rules>`, :meth:`GameDef.attested
<gamefold.games.GameDef.attested>`). By default each comes from the subsystems its
:class:`~gamefold.Rules` composes, joined here; a game's own ``account.py`` adds its lines
and rules to them, and the game's methods stay what a subclass overrides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from gamefold.core import Event
from gamefold.registry import Rules

__all__ = [
    "EventRules",
    "attested_by",
    "joined_event_rules",
    "subsystem_event_rules",
    "subsystem_lines",
    "subsystem_rule_ids",
    "told",
]

EventRules: TypeAlias = Mapping[type, Callable[[Any], tuple[str, ...]]]
"""Event type → ``attested(event) -> rule IDs``: the rules an event shows at work (rule
coverage, :func:`gamefold.sim.coverage`)."""


def joined_event_rules(*tables: EventRules) -> dict[type, Callable[[Any], tuple[str, ...]]]:
    """One event table from several: an event type several tables name attests the rules
    of each, in the order of ``tables`` (a game's table adds its own rules to a
    subsystem's)."""
    joined: dict[type, list[Callable[[Any], tuple[str, ...]]]] = {}
    for table in tables:
        for kind, attest in table.items():
            joined.setdefault(kind, []).append(attest)
    return {kind: _all_of(tuple(found)) for kind, found in joined.items()}


def _all_of(
    attests: tuple[Callable[[Any], tuple[str, ...]], ...],
) -> Callable[[Any], tuple[str, ...]]:
    if len(attests) == 1:
        return attests[0]
    return lambda event: tuple(rule for attest in attests for rule in attest(event))


def subsystem_lines(rules: Rules) -> dict[type, Callable[[Any], str]]:
    """The lines of ``rules``' subsystems (:attr:`Subsystem.lines
    <gamefold.Subsystem.lines>`), joined: the first subsystem telling an event type wins."""
    lines: dict[type, Callable[[Any], str]] = {}
    for sub in reversed(rules.subsystems):
        lines.update(sub.lines)
    return lines


def told(lines: Mapping[type, Callable[[Any], str]], event: Event) -> str:
    """``event`` in the words of its type's line in ``lines``, else its ``repr``."""
    line = lines.get(type(event))
    return repr(event) if line is None else line(event)


def subsystem_rule_ids(rules: Rules) -> tuple[str, ...]:
    """Every rule ID of ``rules``' subsystems (:attr:`Subsystem.rule_ids
    <gamefold.Subsystem.rule_ids>`), in the registry's order, each once."""
    return tuple(dict.fromkeys(r for sub in rules.subsystems for r in sub.rule_ids))


def subsystem_event_rules(rules: Rules) -> EventRules:
    """The event tables of ``rules``' subsystems (:attr:`Subsystem.event_rules
    <gamefold.Subsystem.event_rules>`), joined (:func:`joined_event_rules`)."""
    return joined_event_rules(*(sub.event_rules for sub in rules.subsystems))


def attested_by(table: EventRules, events: tuple[Event, ...]) -> tuple[str, ...]:
    """The rules ``events`` attest by ``table``, in the order of the events."""
    found: list[str] = []
    for event in events:
        attest = table.get(type(event))
        if attest is not None:
            found.extend(attest(event))
    return tuple(found)
