"""What a seat is told of the game's events: a line names only the cards its view shows (EN-9).

The game's words for an event (:meth:`GameDef.describe <gamefold.games.GameDef.describe>`)
may name a card (``p2 earns Betrayal T2 (#67)``); told to a seat whose view hides that card
(another player's hand), the event is told by its kind and who alone.
"""

from __future__ import annotations

import re
from typing import Any, cast

import attrs

from gamefold._convert import converter
from gamefold.core import Event
from gamefold.games.base import GameDef
from gamefold.registry import Game

__all__ = ["told", "visible_cards"]

_CARD = re.compile(r"#(\d+)")
"""A card as a line names it (``Strike #12``, ``Troops T1 (#37)``)."""


def visible_cards(view: Game) -> frozenset[int]:
    """The card ids ``view`` shows: every whole number in a list of whole numbers, or under
    a field named ``card…`` (hands, piles and pools are such lists; a hidden hand is not)."""
    found: set[int] = set()

    def walk(node: Any, key: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, str(k))
        elif isinstance(node, list):
            if node and all(type(v) is int for v in node):
                found.update(node)
            for v in node:
                walk(v, key)
        elif type(node) is int and key.startswith("card"):
            found.add(node)

    walk(converter.unstructure(view, unstructure_as=Game), "")
    return frozenset(found)


def told(game: GameDef[Any], event: Event, seen: frozenset[int]) -> str:
    """An event in the game's words (:meth:`GameDef.describe`), unless it names a card
    ``seen`` lacks (one hidden from the seat it is told to): then its kind and who alone."""
    line = game.describe(event)
    if all(int(card) in seen for card in _CARD.findall(line)) and _cards_seen(event, seen):
        return line
    who = next((getattr(event, f) for f in ("player", "unit", "side") if hasattr(event, f)), None)
    kind = type(event).__name__
    return f"{who}: {kind} (hidden)" if isinstance(who, str) else f"{kind} (hidden)"


def _cards_seen(event: Event, seen: frozenset[int]) -> bool:
    """Whether every card an event's ``card…`` fields name is one ``seen`` holds."""
    for name in (field.name for field in attrs.fields(cast(Any, type(event)))):
        if not name.startswith("card"):
            continue
        value = getattr(event, name)
        cards = value if isinstance(value, tuple) else (value,)
        if not all(type(c) is not int or c in seen for c in cards):
            return False
    return True
