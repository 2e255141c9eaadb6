"""Replay and verification: a record's states again, and the first step that differs."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from gamefold._loading import DEFAULT_LIMITS, Limits
from gamefold.core import Action, Event
from gamefold.errors import ConfigError, GamefoldError, IllegalAction, RecordError
from gamefold.record.formats import state_digest
from gamefold.record.game_record import GameRecord, _action, _Header, _read_header
from gamefold.record.hooks import _lookup
from gamefold.registry import Game


def replay(record: GameRecord) -> Iterator[Game]:
    """Every state of the recorded game: the initial one, then one after each action."""
    game_def = record.game_def()
    state = game_def.setup(record.seed)
    yield state
    for action in record.actions:
        state = game_def.rules.reduce(state, action)
        yield state


@attrs.frozen
class Divergence:
    """The first step where a stored history and its replay differ."""

    step: int
    """0 for the initial state, ``n`` for the state after the ``n``-th action."""
    reason: str
    """What differs, in a sentence."""


@attrs.frozen
class Checked:
    """What :func:`check_record` found: how far the record replays, and where it stops."""

    game: str
    """The recorded game's name."""
    seed: int | str
    """The recorded seed."""
    steps: int
    """Actions replayed without a divergence."""
    final: Game
    """The last state replayed without a divergence."""
    over: bool
    """Whether :attr:`final` is the end of the game."""
    digests: bool
    """Whether the record carried digests, so every state was compared too."""
    divergence: Divergence | None
    """The first divergence, or ``None`` if the record replays exactly."""


def check_record(
    record: GameRecord | str | bytes,
    *,
    limits: Limits = DEFAULT_LIMITS,
    replayed: Callable[[Game, tuple[Event, ...]], object] | None = None,
    digest: Callable[[Game], str] = state_digest,
) -> Checked:
    """Replay a record action by action, stopping at the first step that does not replay.

    ``record`` is a :class:`GameRecord` or its JSON text. From text, each action is decoded
    only when its turn comes, so a bad action at step 2 of a long record stops the check at
    step 2; a malformed one raises :class:`~gamefold.RecordError`. A step diverges when its
    action is illegal or, for a record with digests, when the state it leads to has another
    :func:`state_digest` than the recorded one (so swapping two legal actions is caught at
    once).

    ``replayed``, if given, is called with each state the replay reaches and the events
    that led there: the setup with no events, then one call an action up to the first
    divergence, the state whose digest differs included (an illegal action reaches none),
    so a caller that shows the states (the viewer) replays the record once, here.

    ``digest`` fingerprints each state to compare with the record's digests: by default
    :func:`state_digest`; a caller that converts every state to JSON anyway (the viewer)
    gives one that reuses its conversions, with the same result.
    """
    if isinstance(record, GameRecord):
        header = _Header(
            record.game,
            record.config,
            record.seed,
            record.format_version,
            record.digests,
            list(record.actions),
        )
        decode: Callable[[Any, int], Action] = lambda action, _: action  # noqa: E731
    else:
        header, decode = _read_header(record, limits), _action
    return _check(header, decode, replayed, digest)


def _check(
    header: _Header,
    decode: Callable[[Any, int], Action],
    replayed: Callable[[Game, tuple[Event, ...]], object] | None = None,
    digest: Callable[[Game], str] = state_digest,
) -> Checked:
    try:
        game_def = _lookup(header.game)(header.config)
        state = game_def.setup(header.seed)
    except ConfigError as err:  # a config that validates alone but cannot seat its game
        raise RecordError("record/bad-config", str(err), "config") from None
    if replayed is not None:
        replayed(state, ())
    steps, found = 0, _digest_problem(header.digests, 0, state, digest)
    for index, raw in enumerate(header.actions):
        if found is not None:
            break
        action = decode(raw, index)
        try:
            after, events = game_def.rules.step(state, action)
        except GamefoldError as err:  # illegal, or no handler: the record does not replay
            found = Divergence(index + 1, f"the recorded action is illegal on replay: {err}")
            break
        if replayed is not None:
            replayed(after, events)
        found = _digest_problem(header.digests, index + 1, after, digest)
        if found is None:
            state, steps = after, index + 1
    over = game_def.is_over(state)
    return Checked(header.game, header.seed, steps, state, over, header.digests is not None, found)


def _digest_problem(
    digests: tuple[str, ...] | None, step: int, state: Game, digest: Callable[[Game], str]
) -> Divergence | None:
    if digests is None or digest(state) == digests[step]:
        return None
    what = "the initial state" if step == 0 else f"the state after action {step}"
    return Divergence(step, f"{what} differs from the one recorded (its digest differs)")


def verify(record: GameRecord, states: Sequence[Game] | None = None) -> Divergence | None:
    """Replay ``record`` against ``states``; the first divergence, or ``None`` if none.

    Without ``states`` the record is checked against its own digests (:func:`check_record`).
    """
    if states is None:
        return check_record(record).divergence
    replayed = replay(record)
    step = 0
    try:
        for step, expected in enumerate(states):
            actual = next(replayed, None)
            if actual is None:
                return Divergence(step, "the record has fewer actions than the history")
            if actual != expected:
                return Divergence(step, "the replayed state differs from the stored one")
        if next(replayed, None) is not None:
            return Divergence(len(states), "the record has more actions than the history")
    except IllegalAction as err:
        return Divergence(step, f"the recorded action is illegal on replay: {err}")
    return None
