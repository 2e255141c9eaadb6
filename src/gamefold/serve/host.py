"""A table served to several people: one unguessable token a seat, and what each may see.

A :class:`Host` holds a :class:`~gamefold.serve.Table` for a front end that serves it over
a network (``gamefold serve``), and does no I/O itself. Each human seat gets its own token
(:func:`secrets.token_urlsafe`), and so does the spectator, who sees the public view: the
view of a viewer holding no seat. A token is all a request carries; :meth:`Host.seat_of`
tells whose it is, in time that does not depend on how much of a token was right.

What a token receives is :meth:`Host.snapshot`: its seat's view drawn as the viewer's
panels, the news since its last turn, and its choices when they are due, nothing more (the
state, the record and the RNG stay here, EN-9). What it sends is a :meth:`Host.message`, a
small JSON object ``{"step": N, "choice": K}``: choice ``K`` of those listed at step ``N``.
A message from another step is refused as stale, so an action is never applied twice nor
one chosen from a state that is gone; a malformed, oversized or too hasty message is
refused with a clean error, and the game does not change.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gamefold.errors import IllegalAction
from gamefold.registry import Game
from gamefold.serve.news import told, visible_cards
from gamefold.serve.table import Table

__all__ = ["MAX_MESSAGE", "Bucket", "Host", "Refused", "refusal"]

MAX_MESSAGE = 1024
"""The most bytes a message may have: a step and a choice need a few dozen."""

_NEWS = 40
"""The most lines of news a snapshot carries (the spectator's: the latest ones)."""


class Refused(ValueError):
    """A message refused: a stable ``code`` and a sentence; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} [{code}]")
        self.code = code
        self.message = message

    def reply(self) -> dict[str, Any]:
        """The refusal as the JSON object a client receives."""
        return {"type": "refused", "code": self.code, "message": self.message}


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(
        self, rate: float = 5.0, burst: int = 10, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        """Whether one more message may pass now."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class Host:
    """A :class:`~gamefold.serve.Table` served to its human seats and to spectators.

    Every human seat of ``table`` gets a token, the spectator one more; ``tokens`` (seat →
    token) may give them instead. All reads and actions are serialized: a host may be used
    from several threads (a server runs the bots' turns off its event loop).
    """

    def __init__(self, table: Table, tokens: Mapping[str | None, str] | None = None) -> None:
        self.table = table
        seats: list[str | None] = [*table.humans, None]
        given = dict(tokens or {})
        self.tokens: dict[str | None, str] = {
            seat: given.get(seat) or secrets.token_urlsafe(24) for seat in seats
        }
        self.lock = threading.RLock()
        self.spectator = _outsider(table.players)

    # -- who a token is ---------------------------------------------------------------------

    def seat_of(self, token: str) -> tuple[bool, str | None]:
        """``(True, seat)`` for a seat's token, ``(True, None)`` for the spectator's, and
        ``(False, None)`` for anything else; every token is compared in constant time."""
        found: tuple[bool, str | None] = (False, None)
        offered = token.encode("utf-8", "replace")
        for seat, known in self.tokens.items():
            if hmac.compare_digest(offered, known.encode()):
                found = (True, seat)
        return found

    def links(self, base: str) -> dict[str | None, str]:
        """Each seat's page (``None``: the spectator's) under ``base`` (``http://host:port``)."""
        return {seat: f"{base}/t/{token}" for seat, token in self.tokens.items()}

    # -- what a token sees ------------------------------------------------------------------

    def snapshot(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` (``None``: the spectator) is shown now, as JSON data."""
        from gamefold.viewer import clock_items, panel, state_tree

        with self.lock:
            table = self.table
            viewer = self.spectator if seat is None else seat
            view = table.game.rules.view(table.state, viewer)
            tree = state_tree(view)
            names = self._names()
            choices = table.choices(seat, names) if seat is not None else ()
            return {
                "type": "state",
                "game": table.game.name,
                "seat": seat,
                "players": list(table.players),
                "humans": list(table.humans),
                "step": table.steps,
                "due": table.due,
                "over": table.is_over,
                "stopped": table.stopped,
                "clock": [[str(k), str(v)] for k, v in clock_items(table.game.name, tree)],
                "panels": panel(table.game.name, tree, names),
                "news": self._news(seat, view),
                "choices": [{"number": c.number, "kind": c.kind, "text": c.text} for c in choices],
                "outcome": _outcome(table) if table.is_over else None,
            }

    def _names(self) -> dict[int, str]:
        from gamefold.viewer import card_names

        return card_names(self.table.game.name, self.table.state)

    def _news(self, seat: str | None, view: Game) -> list[str]:
        """What happened since ``seat`` last acted (the spectator: lately), each event told
        only when every card it names is one ``seat``'s view shows, else by its kind alone."""
        table = self.table
        if seat is not None:
            return list(table.lines_since(seat)[-_NEWS:])
        seen = visible_cards(view)
        return [told(table.game, event, seen) for event in table.events_from(0)[-_NEWS:]]

    # -- what a token does -----------------------------------------------------------------

    def message(self, seat: str | None, data: str | bytes) -> list[str]:
        """Apply ``seat``'s message ``{"step": N, "choice": K}``; the events of its action
        told as its news is.

        :class:`Refused` when the message is too big, not such an object, from the
        spectator, stale (``N`` is not the current step) or names no choice; the rules'
        :class:`~gamefold.IllegalAction` when the action is not ``seat``'s to take now.
        Either way the game does not change."""
        step, number = _parsed(data)
        if seat is None:
            raise Refused("table/spectator", "a spectator cannot act")
        with self.lock:
            table = self.table
            if step != table.steps:
                raise Refused(
                    "table/stale",
                    f"the choice was made at step {step}; the game is at step {table.steps}",
                )
            if table.due != seat:
                due = table.due
                whose = "the game is over" if due is None else f"it is {due}'s choice"
                raise Refused("table/not-your-turn", f"{seat} cannot act now: {whose}")
            choices = table.choices(seat)
            if not 1 <= number <= len(choices):
                raise Refused(
                    "table/no-such-choice", f"there is no choice {number} (1 to {len(choices)})"
                )
            events = table.act(seat, choices[number - 1].action)
            seen = visible_cards(table.game.rules.view(table.state, seat))
            return [told(table.game, event, seen) for event in events]

    def outcome_lines(self) -> list[str]:
        """The outcome, a line a player (empty before the end)."""
        with self.lock:
            return [] if not self.table.is_over else _outcome_lines(self.table)


def _parsed(data: str | bytes) -> tuple[int, int]:
    """The step and choice of a message, or :class:`Refused` naming what is wrong."""
    if len(data) > MAX_MESSAGE:
        raise Refused("table/too-big", f"a message may have at most {MAX_MESSAGE} bytes")
    try:
        value = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise Refused("table/malformed", "a message is a JSON object") from None
    fields = {"step", "choice"}
    if not isinstance(value, dict) or set(value) != fields:
        raise Refused("table/malformed", 'a message is {"step": N, "choice": K}, nothing else')
    step, choice = value["step"], value["choice"]
    if not all(type(v) is int and 0 <= v < 2**31 for v in (step, choice)):
        raise Refused("table/malformed", "step and choice are whole numbers")
    return step, choice


def _outsider(players: Iterable[str]) -> str:
    """A viewer name no player has: the spectator's."""
    name = "~spectator"
    taken = set(players)
    while name in taken:
        name += "~"
    return name


def _outcome(table: Table) -> dict[str, dict[str, str]]:
    return {
        player: {str(k): str(v) for k, v in columns.items()}
        for player, columns in table.game.outcome(table.state).items()
    }


def _outcome_lines(table: Table) -> list[str]:
    return [
        f"{player}: " + ", ".join(f"{k}={v}" for k, v in columns.items())
        for player, columns in _outcome(table).items()
    ]


def refusal(err: IllegalAction | Refused) -> dict[str, Any]:
    """Any refusal as the JSON object a client receives."""
    if isinstance(err, Refused):
        return err.reply()
    return {"type": "refused", "code": err.code, "message": f"{err.message} [{err.rule}]"}
