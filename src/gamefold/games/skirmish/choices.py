"""Retreating, answering a reaction window, and what only the game itself may do.

The overrides of combat's ``Retreat`` (SK-8) and the deck's ``CloseReactionWindow`` (SK-4)
and ``DefeatUnit`` (SK-6), and :data:`REFUSED`: the actions a skirmish takes only through
its own rules (a bare ``Declare``, ``PayCost``, ``OpenReactionWindow`` or ``Withdraw``).
"""

from __future__ import annotations

from functools import lru_cache

from gamefold import combat, skills
from gamefold.combat import Declare, Retreat, Withdraw
from gamefold.core import Action, Events, replace
from gamefold.errors import Refusal
from gamefold.games.skirmish import codes
from gamefold.games.skirmish.declaring import blocked, due
from gamefold.games.skirmish.fight import fought, withdraw
from gamefold.games.skirmish.state import G, SkirmishSlices, chose
from gamefold.registry import Game, Rule, no_actions
from gamefold.skills import CloseReactionWindow, DefeatUnit, OpenReactionWindow, PayCost

__all__ = [
    "DEFEATED",
    "REFUSED",
    "close_options",
    "refusal",
    "retreat_options",
    "step_close",
    "step_defeat",
    "step_retreat",
]


DEFEATED = "defeated"
"""The cause a unit the host defeated leaves the fight with (SK-6)."""


def step_retreat(game: G, action: Retreat) -> tuple[G, Events] | Refusal:
    """Agree to retreat (CB-13) in one's own activation (SK-8); the last choice of the
    exchange resolves it. The fight decides first: its refusal comes before SK-8's."""
    fight = game.combat
    after, events = combat.step(fight, action)
    problem = due(game, action.combatant)
    if problem is not None:
        return problem
    game = game.with_skirmish(chose(game.skirmish, action.combatant))
    return fought(game, fight, after, events)


def retreat_options(game: SkirmishSlices, actor: str) -> tuple[Action, ...]:
    """The Retreat options of ``actor``'s character, in its own activation (EN-5): the
    fight's, when :func:`~gamefold.games.skirmish.declaring.blocked` finds no reason."""
    if blocked(game, actor) is not None:
        return ()
    return combat.retreats(game.combat, actor)


def step_close(game: G, action: CloseReactionWindow) -> tuple[G, Events]:
    """Close the window, if it is open (SD-8); the held declaration is then made (SK-4)."""
    deck, events = skills.step(game.skills, action)
    return replace(game, skills=deck), events


# The listing hands out one record per player instead of building it at every choice
# (records are immutable, so sharing them is safe).
_window_closer = lru_cache(maxsize=1024)(CloseReactionWindow)


def close_options(game: SkirmishSlices, actor: str) -> tuple[Action, ...]:
    """``CloseReactionWindow(actor)`` while ``actor`` has a window open (EN-5)."""
    return (_window_closer(actor),) if actor in game.skills.reacting else ()


def step_defeat(game: G, action: DefeatUnit) -> tuple[G, Events]:
    """A host defeats a unit: it leaves the Round (SD-13) and the fight (SK-6). The deck
    decides first (the unit is in play), then the fight (it may still leave it)."""
    deck, events = skills.step(game.skills, action)
    game, more = withdraw(replace(game, skills=deck), (action.unit,), DEFEATED)
    return game, (*events, *more)


def refusal(kind: type[Action], code: str, message: str) -> Rule:
    """An override refusing every action of type ``kind`` with ``code``."""

    refused = codes.refusal(code, message)

    def step(game: Game, action: Action) -> Refusal:
        return refused

    # Listing nothing: the registry drops the subsystem's listing of ``kind``.
    return Rule(
        kind,
        step,
        name=f"skirmish refuses {kind.__name__}",
        legal_actions=no_actions,
    )


REFUSED: tuple[Rule, ...] = (
    refusal(Declare, codes.USE_ABILITY, "declare with UseAbility or UseCard, which also pay"),
    refusal(PayCost, codes.USE_ABILITY, "pay for an ability with UseAbility, which declares it"),
    refusal(
        Withdraw,
        codes.USE_DEFEAT_UNIT,
        "take a unit out of the fight with DefeatUnit, which also takes it out of the Round",
    ),
    refusal(
        OpenReactionWindow,
        codes.WINDOWS_ARE_THE_GAMES,
        "a reaction window opens when an enemy declares at a party member",
    ),
)
"""The overrides refusing actions only the game's own rules may take."""
