"""Summit's built-in policies; they see only the player's view (EN-9).

:func:`random_kinds` (``"random"``) picks an action *kind* uniformly (Discard, SelfApply,
Propose, Deploy, Attack, EndTurn, …), then one action of that kind uniformly: with every
card and target listed (EN-5), a uniform pick over actions would nearly always propose,
and a discard is then one choice among many rather than the usual pick (and legal only at
the hand limit, SM-15).

:func:`greedy` ranks the legal actions with a few rules of thumb and takes the best, the
earliest on ties; it never draws from its RNG. Cards score at the end (DP-14), so it keeps
them, except while *investing*: in the first half of the game (by ``max_rounds``) or when
its hand is one card short of the limit, it turns cards into territory, which feeds its
tick counters (DP-4, DP-5).

- **Deploy** its whole reserve, one troop at a time, on its border territory facing the
  most troops (the earliest on ties).
- **Attack** whenever its attackers outnumber the defenders and their forts: first a
  territory that wins it a bonus zone, then a neutral one, then the others, in map order.
- **Answer**: accept every proposal except a Territory Transfer (which would cost it a
  territory), and decline that.
- **While investing**: propose, in this order of preference, a Manufacturing Partnership
  (to the player holding least land), a Ceasefire (to the one holding most) or a Territory
  Transfer (to the one holding most), filling slots with its cheapest Value cards; play
  Siege, Forced March, Foreign Aid, Fortify and Trap cards, and a Duration Modifier while
  it has a pact (auto-aimed); self-apply a Value card (the lowest first) when no attack is
  open.
- Otherwise end the turn or pass; never discard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold.core import Action, EndTurn
from gamefold.diplomacy import (
    Accept,
    Decline,
    DiplomacyView,
    Discard,
    PlayStandalone,
    Propose,
    SelfApply,
)
from gamefold.games.summit.flow import Defer, Pass
from gamefold.games.summit.state import DIPLOMACY, MAP, MapView, SummitState
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.territory import NEUTRAL, Attack, Deploy, holder_of

__all__ = ["greedy", "random_kinds"]

_USEFUL = ("siege", "march", "aid", "fortify", "trap")
_TRANSFER = "Territory Transfer"
_PARTNERSHIP = "Manufacturing Partnership"
# What it offers first: what a partner gains from too (it declines transfers itself).
_OFFERS = {_PARTNERSHIP: 15, "Ceasefire": 12, _TRANSFER: 10}
_SKIP = -100


def _investing(dip: DiplomacyView, flow: SummitState) -> bool:
    me = next(p for p in dip.players if p.player == dip.viewer)
    full = me.hand_size + me.locked >= dip.config.hand_limit - 1
    return full or flow.round * 2 <= flow.max_rounds


def _deploy(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> int:
    scenario = board.scenario
    index = scenario.territories.index(action.territory)
    facing = sum(
        board.garrisons[n] + 1 for n in scenario.borders[index] if board.owners[n] != action.player
    )
    if not facing:
        # Only ranked against other inner territories: if any territory of the player faces
        # an enemy its deploy is worth more, and with no enemy at its borders no attack.
        return 55
    return 60 + min(facing, 30)


def _attack(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> int:
    names = board.scenario.territories
    index = names.index(action.territory)
    attackers = board.garrisons[names.index(action.source)] - 1 - board.traps[index]
    defence = board.garrisons[index] + board.scenario.fort_strength * board.forts[index]
    if attackers <= defence:
        return _SKIP
    after = (*board.owners[:index], action.player, *board.owners[index + 1 :])
    wins: int = sum(
        holder_of(board.scenario, after, z) == action.player
        and holder_of(board.scenario, board.owners, z) != action.player
        for z in board.scenario.zones
    )
    neutral = board.owners[index] == NEUTRAL
    return 50 + 10 * wins + int(neutral)


def _accept(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> int:
    for proposal in dip.proposals:
        if proposal.id == action.proposal and proposal.agreement is not None:
            subtype = dip.config.cards[proposal.agreement].subtype
            # The worths are weighed only against Decline's 1 and Defer's 0.
            return -5 if subtype == _TRANSFER else 5
    return 5


def _self_apply(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> int:
    if not _investing(dip, flow):
        return _SKIP
    points: int = dip.config.cards[action.card].points
    return 3 - points


def _standalone(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> int:
    effect = board.scenario.effect(dip.config.cards[action.card].subtype)
    mine = any(dip.viewer in (p.proposer, p.partner) for p in dip.pacts)
    useful = effect in _USEFUL or (effect == "extend" and mine)
    return 4 if useful and _investing(dip, flow) else _SKIP


def _propose(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> float:
    subtype: str = dip.config.cards[action.agreement].subtype
    if subtype not in _OFFERS or not _investing(dip, flow):
        return _SKIP
    cost: int = sum(dip.config.cards[v].points for v in action.values)
    held = board.owners.count(action.to) / len(board.owners)
    # A transfer asks the richest for land, a ceasefire makes peace with the strongest;
    # a partnership goes to the weakest partner.
    return _OFFERS[subtype] - cost + (-held if subtype == _PARTNERSHIP else held)


def _unknown(dip: DiplomacyView, board: MapView, flow: SummitState, action: Any) -> float:
    return _SKIP


_Worth = Callable[[DiplomacyView, MapView, SummitState, Any], float]

_WORTH: dict[type, _Worth] = {
    Deploy: _deploy,
    Attack: _attack,
    Accept: _accept,
    Decline: lambda dip, board, flow, action: 1,
    Defer: lambda dip, board, flow, action: 0,
    SelfApply: _self_apply,
    PlayStandalone: _standalone,
    Propose: _propose,
    EndTurn: lambda dip, board, flow, action: 0,
    Pass: lambda dip, board, flow, action: 0,
    Discard: lambda dip, board, flow, action: 2 * _SKIP,
}


def greedy(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    """The best legal action by summit's rules of thumb; the earliest on ties."""
    dip: DiplomacyView = view[DIPLOMACY]
    board: MapView = view[MAP]
    flow: SummitState = view.summit
    attacking = any(type(a) in (Attack, Deploy) for a in legal)

    def worth(action: Action) -> float:
        if type(action) is SelfApply and attacking:
            return _SKIP
        return _WORTH.get(type(action), _unknown)(dip, board, flow, action)

    return max(legal, key=worth), rng  # max keeps the earliest of the best


def random_kinds(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    """A uniformly random kind of action, then a uniformly random action of that kind."""
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    group, rng = rng.choice(list(kinds.values()))
    return rng.choice(group)
