"""The composition: diplomacy, the territory and summit's turn flow in one :class:`Rules`.

Summit's own slice, the turn flow, is a :class:`gamefold.pipeline.Pipeline` over the decide
functions of :mod:`~gamefold.games.summit.flow`, with its verbs (:func:`step`,
:func:`reduce`, :func:`check`, :func:`legal_actions`) and registry entry
(:data:`subsystem`); the map is the territory's own slice (:data:`map_subsystem`). The
slices never see each other: what crosses them is the reaction :func:`settle`, the override
of ``PlayStandalone`` (:data:`OVERRIDES`) and the wrappers (:data:`WRAPPERS`), each saying
its rules. Lifecycle actions reach the diplomacy slice first, then the map, then the flow.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from gamefold import diplomacy, territory
from gamefold.core import (
    Action,
    EndRound,
    EndTurn,
    Events,
    Lifecycle,
    StartRound,
    StartTurn,
    replace,
)
from gamefold.diplomacy import (
    BeginTurn,
    DiplomacyState,
    Discard,
    Kind,
    PlayStandalone,
    Propose,
    TurnBegan,
)
from gamefold.errors import Refusal
from gamefold.games.summit import codes, effects, flow
from gamefold.games.summit.effects import pact_problem, target_problem, targets
from gamefold.games.summit.flow import after_window, dominated, holdings_problem, in_window
from gamefold.games.summit.invariants import GAME_INVARIANTS, INVARIANTS
from gamefold.games.summit.reactions import REACTS_TO, deploy, react, reveal
from gamefold.games.summit.state import (
    _WINDOW,
    MAP,
    NAME,
    G,
    MapState,
    SummitGame,
    SummitSlices,
    SummitState,
    determinize,
    map_determinize,
    map_view,
    view,
)
from gamefold.pipeline import Decide, Pipeline
from gamefold.registry import Game, Handler, Reaction, Rule, Rules, Subsystem, Wrapper
from gamefold.territory import realm_of, territory_count

__all__ = [
    "ACTIONS",
    "EVENTS",
    "LIFECYCLE",
    "OVERRIDES",
    "REACTIONS",
    "ROUTES",
    "WRAPPERS",
    "build_rules",
    "check",
    "legal_actions",
    "map_subsystem",
    "play_standalone",
    "reduce",
    "refuse_discard",
    "refuse_propose",
    "settle",
    "step",
    "subsystem",
]


ROUTES: dict[type, Decide] = {
    flow.Pass: flow.decide_pass,
    flow.Defer: flow.decide_defer,
    StartRound: flow.decide_start_round,
    EndRound: flow.decide_end_round,
    BeginTurn: flow.decide_begin_turn,
    StartTurn: flow.decide_begin_turn,
    EndTurn: flow.decide_end_turn,
}
"""The turn flow's decide function of each action type it takes (SM-3, SM-9, SM-10): its
:data:`subsystem`'s routes, and the campaign's on the flow it holds."""

ACTIONS: tuple[type[Action], ...] = (flow.Pass, flow.Defer)
"""The players' actions the turn flow owns."""

LIFECYCLE: tuple[type[Lifecycle], ...] = (StartRound, EndRound, BeginTurn, StartTurn, EndTurn)
"""The lifecycle actions the turn flow reacts to (a plain ``StartTurn`` is refused, SM-3)."""

EVENTS: tuple[type, ...] = (
    flow.RoundBegan,
    flow.RoundEnded,
    flow.GameOver,
    flow.Passed,
    flow.ProposalDeferred,
    *territory.EVENTS,
    effects.EffectFizzled,
)
"""Every event class summit's own rules and the map report (EN-7)."""


_PIPELINE: Pipeline[SummitState] = Pipeline(codes.CATALOGUE, ROUTES, owner="summit's flow")


step = _PIPELINE.step
"""Apply an action to the turn flow: the new slice and the events, in order. Raises if
illegal (EN-4)."""
reduce = _PIPELINE.reduce
"""Apply an action to the turn flow and return the new slice alone."""
check = _PIPELINE.check
"""Why an action is illegal in the turn flow, or ``None``; never raises for an illegal one."""
legal_actions = flow.flow_actions
"""An actor's flow actions, in a fixed order: Defer, Pass (EN-5)."""

subsystem: Subsystem[SummitState] = _PIPELINE.subsystem(
    NAME,
    legal_actions=legal_actions,
    invariants=INVARIANTS,
    view=view,
    determinize=determinize,
    state_type=SummitState,
)
"""The registry entry of summit's own slice, the turn flow: its actions, lifecycle,
invariants, view."""


def _map_actions(board: territory.TerritoryState[Any], actor: str) -> tuple[Action, ...]:
    """``actor``'s map actions, in a fixed order: deploys (map order), attacks (source, then
    target, in map order) (EN-5); diplomacy lists the ``EndTurn``."""
    return (*territory.deploys(board, actor), *territory.attacks(board, actor))


map_subsystem: Subsystem[territory.TerritoryState[Any]] = attrs.evolve(
    territory.subsystem,
    legal_actions=_map_actions,
    view=map_view,
    determinize=map_determinize,
    state_type=MapState,
)
"""The territory's entry for summit's map: its own actions, turns and invariants, on
summit's scenario."""


_WATCHED = REACTS_TO | {TurnBegan}
_STANDALONE = Kind.STANDALONE  # read once: a member read through its enum class costs a call


def settle(game: G, events: Events) -> tuple[G, Events]:
    """The map applies the step's diplomacy ``events`` (SM-5, SM-7 … SM-9, SM-13, SM-14);
    at a turn start it then reveals the player's secret pacts and deploys, counting the
    territories held when the turn began (SM-3, SM-4)."""
    if _WATCHED.isdisjoint(map(type, events)):  # most steps: nothing for the map to follow
        return game, ()
    before: MapState = game.map
    began = next((e for e in events if isinstance(e, TurnBegan)), None)
    game, more = react(game, events)
    if began is not None:
        game, shown = reveal(game, began.player)
        dip: DiplomacyState = game.diplomacy
        territories = territory_count(before, began.player)  # as the turn began (SM-3)
        state, deployed = deploy(game.map, dip.config, began.player, territories, events, dip.pacts)
        game = game.with_slice(MAP, state)  # the map's answer to the deploy's Levy
        more = (*more, *shown, *deployed)
    return game, more


def _holds_standalone(dip: DiplomacyState, player: str) -> bool:
    cards = dip.config.cards
    hand = next(each.hand for each in dip.players if each.player == player)
    return any(cards[c].kind is _STANDALONE for c in hand)


def end_turn(game: Game, action: Any, inner: Handler) -> tuple[Game, Events]:
    """The turn ends; a domination ends the game (SM-10); else, with no Standalone card to
    play, the window is skipped (SM-9)."""
    game, events = inner(game, action)
    game, over = dominated(game)
    if over:
        return game, (*events, *over)
    state: SummitState = game.summit
    if state.phase is _WINDOW and not _holds_standalone(game.diplomacy, action.player):
        game = game.with_summit(after_window(state))
    return game, events


def _effect(game: SummitSlices, card: int) -> str:
    return game.map.scenario.effect(game.diplomacy.config.cards[card].subtype)


def play_standalone(game: G, action: Any) -> tuple[G, Events] | Refusal:
    """Diplomacy plays the card (DP-12); playing in one's own window closes it (SM-9).
    Diplomacy decides first (DP-12), then the target's reasons (SM-8), then the pact a
    Betrayal or a Duration Modifier acts on (SM-16)."""
    dip, events = diplomacy.step(game.diplomacy, action)
    effect = _effect(game, action.card)
    problem = target_problem(game.map, effect, action.player, action.target)
    if problem is not None:
        return codes.refusal(codes.BAD_TARGET, problem)
    problem = pact_problem(game, effect, action.player, action.target)
    if problem is not None:
        return codes.refusal(codes.NO_PACT, problem)
    game = replace(game, diplomacy=dip)
    state: SummitState = game.summit
    if in_window(state, action.player):
        game = game.with_summit(after_window(state))
    return game, events


# Records are immutable: a window's listing hands out one per player, card and target rather
# than building them anew at every choice, as diplomacy's and the map's listings do.
_play = lru_cache(maxsize=4096)(PlayStandalone)


def list_standalone(game: SummitSlices, actor: str) -> tuple[Action, ...]:
    """Each Standalone card diplomacy lets ``actor`` play, with every target its effect
    takes: ``""`` (auto) first, then players in seat order or territories in map order."""
    out: list[Action] = []
    for action in diplomacy.standalone_plays(game.diplomacy, actor):
        effect = _effect(game, action.card)
        aims = targets(game.map, effect, actor)
        out += [
            _play(actor, action.card, aim)
            for aim in aims
            if pact_problem(game, effect, actor, aim) is None  # SM-16
        ]
    return tuple(out)


def refuse_propose(game: SummitSlices, action: Propose) -> Refusal | None:
    """SM-12, after diplomacy's reasons (DP-9): at most ``proposals_per_turn`` a turn."""
    limit = game.map.scenario.proposals_per_turn
    if game.summit.proposals < limit:
        return None
    return codes.refusal(codes.PROPOSAL_LIMIT, f"You may make {limit} proposal(s) a turn.")


def narrow_propose(game: SummitSlices, actor: str) -> bool:
    """:func:`refuse_propose` for a whole listing: every proposal, or none once the turn's
    are made (SM-12)."""
    return game.summit.proposals < game.map.scenario.proposals_per_turn


def _hand_full(game: SummitSlices, player: str) -> bool:
    """SM-15: whether ``player`` holds the hand limit, locked cards counted."""
    dip: DiplomacyState = game.diplomacy
    return diplomacy.held_count(dip, realm_of(game.map, player)) >= dip.config.hand_limit


def refuse_discard(game: SummitSlices, action: Discard) -> Refusal | None:
    """SM-15, after diplomacy's reasons (DP-1, DP-10): under ``discard_at_limit`` a player
    discards only holding the hand limit."""
    state: MapState = game.map
    if not state.scenario.discard_at_limit or _hand_full(game, action.player):
        return None
    limit = game.diplomacy.config.hand_limit
    message = f"You discard only to make room, holding {limit} cards (locked ones count)."
    return codes.refusal(codes.HAND_NOT_FULL, message)


def narrow_discard(game: SummitSlices, actor: str) -> bool:
    """:func:`refuse_discard` for a whole listing: every discard unless ``discard_at_limit``,
    else all or none as the actor's hand is full (SM-15). Diplomacy lists an actor's own
    discards only (DP-1), so the actor's hand is the one each candidate names."""
    return not game.map.scenario.discard_at_limit or _hand_full(game, actor)


WRAPPERS: tuple[Wrapper, ...] = (
    Wrapper(BeginTurn, refuse=holdings_problem, name="summit holdings"),
    Wrapper(EndTurn, end_turn, name="summit turn end"),
    Wrapper(Propose, refuse=refuse_propose, narrow=narrow_propose, name="summit proposal"),
    Wrapper(Discard, refuse=refuse_discard, narrow=narrow_discard, name="summit discard"),
)
"""Summit's cross-slice refusals and window rules, as wrappers of diplomacy's handlers."""

OVERRIDES: tuple[Rule, ...] = (
    Rule(
        PlayStandalone,
        play_standalone,
        legal_actions=list_standalone,
        name="summit Standalone",
    ),
)
"""Summit's Standalone play: diplomacy's, aimed at the map, with every target listed."""

REACTIONS: tuple[Reaction, ...] = (settle,)
"""Summit's reaction after every step: the map follows diplomacy (:func:`settle`)."""


def build_rules() -> Rules:
    """The registry of a summit game: the three slices, the override, the wrappers, the
    reaction."""
    return Rules(
        [diplomacy.subsystem, map_subsystem, subsystem],
        overrides=OVERRIDES,
        wrappers=WRAPPERS,
        reactions=REACTIONS,
        invariants=GAME_INVARIANTS,
        state=SummitGame,
    )
