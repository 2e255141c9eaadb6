"""gamefold: a rules engine for tabletop and card games.

Games are folds: immutable state records pass through pure reducers,
``step(state, action) -> (state, events)`` (``reduce`` gives the state alone), and a
:class:`~gamefold.registry.Rules` registry composes subsystems into whole games. The
subsystems live in :mod:`gamefold.skills`, :mod:`gamefold.combat` and
:mod:`gamefold.diplomacy`.
"""

import sys as _sys

from gamefold.core import (
    Action,
    EndRound,
    EndTurn,
    Event,
    Events,
    Lifecycle,
    StartRound,
    StartTurn,
    attests,
    replace,
    replacer,
)
from gamefold.errors import (
    ConfigError,
    GamefoldError,
    IllegalAction,
    PolicyError,
    RecordError,
    Refusal,
    RegistryError,
)
from gamefold.registry import Clock, Game, Invariant, Rule, Rules, Seat, Subsystem, Wrapper
from gamefold.rng import Rng

__version__ = "0.1.0.dev0"

__all__ = [
    "Action",
    "Clock",
    "ConfigError",
    "EndRound",
    "EndTurn",
    "Event",
    "Events",
    "Game",
    "GamefoldError",
    "IllegalAction",
    "Invariant",
    "Lifecycle",
    "PolicyError",
    "RecordError",
    "Refusal",
    "RegistryError",
    "Rule",
    "Seat",
    "Rng",
    "Rules",
    "StartRound",
    "StartTurn",
    "Subsystem",
    "Wrapper",
    "__version__",
    "attests",
    "replace",
    "replacer",
]

# The Hypothesis plugin registers gamefold's strategies lazily: here, when Hypothesis is
# already loaded; otherwise its entry point (``_gamefold_hypothesis``) does when it loads.
if "hypothesis" in _sys.modules:
    from gamefold.testing._plugin import register as _register_strategies

    _register_strategies()
