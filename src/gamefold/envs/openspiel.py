"""Any registered game as an OpenSpiel Python game (the ``openspiel`` extra).

The game is sequential with imperfect information. **Chance model**: gamefold's randomness
lives in the state (EN-3), so the one chance node is the first move: it draws the game's
seed uniformly from ``range(seeds)`` (explicit stochastic); every later transition is a
function of the seed and the players' actions, the RNG hidden inside the state, never seen
by a player. Clock actions run inside :meth:`apply_action`. Player ``i`` is the ``i``-th of
``GameDef.players``; actions are :class:`~gamefold.envs.ActionCodec` indices; a player's
observation is its view (:class:`~gamefold.envs.ObservationEncoder`, :func:`view_key`), and
its information state is its whole history, with perfect recall: its view at every state
since the seed and its own actions between them, as a string always and, on request, as a
tensor of fixed size (``recall_tensor``). Returns are win shares (see
:func:`gamefold.envs.win_share`) at the end, or at the cap of ``max_decisions`` player
decisions. The classes live in a module that imports
OpenSpiel (``gamefold.envs._openspiel``), imported when :func:`openspiel_game` is called.
"""

from __future__ import annotations

from typing import Any

from gamefold.envs._checks import count, whole_seed
from gamefold.envs.aec import Reward, win_share
from gamefold.envs.codec import ActionCodec
from gamefold.envs.observations import ObservationEncoder
from gamefold.errors import ConfigError
from gamefold.games.base import GameDef, get_game
from gamefold.rng import Rng
from gamefold.sim.extras import require

__all__ = ["Resampler", "openspiel_game"]


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

MAX_TENSOR = 100_000_000
"""The most numbers an information-state tensor may hold (400 MB of ``float32``)."""


def openspiel_game(
    game: GameDef[Any] | str,
    config: Any = None,
    *,
    seeds: int = 1000,
    max_decisions: int = 5000,
    reward: Reward = win_share,
    recall_tensor: bool = False,
) -> Any:
    """``game`` (a :class:`GameDef` or a registered name, with ``config``) as a
    ``pyspiel.Game``, registered under ``gamefold_<name>`` (and a number for another
    config or options) so ``pyspiel.load_game`` finds it too.

    ``seeds`` (the chance node's outcomes) and ``max_decisions`` are whole numbers from 1
    to 1,000,000, else a :class:`~gamefold.ConfigError` naming the option. Like
    OpenSpiel's own Python games, a state refuses an action it cannot take with a
    ``ValueError``: any action once the game is over, a seed outside ``range(seeds)``, an
    index that names no legal action.

    A player's information state (``information_state_string``) is its history: its view
    at every state, a line each, and ``> N`` after each action ``N`` it took. With
    ``recall_tensor=True`` the game provides ``information_state_tensor`` too: a row for
    each of the ``max_decisions + 1`` states a history may hold, each the player's
    encoded view and the action it took there (zeros past the history's end), so keep
    ``max_decisions`` near the game's length; a tensor of more than 100,000,000 numbers is
    a :class:`~gamefold.ConfigError` naming ``max_decisions``.
    """
    seeds = count("seeds", seeds, 1)
    max_decisions = count("max_decisions", max_decisions, 1)
    if not isinstance(recall_tensor, bool):
        raise ConfigError("recall_tensor", f"recall_tensor is True or False, not {recall_tensor!r}")
    pyspiel = require("openspiel", "pyspiel", "gamefold.envs.openspiel_game")
    require("openspiel", "numpy", "gamefold.envs.openspiel_game")
    if isinstance(game, str):
        game = get_game(game)(config)
    elif config is not None:
        game = type(game)(config)
    key = (game, seeds, max_decisions, reward, recall_tensor)
    for made_for, cls in _REGISTERED.values():
        if made_for == key:
            return cls()
    short_name = f"gamefold_{game.name}"
    if short_name in _REGISTERED:
        short_name = f"{short_name}_{len(_REGISTERED)}"
    from gamefold.envs._openspiel import Spec, game_class

    players = tuple(game.players(game.setup(0)))
    codec, encoder = ActionCodec(game), ObservationEncoder(game)
    spec = Spec(game, codec, encoder, players, seeds, max_decisions, reward, recall_tensor)
    if recall_tensor and spec.layout.size > MAX_TENSOR:
        message = (
            f"max_decisions {max_decisions:,} would make an information-state tensor of "
            f"{spec.layout.size:,} numbers; at most {MAX_TENSOR:,}"
        )
        raise ConfigError("max_decisions", message)
    cls = game_class(spec, short_name)
    _REGISTERED[short_name] = (key, cls)
    pyspiel.register_game(cls.GAME_TYPE, cls)
    return cls()
