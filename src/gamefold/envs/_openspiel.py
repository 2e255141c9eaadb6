"""The OpenSpiel game, state and observer classes (package-private:
:func:`gamefold.envs.openspiel_game` imports this module, with OpenSpiel and NumPy, when
called, and registers one thin subclass of :class:`GamefoldGame` a game and options).

Everything a game's classes need (its definition, codec, encoder, players, options) is one
immutable :class:`Spec`, the class attribute ``spec`` of that subclass; a state holds the
same object, and OpenSpiel's clone (a deep copy of the attributes) shares it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import numpy as np
import pyspiel

from gamefold.envs._checks import finite_reward
from gamefold.envs._recall import Layout, Point, chain, observed, recalled_string
from gamefold.envs.aec import Reward
from gamefold.envs.codec import ActionCodec
from gamefold.envs.observations import ObservationEncoder, view_key
from gamefold.games.base import GameDef
from gamefold.registry import Game
from gamefold.rng import Rng

__all__ = ["GamefoldGame", "GamefoldState", "Observer", "Spec", "game_class"]


@attrs.frozen(eq=False)
class Spec:
    """One registered game: the definition, its codec and encoder, and the options."""

    game: GameDef[Any]
    codec: ActionCodec
    encoder: ObservationEncoder
    players: tuple[str, ...]
    seeds: int
    limit: int
    reward: Reward
    tensor: bool
    """Whether the information-state tensor is provided (``recall_tensor``)."""
    seat: dict[str, int] = attrs.field(init=False)
    layout: Layout = attrs.field(init=False)

    @seat.default
    def _seat(self) -> dict[str, int]:
        return {player: i for i, player in enumerate(self.players)}

    @layout.default
    def _layout(self) -> Layout:
        # A history holds a point a decision and the one it starts at: limit + 1 rows.
        return Layout(self.limit + 1, self.codec.size.bit_length(), self.encoder.size)

    def __deepcopy__(self, memo: Any) -> Spec:
        return self

    def check_player(self, player: int) -> None:
        """``ValueError`` unless ``player`` numbers a player (``players[-1]`` would be
        another's view)."""
        if not 0 <= player < len(self.players):
            raise ValueError(f"player {player} is not one of 0 to {len(self.players) - 1}")

    def advance(
        self,
        state: Game,
        decisions: int,
        parent: Point | None = None,
        taken: int = -1,
        recaller: int = -1,
    ) -> Point:
        """Run the clock up to the next decision, or the end (or the decision cap): the point
        reached from ``parent`` by the action ``taken`` (``recaller``: see :class:`Point`)."""
        game = self.game
        while not game.is_over(state):
            action = game.clock_action(state)
            if action is None:
                break
            state, _ = game.rules.step(state, action)
        if game.is_over(state) or decisions >= self.limit:
            return Point(state, None, decisions, True, parent, taken, recaller)
        actor = game.actor(state)
        assert actor is not None
        legal = game.rules.legal_actions(state, actor)
        ctx = self.codec.context(game.rules.lazy_view(state, actor), actor, legal)
        return Point(state, ctx, decisions, False, parent, taken, recaller)

    def view(self, point: Point, player: int) -> Any:
        """``player``'s view at ``point`` (which has a state), built once."""
        view = point.views.get(player)
        if view is None:
            assert point.state is not None
            view = point.views[player] = self.game.rules.view(point.state, self.players[player])
        return view


def game_class(spec: Spec, short_name: str) -> type[GamefoldGame]:
    """The subclass of :class:`GamefoldGame` for ``spec``, named ``short_name`` in
    OpenSpiel's registry."""
    players = len(spec.players)
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"gamefold {spec.game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=spec.tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=spec.codec.size,
        max_chance_outcomes=spec.seeds,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        max_game_length=spec.limit + 1,
    )
    attributes = {"GAME_TYPE": game_type, "GAME_INFO": game_info, "spec": spec}
    return type("GamefoldGame", (GamefoldGame,), attributes)


class GamefoldGame(pyspiel.Game):  # type: ignore[misc]
    """A gamefold game for OpenSpiel (see :func:`gamefold.envs.openspiel_game`)."""

    GAME_TYPE: ClassVar[Any]
    GAME_INFO: ClassVar[Any]
    spec: ClassVar[Spec]

    def __init__(self, params: Any = None) -> None:
        cls = type(self)
        super().__init__(cls.GAME_TYPE, cls.GAME_INFO, params or {})
        spec = cls.spec
        self.gamedef, self.codec, self.encoder = spec.game, spec.codec, spec.encoder

    def new_initial_state(self) -> GamefoldState:
        """The chance node that draws the seed."""
        return GamefoldState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer of views; with perfect recall, of the player's whole history (its
        views at every state and its own actions). It takes no parameters (a ``ValueError``,
        as OpenSpiel's own Python games)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(type(self).spec, recall)


class GamefoldState(pyspiel.State):  # type: ignore[misc]
    """A gamefold state, its decision context built once per decision.

    Everything it holds is immutable and kept in one :class:`~gamefold.envs._recall.Point`
    (and the game's :class:`Spec`), so OpenSpiel's clone shares it instead of copying the
    game and its history.
    """

    def __init__(self, pygame: GamefoldGame) -> None:
        super().__init__(pygame)
        self.spec = type(pygame).spec
        self.point = Point(None, None, 0, False)

    def current_player(self) -> int:
        """The player to move, chance at the start, or terminal."""
        point = self.point
        if point.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if point.ctx is None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.spec.seat[point.ctx.actor]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.point.ctx is not None
        return list(self.spec.codec.legal_indices(self.point.ctx))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each seed, uniformly."""
        seeds = self.spec.seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        point, spec = self.point, self.spec
        if point.over:
            raise ValueError(f"the game is over: action {action} cannot be applied")
        if point.ctx is None:
            if not 0 <= action < spec.seeds:
                raise ValueError(
                    f"seed {action} is not a chance outcome: seeds are 0 to {spec.seeds - 1}"
                )
            self.point = spec.advance(spec.game.setup(int(action)), 0)
            return
        assert point.state is not None
        chosen = spec.codec.legal_action(int(action), point.ctx)
        state, _ = spec.game.rules.step(point.state, chosen)
        self.point = spec.advance(state, point.decisions + 1, point, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        point = self.point
        if point.state is None or player < 0:
            return f"seed {action}"
        if point.ctx is None:  # over: no index names an action any more
            return f"action {action}"
        return repr(self.spec.codec.decode(int(action), point.ctx))

    def is_terminal(self) -> bool:
        """Whether the game ended (or reached the decision cap)."""
        return self.point.over

    def returns(self) -> list[float]:
        """Win shares at the end; zeros before."""
        point, spec = self.point, self.spec
        if not point.over or point.state is None:
            return [0.0] * len(spec.players)
        final, reward = point.state, spec.reward
        return [finite_reward(reward(spec.game, final, p), reward, p) for p in spec.players]

    def view_of(self, player: int) -> Any:
        """``player``'s view, or ``None`` before the seed is drawn."""
        self.spec.check_player(player)
        point = self.point
        return None if point.state is None else self.spec.view(point, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one (OpenSpiel's ISMCTS asks for
        it): its hidden parts drawn by :meth:`GameDef.determinize
        <gamefold.games.GameDef.determinize>`, from a seed drawn with
        ``probability_sampler`` (a uniform number in [0, 1)). For draws that are the
        same in every run, give the bot a :class:`~gamefold.envs.Resampler` instead."""
        seed = int(float(probability_sampler()) * 2**53)
        return self.determinized(player_id, Rng.from_seed(seed))

    def determinized(self, player: int, rng: Rng) -> GamefoldState:
        """This state with what ``player`` cannot see drawn afresh from ``rng``: the same
        view, the same history for ``player`` (its information state), the same decision
        count; the others' histories start at the drawn state."""
        spec = self.spec
        spec.check_player(player)
        point = self.point
        fresh = GamefoldState(self.get_game())
        if point.state is None:
            return fresh
        drawn = spec.game.determinize(self.view_of(player), spec.players[player], rng)
        fresh.point = spec.advance(drawn, point.decisions, point.parent, point.action, player)
        return fresh

    def __str__(self) -> str:
        state = self.point.state
        return "seed not drawn" if state is None else f"{self.spec.game.name} {state.clock}"


class Observer:
    """The views as tensors and strings (OpenSpiel's PyObserver interface); with perfect
    recall, the player's history of them (:mod:`gamefold.envs._recall`)."""

    def __init__(self, spec: Spec, recall: bool) -> None:
        self.spec, self.recall = spec, recall
        size = spec.encoder.size if not recall else spec.layout.size if spec.tensor else 0
        # Zeros never written cost no memory: only the rows histories reach are touched.
        self.tensor = np.zeros(size, np.float32)
        self.rows = self.tensor.reshape(-1, spec.layout.width) if recall else None
        self.filled = 0
        name = "information_state" if recall else "observation"
        self.dict = {name: self.tensor if self.rows is None else self.rows}

    def _points(self, state: GamefoldState, player: int, encode: bool) -> tuple[list[Point], bool]:
        """``player``'s history up to ``state``, each point's view key (and encoding) cached."""
        spec = self.spec
        spec.check_player(player)
        points, whole = chain(state.point, player)
        encoder = spec.encoder if encode else None
        for point in points:
            observed(point, player, spec.view(point, player), encoder)
        return points, whole

    def set_from(self, state: GamefoldState, player: int) -> None:
        """The tensor of ``player``'s view, or of its history (zeros before the seed)."""
        if self.rows is None:
            view = state.view_of(player)
            if view is None:
                self.tensor.fill(0.0)
            else:
                self.tensor[:] = self.spec.encoder.encode(view)
            return
        if not self.spec.tensor:
            raise ValueError("no information-state tensor: pass openspiel_game(recall_tensor=True)")
        filled = 0
        if state.point.state is not None:
            points, _ = self._points(state, player, encode=True)
            spec = self.spec
            filled = spec.layout.write(self.rows, points, player, spec.seat)
        self.rows[filled : self.filled] = 0.0
        self.filled = filled

    def string_from(self, state: GamefoldState, player: int) -> str:
        """``player``'s view key, or its history: a view key a state, and its own actions."""
        if state.point.state is None:
            self.spec.check_player(player)
            return "start"
        if not self.recall:
            return view_key(state.view_of(player))
        points, whole = self._points(state, player, encode=False)
        return recalled_string(points, whole, player, self.spec.seat)
