"""EN-5: summit's listing is sound and complete over reachable games, Standalone targets,
deploys and attacks included, in a deterministic order.

The action space enumerated for an actor: every map action over every territory (and
every source-target pair), every Standalone card of theirs with every target (``""``, each
seat, each territory, and one unknown name), every card of theirs (held or locked, plus a
card held by nobody) in Discard and SelfApply, every Propose of an Agreement card of theirs
with every ordered filling of its slots from their cards to every seat, Accept, Decline
and Defer of every proposal id up to one past the last, EndTurn and Pass.
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold import Action, EndTurn
from gamefold.diplomacy import (
    Accept,
    Decline,
    DiplomacyState,
    Discard,
    PlayStandalone,
    Propose,
    SelfApply,
    locked_cards,
)
from gamefold.games.summit import (
    DIPLOMACY,
    MAP,
    Defer,
    MapState,
    Pass,
    Scenario,
    Summit,
    SummitConfig,
)
from gamefold.registry import Game
from gamefold.territory import Attack, Deploy
from gamefold.testing import reachable_games
from gamefold.testing.listing import listing_problems

GAME = Summit(SummitConfig(players=3, scenario=Scenario(max_rounds=3)))


def _space(game: Game, actor: str) -> list[Action]:
    board: MapState = game[MAP]
    dip: DiplomacyState = game[DIPLOMACY]
    names = board.scenario.territories
    players = list(board.players)
    seat = players.index(actor)
    cards = [*dip.players[seat].hand, *locked_cards(dip, actor), *dip.pool.value[:1]]
    out: list[Action] = [EndTurn(actor), Pass(actor)]
    out += [Deploy(actor, t) for t in names]
    out += [Attack(actor, s, t) for s in names for t in names]
    for card in cards:
        out += [Discard(actor, card), SelfApply(actor, card)]
        for target in ("", "nowhere", *players, *names):
            out.append(PlayStandalone(actor, card, target))
    for proposal in range(dip.next_id + 1):
        out += [Accept(actor, proposal), Decline(actor, proposal), Defer(actor, proposal)]
    for agreement in cards:
        slots = dip.config.cards[agreement].slots
        for values in permutations(cards, slots):
            out += [Propose(actor, to, agreement, values) for to in players]
    return out


@pytest.mark.parametrize("players", [3, 6])
@settings(max_examples=20, deadline=None)
@given(st.data())
def test_en5_summits_listing_is_sound_and_complete(players: int, data: st.DataObject) -> None:
    """EN-5, at the smallest and the largest table (SM-1)."""
    summit = (
        GAME
        if players == 3
        else Summit(SummitConfig(players=players, scenario=Scenario(max_rounds=3)))
    )
    game = data.draw(reachable_games(summit, max_steps=120), label="game")
    actor = data.draw(st.sampled_from(summit.players(game)), label="actor")
    listed = summit.rules.legal_actions(game, actor)
    assert summit.rules.legal_actions(game, actor) == listed  # deterministic
    check = summit.rules.check
    problems = listing_problems(lambda a: check(game, a), listed, _space(game, actor))
    assert problems == []


def test_en5_standalone_targets_are_listed_auto_first() -> None:
    """Every target an effect takes is offered: ``""`` (auto), then the other seats."""
    from tests.games.summit.helpers import act, first_turn, give, summit

    game = summit(4, deal="in-order")
    state, (siege, aid) = give(first_turn(game), "p1", ["Siege T1", "Foreign Aid T1"])
    state, _ = act(game, state, EndTurn("p1"))
    listed = [a for a in game.rules.legal_actions(state, "p1") if isinstance(a, PlayStandalone)]
    assert listed == [
        *(PlayStandalone("p1", siege, t) for t in ("", "p2", "p3", "p4")),
        PlayStandalone("p1", aid, ""),
    ]
