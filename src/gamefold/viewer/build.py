"""From a :class:`~gamefold.record.GameRecord` to the viewer's data and its HTML page.

:func:`viewer_data` checks the record (:func:`~gamefold.record.check_record`), keeping the
states and events of that one replay, up to its first divergence, if any; then, per step,
the clock, the action and who took it, the events with their rule IDs (the game's
rule-coverage tables, :meth:`GameDef.event_rules <gamefold.games.GameDef.event_rules>` and
:meth:`~gamefold.games.GameDef.attested`), and per *track* (the full state, then each
player's view from the game's view function, EN-9) the first tree and one :func:`diff
<gamefold.viewer.diff.diff>` a step. :func:`to_html` puts that data, the script and the
style into one file that needs nothing else.
"""

from __future__ import annotations

import contextlib
import gc
import html
import json
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import attrs

from gamefold._convert import shared_unstructure
from gamefold.core import Action, Event
from gamefold.games.base import EventRules, GameDef, get_game
from gamefold.record import GameRecord, check_record, converter, register_page, state_digest
from gamefold.registry import Game
from gamefold.viewer.encode import Canonical, Exact
from gamefold.viewer.panels import card_names, clock_items, remembered
from gamefold.viewer.tracks import track, views

__all__ = ["DOCS", "FULL", "RULE_PAGES", "rule_link", "state_tree", "to_html", "viewer_data"]

DOCS = "docs/_build/html/"
"""Where rule links point by default: the docs as ``sphinx`` builds them in a clone,
relative to the page (``docs=`` or ``--docs`` gives another base, a hosted URL or a path)."""

FULL = ""
"""The name of the full state's track (a player's view is the track of that player)."""

RULE_PAGES = {
    "EN": "engine.html#rules-code-and-tests",
    "SD": "subsystems/skills.html#rules-code-and-tests",
    "CB": "subsystems/combat.html#rules-code-and-tests",
    "DP": "subsystems/diplomacy.html#rules--code--tests",
    "SK": "games/skirmish.html#the-rules-between-the-subsystems",
    "SM": "games/summit.html#rules",
    "TR": "subsystems/territory.html#rules--code--tests",
    "CP": "games/campaign.html#the-rules-between-the-economies-cp",
}
"""Rule-ID prefix → the docs page (and section) that maps each of its rules to code."""


def rule_link(rule: str, docs: str = DOCS) -> str | None:
    """The docs address of ``rule`` (``"SD-3"``), or ``None`` for an unknown prefix."""
    page = RULE_PAGES.get(rule.partition("-")[0])
    return None if page is None else docs + page


_SAFE = 2**53
"""Integers a page's script holds exactly (its numbers are doubles)."""


def _tree(value: Any, as_type: type) -> Any:
    """A record as plain JSON data (lists, not tuples; enum values, not members)."""
    return json.loads(
        json.dumps(converter.unstructure(value, unstructure_as=as_type)),
        parse_int=_exact_int,
    )


def _exact_int(text: str) -> int | str:
    """An integer, or its digits as text beyond what a page's script holds exactly (an RNG
    state is a 64-bit integer): a page must never show a rounded value."""
    value = int(text)
    return value if -_SAFE < value < _SAFE else text


def state_tree(state: Game) -> Any:
    """The tree the viewer shows of a state (or a view): the record converter's JSON, with
    integers beyond 2**53 as text."""
    return _tree(state, Game)


def _call(value: Any, as_type: type) -> tuple[str, str]:
    """An action or event's kind and a one-line call (``Attack(player=p2, territory=Quay)``)."""
    data = Exact()(converter.unstructure(value, unstructure_as=as_type))
    kind = type(value).__name__
    args = ", ".join(f"{k}={_short(v)}" for k, v in data.items() if k != "type")
    return kind, f"{kind}({args})"


def _short(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


@attrs.frozen
class _Replayed:
    """The states and events of a record, up to its first divergence if it has one."""

    states: list[Game] = attrs.field(factory=list)
    events: list[tuple[Event, ...]] = attrs.field(factory=list)

    def __call__(self, state: Game, events: tuple[Event, ...]) -> None:
        """Keep a state the check reached and the events that led there."""
        self.states.append(state)
        if self.states[1:]:  # the setup has no step, hence no events
            self.events.append(events)


def _step(
    game: GameDef[Any], table: EventRules, before: Game, after: Game, action: Action, events: Any
) -> dict[str, Any]:
    """One step's kind, action, actor (``None``: the clock), events and extra rules."""
    shown: list[dict[str, Any]] = []
    named: set[str] = set()
    for event in events:
        kind, call = _call(event, Event)
        attest = table.get(type(event))
        rules = list(attest(event)) if attest else []
        named.update(rules)
        shown.append({"kind": kind, "text": game.describe(event), "call": call, "rules": rules})
    # What the step shows beyond its events' own tables (a skirmish's zone rules).
    extra = [r for r in dict.fromkeys(game.attested(after, tuple(events))) if r not in named]
    kind, call = _call(action, Action)
    clock = game.clock_action(before)
    actor = None if clock == action else game.actor(before)
    return {"kind": kind, "action": call, "actor": actor, "events": shown, "rules": extra}


def viewer_data(record: GameRecord, *, docs: str = DOCS) -> dict[str, Any]:
    """Everything the page shows, as JSON data.

    ``game``, ``seed``, ``players``, ``actions`` (how many) and ``digests`` (whether the
    record carries them); ``steps``, one per state (the setup, then one per action
    replayed): ``kind``, ``action`` (a one-line call), ``actor`` (``None`` for the clock),
    ``events`` (each with its ``kind``, the game's ``text``, its fields as a ``call`` and
    its ``rules``), ``rules`` (what the step shows beyond its events) and ``clock``
    (``[label, value]`` pairs); ``tracks``, the full state's (:data:`FULL`) and each
    player's view's: the ``first`` node (``state`` tree and game ``panel``) and one
    :func:`~gamefold.viewer.diff.diff` a step; ``rules``, rule-ID prefix → docs address.

    A record whose digests or legality diverge (:func:`~gamefold.record.check_record`)
    carries ``divergence``: the ``step``, the ``reason``, and the step the page opens at
    (the last one replayed when the action there is illegal); otherwise it is ``None``.
    Nothing after the first divergence is replayed or shown: the page ends where it opens.
    """
    with _no_cycle_collection(), shared_unstructure() as unstructure:
        return _data(record, docs, unstructure)


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause the cycle collector for the block; after it, the collector is as it was.

    A page allocates a great many small dicts and lists, all kept to the end and none in a
    cycle; the collector would scan them again and again for nothing (some 15% of a page's
    time). Cycles made meanwhile (by a game's own code) are collected after the block."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _checked(
    record: GameRecord, replayed: _Replayed, unstructure: Callable[[Any, Any], Any]
) -> Any:
    """The check of ``record``, the page's one replay: its digests are of the data the page
    is made of, each state's canonical text encoded from the parts its step made."""
    canonical = Canonical()
    return check_record(
        record,
        replayed=replayed,
        digest=lambda state: state_digest(state, text=canonical.text(unstructure(state, Game))),
    )


def _data(record: GameRecord, docs: str, unstructure: Callable[[Any, Any], Any]) -> dict[str, Any]:
    """:func:`viewer_data`, each record converted once (``unstructure``)."""
    replayed = _Replayed()
    checked = _checked(record, replayed, unstructure)
    game = get_game(record.game)(record.config)
    states = replayed.states
    first: dict[str, Any] = {
        "kind": "Setup",
        "action": "setup",
        "actor": None,
        "events": [],
        "rules": list(game.setup_rules(states[0])),
    }
    steps = [first]
    table = game.event_rules()
    for index, events in enumerate(replayed.events):
        before, after = states[index], states[index + 1]
        steps.append(_step(game, table, before, after, record.actions[index], events))
    exact = Exact()
    trees = [unstructure(state, Game) for state in states]
    for step, tree in zip(steps, trees, strict=True):
        step["clock"] = exact(clock_items(game.name, tree))
    players = list(game.players(states[0]))
    names = card_names(game.name, states[0])
    with remembered():
        tracks = {FULL: track(game, trees, names, exact)}
        for player in players:
            shown = (unstructure(view, Game) for view in views(game, states, player))
            tracks[player] = track(game, shown, names, exact)
    return {
        "game": record.game,
        "seed": record.seed,
        "players": players,
        "actions": len(record.actions),
        "digests": record.digests is not None,
        "steps": steps,
        "tracks": tracks,
        "divergence": _divergence(checked.divergence, len(states) - 1),
        "rules": {prefix: docs + page for prefix, page in RULE_PAGES.items()},
    }


def _divergence(found: Any, last: int) -> dict[str, Any] | None:
    if found is None:
        return None
    # An illegal action has no state after it: the page opens at the last one replayed.
    return {"step": found.step, "reason": found.reason, "open": min(found.step, last)}


def _asset(name: str) -> str:
    return resources.files("gamefold.viewer").joinpath(name).read_text(encoding="utf-8")


def page(data: dict[str, Any]) -> str:
    """The HTML page of :func:`viewer_data`'s ``data``: script, style and data inline."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    # "<" escaped, so that no string in the data can close the script element.
    text = text.replace("<", "\\u003c")
    title = html.escape(f"{data['game']}, seed {data['seed']}: gamefold viewer")
    return (
        _asset("page.html")
        .replace("{{title}}", title)
        .replace("{{style}}", _asset("viewer.css"))
        .replace("{{script}}", _asset("viewer.js"))
        .replace("{{data}}", text)
    )


def to_html(record: GameRecord, *, docs: str = DOCS) -> str:
    """The viewer page of ``record``: one HTML file, script, style and data inline."""
    return page(viewer_data(record, docs=docs))


def _record_page(record: GameRecord, docs: str | None) -> str:
    """:meth:`GameRecord.to_html <gamefold.record.GameRecord.to_html>`: the page, its rule
    links into ``docs`` (:data:`DOCS` when ``None``)."""
    return to_html(record, docs=DOCS if docs is None else docs)


register_page(_record_page)  # a record shows itself as this page, knowing no viewer
