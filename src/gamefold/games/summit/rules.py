"""The composition: the diplomacy and map slices in one :class:`~gamefold.registry.Rules`.

The two slices never see each other; summit's cross-slice rules are
:class:`~gamefold.registry.Wrapper`-s around diplomacy's handlers, which run the inner
handler and then apply its events to the map (:func:`~gamefold.games.summit.reactions.react`):

============================  ==============================================================
wrapped action                what the wrapper adds
============================  ==============================================================
``BeginTurn``                 pacts ending, Standalone effects (SM-8), then the deploy (SM-4)
``EndTurn``                   the window is skipped when the player holds no Standalone
                              card (SM-9)
``PlayStandalone``            the target must suit the card (SM-8); playing closes the
                              player's window (SM-9)
``SelfApply``                 the troops join the player's troops (SM-5)
``Propose``                   at most ``proposals_per_turn`` a turn (SM-12); the
                              recipient's answer is due (SM-9)
``Accept``                    the pact's payment and effect on the map (SM-7)
``Decline``                   the awaited answer is given (SM-9)
============================  ==============================================================

Lifecycle actions reach the diplomacy slice first, then the map.
"""

from __future__ import annotations

from typing import Any

from gamefold import diplomacy
from gamefold.core import EndTurn, Events
from gamefold.diplomacy import (
    Accept,
    BeginTurn,
    Decline,
    DiplomacyState,
    Kind,
    PlayStandalone,
    Propose,
    SelfApply,
)
from gamefold.errors import IllegalAction
from gamefold.games.summit import codes
from gamefold.games.summit.board import DIPLOMACY, NAME, MapState, Phase
from gamefold.games.summit.effects import target_problem
from gamefold.games.summit.flow import advance
from gamefold.games.summit.reactions import deploy, react
from gamefold.games.summit.reducer import subsystem
from gamefold.registry import Checker, Game, Handler, Rules, Wrapper

__all__ = ["WRAPPERS", "build_rules"]


def _map_after(game: Game, events: Events) -> tuple[MapState, Events]:
    """The map with diplomacy's ``events`` applied, and the map's own events."""
    state: MapState = game[NAME]
    dip: DiplomacyState = game[DIPLOMACY]
    return react(state, dip.config, events)


def reacting(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """Run the inner handler, then apply its events to the map (SM-5, SM-7, SM-9)."""
    game, events = inner(game, action)
    state, more = _map_after(game, events)
    return game.with_slice(NAME, state), (*events, *more)


def begin_turn(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """The turn begins; the map applies its events (SM-8), then the deploy (SM-4)."""
    game, events = inner(game, action)
    state, more = _map_after(game, events)
    dip: DiplomacyState = game[DIPLOMACY]
    state, deployed = deploy(
        state, dip.config, action.player, action.territories, events, dip.pacts
    )
    return game.with_slice(NAME, state), (*events, *more, *deployed)


def _holds_standalone(dip: DiplomacyState, player: str) -> bool:
    cards = dip.config.cards
    for each in dip.players:
        if each.player == player:
            return any(cards[c].kind is Kind.STANDALONE for c in each.hand)
    return False


def end_turn(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """The turn ends; with no Standalone card to play, the window is skipped (SM-9)."""
    game, events = inner(game, action)
    state: MapState = game[NAME]
    if state.phase is Phase.WINDOW and not _holds_standalone(game[DIPLOMACY], action.player):
        game = game.with_slice(NAME, advance(state))
    return game, events


def _target(game: Game, action: PlayStandalone) -> IllegalAction | None:
    dip: DiplomacyState = game[DIPLOMACY]
    subtype = dip.config.cards[action.card].subtype
    problem = target_problem(game[NAME], subtype, action.player, action.target)
    if problem is None:
        return None
    return IllegalAction(codes.BAD_TARGET, "SM-8", problem, action)


def play_standalone(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """A suitable target (SM-8); playing in one's own window closes it (SM-9)."""
    new, events = inner(game, action)  # the registry ran check_standalone first
    state: MapState = new[NAME]
    if state.phase is Phase.WINDOW and state.current == action.player:
        new = new.with_slice(NAME, advance(state))
    return new, events


def check_standalone(game: Game, action: Any, inner: Checker) -> IllegalAction | None:
    """Diplomacy's reasons first (DP-12), then the target's (SM-8)."""
    return inner(game, action) or _target(game, action)


def _limit(game: Game, action: Propose) -> IllegalAction | None:
    state: MapState = game[NAME]
    limit = state.scenario.proposals_per_turn
    if state.proposals < limit:
        return None
    return IllegalAction(
        codes.PROPOSAL_LIMIT, "SM-12", f"You may make {limit} proposal(s) a turn.", action
    )


def propose(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """At most ``proposals_per_turn`` a turn (SM-12); then the answer is due (SM-9)."""
    new, events = inner(game, action)  # the registry ran check_propose first
    state, more = _map_after(new, events)
    return new.with_slice(NAME, state), (*events, *more)


def check_propose(game: Game, action: Any, inner: Checker) -> IllegalAction | None:
    """Diplomacy's reasons first (DP-9), then the turn's limit (SM-12)."""
    return inner(game, action) or _limit(game, action)


WRAPPERS: tuple[Wrapper, ...] = (
    Wrapper(BeginTurn, begin_turn, name="summit turn start"),
    Wrapper(EndTurn, end_turn, name="summit turn end"),
    Wrapper(PlayStandalone, play_standalone, check_standalone, name="summit Standalone"),
    Wrapper(SelfApply, reacting, name="summit self-application"),
    Wrapper(Propose, propose, check_propose, name="summit proposal"),
    Wrapper(Accept, reacting, name="summit acceptance"),
    Wrapper(Decline, reacting, name="summit refusal"),
)
"""Summit's cross-slice rules, as wrappers of diplomacy's handlers."""


def build_rules() -> Rules:
    """The registry of a summit game: the diplomacy slice, the map slice, the wrappers."""
    return Rules([diplomacy.subsystem, subsystem], wrappers=WRAPPERS)
