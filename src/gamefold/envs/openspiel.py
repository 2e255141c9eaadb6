"""Any registered game as an OpenSpiel Python game (the ``openspiel`` extra).

The game is sequential with imperfect information. **Chance model**: gamefold's randomness
lives in the state (EN-3), so the one chance node is the first move: it draws the game's
seed uniformly from ``range(seeds)`` (explicit stochastic); every later transition is a
function of the seed and the players' actions, the RNG hidden inside the state, never seen
by a player. Clock actions run inside :meth:`apply_action`. Player ``i`` is the ``i``-th of
``GameDef.players``; actions are :class:`~gamefold.envs.ActionCodec` indices; a player's
observation is its view (:class:`~gamefold.envs.ObservationEncoder`, :func:`view_key`), and
its information state adds its own past actions (perfect recall of its choices, the view
for the rest). Returns are win shares (see :func:`gamefold.envs.win_share`) at the end, or
at the cap of ``max_decisions`` player decisions.
"""

from __future__ import annotations

from typing import Any

import attrs

from gamefold.envs._checks import count, finite_reward, whole_seed
from gamefold.envs.aec import Reward, win_share
from gamefold.envs.codec import ActionCodec, Context
from gamefold.envs.observations import ObservationEncoder, view_key
from gamefold.games.base import GameDef, get_game
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.sim.extras import require

__all__ = ["Resampler", "openspiel_game"]


@attrs.frozen
class _Point:
    """Where an OpenSpiel state stands: immutable, so a clone shares it."""

    state: Game | None
    ctx: Context | None
    decisions: int
    mine: tuple[tuple[int, ...], ...]
    over: bool
    views: dict[int, Any] = attrs.field(factory=dict, eq=False, repr=False)
    """Each player's view, built once (the observer asks for it several times)."""

    def __deepcopy__(self, memo: Any) -> _Point:
        return self


class Resampler:
    """A seeded resampler for OpenSpiel's ``ISMCTSBot`` (``bot.set_resampler(...)``): each
    call draws a state the player to move cannot tell from the given one
    (:meth:`GameDef.determinize <gamefold.games.GameDef.determinize>`), from its own
    stream, so the bot's search is the same in every run for the same ``seed`` (OpenSpiel's
    own resampling draws from a sampler it seeds itself)."""

    def __init__(self, seed: int | str = 0) -> None:
        if not isinstance(seed, str):
            seed = whole_seed(seed)
        self.rng = Rng.from_seed(seed).split("resampler")
        self.draws = 0

    def __call__(self, state: Any, player: int) -> Any:
        """A determinized copy of ``state`` for ``player``."""
        rng = self.rng.split(str(self.draws))
        self.draws += 1
        return state.determinized(player, rng)


_REGISTERED: dict[str, Any] = {}


def openspiel_game(
    game: GameDef[Any] | str,
    config: Any = None,
    *,
    seeds: int = 1000,
    max_decisions: int = 5000,
    reward: Reward = win_share,
) -> Any:
    """``game`` (a :class:`GameDef` or a registered name, with ``config``) as a
    ``pyspiel.Game``, registered under ``gamefold_<name>`` (and a number for another
    config or options) so ``pyspiel.load_game`` finds it too.

    ``seeds`` (the chance node's outcomes) and ``max_decisions`` are whole numbers from 1
    to 1,000,000, else a :class:`~gamefold.ConfigError` naming the option. Like
    OpenSpiel's own Python games, a state refuses an action it cannot take with a
    ``ValueError``: any action once the game is over, a seed outside ``range(seeds)``, an
    index that names no legal action.
    """
    seeds = count("seeds", seeds, 1)
    max_decisions = count("max_decisions", max_decisions, 1)
    pyspiel = require("openspiel", "pyspiel", "gamefold.envs.openspiel_game")
    require("openspiel", "numpy", "gamefold.envs.openspiel_game")
    if isinstance(game, str):
        game = get_game(game)(config)
    elif config is not None:
        game = type(game)(config)
    key = (game, seeds, max_decisions, reward)
    for made_for, cls in _REGISTERED.values():
        if made_for == key:
            return cls()
    short_name = f"gamefold_{game.name}"
    if short_name in _REGISTERED:
        short_name = f"{short_name}_{len(_REGISTERED)}"
    cls = _game_class(pyspiel, game, short_name, seeds, max_decisions, reward)
    _REGISTERED[short_name] = (key, cls)
    pyspiel.register_game(cls.GAME_TYPE, cls)  # type: ignore[attr-defined]
    return cls()


def _game_class(
    pyspiel: Any, game: GameDef[Any], short_name: str, seeds: int, limit: int, reward: Reward
) -> type:
    import numpy as np

    codec = ActionCodec(game)
    encoder = ObservationEncoder(game)
    players = tuple(game.players(game.setup(0)))
    seat = {player: i for i, player in enumerate(players)}
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"gamefold {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(players),
        min_num_players=len(players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=codec.size,
        max_chance_outcomes=seeds,
        num_players=len(players),
        min_utility=0.0,
        max_utility=1.0,
        max_game_length=limit + 1,
    )

    class GamefoldGame(pyspiel.Game):  # type: ignore[misc]
        """A gamefold game for OpenSpiel (see :func:`openspiel_game`)."""

        GAME_TYPE = game_type

        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, game_info, params or {})
            self.gamedef, self.codec, self.encoder = game, codec, encoder

        def new_initial_state(self) -> GamefoldState:
            """The chance node that draws the seed."""
            return GamefoldState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            """An observer of views; with perfect recall it adds the player's own actions.
            It takes no parameters (a ``ValueError``, as OpenSpiel's own Python games)."""
            if params:
                raise ValueError(f"observation parameters are not supported; passed {params}")
            recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return Observer(recall)

    class GamefoldState(pyspiel.State):  # type: ignore[misc]
        """A gamefold state, its decision context built once per decision.

        Everything it holds is immutable and kept in one :class:`_Point`, so OpenSpiel's
        clone (a deep copy of the attributes) shares it instead of copying the game.
        """

        def __init__(self, pygame: Any) -> None:
            super().__init__(pygame)
            self.point = _Point(None, None, 0, tuple(() for _ in players), False)

        def current_player(self) -> int:
            """The player to move, chance at the start, or terminal."""
            point = self.point
            if point.over:
                return int(pyspiel.PlayerId.TERMINAL)
            if point.ctx is None:
                return int(pyspiel.PlayerId.CHANCE)
            return seat[point.ctx.actor]

        def _legal_actions(self, player: int) -> list[int]:
            assert self.point.ctx is not None
            return list(codec.legal_indices(self.point.ctx))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """Each seed, uniformly."""
            return [(seed, 1.0 / seeds) for seed in range(seeds)]

        def _apply_action(self, action: int) -> None:
            point = self.point
            if point.over:
                raise ValueError(f"the game is over: action {action} cannot be applied")
            if point.ctx is None:
                if not 0 <= action < seeds:
                    raise ValueError(
                        f"seed {action} is not a chance outcome: seeds are 0 to {seeds - 1}"
                    )
                self.point = _advance(game.setup(int(action)), 0, point.mine)
                return
            assert point.state is not None
            chosen = codec.legal_action(int(action), point.ctx)
            i = seat[point.ctx.actor]
            mine = (*point.mine[:i], (*point.mine[i], int(action)), *point.mine[i + 1 :])
            state, _ = game.rules.step(point.state, chosen)
            self.point = _advance(state, point.decisions + 1, mine)

        def _action_to_string(self, player: int, action: int) -> str:
            point = self.point
            if point.state is None or player < 0:
                return f"seed {action}"
            if point.ctx is None:  # over: no index names an action any more
                return f"action {action}"
            return repr(codec.decode(int(action), point.ctx))

        def is_terminal(self) -> bool:
            """Whether the game ended (or reached the decision cap)."""
            return self.point.over

        def returns(self) -> list[float]:
            """Win shares at the end; zeros before."""
            point = self.point
            if not point.over or point.state is None:
                return [0.0] * len(players)
            final = point.state
            return [finite_reward(reward(game, final, p), reward, p) for p in players]

        def view_of(self, player: int) -> Any:
            """``player``'s view, or ``None`` before the seed is drawn."""
            _check_player(player)
            point = self.point
            if point.state is None:
                return None
            view = point.views.get(player)
            if view is None:
                view = point.views[player] = game.rules.view(point.state, players[player])
            return view

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state ``player_id`` cannot tell from this one (OpenSpiel's ISMCTS asks for
            it): its hidden parts drawn by :meth:`GameDef.determinize
            <gamefold.games.GameDef.determinize>`, from a seed drawn with
            ``probability_sampler`` (a uniform number in [0, 1)). For draws that are the
            same in every run, give the bot a :class:`Resampler` instead."""
            seed = int(float(probability_sampler()) * 2**53)
            return self.determinized(player_id, Rng.from_seed(seed))

        def determinized(self, player: int, rng: Rng) -> GamefoldState:
            """This state with what ``player`` cannot see drawn afresh from ``rng``: the same
            view, the same own past actions, the same decision count."""
            _check_player(player)
            point = self.point
            fresh = GamefoldState(self.get_game())
            if point.state is None:
                return fresh
            drawn = game.determinize(self.view_of(player), players[player], rng)
            fresh.point = _advance(drawn, point.decisions, point.mine)
            return fresh

        def __str__(self) -> str:
            state = self.point.state
            return "seed not drawn" if state is None else f"{game.name} {state.clock}"

    def _check_player(player: int) -> None:
        if not 0 <= player < len(players):  # players[-1] would be another's view
            raise ValueError(f"player {player} is not one of 0 to {len(players) - 1}")

    def _advance(state: Game, decisions: int, mine: tuple[tuple[int, ...], ...]) -> _Point:
        while not game.is_over(state):
            action = game.clock_action(state)
            if action is None:
                break
            state, _ = game.rules.step(state, action)
        if game.is_over(state) or decisions >= limit:
            return _Point(state, None, decisions, mine, True)
        actor = game.actor(state)
        assert actor is not None
        legal = game.rules.legal_actions(state, actor)
        ctx = codec.context(game.rules.lazy_view(state, actor), actor, legal)
        return _Point(state, ctx, decisions, mine, False)

    class Observer:
        """The views as tensors and strings (OpenSpiel's PyObserver interface)."""

        def __init__(self, recall: bool) -> None:
            self.recall = recall
            self.tensor = np.zeros(encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: GamefoldState, player: int) -> None:
            """The tensor of ``player``'s view (zeros before the seed is drawn)."""
            view = state.view_of(player)
            if view is None:
                self.tensor.fill(0.0)
            else:
                self.tensor[:] = encoder.encode(view)

        def string_from(self, state: GamefoldState, player: int) -> str:
            """``player``'s view key; with recall, its own past actions too."""
            view = state.view_of(player)
            text = "start" if view is None else view_key(view)
            if self.recall:
                text += " | mine " + " ".join(map(str, state.point.mine[player]))
            return text

    return GamefoldGame
