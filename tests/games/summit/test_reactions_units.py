"""Summit's reactions to diplomacy's events, each on its own: :func:`react`, :func:`reveal`,
:func:`deploy` and :func:`pact_effect` called on arranged states (SM-4, SM-5, SM-7, SM-8,
SM-9, SM-12, DP-6).

With an in-order deal for four players p2 holds Chancery, Garrison, Forum and Lighthouse.
"""

from __future__ import annotations

import pytest
from tests.games.summit.helpers import board, dip, flow, summit, with_flow

from gamefold import replace
from gamefold.diplomacy import (
    CardEarned,
    Counter,
    Effect,
    Pact,
    PactRevealed,
    Proposal,
    ProposalAccepted,
    ProposalDeclined,
    ProposalMade,
    SelfApplied,
    StandaloneResolved,
)
from gamefold.games.summit import DIPLOMACY
from gamefold.games.summit.reactions import card_type, deploy, pact_effect, react, reveal
from gamefold.games.summit.state import Ask
from gamefold.registry import Game
from gamefold.territory import Realm, TerritoryTaken, TroopsGained


def _game(**scenario: object) -> Game:
    return summit(4, deal="in-order", **scenario).setup(1)


def _realm(game: Game, player: str) -> Realm:
    return next(r for r in board(game).realms if r.player == player)


def _troops_card(game: Game) -> int:
    return next(i for i, c in enumerate(dip(game).config.cards) if c.name == "Troops T1")


def test_sm7_dp6_each_card_earned_and_each_proposal_made_is_counted() -> None:
    game = _game()
    earned = CardEarned("p1", Counter.RANDOM, 0)
    after, events = react(game, [earned, earned])
    assert (events, _realm(after, "p1").cards_earned) == ((), 2)
    offer = Proposal(3, "p1", "p2", 0, (1,), 9)
    after, _ = react(game, [ProposalMade(offer)])
    assert (flow(after).asked, flow(after).proposals) == (Ask(3, "p2"), 1)
    after, _ = react(after, [ProposalMade(replace(offer, id=4))])
    assert (flow(after).asked, flow(after).proposals) == (Ask(4, "p2"), 2)


def test_sm9_an_answer_clears_only_the_awaited_proposal() -> None:
    game = _game()
    for answer in (ProposalAccepted(3, "p2"), ProposalDeclined(3, "p1", "p2")):
        assert react(game, [answer]) == (game, ())  # nothing awaited
        waiting = with_flow(game, asked=Ask(3, "p2"))
        assert flow(react(waiting, [answer])[0]).asked is None
        other = with_flow(game, asked=Ask(5, "p2"))
        assert flow(react(other, [answer])[0]).asked == Ask(5, "p2")


def test_sm5_sm8_events_are_applied_in_order_and_all_reported() -> None:
    """A Standalone effect between two other events: each one's consequence happens and is
    reported, in the order of the events."""
    game = _game()
    aid = StandaloneResolved("p1", Effect(0, "Foreign Aid T1", "Foreign Aid", 1, ""))
    card = _troops_card(game)
    events = [SelfApplied("p1", card, 3, 1), aid, SelfApplied("p1", card, 3, 1)]
    after, out = react(game, [*events, CardEarned("p1", Counter.RANDOM, 0)])
    assert out == (
        TroopsGained("p1", 3, "Troops T1", 3),
        TroopsGained("p1", 3, "Foreign Aid T1", 6),
        TroopsGained("p1", 3, "Troops T1", 9),
    )
    assert _realm(after, "p1").cards_earned == 1


def test_sm7_a_transfer_cedes_what_the_partner_has_and_follows_the_payment() -> None:
    game = _game(transfer_territories=3)
    config = dip(game).config
    pact = Pact(0, "Territory Transfer T2", "p1", "p2", ("Troops T1",), 3)
    state, events = pact_effect(board(game), config, pact)
    assert events[0] == TroopsGained("p2", 3, "Territory Transfer T2", 3)
    taken = [e.territory for e in events if isinstance(e, TerritoryTaken)]
    assert taken == ["Chancery", "Garrison", "Forum", "Lighthouse"]  # all p2 had, not 6
    assert len(events) == 5
    assert state.owners.count("p2") == 0


def test_sm7_every_secret_pact_of_the_partner_is_revealed_at_their_turn_start() -> None:
    game = _game()
    pacts = (
        Pact(0, "Covert Support T1", "p1", "p2", ("Troops T1",), 3, secret=True),
        Pact(1, "Covert Support T1", "p3", "p2", ("Troops T1",), 3, secret=True),
        Pact(2, "Covert Support T1", "p2", "p4", ("Troops T1",), 3, secret=True),
    )
    game = game.with_slice(DIPLOMACY, replace(dip(game), pacts=pacts))
    after, events = reveal(game, "p2")
    assert [e for e in events if isinstance(e, PactRevealed)] == [PactRevealed(0), PactRevealed(1)]
    assert [e.total for e in events if isinstance(e, TroopsGained)] == [3, 6]
    assert [p.secret for p in dip(after).pacts] == [False, False, True]
    assert reveal(game, "p3") == (game, ())


@pytest.mark.parametrize(
    ("agreement", "figure"),
    [
        ("Covert Support T1", "support_deploy"),
        ("Manufacturing Partnership T1", "partnership_deploy"),
    ],
)
def test_sm4_sm7_every_running_pact_adds_its_deploy_bonus(agreement: str, figure: str) -> None:
    game = _game(**{figure: 2})
    pacts = [Pact(i, agreement, "p1", "p2", (), 3) for i in range(3)]
    _, (deployed,) = deploy(board(game), dip(game).config, "p2", 0, (), pacts)
    assert deployed.troops == 2 + 3 * 2


def test_sm7_card_type_names_the_catalogue_entry_or_raises_key_error() -> None:
    config = dip(_game()).config
    assert card_type(config, "Troops T1").troops == 3
    with pytest.raises(KeyError) as err:
        card_type(config, "Nothing T9")
    assert err.value.args == ("Nothing T9",)
