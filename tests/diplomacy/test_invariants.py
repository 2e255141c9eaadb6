"""The diplomacy invariants find what they promise (DP-1, DP-3, DP-9, DP-10, DP-12, DP-13).

The stateful tests check that every reachable state satisfies them; these break one thing at
a time in a legal state and check each invariant's sentence (so none can pass by finding
nothing).
"""

from __future__ import annotations

import attrs
import pytest

from gamefold import replace
from gamefold.diplomacy import DiplomacyConfig, Kind, Pact, Pool, Propose, step
from gamefold.diplomacy.invariants import INVARIANTS, violations
from gamefold.diplomacy.standalone import Effect

from .helpers import arrange, begin, table


def _proposed(config: DiplomacyConfig | None = None):
    """ann's turn, a proposal of hers to bob pending: (state, agreement, values)."""
    state, _ = begin(table(config))
    cards = state.config.cards
    agreement = next(i for i, c in enumerate(cards) if c.kind is Kind.AGREEMENT)
    values = tuple(i for i, c in enumerate(cards) if c.kind is Kind.VALUE)
    values = values[: cards[agreement].slots]
    state = arrange(state, {"ann": (agreement, *values)})
    state, _ = step(state, Propose("ann", "bob", agreement, values))
    assert violations(state) == []
    return state, agreement, values


STATE, AGREEMENT, VALUES = _proposed()


def _player(state, name: str, **changes):
    players = tuple(replace(p, **changes) if p.player == name else p for p in state.players)
    return replace(state, players=players)


def _proposal(state, **changes):
    return replace(state, proposals=(replace(state.proposals[0], **changes),))


def test_dp1_a_card_in_two_places_or_none_breaks_conservation() -> None:
    """DP-1: a card lost, or held twice, is reported with the places counted."""
    n = len(STATE.config.cards)
    card = STATE.pool.value[0]
    lost = replace(STATE, pool=replace(STATE.pool, value=STATE.pool.value[1:]))
    assert violations(lost) == [
        f"the pool, hands and proposals hold {n - 1} card places, {n - 1} distinct, for {n} cards"
    ]
    twice = _player(STATE, "cy", hand=(*STATE.players[2].hand, card))
    assert violations(twice) == [
        f"the pool, hands and proposals hold {n + 1} card places, {n} distinct, for {n} cards"
    ]


def test_dp1_each_pool_tuple_is_ascending_and_of_its_kind() -> None:
    """DP-1: the pool's tuples are strictly ascending and each of its own kind."""
    pool = STATE.pool
    swapped = replace(STATE, pool=replace(pool, value=pool.value[::-1]))
    assert violations(swapped) == ["the pool's value cards are not strictly ascending"]
    agreement, standalone = pool.agreement[0], pool.standalone[0]
    mixed = Pool(
        agreement=tuple(sorted((*pool.agreement[1:], standalone))),
        value=pool.value,
        standalone=tuple(sorted((*pool.standalone[1:], agreement))),
    )
    assert violations(replace(STATE, pool=mixed)) == [
        "the pool's agreement cards include another kind",
        "the pool's standalone cards include another kind",
    ]


@pytest.mark.parametrize("keep", [False, True])
def test_dp13_nobody_holds_more_than_the_limit_locked_cards_included(keep: bool) -> None:
    """DP-13: a hand over the limit, counting locked cards, is reported, unless the config
    keeps an all-locked hand (``all_locked="keep"``)."""
    limit = 10
    config = attrs.evolve(STATE.config, hand_limit=limit, all_locked="keep" if keep else "forfeit")
    locked = 1 + len(VALUES)
    pool = STATE.pool.standalone
    extra = pool[: limit + 1 - locked - len(STATE.players[0].hand)]
    hand = (*STATE.players[0].hand, *extra)
    over = _player(STATE, "ann", hand=hand)
    over = replace(over, config=config, pool=replace(STATE.pool, standalone=pool[len(extra) :]))
    held = len(hand) + locked
    assert held == limit + 1
    assert violations(over) == ([] if keep else [f"ann holds {held} cards, over the limit"])
    at = _player(over, "ann", hand=hand[1:])
    at = replace(
        at,
        pool=Pool.of_cards(
            (*at.pool.agreement, *at.pool.value, *at.pool.standalone, hand[0]), STATE.config.cards
        ),
    )
    assert violations(at) == []


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        ({"proposer": "zed"}, "proposal 0 names a player who is not seated"),
        ({"to": "zed"}, "proposal 0 names a player who is not seated"),
        ({"to": "ann"}, "proposal 0 is addressed to its proposer"),
        ({"expires": 1}, "proposal 0 should have expired"),
        ({"expires": 0}, "proposal 0 should have expired"),
    ],
)
def test_dp9_a_pending_proposal_is_between_seated_players_and_running(
    changes: dict, sentence: str
) -> None:
    """DP-9: a proposal names two different seated players and has not expired."""
    assert STATE.turn == 1
    assert violations(_proposal(STATE, **changes)) == [sentence]


def test_dp9_dp10_proposal_ids_are_unique_ascending_and_below_next_id() -> None:
    """DP-9, DP-10: ids are unique, ascending and below ``next_id``."""
    sentence = "proposal ids are not unique, ascending and below next_id"
    assert violations(replace(STATE, next_id=0)) == [sentence]
    assert violations(replace(STATE, next_id=1)) == []
    again = (STATE.proposals[0], replace(STATE.proposals[0], agreement=AGREEMENT))
    problems = violations(replace(STATE, proposals=again, next_id=5))
    assert sentence in problems


def test_dp10_a_locked_agreement_fills_its_slots_with_value_cards() -> None:
    """DP-10: a proposal's Agreement card is one, with as many Value cards as slots."""
    cards = STATE.config.cards
    value = VALUES[0]
    short = _proposal(STATE, values=VALUES[1:])
    assert "proposal 0 is not an Agreement card with its slots filled" in violations(short)
    not_agreement = _proposal(STATE, agreement=value, values=(AGREEMENT, *VALUES[1:]))
    assert violations(not_agreement) == [
        "proposal 0 is not an Agreement card with its slots filled",
        "proposal 0 has a card other than a Value card in a slot",
    ]
    assert cards[AGREEMENT].slots == len(VALUES)


@pytest.mark.parametrize("field", ["random", "agreement", "value", "standalone", "debt"])
def test_dp3_no_counter_nor_deploy_debt_is_negative(field: str) -> None:
    """DP-3: every counter and the deploy debt are 0 or more."""
    ann = STATE.players[0]
    if field == "debt":
        broken = _player(STATE, "ann", deploy_debt=-1)
    else:
        broken = _player(STATE, "ann", ticks=replace(ann.ticks, **{field: -1}))
    assert violations(broken) == ["ann has a negative counter or deploy debt"]
    assert violations(_player(STATE, "ann", deploy_debt=0)) == []


def test_dp9_a_running_pact_has_turns_left_and_its_own_id() -> None:
    """DP-9: pacts have distinct ids and at least one turn left."""
    pact = Pact(3, "Ceasefire T1", "ann", "bob", (), 1)
    assert violations(replace(STATE, pacts=(pact,))) == []
    assert violations(replace(STATE, pacts=(replace(pact, remaining=0),))) == [
        "pact 3 has no turns left but is still running"
    ]
    assert violations(replace(STATE, pacts=(pact, replace(pact, partner="cy")))) == [
        "two pacts share an id"
    ]


def test_dp12_the_active_player_is_seated_and_not_between_turns() -> None:
    """DP-12: the active player is seated, its window closed; an effect waits only in an
    open window."""
    assert violations(replace(STATE, active="zed")) == ["the active player 'zed' is not seated"]
    assert violations(replace(STATE, active=None)) == []
    both = _player(STATE, "ann", between_turns=True)
    assert violations(both) == ["ann is both in their turn and between turns"]
    effect = Effect(0, "Fortify T1", "Fortify", 1, "north")
    waiting = _player(STATE, "bob", pending=effect)
    assert violations(waiting) == ["bob has a Standalone effect waiting outside their window"]
    opened = _player(STATE, "bob", pending=effect, between_turns=True)
    assert violations(opened) == []


def test_every_invariant_is_listed() -> None:
    """The stateful tests check every invariant of the module (INVARIANTS)."""
    assert [f.__name__ for f in INVARIANTS] == [
        "cards_conserved",
        "pool_sorted_by_kind",
        "hands_within_limit",
        "locked_cards_are_proposed",
        "ticks_never_negative",
        "pacts_running",
        "turns_consistent",
    ]
