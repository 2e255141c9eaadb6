"""The default panel: what the viewer shows of a game with no panel of its own.

Each slice is drawn by what it is. A slice of a shipped subsystem gets that subsystem's
tables, as the shipped games show them: the skill deck's *Hands* (cards by name, another
player's hand hidden in a view, the GM only in a game whose GM has units), combat's
*Zones and units*, diplomacy's *Ticks and hands* and *Pacts and proposals*, the map's
*Territories*. Whatever else a slice holds is a table titled with the slice's name, a row a
field (a row a record for a list of records). A slice's ``config`` is the same at every
step: it is folded away (a section marked ``"folded"``, which the page shows collapsed) at
the end of the panel, never a dump at its top.

Cards are named where a slice can name them (:func:`card_names`): the skill deck's by its
catalogue, diplomacy's by its config; an id two slices name differently stays a bare id.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

from gamefold import combat, diplomacy, skills, territory
from gamefold.registry import Game
from gamefold.viewer.panels import (
    _NO_REALM,
    CardNames,
    Section,
    _drawn,
    _hands,
    _pacts,
    _players,
    _territories,
    _zones,
    section,
)

__all__ = ["FOLDED", "card_names", "slice_sections"]

FOLDED = "folded"
"""The key of a section the page shows collapsed (a slice's config)."""

Tables: TypeAlias = Callable[[dict[str, Any], CardNames], list[Section]]
"""A subsystem's tables of its slice's tree, the cards named by ``names``."""


_NO_GM = frozenset({"gm_units", "side"})
"""A skill deck's fields that speak of the GM's side: left out when it has no units."""


def _skills(value: dict[str, Any], names: CardNames) -> list[Section]:
    owners = value.get("owners", [])
    if not value.get("gm_units"):  # a game without a GM side: its deck is no one's
        owners = [o for o in owners if o.get("player") != skills.GM]
    return [_hands(owners, names)]


def _gm_fields(value: dict[str, Any]) -> frozenset[str]:
    """The fields of a skill deck without GM units that would show a GM it does not have:
    the empty units, and the side due (SD-13 alternates with a side that never acts)."""
    return _NO_GM if not value.get("gm_units") else frozenset()


def _combat(value: dict[str, Any], names: CardNames) -> list[Section]:
    return [_drawn(_zones, value.get("combatants", []))]


def _diplomacy(value: dict[str, Any], names: CardNames) -> list[Section]:
    players = _drawn(_players, value.get("players", []), _NO_REALMS, names)
    return [players, _drawn(_pacts, value.get("pacts", []), value.get("proposals", []))]


def _territory(value: dict[str, Any], names: CardNames) -> list[Section]:
    columns = (value.get(k, []) for k in ("owners", "garrisons", "forts", "traps"))
    return [_drawn(_territories, value.get("scenario", _NO_REALM), *columns)]


_KNOWN: tuple[tuple[tuple[type, ...], Tables, frozenset[str]], ...] = (
    ((skills.SkillsState, skills.SkillsView), _skills, frozenset({"owners", "seats"})),
    ((combat.CombatState, combat.CombatView), _combat, frozenset({"combatants"})),
    (
        (diplomacy.DiplomacyState, diplomacy.DiplomacyView),
        _diplomacy,
        frozenset({"players", "pacts", "proposals"}),
    ),
    (
        (territory.TerritoryState, territory.TerritoryView),
        _territory,
        frozenset({"scenario", "owners", "garrisons", "forts", "traps"}),
    ),
)
"""The shipped subsystems' slice types, their tables and the fields those tables show."""

_NOT_KNOWN: tuple[Tables | None, frozenset[str]] = (None, frozenset())


@functools.cache
def _tables_of(tag: str) -> tuple[Tables | None, frozenset[str]]:
    """The tables of the slice type ``tag`` names and the fields they show: those of the
    shipped subsystem whose slice type it is or extends (summit's map is the territory's),
    found among the modules imported, or none."""
    module, _, qualname = tag.rpartition(".")
    found: Any = sys.modules.get(module)
    for part in qualname.split(".") if found is not None else ():
        found = getattr(found, part, None)
    if not isinstance(found, type):
        return _NOT_KNOWN
    for kinds, tables, shown in _KNOWN:
        if issubclass(found, kinds):
            return tables, shown
    return _NOT_KNOWN


_NO_REALMS: list[dict[str, Any]] = []
"""No map, so no troops to deploy: the realms of a diplomacy slice drawn alone."""

_HIDDEN = frozenset({"type", "config"})
"""Fields never in a slice's field table: the type tag, and the config (folded away)."""


def slice_sections(tree: dict[str, Any], names: CardNames) -> list[Section]:
    """The default panel of a state ``tree``: each slice's tables in order, then each
    slice's config, folded."""
    drawn: list[Section] = []
    folded: list[Section] = []
    for name, value in zip(tree.get("names", []), tree.get("slices", []), strict=False):
        drawn.extend(_slice_sections(name, value, names))
        if isinstance(value, dict) and isinstance(value.get("config"), dict):
            folded.append(_drawn(_config, name, value["config"]))
    return [*drawn, *folded]


def _slice_sections(name: str, value: Any, names: CardNames) -> list[Section]:
    if not isinstance(value, dict):
        return [_drawn(_field_table, name, [("value", value)])]
    tag = value.get("type")
    tables, shown = _tables_of(tag) if isinstance(tag, str) else _NOT_KNOWN
    found = [] if tables is None else tables(value, names)
    if tables is _skills:
        shown = shown | _gm_fields(value)
    rows = _fields(value, shown | _HIDDEN)
    if rows or tables is None:
        found.append(_field_table(name, rows))
    return found


def _field_table(name: str, rows: list[tuple[str, Any]]) -> Section:
    return section(name, ("field", "value"), rows)


def _config(name: str, config: dict[str, Any]) -> Section:
    rows = ((key, item) for key, item in config.items() if key != "type")
    return {**section(f"{name} config", ("field", "value"), rows), FOLDED: True}


def _fields(value: dict[str, Any], hidden: Iterable[str]) -> list[tuple[str, Any]]:
    rows: list[tuple[str, Any]] = []
    left_out = frozenset(hidden)
    for key, item in value.items():
        if key in left_out:
            continue
        if isinstance(item, list) and item and all(isinstance(one, dict) for one in item):
            rows.extend((f"{key}[{i}]", one) for i, one in enumerate(item))
        else:
            rows.append((key, item))
    return rows


def card_names(state: Game) -> dict[int, str]:
    """Card id → name for the cards the slices of ``state`` can name: the skill deck's (by
    its catalogue) and diplomacy's (by its config). An id two slices name differently is
    left out, shown by its id alone rather than by a name it may not have."""
    found: dict[int, str] = {}
    clashing: set[int] = set()
    for part in state.slices:
        for card, name in _named(part).items():
            if found.setdefault(card, name) != name:
                clashing.add(card)
    return {card: name for card, name in found.items() if card not in clashing}


def _named(part: Any) -> dict[int, str]:
    if isinstance(part, skills.SkillsState):
        piles = (pile for o in part.owners for pile in (o.deck, o.hand, o.discard, o.exhausted))
        held = sorted(card for pile in piles for card in pile)
        return {card: skills.card_definition(part, card).name for card in held}
    if isinstance(part, diplomacy.DiplomacyState):
        return {i: card.name for i, card in enumerate(part.config.cards)}
    return {}
