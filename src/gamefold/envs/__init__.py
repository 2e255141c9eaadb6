"""Train or search agents with other libraries: PettingZoo and OpenSpiel adapters.

- :class:`ActionCodec`: every player action of a game numbered in one fixed universe, from
  the domains the action records declare (:mod:`gamefold.domains`);
- :class:`ObservationEncoder` and :func:`view_key`: a player's view as numbers and as a
  compact string;
- :func:`aec_env`: a PettingZoo ``AECEnv`` (the ``envs`` extra);
- :func:`gym_env`: a Gymnasium ``Env`` for one seat against gamefold policies, with action
  masks (the ``envs`` extra);
- :func:`openspiel_game`: an OpenSpiel Python game (the ``openspiel`` extra), and
  :class:`Resampler`, the seeded determinization OpenSpiel's ``ISMCTSBot`` resamples with;
- :func:`as_policy`: a trained agent back as a gamefold policy.

Importing this package imports neither NumPy, PettingZoo, Gymnasium nor OpenSpiel: each
function that needs one imports it when called, or raises
:class:`~gamefold.sim.MissingExtra` naming the extra to install.
"""

from gamefold.envs.aec import Reward, aec_env, win_share
from gamefold.envs.codec import ActionCodec, Block, Context, action_types
from gamefold.envs.gym import gym_env
from gamefold.envs.observations import ObservationEncoder, view_key
from gamefold.envs.openspiel import Resampler, openspiel_game
from gamefold.envs.policy import Agent, as_policy

__all__ = [
    "ActionCodec",
    "Agent",
    "Block",
    "Context",
    "ObservationEncoder",
    "Resampler",
    "Reward",
    "action_types",
    "aec_env",
    "gym_env",
    "as_policy",
    "openspiel_game",
    "view_key",
    "win_share",
]
