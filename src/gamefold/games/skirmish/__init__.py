"""The skirmish: a party with Skill decks against the GM's enemies (skills + combat).

Each player character owns a Skill deck (SD) and fights in a rock-paper-scissors combat (CB)
against the GM's enemies. Rounds start with refills; activations alternate between the
party and the GM; in its activation a unit pays for its ability with Skill cards and
declares it, and the last declaration of the Round resolves the exchange. Reaction cards
answer an attack, fatal exhaustion takes a character out of the fight, and the party may
flee. The rules that cross the two subsystems are SK-1 … SK-18, each a documented default
with its field in :class:`~gamefold.games.skirmish.settings.SkirmishConfig` (see
``docs/games/skirmish.md``).

>>> from gamefold.games import play
>>> from gamefold.games.skirmish import Skirmish
>>> game = Skirmish()
>>> played = play(game, seed=7, policies=game.policies()["greedy"])
>>> played.finished
True
"""

from gamefold.games.skirmish import codes
from gamefold.games.skirmish.account import LINES, RESULTS, describe, outcome
from gamefold.games.skirmish.config import (
    DEFAULT_ENEMIES,
    MAX_SEATS,
    SkirmishConfig,
)
from gamefold.games.skirmish.declaring import ACTIONS, UseAbility, UseCard, redraw_held
from gamefold.games.skirmish.flow import whose_choice
from gamefold.games.skirmish.game import Skirmish
from gamefold.games.skirmish.invariants import CROSS_INVARIANTS, violations
from gamefold.games.skirmish.policies import greedy_policy
from gamefold.games.skirmish.rules import (
    Parts,
    SkirmishGame,
    build_rules,
    combat_view,
    parts,
    subsystems,
)
from gamefold.games.skirmish.state import (
    EVENTS,
    NAME,
    DeclarationHeld,
    DeclarationLapsed,
    Dodged,
    Held,
    LeftTheFight,
    ShieldRaised,
    ShieldsDropped,
    SkirmishSlices,
    SkirmishState,
    SkirmishView,
    Tally,
    determinize,
    initial_state,
    subsystem,
    tally_of,
    view,
)

__all__ = [
    "redraw_held",
    "ACTIONS",
    "CROSS_INVARIANTS",
    "DEFAULT_ENEMIES",
    "EVENTS",
    "LINES",
    "NAME",
    "MAX_SEATS",
    "RESULTS",
    "DeclarationHeld",
    "Dodged",
    "DeclarationLapsed",
    "Held",
    "LeftTheFight",
    "ShieldRaised",
    "ShieldsDropped",
    "Skirmish",
    "SkirmishConfig",
    "Parts",
    "SkirmishGame",
    "SkirmishSlices",
    "SkirmishState",
    "SkirmishView",
    "Tally",
    "UseAbility",
    "UseCard",
    "build_rules",
    "codes",
    "combat_view",
    "describe",
    "determinize",
    "greedy_policy",
    "initial_state",
    "outcome",
    "parts",
    "subsystem",
    "subsystems",
    "tally_of",
    "view",
    "violations",
    "whose_choice",
]
