"""The campaign's built-in policies; they see only the player's view (EN-9).

- ``"random"`` (:func:`random_policy`): summit's :func:`~gamefold.games.summit.random_kinds`,
  a uniformly random kind of action, then one action of that kind, for every decision,
  in battles too.
- ``"greedy"`` (:func:`greedy_policy`): summit's :func:`~gamefold.games.summit.greedy`
  between battles (it attacks whenever its attackers outnumber the defenders and their forts),
  and the skirmish's greedy policy (:func:`~gamefold.games.skirmish.greedy_policy`) in a battle,
  for the champion and the war-master alike.
"""

from __future__ import annotations

from gamefold.core import Action
from gamefold.games.base import Policy
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.state import NAME
from gamefold.games.skirmish import greedy_policy as skirmish_greedy
from gamefold.games.summit import greedy, random_kinds
from gamefold.registry import Game
from gamefold.rng import Rng

__all__ = ["greedy_policy", "random_policy"]

random_policy: Policy = random_kinds
"""A random kind of action, then a random action of it (summit's ``random_kinds``)."""


def greedy_policy(config: CampaignConfig) -> Policy:
    """Summit's greedy between battles, the skirmish's greedy in a battle."""
    fight = skirmish_greedy(config.skirmish_config())

    def choose(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
        if view[NAME].battle is not None:
            return fight(view, legal, rng)
        return greedy(view, legal, rng)

    return choose
