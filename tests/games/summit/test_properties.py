"""Properties over random legal play: conformance, the state machine, JSON, replay, views
(EN-1 … EN-9)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.games.summit.helpers import board, dip

from gamefold import IllegalAction, Rng, replace
from gamefold.diplomacy import Pool
from gamefold.diplomacy.invariants import violations
from gamefold.games import play
from gamefold.games.summit import MAP, Scenario, Summit, SummitConfig
from gamefold.record import GameRecord, from_json, to_json, verify
from gamefold.registry import Game
from gamefold.territory import Attack
from gamefold.testing import (
    assert_refused,
    conformance,
    game_machine,
    illegal_actions,
    reachable_games,
)

SHORT = Summit(SummitConfig(players=3, scenario=Scenario(max_rounds=2)))
"""A two-Round game: the state machine reaches its end within its steps."""
FULL = Summit(SummitConfig(players=5))

TestSummitMachine = game_machine(SHORT).TestCase
TestSummitMachine.settings = settings(
    max_examples=settings.default.max_examples // 2,
    stateful_step_count=60,
    deadline=None,
    database=None,
)


@pytest.mark.parametrize("players", [3, 6])
def test_en8_conformance_of_whole_games(players: int) -> None:
    report = conformance(Summit(SummitConfig(players=players)), games=3, steps=3000, seed=players)
    assert report.finished == report.games == 3
    assert report.replays == 3


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_en8_every_state_of_a_game_round_trips_through_json(policy: str) -> None:
    played = play(FULL, 21, FULL.policies()[policy])
    assert played.finished
    for state in played.states:
        assert from_json(to_json(state), Game) == state


def _record(seed: int) -> tuple[GameRecord, tuple[Game, ...]]:
    played = play(FULL, seed, FULL.policies()["greedy"])
    return GameRecord(FULL.name, FULL.config, seed, played.actions), played.states


def test_en8_replay_catches_an_illegal_tampered_action_at_its_step() -> None:
    record, states = _record(4)
    step = next(i for i, a in enumerate(record.actions) if isinstance(a, Attack) and i > 40)
    attack = record.actions[step]
    assert isinstance(attack, Attack)
    own = board(states[step]).owners.index(attack.player)
    mine = board(states[step]).scenario.territories[own]
    forged = replace(attack, territory=mine)  # one's own territory: refused
    actions = (*record.actions[:step], forged, *record.actions[step + 1 :])
    divergence = verify(replace(record, actions=actions), states)
    assert divergence is not None
    assert divergence.step == step + 1
    assert "illegal" in divergence.reason


def test_en8_replay_catches_a_legal_tampered_action_at_its_step() -> None:
    record, states = _record(5)
    for step, action in enumerate(record.actions):
        if not isinstance(action, Attack):
            continue
        others = [
            a
            for a in FULL.rules.legal_actions(states[step], action.player)
            if isinstance(a, Attack) and a != action
        ]
        if others:
            break
    actions = (*record.actions[:step], others[0], *record.actions[step + 1 :])
    tampered = GameRecord.from_json(replace(record, actions=actions).to_json())
    divergence = verify(tampered, states)
    assert divergence is not None
    assert divergence.step == step + 1
    assert verify(GameRecord.from_json(record.to_json()), states) is None
    assert verify(replace(record, seed=6), states).step == 0  # type: ignore[union-attr]


def _hide(state: Game, viewer: str, data: st.DataObject) -> Game:
    """``state`` with only hidden parts changed: another hand's cards, the pool, the RNGs."""
    table = dip(state)
    others = [p for p in table.players if p.player != viewer and p.hand]
    changed = table
    if others:
        other = data.draw(st.sampled_from(others), label="other")
        card = data.draw(st.sampled_from(other.hand), label="card")
        kind = table.config.cards[card].kind
        swaps = [c for c in table.pool.of(kind) if c != card]
        if swaps:
            new = data.draw(st.sampled_from(swaps), label="swap")
            hand = tuple(new if c == card else c for c in other.hand)
            players = tuple(replace(p, hand=hand) if p is other else p for p in table.players)
            pool = Pool.of_cards(
                [*(c for c in _pooled(table.pool) if c != new), card], table.config.cards
            )
            changed = replace(table, players=players, pool=pool)
            assert violations(changed) == []
    seeds = st.integers(min_value=0, max_value=2**64 - 1)
    changed = replace(changed, rng=Rng(data.draw(seeds, label="rng")))
    board_state = replace(board(state), rng=Rng(data.draw(seeds, label="map rng")))
    return state.with_slice("diplomacy", changed).with_slice(MAP, board_state)


def _pooled(pool: Pool) -> list[int]:
    return [*pool.agreement, *pool.value, *pool.standalone]


@given(reachable_games(FULL, max_steps=150), st.data())
def test_en9_views_never_show_what_the_viewer_may_not_see(state: Game, data: st.DataObject) -> None:
    viewer = data.draw(st.sampled_from(FULL.players(state)), label="viewer")
    hidden = _hide(state, viewer, data)
    assert hidden != state
    assert FULL.rules.view(hidden, viewer) == FULL.rules.view(state, viewer)
    legal = FULL.rules.legal_actions(state, viewer)
    if legal:
        greedy = FULL.policies()["greedy"]
        rng = Rng.from_seed(1)
        assert greedy(FULL.rules.view(state, viewer), legal, rng) == greedy(
            FULL.rules.view(hidden, viewer), legal, rng
        )


@given(reachable_games(FULL, max_steps=120), st.data())
def test_en4_illegal_actions_are_refused_and_change_nothing(
    state: Game, data: st.DataObject
) -> None:
    assume(any(FULL.rules.legal_actions(state, p) for p in FULL.players(state)))
    action = data.draw(illegal_actions(FULL, state))
    assert isinstance(assert_refused(FULL, state, action), IllegalAction)


def _without_secrets(state: Game, viewer: str) -> Game:
    """``state`` as if the secret pacts ``viewer`` is no party to had never been made."""
    table = dip(state)
    pacts = tuple(p for p in table.pacts if not p.secret or viewer in (p.proposer, p.partner))
    return state.with_slice("diplomacy", replace(table, pacts=pacts))


@settings(deadline=None)
@given(reachable_games(FULL, max_steps=150), st.data())
def test_en9_sm7_a_secret_pact_leaves_no_trace_in_other_players_views(
    state: Game, data: st.DataObject
) -> None:
    """Until it takes effect, a Covert Support pact changes nothing any other player sees:
    not the pacts, not the map (no payment, no tally)."""
    viewer = data.draw(st.sampled_from(FULL.players(state)), label="viewer")
    assert FULL.rules.view(_without_secrets(state, viewer), viewer) == FULL.rules.view(
        state, viewer
    )


def test_en9_sm7_the_seeded_games_make_secret_pacts() -> None:
    """The property above is not vacuous: seeded games make secret pacts and reveal them."""
    from gamefold.diplomacy import PactBegan, PactRevealed

    seen = {"secret": 0, "revealed": 0}
    for seed in range(12):
        played = play(FULL, seed, FULL.policies()["random"], max_steps=1500)
        for event in (e for step in played.events for e in step):
            if isinstance(event, PactBegan) and event.pact.secret:
                seen["secret"] += 1
            seen["revealed"] += isinstance(event, PactRevealed)
    assert seen["secret"] > 0
    assert seen["revealed"] > 0
