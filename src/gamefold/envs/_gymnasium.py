"""The Gymnasium environment class (package-private: :func:`gamefold.envs.gym_env` builds
it, and imports this module, with Gymnasium and NumPy, when called)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.envs.registration import EnvSpec

from gamefold.core import Event
from gamefold.envs._checks import finite_reward, whole_seed
from gamefold.envs._spaces import action_index, mask_box, mask_of, observation_box
from gamefold.envs.aec import Reward
from gamefold.envs.codec import ActionCodec, Context
from gamefold.envs.observations import ObservationEncoder
from gamefold.errors import IllegalAction
from gamefold.games.base import GameDef, Policy
from gamefold.games.playing import _Blame, _choose
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.sim.policies import DEFAULT_POLICY, Policies, resolve_policy

__all__ = ["PASSED_OVER", "GamefoldGym"]

PASSED_OVER = 100
"""The most games :meth:`GamefoldGym.reset` passes over for ending before the seat's first
choice (a seat that never chooses, or a step cap that comes first, is a mistake)."""


class GamefoldGym(gymnasium.Env[Any, Any]):
    """One seat of a gamefold game as a Gymnasium environment (see
    :func:`gamefold.envs.gym_env`)."""

    # render_fps as Gymnasium's own text envs declare it (only a human render would pace by it)
    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium declares it)

    def __init__(
        self,
        game: GameDef[Any],
        seat: str,
        opponents: Policies,
        *,
        reward: Reward,
        max_steps: int,
        observation: str,
        caps: Mapping[str, int] | None,
        bounds: Mapping[str, tuple[float, float]] | None,
        render_mode: str | None,
        illegal: str,
        illegal_reward: float,
    ) -> None:
        self.game, self.seat, self.reward_of, self.max_steps = game, seat, reward, max_steps
        self.illegal, self.illegal_reward = illegal, illegal_reward
        self.players = tuple(game.players(game.setup(0)))
        self._policies = _opponents(game, seat, self.players, opponents)
        self.codec = ActionCodec(game)
        self.encoder = ObservationEncoder(game, caps=caps, bounds=bounds, horizon=max_steps)
        self.flat = observation == "flat"
        self.render_mode = render_mode
        box = observation_box(self.encoder)
        self.action_space: spaces.Discrete = spaces.Discrete(self.codec.size)
        self.observation_space = (
            box
            if self.flat
            else spaces.Dict({"observation": box, "action_mask": mask_box(self.codec.size)})
        )
        from gamefold.envs.gym import gym_env

        maker = functools.partial(
            gym_env,
            game,
            seat,
            opponents,
            reward=reward,
            max_steps=max_steps,
            observation=observation,
            caps=caps,
            bounds=bounds,
            illegal=illegal,
            illegal_reward=illegal_reward,
        )
        # gymnasium.make(env.spec) builds the same env again (check_env does, per render mode)
        self.spec = EnvSpec(f"gamefold/{game.name}-v0", entry_point=maker)
        self._next_seed = self.game_seed = self.steps = 0
        self._state: Game | None = None
        self._ctx: Context | None = None
        self._events: list[Event] = []
        self._buffer = np.zeros(self.encoder.shape, np.float32)  # changed parts rewritten

    # -- the episode ------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start the game of ``seed`` (an ``int`` or a NumPy integer); without one, the game
        after the last one's seed (seed 0 first). A game that ends before the seat has a
        choice is passed over for the next seed (``info["seed"]`` is the one played), up to
        :data:`PASSED_OVER` games, then a ``RuntimeError``."""
        if seed is not None:
            seed = whole_seed(seed)
        super().reset(seed=seed)
        start = self._next_seed if seed is None else seed
        for game_seed in range(start, start + PASSED_OVER):
            self._begin(game_seed)
            if self._ctx is not None:
                self._next_seed = game_seed + 1
                return self._observation(), self._info()
        raise RuntimeError(
            f"{self.game.name}: {self.seat} had no choice in the {PASSED_OVER} games from seed "
            f"{start} (max_steps={self.max_steps:,} actions, clock and opponents included)"
        )

    def _begin(self, seed: int) -> None:
        self.game_seed, self.steps = seed, 0
        self._streams: dict[str, Rng] = {}
        self._base = Rng.from_seed(seed)
        self._blame = _Blame(self.game.name, seed, None)
        self._state, self._events = self.game.setup(seed), []
        self._advance()

    def _advance(self) -> None:
        """Play clock actions and the opponents' choices up to the seat's next choice, the
        end, or the step cap; the seat's decision context, or ``None``."""
        game, state = self.game, self._state
        assert state is not None
        self._ctx = None
        while not game.is_over(state) and self.steps < self.max_steps:
            action = game.clock_action(state)
            if action is None:
                actor = game.actor(state)
                if actor == self.seat:
                    legal = game.rules.legal_actions(state, actor)
                    view = game.rules.lazy_view(state, actor)
                    self._ctx = self.codec.context(view, actor, legal)
                    break
                state, happened = self._opponent(state)
            else:
                state, happened = game.rules.step(state, action)
            self._events += happened
            self.steps += 1
        self._state = state

    def _opponent(self, state: Game) -> tuple[Game, tuple[Event, ...]]:
        """The opponent to move plays its policy's choice, as in :func:`gamefold.play`
        (its own stream; a :class:`~gamefold.PolicyError` for a policy that fails)."""
        game, blame = self.game, self._blame
        blame.step = self.steps
        action = _choose(game, state, self._policies.__getitem__, self._base, self._streams, blame)
        try:
            return game.rules.step(state, action)
        except IllegalAction as refused:
            if action in blame.legal:  # a listed action refused: the game's fault
                raise
            raise blame.error("illegal", f"returned an illegal action: {refused}") from refused

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the seat's action numbered ``action``, then everyone else up to the seat's
        next choice or the end."""
        ctx = self._ctx
        if ctx is None:
            raise RuntimeError("the game is over or not begun: call reset() first")
        index = action_index(self.action_space, action, self.seat)
        legal = index in self.codec.legal_indices(ctx)
        if not legal and self.illegal == "raise":
            self.codec.legal_action(index, ctx)  # the ValueError naming the index
        self._events = []
        if legal:
            assert self._state is not None
            self._state, happened = self.game.rules.step(
                self._state, self.codec.legal_action(index, ctx)
            )
            self._events += happened
            self.steps += 1
            self._advance()
            refused = False
        else:
            self.steps += 1
            refused = True
            if self.steps >= self.max_steps:
                self._ctx = None
        return self._result(refused)

    def _result(self, refused: bool) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        assert self._state is not None
        over = self.game.is_over(self._state)
        ended = self._ctx is None
        reward = self.illegal_reward if refused else 0.0
        if ended:
            given = self.reward_of(self.game, self._state, self.seat)
            reward += finite_reward(given, self.reward_of, self.seat)
        info = self._info()
        if refused:
            info["illegal"] = True
        return self._observation(), reward, ended and over, ended and not over, info

    # -- what the seat sees -----------------------------------------------------------------

    def _mask(self) -> Any:
        return mask_of(self.codec, self._ctx)

    def action_masks(self) -> Any:
        """The seat's legal indices as a boolean array (sb3-contrib's ``MaskablePPO``
        calls this); all false once the game is over."""
        return self._mask().view(np.bool_)

    def _observation(self) -> Any:
        assert self._state is not None
        self.encoder.observe_into(self._state, self.seat, self._buffer)
        observation = self._buffer.copy()
        if self.flat:
            return observation
        return {"observation": observation, "action_mask": self._mask()}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask(), "seed": self.game_seed}

    def render(self) -> str | None:
        """The events since the seat's last choice, in words (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.game.describe(event) for event in self._events)

    def close(self) -> None:
        """Nothing to release."""


def _opponents(
    game: GameDef[Any], seat: str, players: tuple[str, ...], spec: Policies
) -> dict[str, Policy]:
    """Every other seat's policy, resolved now: a typo fails here, not many steps later."""
    if seat not in players:
        raise ValueError(f"{game.name} has no seat {seat!r}; its players: {', '.join(players)}")
    if isinstance(spec, Mapping):
        strangers = sorted(set(spec) - set(players))
        if strangers:
            raise ValueError(
                f"{game.name} has no player {strangers[0]!r}; players: {', '.join(players)}"
            )
        if seat in spec:
            raise ValueError(f"{seat} is the agent's seat: give opponents the other seats only")
        return {p: resolve_policy(game, spec.get(p, DEFAULT_POLICY)) for p in players if p != seat}
    return {p: resolve_policy(game, spec) for p in players if p != seat}
