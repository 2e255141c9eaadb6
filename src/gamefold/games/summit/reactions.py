"""How diplomacy's events change the map: deploys, troops, pacts, tallies (SM-4, SM-5, SM-7).

The diplomacy subsystem has no map; summit's game-level wrappers
(:mod:`gamefold.games.summit.rules`) hand the events of each diplomacy step to
:func:`react`, which applies their consequences to the map slice, in the order they
happened, and reports what it did as events of its own:

- ``SelfApplied``: the troops join the player's troops at once (SM-5, DP-11);
- ``PactBegan``: the partner gains the troops of the pact's Value cards (``pact_payment``);
  a Ceasefire starts a truce; a Territory Transfer cedes the partner's weakest territories
  to the proposer (SM-7);
- ``PactEnded``: its truce ends;
- ``StandaloneResolved``: the effect happens (:mod:`gamefold.games.summit.effects`, SM-8);
- ``CardEarned``, ``PactBegan``: the outcome's tallies;
- ``ProposalMade``: its recipient's answer is due; an answer clears it (SM-9).

At a turn start :func:`deploy` then adds the turn's troops, reduced by the deploy debt that
fell due (SM-4, DP-11).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from gamefold.core import Event, Events, replace
from gamefold.diplomacy import (
    CardEarned,
    CardType,
    DeployDebtDue,
    DiplomacyConfig,
    Pact,
    PactBegan,
    PactEnded,
    ProposalAccepted,
    ProposalDeclined,
    ProposalMade,
    SelfApplied,
    StandaloneResolved,
)
from gamefold.games.summit.board import (
    Ask,
    MapState,
    Truce,
    TruceEnded,
    gain_troops,
    realm_of,
    take,
    weakest,
    with_realm,
)
from gamefold.games.summit.effects import HANDLERS

__all__ = ["REACTS_TO", "Deployed", "TruceBegan", "card_type", "deploy", "react"]

CEASEFIRE = "Ceasefire"
TRANSFER = "Territory Transfer"
SUPPORT = "Covert Support"
PARTNERSHIP = "Manufacturing Partnership"


@attrs.frozen
class Deployed(Event):
    """At turn start ``player`` deployed ``troops``, after ``debt`` was taken off (SM-4)."""

    player: str
    troops: int
    debt: int
    total: int
    """The player's troops afterwards."""


@attrs.frozen
class TruceBegan(Event):
    """A Ceasefire (pact ``pact``) binds ``first`` and ``second``: no attacks (SM-7)."""

    pact: int
    first: str
    second: str


def card_type(config: DiplomacyConfig, name: str) -> CardType:
    """The catalogue's card type called ``name``."""
    for card in config.catalogue:
        if card.name == name:
            return card
    raise KeyError(name)


def _tally(state: MapState, player: str, **more: int) -> MapState:
    seat = realm_of(state, player)
    realm = state.realms[seat]
    changes = {name: getattr(realm, name) + count for name, count in more.items()}
    return with_realm(state, seat, replace(realm, **changes))


def _self_applied(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """SM-5 (DP-11): self-applied troops are ready at once."""
    return gain_troops(state, event.player, event.troops, config.cards[event.card].name)


def _transfer(state: MapState, pact: Pact, count: int) -> tuple[MapState, Events]:
    """SM-7: the partner cedes their weakest territories to the proposer."""
    events: list[Event] = []
    for _ in range(count):
        index = weakest(state, pact.partner)
        if index is None:
            break
        state, taken = take(state, index, pact.proposer, "transfer")
        events.append(taken)
    return state, tuple(events)


def _pact_began(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """SM-7: payment to the partner, then the agreement's own effect on the map."""
    pact: Pact = event.pact
    scenario = state.scenario
    state = _tally(_tally(state, pact.proposer, pacts=1), pact.partner, pacts=1)
    events: list[Event] = []
    if scenario.pact_payment:
        troops = sum(card_type(config, name).troops for name in pact.values)
        state, paid = gain_troops(state, pact.partner, troops, pact.agreement)
        events += paid
    agreement = card_type(config, pact.agreement)
    if agreement.subtype == CEASEFIRE:
        state = replace(state, truces=(*state.truces, Truce(pact.id, pact.proposer, pact.partner)))
        events.append(TruceBegan(pact.id, pact.proposer, pact.partner))
    elif agreement.subtype == TRANSFER:
        state, taken = _transfer(state, pact, scenario.transfer_territories * agreement.tier)
        events += taken
    return state, tuple(events)


def _pact_ended(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """A Ceasefire's truce ends with its pact (unless a Betrayal ended it already)."""
    kept = tuple(t for t in state.truces if t.pact != event.pact)
    if len(kept) == len(state.truces):
        return state, ()
    return replace(state, truces=kept), (TruceEnded(event.pact, "ended"),)


def _card_earned(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    return _tally(state, event.player, cards_earned=1), ()


def _proposal_made(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """SM-9: the recipient's answer is due before play goes on; SM-12: one more made."""
    asked = Ask(event.proposal.id, event.proposal.to)
    return replace(state, asked=asked, proposals=state.proposals + 1), ()


def _answered(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    if state.asked is not None and state.asked.proposal == event.proposal:
        return replace(state, asked=None), ()
    return state, ()


def _resolved(state: MapState, config: DiplomacyConfig, event: Any) -> tuple[MapState, Events]:
    """SM-8: a Standalone effect happens on the map."""
    return HANDLERS.run(state, (event,))


Reaction = Callable[[MapState, DiplomacyConfig, Any], tuple[MapState, Events]]

_REACTIONS: dict[type, Reaction] = {
    SelfApplied: _self_applied,
    PactBegan: _pact_began,
    PactEnded: _pact_ended,
    CardEarned: _card_earned,
    ProposalMade: _proposal_made,
    ProposalAccepted: _answered,
    ProposalDeclined: _answered,
    StandaloneResolved: _resolved,
}

REACTS_TO: frozenset[type] = frozenset(_REACTIONS)
"""The diplomacy event types :func:`react` changes the map for."""


def react(
    state: MapState, config: DiplomacyConfig, events: Iterable[Event]
) -> tuple[MapState, Events]:
    """Apply the map consequences of diplomacy's ``events``, in order; the map's events."""
    out: list[Event] = []
    for event in events:
        reaction = _REACTIONS.get(type(event))
        if reaction is not None:
            state, more = reaction(state, config, event)
            out += more
    return state, tuple(out)


def _pact_bonus(
    state: MapState, config: DiplomacyConfig, player: str, pacts: Iterable[Pact]
) -> int:
    """SM-7: the extra deploy running pacts give ``player``."""
    bonus = 0
    for pact in pacts:
        subtype = card_type(config, pact.agreement).subtype
        if subtype == SUPPORT and pact.partner == player:
            bonus += state.scenario.support_deploy
        elif subtype == PARTNERSHIP and player in (pact.proposer, pact.partner):
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
    """SM-4: base + territories held at turn start + pact bonuses, less the debt (DP-11)."""
    scenario = state.scenario
    gross = scenario.deploy_base + territories // scenario.territories_per_troop
    gross += _pact_bonus(state, config, player, pacts)
    debt = sum(e.troops for e in events if isinstance(e, DeployDebtDue) and e.player == player)
    cut = min(debt, gross)
    seat = realm_of(state, player)
    realm = state.realms[seat]
    total = realm.troops + gross - cut
    state = with_realm(state, seat, replace(realm, troops=total))
    return state, (Deployed(player, gross - cut, cut, total),)
