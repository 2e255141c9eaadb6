"""A tiny counter subsystem used to test the registry and persistence without a real game."""

from __future__ import annotations

import attrs

from gamefold import Action, EndRound, Event, Events, IllegalAction, StartRound, Subsystem


@attrs.frozen
class Counter:
    name: str
    value: int = 0
    rounds: int = 0


@attrs.frozen
class Add(Action):
    amount: int


@attrs.frozen
class Added(Event):
    counter: str
    value: int


def make(name: str, action: type[Action] = Add, log: list[str] | None = None) -> Subsystem[Counter]:
    """A subsystem that adds ``amount`` on ``action`` and counts StartRounds."""

    def check(state: Counter, act: Action) -> IllegalAction | None:
        if isinstance(act, Add) and act.amount < 0:
            return IllegalAction("toy/negative", "EN-4", "Amounts are positive.", act)
        return None

    def step(state: Counter, act: Action) -> tuple[Counter, Events]:
        problem = check(state, act)
        if problem is not None:
            raise problem
        if log is not None:
            log.append(f"{name}:{type(act).__name__}")
        if isinstance(act, StartRound | EndRound):
            return attrs.evolve(state, rounds=state.rounds + 1), ()
        assert isinstance(act, Add)
        new = attrs.evolve(state, value=state.value + act.amount)
        return new, (Added(name, new.value),)

    def legal(state: Counter, actor: str) -> tuple[Action, ...]:
        return (Add(1),) if actor == name else ()

    return Subsystem(
        name=name,
        actions=(action,),
        lifecycle=(StartRound, EndRound),
        step=step,
        check=check,
        legal_actions=legal,
    )
