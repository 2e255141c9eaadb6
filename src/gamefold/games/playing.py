"""The driver :func:`play`: one whole game, clock actions automatically, choices by policy.

:func:`play` drives any :class:`~gamefold.games.definition.GameDef` with one policy per
actor and returns every action, state and event as :class:`Played`; each policy sees only
its actor's view (EN-9) and draws from its own stream (EN-3). A policy that fails stops the
game with a :class:`~gamefold.PolicyError` that names who was asked, and why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

import attrs

from gamefold.core import Action, Event
from gamefold.errors import IllegalAction, PolicyError
from gamefold.games.definition import GameDef, Policy, get_game, random_policy
from gamefold.registry import Game
from gamefold.rng import Rng

__all__ = ["Played", "play"]


@attrs.frozen
class Played:
    """A whole game as :func:`play` drove it: every action, state and event."""

    actions: tuple[Action, ...]
    """Every action, clock actions included, in order."""
    states: tuple[Game, ...]
    """The initial state and the state after each action (``len(actions) + 1`` states)."""
    events: tuple[tuple[Event, ...], ...]
    """The events of each action."""
    finished: bool
    """Whether the game reached its end (not the step cap)."""

    @property
    def final(self) -> Game:
        """The last state."""
        return self.states[-1]


def play(
    game: GameDef[Any] | str,
    seed: int | str,
    policies: Mapping[str, Policy] | Policy = random_policy,
    *,
    max_steps: int = 10_000,
    keep_states: bool = True,
    index: int | None = None,
) -> Played:
    """Play one whole game from ``seed``: clock actions automatically, choices by policy.

    ``game`` is a :class:`GameDef` or a registered game's name (its default config), as for
    :func:`~gamefold.sim.simulate`. ``policies`` is one policy for every actor or a mapping
    from actor to policy (missing actors play the game's ``"random"`` policy, as they do by
    name; a player the game does not have is a ``ValueError``). Each actor's policy draws
    from its own stream, ``Rng.from_seed(seed).split("policy:<actor>")``. The game stops at
    its end or after ``max_steps`` actions. With ``keep_states=False`` only the first and
    last states are kept, for long simulations.

    A policy that raises, returns an action the rules refuse, or returns anything but an
    ``(action, rng)`` pair stops the game with a :class:`~gamefold.PolicyError` naming the
    game, its ``index`` in a simulation (when given) and seed, the step, the player and the
    policy, the cause chained.
    """
    if isinstance(game, str):
        game = get_game(game)()
    state = game.setup(seed)
    _check_players(game, state, policies)
    base = Rng.from_seed(seed)
    streams: dict[str, Rng] = {}
    actions: list[Action] = []
    states: list[Game] = [state]
    events: list[tuple[Event, ...]] = []
    policy_of = _policy_of(game, policies)
    blame = _Blame(game.name, seed, index)
    over = game.is_over(state)
    while len(actions) < max_steps and not over:
        action = game.clock_action(state)
        if action is None:
            blame.step = len(actions)
            action = _choose(game, state, policy_of, base, streams, blame)
            try:
                state, happened = game.rules.step(state, action)
            except IllegalAction as refused:
                if action in blame.legal:  # a listed action refused: the game's fault, not its
                    raise
                raise blame.error("illegal", f"returned an illegal action: {refused}") from refused
        else:
            state, happened = game.rules.step(state, action)
        actions.append(action)
        events.append(happened)
        over = game.is_over(state)
        if keep_states or over or len(actions) == max_steps:
            states.append(state)
    return Played(tuple(actions), tuple(states), tuple(events), over)


def _check_players(game: GameDef[Any], state: Game, policies: object) -> None:
    """A policy for a player the game does not have is a mistake, never silently ignored."""
    if not isinstance(policies, Mapping):
        return
    players = game.players(state)
    strangers = sorted(set(policies) - set(players))
    if strangers:
        raise ValueError(
            f"{game.name} has no player {strangers[0]!r} to give a policy to; "
            f"its players: {', '.join(players)}"
        )


def _policy_of(
    game: GameDef[Any], policies: Mapping[str, Policy] | Policy
) -> Callable[[str], Policy]:
    """Each actor's policy: its own from a mapping (missing actors play the game's
    ``"random"``), or the one policy for everyone."""
    if isinstance(policies, Mapping):
        missing = game.policies()["random"]
        return lambda actor: policies.get(actor, missing)
    return lambda actor: policies


class _Blame:
    """Who is asked for the current choice of one game, for a :class:`PolicyError`."""

    __slots__ = ("game", "index", "legal", "player", "policy", "seed", "step")

    def __init__(self, game: str, seed: int | str, index: int | None) -> None:
        self.game, self.seed, self.index = game, seed, index
        self.step, self.player = 0, ""
        self.policy: object = None
        self.legal: tuple[Action, ...] = ()

    def error(self, problem: str, detail: str) -> PolicyError:
        return PolicyError(
            problem,
            detail,
            game=self.game,
            seed=self.seed,
            index=self.index,
            step=self.step,
            player=self.player,
            policy=_policy_name(self.policy),
        )


def _policy_name(policy: object) -> str:
    name = getattr(policy, "__qualname__", None) or getattr(type(policy), "__qualname__", "")
    return str(name) or repr(policy)


def _choose(
    game: GameDef[Any],
    state: Game,
    policy_of: Callable[[str], Policy],
    base: Rng,
    streams: dict[str, Rng],
    blame: _Blame,
) -> Action:
    """The choice of the actor on the move; its policy's next stream goes into ``streams``."""
    actor = game.actor(state)
    if actor is None:
        raise RuntimeError(f"{game.name}: no clock action and no actor, but not over")
    legal = game.rules.legal_actions(state, actor)
    if not legal:
        raise RuntimeError(f"{game.name}: {actor} must choose but has no legal action")
    rng = streams.get(actor) or base.split(f"policy:{actor}")
    view = cast(Game, game.rules.lazy_view(state, actor))  # reads as the Game it stands for
    policy = blame.policy = policy_of(actor)
    blame.player, blame.legal = actor, legal
    try:
        chosen = policy(view, legal, rng)
    except Exception as err:
        raise blame.error("raised", f"raised {type(err).__name__}: {err}") from err
    if not (
        type(chosen) is tuple
        and len(chosen) == 2
        and isinstance(chosen[0], Action)
        and isinstance(chosen[1], Rng)
    ):
        raise blame.error("not-a-pair", f"did not return an (action, rng) pair but {chosen!r}")
    action, streams[actor] = chosen
    return action
