"""Game-specific panels and clocks, drawn from a state's JSON tree.

A panel is a list of sections, each a small table: ``{"title", "columns", "rows"}``, rows
of short strings and numbers. The viewer draws them beside the generic state tree, from the
full state or from a player's view alike: each function reads the tree the record converter
writes (``{"names", "slices", "clock"}``), so a view's hidden hand (``"hand": null`` beside
``"hand_size"``) shows as hidden. Cards show by name and id (``Strike #12``): the names
come from the game's config (:func:`card_names`), the same for every state and view.
A game extending one of them (a subclass with a house rule) shows its panel; any other game
gets the default one (:mod:`gamefold.viewer.slices`): each slice by what it is, its config
folded away.

A page draws a panel a step and player: within :func:`remembered`, a row or table drawn
from the very same parts of a tree as before (the parts consecutive states share, see
:func:`~gamefold._convert.shared_unstructure`) is the one drawn then, so only what a step
changed is drawn again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any, TypeAlias, TypeVar

import attrs

from gamefold import skills
from gamefold.games.base import game_names, get_game
from gamefold.registry import Game

__all__ = [
    "PANELS",
    "CardNames",
    "Section",
    "card_names",
    "clock_items",
    "panel",
    "remembered",
    "section",
]

CardNames: TypeAlias = Mapping[int, str]
"""Card id → the card's name, for the cards a panel shows."""

Section: TypeAlias = dict[str, Any]
"""``{"title": str, "columns": [str, ...], "rows": [[cell, ...], ...]}``."""

_NONE = "—"
_SAFE = 2**53
"""Integers a page's script holds exactly: a cell beyond them shows as its digits."""

T = TypeVar("T")

_DRAWN: ContextVar[dict[tuple[int, ...], tuple[Any, Any]] | None] = ContextVar(
    "gamefold_panels_drawn", default=None
)
"""Within :func:`remembered`: (drawing function, ids of its inputs) -> (inputs, result)."""


@contextlib.contextmanager
def remembered() -> Iterator[None]:
    """Within the block, a table or row drawn again from the very same input objects (the
    parts of a tree that consecutive states share) is the very one drawn before, not drawn
    anew. The inputs must not change meanwhile; the block keeps them alive."""
    token = _DRAWN.set({})
    try:
        yield
    finally:
        _DRAWN.reset(token)


def _drawn(draw: Callable[..., T], *inputs: Any) -> T:
    """``draw(*inputs)``, or within :func:`remembered` what it gave for the same objects."""
    seen = _DRAWN.get()
    if seen is None:
        return draw(*inputs)
    key = (id(draw), *map(id, inputs))
    hit = seen.get(key)
    if hit is None:  # the inputs are kept with the result: no other object takes their ids
        hit = seen[key] = (inputs, draw(*inputs))
    result: T = hit[1]
    return result


def section(title: str, columns: Iterable[str], rows: Iterable[Iterable[Any]]) -> Section:
    """One table of a panel; each cell is shown as short text (see :func:`text`)."""
    return _drawn_section(title, columns, (_row(row) for row in rows))


def _drawn_section(title: str, columns: Iterable[str], rows: Iterable[list[Any]]) -> Section:
    """A section of rows already drawn (:func:`_row`), each kept as it is."""
    return {"title": title, "columns": _drawn(list, columns), "rows": list(rows)}


def _cell(value: Any) -> str | int:
    if type(value) is int and -_SAFE < value < _SAFE:
        return value
    return text(value)


def _row(values: Iterable[Any]) -> list[str | int]:
    return [_cell(value) for value in values]


def text(value: Any) -> str:
    """A JSON value as short text: ``None`` as a dash, lists joined, dicts as ``k=v``."""
    if value is None:
        return _NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(text(v) for v in value) if value else _NONE
    if isinstance(value, dict):
        return ", ".join(f"{k}={text(v)}" for k, v in value.items() if k != "type")
    return str(value)


def _slice(tree: dict[str, Any], name: str) -> dict[str, Any]:
    try:
        found: dict[str, Any] = tree["slices"][tree["names"].index(name)]
    except (KeyError, ValueError, IndexError):
        return {}
    return found


def _hand(owner: dict[str, Any], names: CardNames) -> str:
    """A hand as its cards, or as hidden with its size in another player's view (EN-9)."""
    hand = owner.get("hand")
    if hand is None:
        return f"hidden ({owner.get('hand_size', '?')} cards)"
    return _cards(hand, names)


def _cards(cards: list[Any], names: CardNames) -> str:
    return ", ".join(f"{names.get(c, 'card')} #{c}" for c in cards) if cards else _NONE


def _count(owner: dict[str, Any], field: str) -> Any:
    """A pile's size: its length, or the ``<field>_size`` a view gives instead."""
    pile = owner.get(field)
    return len(pile) if isinstance(pile, list) else owner.get(f"{field}_size", _NONE)


# -- skirmish -------------------------------------------------------------------------------


def _skirmish_cards(game: Game) -> dict[int, str]:
    deck: skills.SkillsState = game["skills"]
    held = (
        c for o in deck.owners for pile in (o.deck, o.hand, o.discard, o.exhausted) for c in pile
    )
    return {card: skills.card_definition(deck, card).name for card in sorted(held)}


_ZONES = (
    "zone",
    "unit",
    "side",
    "hit points",
    "ward",
    "stress",
    "conditions",
    "partner",
    "declared",
)
_HANDS = ("player", "hand", "deck", "discard", "exhausted", "fatigue", "alive")


def _skirmish(tree: dict[str, Any], names: CardNames) -> list[Section]:
    units = _slice(tree, "combat").get("combatants", ())
    owners = _slice(tree, "skills").get("owners", ())
    # shields are combat's wards, in the units' table
    return [_drawn(_zones, units), _drawn(_hands, owners, names)]


def _zones(units: list[dict[str, Any]]) -> Section:
    return _drawn_section("Zones and units", _ZONES, (_drawn(_unit, u) for u in units))


def _unit(u: dict[str, Any]) -> list[str | int]:
    return _row(
        (
            u.get("zone"),
            u.get("id"),
            u.get("side"),
            f"{u.get('hp')}/{u.get('max_hp')}",
            u.get("ward"),
            u.get("stress"),
            u.get("conditions"),
            u.get("partner"),
            u.get("declaration"),
        )
    )


def _hands(owners: list[dict[str, Any]], names: CardNames) -> Section:
    return _drawn_section("Hands", _HANDS, (_drawn(_owner, o, names) for o in owners))


def _owner(o: dict[str, Any], names: CardNames) -> list[str | int]:
    return _row(
        (
            o.get("player"),
            _hand(o, names),
            _count(o, "deck"),
            _count(o, "discard"),
            _count(o, "exhausted"),
            o.get("fatigue"),
            o.get("alive"),
        )
    )


def _skirmish_clock(tree: dict[str, Any]) -> list[list[Any]]:
    deck = _slice(tree, "skills")
    return [["Activation", text(deck.get("active"))], ["Side", text(deck.get("side"))]]


# -- summit ---------------------------------------------------------------------------------


def _summit_cards(game: Game) -> dict[int, str]:
    return {i: card.name for i, card in enumerate(game["diplomacy"].config.cards)}


_TERRITORIES = ("territory", "zone", "owner", "troops", "forts", "traps")
_PLAYERS = ("player", "hand", "ticks", "deploy debt", "troops to deploy")
_NO_REALM: Mapping[str, Any] = MappingProxyType({})


def _summit(tree: dict[str, Any], names: CardNames) -> list[Section]:
    board, table = _slice(tree, "map"), _slice(tree, "diplomacy")
    columns = (board.get(k, ()) for k in ("owners", "garrisons", "forts", "traps"))
    return [
        _drawn(_territories, board.get("scenario", _NO_REALM), *columns),
        _drawn(_players, table.get("players", ()), board.get("realms", ()), names),
        _drawn(_pacts, table.get("pacts", ()), table.get("proposals", ())),
    ]


def _players(
    players: list[dict[str, Any]], realms: list[dict[str, Any]], names: CardNames
) -> Section:
    realm_of = {r.get("player"): r for r in realms}
    return _drawn_section(
        "Ticks and hands",
        _PLAYERS,
        (_drawn(_player, p, realm_of.get(p.get("player"), _NO_REALM), names) for p in players),
    )


def _territories(scenario: dict[str, Any], *columns: list[Any]) -> Section:
    places, zones = _drawn(_places, scenario)
    # Column by column: a step changes a column or two (the troops), each drawn once.
    cells = [_drawn(_column, column, len(places)) for column in columns]
    return _drawn_section(
        "Territories", _TERRITORIES, map(list, zip(places, zones, *cells, strict=True))
    )


def _places(scenario: dict[str, Any]) -> tuple[list[str | int], list[str | int]]:
    """The cells of the territories' names and of their zones' names."""
    zone_of = {t: z["name"] for z in scenario.get("zones", []) for t in z.get("territories", [])}
    places = scenario.get("territories", [])
    return [_cell(name) for name in places], [_cell(zone_of.get(name)) for name in places]


def _column(values: list[Any], count: int) -> list[str | int]:
    return [_cell(_at(values, i)) for i in range(count)]


def _player(p: dict[str, Any], realm: Mapping[str, Any], names: CardNames) -> list[str | int]:
    return _row(
        (
            p.get("player"),
            _hand(p, names),
            p.get("ticks"),
            p.get("deploy_debt"),
            realm.get("troops"),
        )
    )


def _pacts(pacts: list[Any], proposals: list[Any]) -> Section:
    return section(
        "Pacts and proposals",
        ("what", "details"),
        [*(("pact", p) for p in pacts), *(("proposal", p) for p in proposals)],
    )


def _at(column: list[Any], index: int) -> Any:
    return column[index] if index < len(column) else None


def _summit_clock(tree: dict[str, Any]) -> list[list[Any]]:
    return _turn_clock(_slice(tree, "summit"), _slice(tree, "map"))


def _turn_clock(flow: Mapping[str, Any], board: Mapping[str, Any]) -> list[list[Any]]:
    """The clock items of summit's turn ``flow`` (a slice's tree) over the map ``board``."""
    return [
        ["Round", text(flow.get("round"))],
        ["Phase", text(flow.get("phase"))],
        ["Acting", text(board.get("current"))],
    ]


# -- campaign -------------------------------------------------------------------------------


_NO_NAMES: CardNames = MappingProxyType({})


def _campaign(tree: dict[str, Any], names: CardNames) -> list[Section]:
    """Summit's sections (diplomacy cards by name), then the battle's (Skill cards by id:
    the two economies number their cards apart, so one name table cannot serve both)."""
    return [*_summit(tree, names), *_skirmish(tree, _NO_NAMES)]


def _campaign_clock(tree: dict[str, Any]) -> list[list[Any]]:
    """Summit's turn flow, which the campaign slice holds, then the battle's decks."""
    flow = _slice(tree, "campaign").get("summit") or {}
    return [*_turn_clock(flow, _slice(tree, "map")), *_skirmish_clock(tree)]


# -- the table ------------------------------------------------------------------------------


@attrs.frozen
class _Panel:
    """A game's panel: its sections, its own clock items and its cards' names."""

    sections: Callable[[dict[str, Any], CardNames], list[Section]]
    clock: Callable[[dict[str, Any]], list[list[Any]]]
    cards: Callable[[Game], dict[int, str]]


PANELS: dict[str, _Panel] = {
    "skirmish": _Panel(_skirmish, _skirmish_clock, _skirmish_cards),
    "summit": _Panel(_summit, _summit_clock, _summit_cards),
    "campaign": _Panel(_campaign, _campaign_clock, _summit_cards),
}
"""Game name → its panel, for the games shipped with gamefold."""


def _panel_of(game: str) -> _Panel | None:
    """The panel of ``game``: its own, or that of the shipped game it extends (a subclass
    of :class:`~gamefold.games.skirmish.Skirmish` with a house rule shows a skirmish's)."""
    found = PANELS.get(game)
    if found is not None or game not in game_names():
        return found
    for base in get_game(game).__mro__[1:]:
        found = PANELS.get(getattr(base, "name", ""))
        if found is not None:
            return found
    return None


def card_names(game: str, state: Game) -> dict[int, str]:
    """Card id → name for the cards of ``game`` (from its full ``state``); for a game
    without a panel of its own or of the game it extends, the names its slices can give
    (:func:`gamefold.viewer.slices.card_names`)."""
    found = _panel_of(game)
    if found is not None:
        return found.cards(state)
    from gamefold.viewer import slices  # the default panel draws with this module's tables

    return slices.card_names(state)


def panel(game: str, tree: dict[str, Any], names: CardNames | None = None) -> list[Section]:
    """The panel of ``game`` for the state ``tree`` (or of the shipped game it extends); for
    any other game, the default panel (:func:`gamefold.viewer.slices.slice_sections`)."""
    found = _panel_of(game)
    shown = _NO_NAMES if names is None else names
    if found is not None:
        return found.sections(tree, shown)
    from gamefold.viewer import slices  # the default panel draws with this module's tables

    return slices.slice_sections(tree, shown)


def clock_items(game: str, tree: dict[str, Any]) -> list[list[Any]]:
    """The clock as ``[label, value]`` pairs: the Round, the turn if the game has turns,
    then the game's own (the activation in a skirmish, the phase in a summit)."""
    clock = tree.get("clock", {})
    items: list[list[Any]] = [["Round", clock.get("round", 0)]]
    if clock.get("turn"):  # a game without turns (a skirmish) leaves them at 0
        items.append(["Turn", clock["turn"]])
    if clock.get("player"):
        items.append(["Player", clock["player"]])
    found = _panel_of(game)
    return items + (found.clock(tree) if found else [])
