"""How diplomacy's events change the map and the turn flow: deploys, troops, pacts, tallies,
answers due (SM-4, SM-5, SM-7, SM-9). The diplomacy subsystem has no map: summit's reaction
(:func:`gamefold.games.summit.rules.settle`) applies these after every step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gamefold import territory
from gamefold.core import Event, Events, replace
from gamefold.diplomacy import (
    CardEarned,
    CardType,
    DeployDebtDue,
    DiplomacyConfig,
    DiplomacyState,
    Pact,
    PactBegan,
    PactEnded,
    ProposalAccepted,
    ProposalDeclined,
    ProposalMade,
    RevealPact,
    SelfApplied,
    StandaloneResolved,
)
from gamefold.diplomacy import step as diplomacy_step
from gamefold.games.summit.effects import resolve, take_weakest
from gamefold.games.summit.flow import answered, asked
from gamefold.games.summit.state import MAP, G, MapState
from gamefold.territory import (
    BeginTruce,
    Deployed,
    EndTruce,
    Levy,
    Reinforce,
    Tally,
    TruceBegan,
    realm_of,
    truce_of,
)

__all__ = [
    "REACTS_TO",
    "Deployed",
    "TruceBegan",
    "card_type",
    "deploy",
    "pact_effect",
    "react",
    "reveal",
]


def card_type(config: DiplomacyConfig, name: str) -> CardType:
    """The catalogue's card type called ``name``."""
    for card in config.catalogue:
        if card.name == name:
            return card
    raise KeyError(name)


def _tally(state: MapState, player: str, pacts: int = 0, cards_earned: int = 0) -> MapState:
    """The map counts a pact or a card earned for the outcome (its ``Tally``)."""
    return territory.step(state, Tally(player, pacts, cards_earned))[0]


def _gain(state: MapState, player: str, troops: int, source: str) -> tuple[MapState, Events]:
    """The map brings ``troops`` into ``player``'s reserve (its ``Reinforce``); none, none
    told."""
    if not troops:
        return state, ()
    return territory.step(state, Reinforce(player, troops, source))


def _self_applied(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """SM-5 (DP-11): self-applied troops are ready at once."""
    return _gain(state, event.player, event.troops, config.cards[event.card].name)


def _effect_of(state: MapState, config: DiplomacyConfig, agreement: str) -> tuple[str, int]:
    card = card_type(config, agreement)
    return state.scenario.effect(card.subtype), card.tier


def pact_effect(state: MapState, config: DiplomacyConfig, pact: Pact) -> tuple[MapState, Events]:
    """SM-7: the pact takes effect: tallies, payment to the partner, then its own effect."""
    scenario = state.scenario
    state = _tally(_tally(state, pact.proposer, pacts=1), pact.partner, pacts=1)
    events: list[Event] = []
    if scenario.pact_payment:
        troops = sum(card_type(config, name).troops for name in pact.values)
        state, paid = _gain(state, pact.partner, troops, pact.agreement)
        events += paid
    effect, tier = _effect_of(state, config, pact.agreement)
    if effect == "truce":
        state, began = territory.step(state, BeginTruce(pact.id, pact.proposer, pact.partner))
        events += began
    elif effect == "transfer":  # SM-7: the partner cedes their weakest territories
        count = scenario.transfer_territories * tier
        state, taken = take_weakest(state, pact.proposer, pact.partner, count, "transfer")
        events += taken
    return state, tuple(events)


def _pact_began(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """SM-7: a public pact takes effect at once; a secret one waits for its reveal."""
    if event.pact.secret:
        return state, ()
    return pact_effect(state, config, event.pact)


def _pact_ended(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """A Ceasefire's truce ends with its pact (unless a Betrayal ended it already)."""
    if truce_of(state, event.pact) is None:
        return state, ()
    return territory.step(state, EndTruce(event.pact, "ended"))


def _card_earned(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """The outcome's tally of the cards each player earned."""
    return _tally(state, event.player, cards_earned=1), ()


Reaction = Callable[[MapState, DiplomacyConfig, Any], tuple[MapState, Events]]

_REACTIONS: dict[type, Reaction] = {
    SelfApplied: _self_applied,
    PactBegan: _pact_began,
    PactEnded: _pact_ended,
    CardEarned: _card_earned,
}

_ANSWERS = (ProposalAccepted, ProposalDeclined)

REACTS_TO: frozenset[type] = frozenset({*_REACTIONS, *_ANSWERS, ProposalMade, StandaloneResolved})
"""The diplomacy event types :func:`react` changes the map or the turn flow for."""


def react(game: G, events: Iterable[Event]) -> tuple[G, Events]:
    """Apply the consequences of diplomacy's ``events``, in order; the events they made."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, StandaloneResolved):
            game, more = resolve(game, event)  # SM-8: the effect may touch both slices
            out += more
        elif isinstance(event, ProposalMade):
            game = game.with_summit(asked(game.summit, event))
        elif isinstance(event, _ANSWERS):
            game = game.with_summit(answered(game.summit, event.proposal))
        reaction = _REACTIONS.get(type(event))
        if reaction is not None:
            dip: DiplomacyState = game.diplomacy
            state, more = reaction(game.map, dip.config, event)
            game = game.with_slice(MAP, state)  # the map's own answers, kept
            out += more
    return game, tuple(out)


def reveal(game: G, player: str) -> tuple[G, Events]:
    """At ``player``'s turn start their secret pacts as partner come to light and take
    effect (SM-7, EN-9): diplomacy's ``RevealPact``, then :func:`pact_effect`."""
    dip: DiplomacyState = game.diplomacy
    state: MapState = game.map
    out: list[Event] = []
    for pact in dip.pacts:
        if pact.secret and pact.partner == player:
            dip, shown = diplomacy_step(dip, RevealPact(pact.id))
            state, more = pact_effect(state, dip.config, pact)
            out += (*shown, *more)
    if not out:
        return game, ()
    return replace(game, diplomacy=dip).with_slice(MAP, state), tuple(out)


def _pact_bonus(
    state: MapState, config: DiplomacyConfig, player: str, pacts: Iterable[Pact]
) -> int:
    """SM-7: the extra deploy running pacts give ``player``."""
    bonus = 0
    for pact in pacts:
        effect = _effect_of(state, config, pact.agreement)[0]
        if effect == "support" and pact.partner == player:
            bonus += state.scenario.support_deploy
        elif effect == "partnership" and player in (pact.proposer, pact.partner):
            bonus += state.scenario.partnership_deploy
    return bonus


def deploy(
    state: MapState,
    config: DiplomacyConfig,
    player: str,
    territories: int,
    events: Iterable[Event],
    pacts: Iterable[Pact],
) -> tuple[MapState, Events]:
    """SM-4: base + territories held at turn start + pact bonuses, less the debt due
    (DP-11) and the debt carried over; what it cannot pay carries over (``debt_carry``)."""
    scenario = state.scenario
    gross = scenario.deploy_base + territories // scenario.territories_per_troop
    gross += _pact_bonus(state, config, player, pacts)
    realm = state.realms[realm_of(state, player)]
    due = sum(e.troops for e in events if isinstance(e, DeployDebtDue) and e.player == player)
    due += realm.debt
    cut = min(due, gross)
    carried = due - cut if scenario.debt_carry else 0
    return territory.step(state, Levy(player, gross - cut, cut, carried))
