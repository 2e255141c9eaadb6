"""The playtest table: people play some seats of one game, bots the rest (no I/O here).

A :class:`Table` holds one game in play. Each seat is a human's or a bot's: the clock's
actions and the bots' choices are made at once, so a table always waits at a human seat's
choice, or at the end of the game. A human's action goes through :meth:`Table.act`, which
refuses anything the rules refuse (or anything that is not one of that seat's choices now)
with an :class:`~gamefold.IllegalAction` and changes nothing. After every step the game's
:class:`~gamefold.record.GameRecord`, with the digest of every state, is written whole to
the table's file (a temporary file, then a rename), so a game stopped at any moment is
continued from its file with :meth:`Table.resume`, nothing lost.

What a front end shows a seat comes from that seat's view alone (EN-9): :meth:`Table.view`,
:meth:`Table.choices` and :meth:`Table.events_since` (what happened since the seat last
acted, told in the game's own words).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, cast

import attrs

from gamefold._convert import converter
from gamefold._files import write_text
from gamefold.core import Action, Event
from gamefold.errors import IllegalAction, PolicyError, RecordError
from gamefold.games.base import GameDef, Policy, get_game, random_policy
from gamefold.record import FORMAT_VERSION, GameRecord, check_record, state_digest
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.serve.news import told, visible_cards

__all__ = [
    "NOT_OFFERED",
    "NOT_YOUR_TURN",
    "Choice",
    "Table",
    "action_text",
]

NOT_OFFERED = "table/not-offered"
"""The code of an action the rules would take but that is not the seat's choice now."""
NOT_YOUR_TURN = "table/not-your-turn"
"""The code of an action from a seat whose choice is not due."""


@attrs.frozen
class Choice:
    """One action a seat may take now, as a front end lists it."""

    number: int
    """Its number in the listing, from 1."""
    kind: str
    """The action's kind (its class name): the listing's groups."""
    action: Action
    """The action itself, for :meth:`Table.act`."""
    text: str
    """The action in one line (``Play(player=ana, card=Strike #12)``)."""


@attrs.frozen
class _Step:
    """One step taken at the table: who chose it (``None``: the clock), what, and its events."""

    actor: str | None
    action: Action
    events: tuple[Event, ...]


class Table:
    """One game in play, some seats human, the others played by policies.

    ``humans`` are the seats people play; every other player is a bot, played by its policy
    in ``bots`` (one policy for all, or a mapping from player; a missing player plays the
    game's ``"random"``). A bot's choice at step ``n`` draws from
    ``Rng.from_seed(seed).split("policy:<player>").split("step:<n>")``, so a game resumed
    from its record goes on as it would have. ``path``, if given, is where the record is
    written after every step. The table plays the clock and the bots at once, up to the
    first human choice (or the end, or ``max_steps`` steps).
    """

    def __init__(
        self,
        game: GameDef[Any],
        seed: int | str,
        *,
        humans: Iterable[str] = (),
        bots: Mapping[str, Policy] | Policy = random_policy,
        path: Path | None = None,
        max_steps: int = 10_000,
    ) -> None:
        self.game = game
        self.seed = seed
        self.path = path
        self.max_steps = max_steps
        self._state = game.setup(seed)
        self.players: tuple[str, ...] = game.players(self._state)
        self.humans: tuple[str, ...] = _seats(game, self.players, humans)
        self._bots = _bot_policies(game, self.players, bots)
        self._steps: list[_Step] = []
        self._raw: list[Any] = []  # each action as record data, converted once
        self._digests = [state_digest(self._state)]
        self._save()
        self.advance()

    @classmethod
    def resume(
        cls,
        record: GameRecord | str | bytes,
        *,
        humans: Iterable[str] = (),
        bots: Mapping[str, Policy] | Policy = random_policy,
        path: Path | None = None,
        max_steps: int = 10_000,
    ) -> Table:
        """The table of a game continued from its ``record`` (a :class:`GameRecord` or its
        JSON text): every action replayed and every state checked against the record's
        digests. A record that does not replay is a :class:`~gamefold.RecordError`
        naming the step; ``path`` is where the record goes on being written."""
        if not isinstance(record, GameRecord):
            record = GameRecord.from_json(record)
        states: list[Game] = []
        events: list[tuple[Event, ...]] = []

        def keep(state: Game, happened: tuple[Event, ...]) -> None:
            states.append(state)
            if len(states) > 1:
                events.append(happened)

        checked = check_record(record, replayed=keep)
        if checked.divergence is not None:
            found = checked.divergence
            raise RecordError("record/diverges", f"step {found.step}: {found.reason}")
        table = cls.__new__(cls)
        table._restore(record, states, events, humans, bots, path, max_steps)
        table._save()
        table.advance()
        return table

    def _restore(
        self,
        record: GameRecord,
        states: list[Game],
        events: list[tuple[Event, ...]],
        humans: Iterable[str],
        bots: Mapping[str, Policy] | Policy,
        path: Path | None,
        max_steps: int,
    ) -> None:
        game = get_game(record.game)(record.config)
        self.game, self.seed, self.path, self.max_steps = game, record.seed, path, max_steps
        self._state = states[-1]
        self.players = game.players(states[0])
        self.humans = _seats(game, self.players, humans)
        self._bots = _bot_policies(game, self.players, bots)
        self._steps = [
            _Step(_chooser(game, before), action, happened)
            for before, action, happened in zip(states, record.actions, events, strict=False)
        ]
        self._raw = [converter.unstructure(a, unstructure_as=Action) for a in record.actions]
        self._digests = [state_digest(state) for state in states]

    # -- what a front end reads ------------------------------------------------------------

    @property
    def state(self) -> Game:
        """The whole current state (for the tests and the host: never show it to a seat)."""
        return self._state

    @property
    def steps(self) -> int:
        """How many actions have been taken, clock actions included."""
        return len(self._steps)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(self._state)

    @property
    def stopped(self) -> bool:
        """Whether the game stopped at ``max_steps`` before its end."""
        return not self.is_over and self.steps >= self.max_steps

    @property
    def due(self) -> str | None:
        """The human seat whose choice is due, or ``None`` at the end (or the step cap)."""
        if self.is_over or self.stopped or self.game.clock_action(self._state) is not None:
            return None
        return self.game.actor(self._state)

    @property
    def record(self) -> GameRecord:
        """The game so far as a record, with the digest of every state."""
        actions = tuple(step.action for step in self._steps)
        record = GameRecord(self.game.name, self.game.config, self.seed, actions)
        return attrs.evolve(record, digests=tuple(self._digests))

    def view(self, seat: str) -> Game:
        """The game as ``seat`` may see it (EN-9)."""
        self._known(seat)
        return self.game.rules.view(self._state, seat)

    def legal(self, seat: str) -> tuple[Action, ...]:
        """The actions ``seat`` may take now: none unless its choice is due."""
        self._known(seat)
        if self.due != seat:
            return ()
        return self.game.rules.legal_actions(self._state, seat)

    def choices(self, seat: str, names: Mapping[int, str] | None = None) -> tuple[Choice, ...]:
        """:meth:`legal`, numbered from 1 and grouped by kind (the kinds in the order the
        game lists them), each told in one line; ``names`` (card id → name) names cards."""
        legal = self.legal(seat)
        kinds = list(dict.fromkeys(type(action).__name__ for action in legal))
        ordered = sorted(legal, key=lambda action: kinds.index(type(action).__name__))
        return tuple(
            Choice(number, type(action).__name__, action, action_text(action, names or {}))
            for number, action in enumerate(ordered, start=1)
        )

    def events_since(self, seat: str) -> tuple[Event, ...]:
        """Every event since ``seat`` last acted (since the start if it has not yet)."""
        self._known(seat)
        last = max((i for i, s in enumerate(self._steps) if s.actor == seat), default=-1)
        return tuple(event for step in self._steps[last + 1 :] for event in step.events)

    def events_from(self, step: int) -> tuple[Event, ...]:
        """Every event of the steps from ``step`` on (0: the whole game)."""
        return tuple(event for taken in self._steps[step:] for event in taken.events)

    def lines_since(self, seat: str) -> tuple[str, ...]:
        """:meth:`events_since` told in the game's words (:meth:`GameDef.describe`), each
        line that names a card ``seat``'s view does not show told by its kind alone (EN-9:
        another seat's drawn or earned card stays hidden)."""
        seen = visible_cards(self.view(seat))
        return tuple(told(self.game, event, seen) for event in self.events_since(seat))

    # -- what a front end does -------------------------------------------------------------

    def act(self, seat: str, action: Action) -> tuple[Event, ...]:
        """Take ``seat``'s ``action``, then let the clock and the bots play up to the next
        human choice; the events of ``seat``'s action.

        An action the rules refuse raises their :class:`~gamefold.IllegalAction`; so does
        an action from a seat whose choice is not due, or one the rules would take but that
        is not among the seat's choices (a host action). Either way nothing changes.
        """
        legal = self.legal(seat)
        if action not in legal:
            raise self._refusal(seat, action, legal)
        events = self._apply(seat, action)
        self.advance()
        return events

    def _refusal(self, seat: str, action: object, legal: tuple[Action, ...]) -> IllegalAction:
        if self.due != seat:
            due = self.due
            whose = "the game is over" if due is None else f"it is {due}'s choice"
            return IllegalAction(NOT_YOUR_TURN, "EN-4", f"{seat} cannot act now: {whose}", action)
        if isinstance(action, Action):
            problem = self.game.rules.check(self._state, action)
            if problem is not None:
                return problem
        return IllegalAction(
            NOT_OFFERED, "EN-4", f"{action!r} is not one of {seat}'s choices now", action
        )

    def advance(self) -> int:
        """Play the clock and the bots until a human's choice is due, the game is over or
        the step cap is reached; how many steps were taken."""
        taken = 0
        while not self.is_over and not self.stopped:
            clock = self.game.clock_action(self._state)
            if clock is not None:
                self._apply(None, clock)
            else:
                actor = self.game.actor(self._state)
                if actor is None or actor in self.humans:
                    break
                action = self._bot_choice(actor)
                try:
                    self._apply(actor, action)
                except IllegalAction as refused:  # the bot's fault, never the human's
                    detail = f"returned an illegal action: {refused}"
                    raise self._blame(actor, "illegal", detail) from refused

            taken += 1
        return taken

    def _bot_choice(self, actor: str) -> Action:
        legal = self.game.rules.legal_actions(self._state, actor)
        if not legal:
            raise RuntimeError(f"{self.game.name}: {actor} must choose but has no legal action")
        rng = Rng.from_seed(self.seed).split(f"policy:{actor}").split(f"step:{self.steps}")
        view = cast(Game, self.game.rules.lazy_view(self._state, actor))  # as play() does
        try:
            action, _ = self._bots(actor)(view, legal, rng)
        except Exception as err:
            raise self._blame(actor, "raised", f"raised {type(err).__name__}: {err}") from err
        return action

    def _blame(self, actor: str, problem: str, detail: str) -> PolicyError:
        policy = self._bots(actor)
        name = getattr(policy, "__qualname__", None) or type(policy).__qualname__
        return PolicyError(
            problem,
            detail,
            game=self.game.name,
            seed=self.seed,
            step=self.steps,
            player=actor,
            policy=str(name),
        )

    def _apply(self, actor: str | None, action: Action) -> tuple[Event, ...]:
        after, events = self.game.rules.step(self._state, action)
        self._state = after
        self._steps.append(_Step(actor, action, events))
        self._raw.append(converter.unstructure(action, unstructure_as=Action))
        self._digests.append(state_digest(after))
        self._save()
        return events

    def _save(self) -> None:
        """The record so far, written whole (the same text :meth:`GameRecord.to_json`
        gives), each action converted once."""
        if self.path is None:
            return
        config = converter.unstructure(self.game.config, unstructure_as=type(self.game.config))
        data = {
            "format_version": FORMAT_VERSION,
            "game": self.game.name,
            "config": config,
            "seed": self.seed,
            "actions": self._raw,
            "digests": self._digests,
        }
        write_text(self.path, json.dumps(data, sort_keys=True) + "\n")

    def _known(self, seat: str) -> None:
        if seat not in self.players:
            raise ValueError(f"{self.game.name} has no seat {seat!r}: {', '.join(self.players)}")


def _seats(game: GameDef[Any], players: tuple[str, ...], humans: Iterable[str]) -> tuple[str, ...]:
    """The human seats, each a player of the game, in the order given, once each."""
    chosen = tuple(dict.fromkeys(humans))
    for seat in chosen:
        if seat not in players:
            raise ValueError(f"{game.name} has no seat {seat!r}; its seats: {', '.join(players)}")
    return chosen


def _bot_policies(
    game: GameDef[Any], players: tuple[str, ...], bots: Mapping[str, Policy] | Policy
) -> Callable[[str], Policy]:
    if not isinstance(bots, Mapping):
        return lambda actor: bots
    strangers = sorted(set(bots) - set(players))
    if strangers:
        raise ValueError(
            f"{game.name} has no seat {strangers[0]!r}; its seats: {', '.join(players)}"
        )
    missing = game.policies()["random"]
    return lambda actor: bots.get(actor, missing)


def _chooser(game: GameDef[Any], before: Game) -> str | None:
    """Who chose the action taken from ``before``: ``None`` when it was the clock's."""
    return None if game.clock_action(before) is not None else game.actor(before)


def action_text(action: Action, names: Mapping[int, str]) -> str:
    """An action in one line, ``Kind(field=value, …)``; a card id that ``names`` knows is
    shown with its name (``Strike #12``)."""
    data = converter.unstructure(action, unstructure_as=Action)
    fields = ", ".join(
        f"{key}={_value(key, value, names)}" for key, value in data.items() if key != "type"
    )
    return f"{type(action).__name__}({fields})"


def _value(key: str, value: Any, names: Mapping[int, str]) -> str:
    if key.startswith("card") and type(value) is int and value in names:
        return f"{names[value]} #{value}"
    if key.startswith("card") and isinstance(value, list):
        return "[" + ", ".join(_value(key, one, names) for one in value) + "]"
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        inner = ", ".join(f"{k}={_value(k, v, names)}" for k, v in value.items() if k != "type")
        return f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_value(key, one, names) for one in value) + "]"
    return json.dumps(value)
