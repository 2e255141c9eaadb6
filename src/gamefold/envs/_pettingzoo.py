"""The PettingZoo AEC environment class (package-private: :func:`gamefold.envs.aec_env`
builds it, and imports this module, with PettingZoo, Gymnasium and NumPy, when called)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gamefold.core import Action
from gamefold.envs._checks import count, finite_reward, whole_seed
from gamefold.envs._spaces import action_index, mask_box, mask_of, observation_box
from gamefold.envs.aec import Reward
from gamefold.envs.codec import ActionCodec, Context
from gamefold.envs.observations import ObservationEncoder
from gamefold.games.base import GameDef
from gamefold.registry import Game

__all__ = ["GamefoldAEC"]


class GamefoldAEC(AECEnv):  # type: ignore[misc]
    """A gamefold game as a PettingZoo AEC environment (see :func:`aec_env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "gamefold",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: GameDef[Any],
        *,
        reward: Reward,
        max_steps: int,
        caps: Mapping[str, int] | None,
        render_mode: str | None,
        observation: str = "dict",
        bounds: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        super().__init__()
        max_steps = count("max_steps", max_steps, 1)
        self.game, self.reward_of, self.max_steps = game, reward, max_steps
        self.render_mode = render_mode
        self.codec = ActionCodec(game)
        self.encoder = ObservationEncoder(game, caps=caps, bounds=bounds, horizon=max_steps)
        self.flat = observation == "flat"
        first = game.setup(0)
        self.possible_agents = list(game.players(first))
        self.metadata = {**type(self).metadata, "name": f"gamefold_{game.name}"}  # type: ignore[misc]
        box = observation_box(self.encoder)
        shown = (
            box
            if self.flat
            else spaces.Dict({"observation": box, "action_mask": mask_box(self.codec.size)})
        )
        self._obs_spaces = dict.fromkeys(self.possible_agents, shown)
        self._act_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self.state_: Game = first
        self._next_seed = 0
        self._ctx: Context | None = None
        # Each agent's observation is written in place, only its changed parts (see
        # ObservationEncoder.observe_into), and handed out as a copy.
        self._buffers = {a: np.zeros(self.encoder.shape, np.float32) for a in self.possible_agents}
        self._events: tuple[Any, ...] = ()

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object every call)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's action space (the same object every call)."""
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the game of ``seed`` (an ``int`` or a NumPy integer); without one, the
        game after the last one's seed (seed 0 first)."""
        seed = self._next_seed if seed is None else whole_seed(seed)
        self._next_seed = seed + 1
        self.state_ = self.game.setup(seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Run the clock up to the next choice, or end the game."""
        game, state = self.game, self.state_
        while True:  # the end asked once a state
            over = game.is_over(state)
            if over or self.steps >= self.max_steps:
                self.state_ = state
                self._finish(over)
                return
            action = game.clock_action(state)
            if action is None:
                break
            state, self._events = game.rules.step(state, action)
            self.steps += 1
        self.state_ = state
        actor = game.actor(state)
        assert actor is not None
        legal = game.rules.legal_actions(state, actor)
        view = self.encoder.observe_into(state, actor, self._buffers[actor])  # built once
        self._ctx = self.codec.context(view, actor, legal)
        self.agent_selection = actor
        if self.flat:  # the mask where PettingZoo's flat envs put it
            self.infos[actor] = {"action_mask": mask_of(self.codec, self._ctx)}

    def _finish(self, over: bool) -> None:
        self._ctx = None
        for agent in self.agents:
            given = self.reward_of(self.game, self.state_, agent)
            self.rewards[agent] = finite_reward(given, self.reward_of, agent)
            self.terminations[agent] = over
            self.truncations[agent] = not over
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Any:
        """The agent's encoded view, and in the Dict form its action mask (zeros unless it
        is to act); the flat form's mask is ``infos[agent]["action_mask"]``."""
        ctx = self._ctx
        buffer = self._buffers[agent]
        if ctx is not None and ctx.actor != agent:
            ctx = None  # not this agent's decision: no mask, and its view still to write
        if ctx is None:  # the actor's was written by _advance
            self.encoder.observe_into(self.state_, agent, buffer)
        observation = buffer.copy()
        if self.flat:
            return observation
        return {"observation": observation, "action_mask": mask_of(self.codec, ctx)}

    def step(self, action: Any) -> None:
        """Play the action numbered ``action`` for ``agent_selection``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        ctx = self._ctx
        assert ctx is not None
        index = action_index(self._act_spaces[agent], action, agent)
        chosen: Action = self.codec.legal_action(index, ctx)
        self._cumulative_rewards[agent] = 0.0
        if self.flat:
            self.infos[agent] = {}
        self.state_, self._events = self.game.rules.step(self.state_, chosen)
        self.steps += 1
        self._advance()

    def render(self) -> str | None:
        """The last step's events in words (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.game.describe(event) for event in self._events)

    def close(self) -> None:
        """Nothing to release."""
