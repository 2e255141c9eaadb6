"""The playtest table in a terminal: ``gamefold play GAME --human SEAT``.

Each human turn shows that seat's screen alone: what happened since its last turn (in the
game's words), its view of the game as the viewer's panels (text tables), then its choices,
numbered and grouped by kind. The player answers with a number, or types an action as
JSON, the way a game record stores it (``json N`` shows choice ``N`` in that form; the
``type`` may be the action's class name alone, when no other action class has that
name). An entry the rules refuse is refused with the rule's sentence, and the prompt
comes back with nothing changed. ``quit`` or Ctrl-D
saves and stops; the record is written after every step anyway. With two humans or more
(hot seat), the screen is cleared between seats and the next player presses Enter first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from gamefold._convert import _tagged_subclasses, converter, tag_of
from gamefold.core import Action
from gamefold.errors import IllegalAction, RecordError
from gamefold.record import structure
from gamefold.registry import Game
from gamefold.serve.table import Choice, Table

__all__ = ["HELP", "Terminal", "parse_entry", "screen"]

CLEAR = "\x1b[2J\x1b[H"
"""The ANSI sequence that clears a terminal and puts the cursor top left."""

HELP = """\
Answer with the number of a choice, or type an action as JSON, as a game record stores it:
  json N      show choice N as JSON, to copy and change
  {"type": "Play", "player": "ana", "card": 12}      (the type: the class name will do)
  help        this text
  quit        save and stop (Ctrl-D too); `--resume FILE` continues the game"""


class Quit(Exception):
    """The player asked to stop (``quit`` or the end of input)."""


def parse_entry(text: str, choices: tuple[Choice, ...]) -> Action:
    """The action an entry names: a choice's number, or an action as JSON (its ``type``
    the record's tag or, for a kind listed now, its class name). A bad entry is an
    :class:`~gamefold.IllegalAction` (``table/bad-entry``) or a
    :class:`~gamefold.RecordError` naming what is wrong."""
    entry = text.strip()
    if entry.isdigit():
        number = int(entry)
        if not 1 <= number <= len(choices):
            raise _bad_entry(f"there is no choice {number}; choose 1 to {len(choices)}")
        return choices[number - 1].action
    if not entry.startswith("{"):
        raise _bad_entry(f"{entry!r} is neither a choice's number nor an action as JSON")
    try:
        data = json.loads(entry)
    except ValueError as err:
        raise _bad_entry(f"not JSON: {err}") from None
    if isinstance(data, dict) and isinstance(data.get("type"), str):
        data["type"] = _tag(data["type"], choices)
    action: Action = structure(data, Action, "action")
    return action


def _tag(kind: str, choices: tuple[Choice, ...]) -> str:
    """The record's tag for ``kind``: a class name of a choice listed now, else of the one
    action class of that name, else ``kind`` as it is (a tag, or a name refused as unknown)."""
    listed = {choice.kind: tag_of(type(choice.action)) for choice in choices}
    if kind in listed:
        return listed[kind]
    named = [tag for tag, cls in _tagged_subclasses(Action).items() if cls.__name__ == kind]
    return named[0] if len(named) == 1 else kind


def _bad_entry(sentence: str) -> IllegalAction:
    return IllegalAction("table/bad-entry", "EN-4", sentence)


def screen(table: Table, seat: str) -> Iterator[str]:
    """The lines of ``seat``'s screen: events since its last turn, its view, its choices."""
    yield f"=== {table.game.name}: {seat}'s turn (step {table.steps}) ==="
    told = table.lines_since(seat)
    if told:
        yield "Since your last turn:"
        yield from (f"  {line}" for line in told)
    yield ""
    yield from view_lines(table, seat)
    yield ""
    yield from choice_lines(table.choices(seat, _names(table)))


def view_lines(table: Table, seat: str) -> Iterator[str]:
    """``seat``'s view as the viewer's panels, each table in text; the clock first."""
    from gamefold.viewer import clock_items, panel

    tree = _tree(table.view(seat))
    yield "  ".join(f"{label}: {value}" for label, value in clock_items(table.game.name, tree))
    for section in panel(table.game.name, tree, _names(table)):
        yield ""
        yield from _section_lines(section)


def choice_lines(choices: tuple[Choice, ...]) -> Iterator[str]:
    """The choices, numbered, under a heading a kind."""
    kind = None
    width = len(str(len(choices)))
    for choice in choices:
        if choice.kind != kind:
            kind = choice.kind
            yield f"{kind}:"
        yield f"  {choice.number:>{width}}. {choice.text}"


def _names(table: Table) -> dict[int, str]:
    from gamefold.viewer import card_names

    # Names come from the config (card id -> name), the same for every state and seat.
    return card_names(table.game.name, table.state)


def _tree(view: Game) -> Any:
    return json.loads(json.dumps(converter.unstructure(view, unstructure_as=Game)))


def _section_lines(section: dict[str, Any]) -> Iterator[str]:
    """A panel's table as aligned text (its cells are already short text or numbers)."""
    columns = [str(column) for column in section["columns"]]
    rows = [[str(cell) for cell in row] for row in section["rows"]]
    widths = [len(column) for column in columns]
    for row in rows:
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=False)]
    yield str(section["title"])
    for row in (columns, *rows):
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        yield ("  " + "  ".join(cells)).rstrip()


class Terminal:
    """Play a :class:`Table` at a terminal: ``ask(prompt)`` reads one line (``EOFError`` at
    the end of input), ``out`` takes the screens."""

    def __init__(self, table: Table, ask: Callable[[str], str], out: TextIO) -> None:
        self.table, self.ask, self.out = table, ask, out
        self.hot_seat = len(table.humans) > 1

    def run(self) -> bool:
        """Play until the end, the step cap, or the player's ``quit``; whether it ended
        without a ``quit``."""
        shown: str | None = None
        try:
            while (seat := self.table.due) is not None:
                if self.hot_seat and seat != shown:
                    self._hand_over(seat)
                shown = seat
                self._turn(seat)
        except Quit:
            return False
        return True

    def _say(self, *lines: str) -> None:
        self.out.write("".join(f"{line}\n" for line in lines))
        self.out.flush()

    def _read(self, prompt: str) -> str:
        try:
            entry = self.ask(prompt)
        except EOFError:
            self._say("")
            raise Quit from None
        if entry.strip().lower() in ("quit", "exit"):
            raise Quit
        return entry

    def _hand_over(self, seat: str) -> None:
        """A clean screen, then the next player's Enter: no hand is left showing."""
        self.out.write(CLEAR)
        self._read(f"{seat}'s turn: pass the keyboard to {seat}, then press Enter. ")
        self.out.write(CLEAR)

    def _turn(self, seat: str) -> None:
        self._say(*screen(self.table, seat))
        choices = self.table.choices(seat, _names(self.table))
        while True:
            entry = self._read(f"{seat}> ").strip()
            if not entry:
                continue
            if entry.lower() in ("help", "?"):
                self._say(HELP)
                continue
            if entry.lower().startswith("json"):
                self._say(self._json_of(entry, choices))
                continue
            try:
                action = parse_entry(entry, choices)
                events = self.table.act(seat, action)
            except (IllegalAction, RecordError) as refused:
                self._say(f"refused: {refused}")
                continue
            self._say(*(f"  {self.table.game.describe(event)}" for event in events))
            return

    def _json_of(self, entry: str, choices: tuple[Choice, ...]) -> str:
        number = entry[4:].strip()
        if not number.isdigit() or not 1 <= int(number) <= len(choices):
            return f"refused: json N shows choice N, from 1 to {len(choices)}"
        action = choices[int(number) - 1].action
        data = converter.unstructure(action, unstructure_as=Action)
        data["type"] = type(action).__name__
        return json.dumps(data)
