"""How diplomacy's events change the map: deploys, troops, pacts, tallies (SM-4, SM-5,
SM-7, DP-9, DP-11)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.games.summit.helpers import (
    act,
    board,
    dip,
    first_turn,
    give,
    of_type,
    owner,
    summit,
    troops,
    until_turn,
    with_forts,
)

from gamefold import EndTurn, replace
from gamefold.diplomacy import (
    Accept,
    CardEarned,
    DeployDebtDue,
    Pact,
    PactBegan,
    PactCountedDown,
    PactRevealed,
    PlayStandalone,
    ProposalExpired,
    Propose,
    SelfApply,
    StandaloneResolved,
    TicksGained,
    TurnBegan,
)
from gamefold.games.summit import (
    DIPLOMACY,
    Defer,
    Scenario,
    Summit,
    SummitConfig,
    default_diplomacy,
)
from gamefold.registry import Game
from gamefold.territory import Deployed, TerritoryTaken, TroopsGained, Truce, TruceBegan, TruceEnded


def _ready(players: int = 4, **scenario: Any) -> tuple[Summit, Game]:
    game = summit(players, deal="in-order", **scenario)
    return game, first_turn(game)


def _realm(game: Game, player: str) -> Any:
    return next(r for r in board(game).realms if r.player == player)


def test_sm4_the_deploy_is_2_plus_one_troop_per_3_territories_by_default() -> None:
    game = summit(4, deal="in-order")
    state, events = until_turn(game, first_turn(game), "p2")
    assert of_type(events, Deployed) == [Deployed("p2", 2 + 4 // 3, 0, 3)]
    assert troops(state, "p2") == 3


def test_sm4_deploy_base_and_territories_per_troop_are_scenario_figures() -> None:
    game = summit(3, deal="in-order", deploy_base=5, territories_per_troop=2)
    state = first_turn(game)
    assert troops(state, "p1") == 5 + 6 // 2


def test_sm5_dp11_self_applied_troops_come_now_and_the_debt_cuts_the_next_deploy() -> None:
    game, state = _ready()
    state, (card,) = give(state, "p1", ["Troops T1"])
    before = troops(state, "p1")
    state, events = act(game, state, SelfApply("p1", card))
    assert of_type(events, TroopsGained) == [TroopsGained("p1", 3, "Troops T1", before + 3)]
    state, events = until_turn(game, state, "p1")
    assert of_type(events, DeployDebtDue) == [DeployDebtDue("p1", 1)]
    assert of_type(events, Deployed)[-1] == Deployed("p1", 3 - 1, 1, before + 3 + 2)


@pytest.mark.parametrize(
    ("carry", "deploys"),
    [
        (True, [Deployed("p1", 0, 1, 7, 2), Deployed("p1", 0, 1, 7, 1), Deployed("p1", 0, 1, 7)]),
        (False, [Deployed("p1", 0, 1, 7), Deployed("p1", 1, 0, 8), Deployed("p1", 1, 0, 9)]),
    ],
)
def test_sm4_dp11_debt_beyond_the_deploy_carries_over_unless_debt_carry_is_off(
    carry: bool, deploys: list[Deployed]
) -> None:
    """SM-4: the deploy never goes below 0; what it cannot pay carries to the next turn
    (``debt_carry=True``, the default) or is forgiven (``False``)."""
    game = summit(4, deal="in-order", deploy_base=1, territories_per_troop=9, debt_carry=carry)
    state = first_turn(game)
    state, (card,) = give(state, "p1", ["Troops T2"])
    state, _ = act(game, state, SelfApply("p1", card))
    assert troops(state, "p1") == 7
    seen = []
    for _ in range(3):
        state, events = until_turn(game, state, "p1")
        seen.append(of_type(events, Deployed)[-1])
    assert seen == deploys


def _pact(game: Summit, state: Game, agreement: str, values: list[str]) -> tuple[Game, list[Any]]:
    """p1 proposes ``agreement`` to p2, who accepts at once."""
    state, cards = give(state, "p1", [agreement, *values])
    state, _ = act(game, state, Propose("p1", "p2", cards[0], tuple(cards[1:])))
    assert game.actor(state) == "p2"
    return act(game, state, Accept("p2", 0))


def test_sm7_an_accepted_pact_pays_its_partner_the_troops_of_its_values() -> None:
    game, state = _ready()
    before = troops(state, "p2")
    state, events = _pact(game, state, "Manufacturing Partnership T2", ["Troops T1", "Troops T2"])
    assert of_type(events, TroopsGained) == [
        TroopsGained("p2", 3 + 6, "Manufacturing Partnership T2", before + 9)
    ]
    assert (_realm(state, "p1").pacts, _realm(state, "p2").pacts) == (1, 1)
    assert game.actor(state) == "p1"  # the answer given, p1 plays on


def test_sm7_without_pact_payment_the_partner_gains_nothing() -> None:
    game, state = _ready(pact_payment=False)
    state, events = _pact(game, state, "Covert Support T1", ["Troops T1"])
    assert of_type(events, PactBegan)
    assert of_type(events, TroopsGained) == []


def test_sm7_dp8_a_ceasefire_makes_a_truce_that_ends_with_its_pact() -> None:
    game, state = _ready()
    state, events = _pact(game, state, "Ceasefire T1", ["Troops T1"])
    assert of_type(events, TruceBegan) == [TruceBegan(0, "p1", "p2")]
    assert board(state).truces == (Truce(0, "p1", "p2"),)
    for _ in range(3):  # DP-8: in force through p1's next 3 whole turns
        state, events = until_turn(game, state, "p1")
        assert board(state).truces
        assert not of_type(events, TruceEnded)
    state, events = until_turn(game, state, "p2")  # the turn after p1's third
    assert of_type(events, TruceEnded) == [TruceEnded(0, "ended")]
    assert board(state).truces == ()


def test_sm7_a_territory_transfer_cedes_the_partners_weakest_territory() -> None:
    game, state = _ready()
    state = with_forts(state, "Chancery", 1)  # p2's first territory is fortified
    state, events = _pact(game, state, "Territory Transfer T1", ["Troops T1"])
    assert of_type(events, TerritoryTaken) == [TerritoryTaken("p1", "Garrison", "p2", "transfer")]
    assert (owner(state, "Chancery"), owner(state, "Garrison")) == ("p2", "p1")


def test_sm7_transfer_territories_is_per_tier() -> None:
    game, state = _ready(transfer_territories=2)
    state, events = _pact(game, state, "Territory Transfer T2", ["Troops T1", "Troops T1"])
    assert [e.territory for e in of_type(events, TerritoryTaken)] == [
        "Chancery",
        "Garrison",
        "Forum",
        "Lighthouse",
    ]
    assert board(state).owners.count("p2") == 0


def _deploys(game: Summit, state: Game, player: str) -> int:
    state, events = until_turn(game, state, player)
    return next(e.troops for e in of_type(events, Deployed) if e.player == player)


def test_sm7_covert_support_adds_support_deploy_to_its_partners_deploy() -> None:
    for support, expected in ((None, 1), (3, 3)):
        game, state = _ready() if support is None else _ready(support_deploy=support)
        base = _deploys(game, state, "p2")
        state, _ = _pact(game, state, "Covert Support T1", ["Troops T1"])
        assert _deploys(game, state, "p2") == base + expected
        assert _deploys(game, state, "p1") == 3  # the proposer gets nothing


def test_sm7_a_manufacturing_partnership_adds_partnership_deploy_to_both() -> None:
    for bonus, expected in ((None, 1), (2, 2)):
        game, state = _ready() if bonus is None else _ready(partnership_deploy=bonus)
        state, _ = _pact(game, state, "Manufacturing Partnership T1", ["Troops T1"])
        assert _deploys(game, state, "p2") == 3 + expected
        assert _deploys(game, state, "p1") == 3 + expected
        assert _deploys(game, state, "p3") == 3


def test_sm7_en9_covert_support_is_hidden_until_its_partners_turn_start() -> None:
    """SM-7: a secret pact pays nothing and counts in no tally until it takes effect at
    its partner's next turn start; until then only its parties see it (EN-9)."""
    game, state = _ready()
    before = {p: (troops(state, p), _realm(state, p).pacts) for p in ("p1", "p2", "p3")}
    state, events = _pact(game, state, "Covert Support T1", ["Troops T1"])
    assert not of_type(events, TroopsGained)
    assert {p: (troops(state, p), _realm(state, p).pacts) for p in before} == before
    pact = dip(state).pacts[0]
    assert pact.secret
    for viewer, sees in (("p1", True), ("p2", True), ("p3", False), ("p4", False)):
        assert (pact in game.rules.view(state, viewer)["diplomacy"].pacts) is sees
    state, events = until_turn(game, state, "p2")
    assert PactRevealed(pact.id) in events
    assert TroopsGained("p2", 3, "Covert Support T1", of_type(events, TroopsGained)[0].total) in (
        events
    )
    assert _realm(state, "p2").pacts == 1
    assert game.rules.view(state, "p3")["diplomacy"].pacts == dip(state).pacts


@pytest.mark.parametrize("secret", [(), ("Covert Support",)])
def test_sm7_without_secrecy_covert_support_takes_effect_at_once(secret: tuple[str, ...]) -> None:
    diplomacy = attrs.evolve(default_diplomacy(), secret_agreements=secret)
    game = Summit(SummitConfig(scenario=Scenario(deal="in-order"), diplomacy=diplomacy))
    state = first_turn(game)
    state, events = _pact(game, state, "Covert Support T1", ["Troops T1"])
    assert bool(of_type(events, TroopsGained)) is (not secret)


def test_sm3_sm4_dp4_income_and_deploy_count_holdings_as_the_turn_began() -> None:
    """The turn's own Standalone effect resolves after the income is read: a territory
    it takes counts for income and deploy from the next turn on."""
    game, state = _ready(territories_per_troop=5)
    state, (march,) = give(state, "p1", ["Forced March T1"])
    state, _ = act(game, state, EndTurn("p1"))
    state, _ = act(game, state, PlayStandalone("p1", march))
    state, events = until_turn(game, state, "p1")
    assert of_type(events, TerritoryTaken)[-1].player == "p1"  # the march took a fifth
    assert board(state).owners.count("p1") == 5
    gained = [e for e in of_type(events, TicksGained) if e.player == "p1"]
    assert [e.quarters for e in gained if e.counter.value == "random"] == [4]  # 4, not 5
    assert of_type(events, Deployed)[-1].troops == 2  # 2 + 4 // 5, not 2 + 5 // 5


def _with_pact(game: Game, pact: Pact) -> Game:
    return game.with_slice(DIPLOMACY, replace(dip(game), pacts=(*dip(game).pacts, pact)))


def test_dp9_dp12_dp11_dp4_dp6_sm4_sm8_the_order_of_a_turn_start() -> None:
    """A turn start, in its documented order: an expired proposal, the pacts' countdown,
    the waiting Standalone effect (diplomacy's event, then the map's), the deploy debt, the
    income, the card earned, and last the deploy, which pays the debt (DP-9, DP-8, DP-12,
    SM-8, DP-11, DP-4, DP-5, DP-6, SM-4)."""
    game, state = _ready()
    state, cards = give(state, "p1", ["Troops T1", "Ceasefire T1", "Troops T1", "Foreign Aid T1"])
    state, _ = act(game, state, SelfApply("p1", cards[0]))  # the debt: half of 3, 1
    state, _ = act(game, state, Propose("p1", "p3", cards[1], (cards[2],)))
    state, _ = act(game, state, Defer("p3", 0))  # pending until p1's next turn start
    # DP-8: p4's turn, just before p1's, is a whole turn of p4's pact: counted at p1's start
    state = _with_pact(state, Pact(9, "Manufacturing Partnership T1", "p4", "p1", (), 3))
    table = dip(state)
    me = table.players[0]
    rich = attrs.evolve(me, ticks=attrs.evolve(me.ticks, value=60))
    state = state.with_slice(DIPLOMACY, attrs.evolve(table, players=(rich, *table.players[1:])))
    state, _ = act(game, state, EndTurn("p1"))
    state, _ = act(game, state, PlayStandalone("p1", cards[3]))
    state, events = until_turn(game, state, "p1")
    begun = max(i for i, e in enumerate(events) if isinstance(e, TurnBegan) and e.player == "p1")
    mine = events[begun:]
    order = [
        ProposalExpired,
        PactCountedDown,
        StandaloneResolved,
        DeployDebtDue,
        TicksGained,
        CardEarned,
        TroopsGained,
        Deployed,
    ]
    firsts = [next(i for i, e in enumerate(mine) if isinstance(e, kind)) for kind in order]
    assert firsts == sorted(firsts), [type(e).__name__ for e in mine]
    assert of_type(mine, DeployDebtDue)[0].troops == 1
    deployed = of_type(mine, Deployed)[0]
    assert deployed.debt == 1  # the deploy pays the debt that fell due this turn start
