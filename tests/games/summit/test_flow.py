"""The turn flow: Rounds, turns, answers, windows and the end (SM-9, SM-10, DP-9)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.summit.helpers import (
    act,
    board,
    dip,
    first_turn,
    flow,
    give,
    of_type,
    summit,
    until_turn,
    with_owners,
)

from gamefold import Action, EndRound, EndTurn, Rng, StartRound
from gamefold.diplomacy import (
    Accept,
    BeginTurn,
    Decline,
    ProposalExpired,
    Propose,
    locked_cards,
)
from gamefold.games import play
from gamefold.games.summit import (
    Defer,
    GameOver,
    Pass,
    Phase,
    ProposalDeferred,
    RoundBegan,
    RoundEnded,
    Summit,
)
from gamefold.registry import Game
from gamefold.testing import assert_refused


def hasty(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
    """End the turn, or pass, at once."""
    for action in legal:
        if isinstance(action, EndTurn | Pass):
            return action, rng
    return legal[0], rng


def _refusal(game: Summit, state: Game, action: Any) -> tuple[str, str]:
    err = assert_refused(game, state, action)
    assert err is not None
    return err.code, err.rule


def test_sm9_a_round_is_one_turn_of_each_seat_between_start_and_end_round() -> None:
    game = summit(3)
    played = play(game, 4, hasty, max_steps=8)
    state = game.setup(4)
    begins = [
        game.clock_action(s)
        for s in played.states[:-1]
        if isinstance(game.clock_action(s), BeginTurn)
    ]
    assert [type(a).__name__ for a in played.actions] == [
        "StartRound",
        "BeginTurn",
        "EndTurn",
        "BeginTurn",
        "EndTurn",
        "BeginTurn",
        "EndTurn",
        "EndRound",
    ]
    assert [a.player for a in begins] == ["p1", "p2", "p3"]
    assert of_type(played.events[0], RoundBegan) == [RoundBegan(1)]
    assert played.events[-1] == (RoundEnded(1),)
    assert game.clock_action(played.final) == StartRound()
    assert game.actor(state) == "p1"  # while the clock acts: whom it concerns


def test_sm10_the_game_ends_after_12_rounds_by_default() -> None:
    game = summit(3, domination=0)
    assert summit(3).config.scenario.max_rounds == 12
    played = play(game, 2, hasty)
    assert played.finished
    assert played.final.clock.round == 12
    assert [r.turns for r in board(played.final).realms] == [12, 12, 12]
    assert played.events[-1] == (RoundEnded(12), GameOver("rounds", 12))
    assert game.actor(played.final) is None
    assert game.clock_action(played.final) is None


def test_sm10_max_rounds_is_a_scenario_figure() -> None:
    played = play(summit(5, max_rounds=2), 2, hasty)
    assert played.finished
    assert played.final.clock.round == 2
    assert played.final.clock.turn == 10


def _dominate(count: int, **scenario: Any) -> tuple[Summit, Game]:
    game = summit(4, deal="in-order", **scenario)
    state = first_turn(game)
    names = board(state).scenario.territories
    owners = {name: "p1" if i < count else "p2" for i, name in enumerate(names)}
    return game, with_owners(state, owners)


def test_sm10_holding_12_territories_ends_the_game_at_the_end_of_the_turn() -> None:
    game, state = _dominate(12)
    assert game.config.scenario.domination == 12
    state, events = act(game, state, EndTurn("p1"))
    assert of_type(events, GameOver) == [GameOver("domination", 1)]
    assert game.is_over(state)
    game, state = _dominate(11)
    state, events = act(game, state, EndTurn("p1"))
    assert not game.is_over(state)


def test_sm10_domination_is_a_scenario_figure_and_0_turns_it_off() -> None:
    game, state = _dominate(6, domination=6)
    assert game.is_over(act(game, state, EndTurn("p1"))[0])
    game, state = _dominate(18, domination=0)
    assert not game.is_over(act(game, state, EndTurn("p1"))[0])


def test_sm10_nothing_happens_after_the_end() -> None:
    game, state = _dominate(12)
    state, _ = act(game, state, EndTurn("p1"))
    assert _refusal(game, state, StartRound()) == ("summit/game-over", "SM-10")
    assert _refusal(game, state, Pass("p1")) == ("summit/not-your-turn", "SM-9")


def test_sm9_the_games_last_turn_has_no_window() -> None:
    game = summit(3, deal="in-order", max_rounds=1)
    state = first_turn(game)
    state, _ = until_turn(game, state, "p3")
    state, _ = give(state, "p3", ["Siege T1"])
    state, events = act(game, state, EndTurn("p3"))
    assert of_type(events, GameOver) == [GameOver("rounds", 1)]
    assert game.is_over(state)


def test_sm9_clock_actions_out_of_order_are_refused() -> None:
    game = summit(4)
    state = first_turn(game)
    assert _refusal(game, state, StartRound()) == ("summit/not-now", "SM-9")
    assert _refusal(game, state, EndRound()) == ("summit/not-now", "SM-9")
    err = assert_refused(game, state, EndTurn("p2"))
    assert err is not None
    assert err.code == "diplomacy/not-your-turn"


def _propose(game: Summit, state: Game) -> tuple[Game, tuple[int, ...]]:
    state, cards = give(state, "p1", ["Ceasefire T1", "Troops T1"])
    state, _ = act(game, state, Propose("p1", "p3", cards[0], (cards[1],)))
    return state, tuple(cards)


def test_sm9_the_recipient_answers_right_after_a_proposal() -> None:
    game = summit(4, deal="in-order")
    state, _ = _propose(game, first_turn(game))
    assert game.actor(state) == "p3"
    assert game.clock_action(state) is None
    legal = game.rules.legal_actions(state, "p3")
    assert legal[:3] == (Accept("p3", 0), Decline("p3", 0), Defer("p3", 0))
    state, _ = act(game, state, Decline("p3", 0))
    assert (game.actor(state), flow(state).asked) == ("p1", None)


def test_sm9_dp9_a_deferred_proposal_stays_pending_until_it_expires() -> None:
    game = summit(4, deal="in-order")
    state, cards = _propose(game, first_turn(game))
    state, events = act(game, state, Defer("p3", 0))
    assert events == [ProposalDeferred("p3", 0)]
    assert game.actor(state) == "p1"
    assert locked_cards(dip(state), "p1") == cards
    state, _ = until_turn(game, state, "p3")
    assert Accept("p3", 0) in game.rules.legal_actions(state, "p3")  # still answerable
    state, events = until_turn(game, state, "p1")
    assert of_type(events, ProposalExpired) == [ProposalExpired(0, "p1", "p3")]
    assert locked_cards(dip(state), "p1") == ()


def test_sm9_the_clock_waits_for_an_awaited_answer() -> None:
    """The proposer may end the turn before the answer (the rules allow it); the clock
    waits for the answer all the same."""
    game = summit(4, deal="in-order")
    state, _ = _propose(game, first_turn(game))
    state, _ = game.rules.step(state, EndTurn("p1"))
    assert flow(state).phase is Phase.TURN_START
    assert game.clock_action(state) is None
    assert game.actor(state) == "p3"
    state, _ = act(game, state, Accept("p3", 0))
    assert (flow(state).current, game.actor(state)) == ("p2", "p2")


@pytest.mark.parametrize(("player", "proposal"), [("p2", 0), ("p3", 1), ("p1", 0)])
def test_sm9_only_the_awaited_answer_can_be_deferred(player: str, proposal: int) -> None:
    game = summit(4, deal="in-order")
    state, _ = _propose(game, first_turn(game))
    assert _refusal(game, state, Defer(player, proposal)) == ("summit/not-asked", "SM-9")


def test_sm9_a_pass_outside_ones_window_is_refused() -> None:
    game = summit(4)
    state = first_turn(game)
    assert _refusal(game, state, Pass("p1")) == ("summit/not-your-turn", "SM-9")
    assert _refusal(game, state, Pass(7)) == ("summit/malformed", "EN-4")  # type: ignore[arg-type]


def test_sm9_ending_a_turn_opens_a_window_only_for_a_standalone_card() -> None:
    game = summit(4, deal="in-order")
    state, _ = give(first_turn(game), "p1", ["Foreign Aid T1"])
    state, _ = act(game, state, EndTurn("p1"))
    assert (flow(state).phase, game.actor(state)) == (Phase.WINDOW, "p1")
    assert _refusal(game, state, EndTurn("p1"))[0] == "diplomacy/not-your-turn"


def _offers(game: Summit, state: Game) -> tuple[Game, list[int]]:
    return give(
        state, "p1", ["Ceasefire T1", "Covert Support T1", "Ceasefire T1", *["Troops T1"] * 3]
    )


def test_sm12_two_proposals_a_turn_by_default() -> None:
    game = summit(4, deal="in-order")
    assert game.config.scenario.proposals_per_turn == 2
    state, cards = _offers(game, first_turn(game))
    for agreement, value in zip(cards[:2], cards[3:5], strict=True):
        state, _ = act(game, state, Propose("p1", "p2", agreement, (value,)))
        state, _ = act(game, state, Decline("p2", flow(state).asked.proposal))
    third = Propose("p1", "p3", cards[2], (cards[5],))
    assert _refusal(game, state, third) == ("summit/proposal-limit", "SM-12")
    err = assert_refused(game, state, third)
    assert err is not None
    assert err.message == "You may make 2 proposal(s) a turn."
    assert err.action is third
    assert not [a for a in game.rules.legal_actions(state, "p1") if isinstance(a, Propose)]
    state, _ = until_turn(game, state, "p1")
    assert flow(state).proposals == 0
    assert game.rules.check(state, third) is None  # a new turn, a new allowance


def test_sm12_proposals_per_turn_is_a_scenario_figure() -> None:
    game = summit(4, deal="in-order", proposals_per_turn=0)
    state, cards = _offers(game, first_turn(game))
    offer = Propose("p1", "p2", cards[0], (cards[3],))
    assert _refusal(game, state, offer) == ("summit/proposal-limit", "SM-12")
    game = summit(4, deal="in-order", proposals_per_turn=3)
    state, cards = _offers(game, first_turn(game))
    for agreement, value in zip(cards[:3], cards[3:], strict=True):
        state, _ = act(game, state, Propose("p1", "p2", agreement, (value,)))
        state, _ = act(game, state, Defer("p2", flow(state).asked.proposal))
    assert flow(state).proposals == 3
