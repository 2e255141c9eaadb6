"""The turn flow on summit's own slice alone, and the rules it shares with the map on the
whole game: each clock action's effect and each refusal's code, rule and sentence (SM-3,
SM-9, SM-10, DP-4, DP-5, EN-4).

With an in-order deal for four players p1 holds Consulate, Drillyard, Warehouse and Docks
(no whole zone); Forge and Mine are neutral.
"""

from __future__ import annotations

from typing import Any

from tests.games.summit.helpers import board, first_turn, flow, summit, with_flow, with_map

from gamefold import Action, EndRound, EndTurn, StartRound, StartTurn, replace
from gamefold.diplomacy import BeginTurn
from gamefold.games.summit import (
    Defer,
    GameOver,
    Pass,
    Passed,
    Phase,
    ProposalDeferred,
    RoundBegan,
    RoundEnded,
)
from gamefold.games.summit.flow import dominator
from gamefold.games.summit.rules import check, legal_actions, step
from gamefold.games.summit.state import Ask, MapState, SummitState


def _flow(**changes: Any) -> SummitState:
    """The turn flow of an in-order game before the first Round, with fields changed."""
    return replace(flow(summit(4, deal="in-order").setup(1)), **changes)


def _refused(state: SummitState, action: Action) -> tuple[str, str, str]:
    """The refusal's code, rule and sentence; it carries the refused action (EN-4)."""
    err = check(state, action)
    assert err is not None
    assert err.action is action
    return err.code, err.rule, err.message


def test_sm9_a_round_begins_only_when_due_and_counts_from_one() -> None:
    after, events = step(_flow(), StartRound())
    assert (after.round, after.phase, events) == (1, Phase.TURN_START, (RoundBegan(1),))
    after, events = step(_flow(round=4), StartRound())
    assert (after.round, events) == (5, (RoundBegan(5),))
    assert _refused(_flow(phase=Phase.TURN), StartRound()) == (
        "summit/not-now",
        "SM-9",
        "It is not time to begin a Round.",
    )


def test_sm10_the_round_ends_after_every_seat_and_the_last_one_ends_the_game() -> None:
    after, events = step(_flow(phase=Phase.ROUND_END, round=3), EndRound())
    assert (after.phase, events) == (Phase.ROUND, (RoundEnded(3),))
    last = _flow(phase=Phase.ROUND_END, round=12)
    after, events = step(last, EndRound())
    assert (after.phase, events) == (Phase.OVER, (RoundEnded(12), GameOver("rounds", 12)))
    after, _ = step(replace(last, round=11), EndRound())
    assert after.phase is Phase.ROUND
    assert _refused(_flow(phase=Phase.TURN), EndRound()) == (
        "summit/not-now",
        "SM-9",
        "It is not time to end the Round.",
    )


def test_sm10_after_the_end_every_clock_action_says_the_game_is_over() -> None:
    over = _flow(phase=Phase.OVER)
    for action in (StartRound(), EndRound(), BeginTurn("p1", 4, ())):
        assert _refused(over, action) == ("summit/game-over", "SM-10", "The game is over.")


def test_sm3_a_turn_begins_with_a_begin_turn_of_the_next_seat_and_its_holdings() -> None:
    due = _flow(phase=Phase.TURN_START, round=1, proposals=2)
    after, events = step(due, BeginTurn("p1", 4, ()))
    assert events == ()
    assert (after.phase, after.turn, after.current, after.proposals) == (Phase.TURN, 1, "p1", 0)
    second = replace(after, phase=Phase.TURN_START)
    again, _ = step(second, BeginTurn("p2", 4, ()))
    assert (again.turn, again.current) == (2, "p2")
    assert _refused(due, StartTurn("p1")) == (
        "summit/begin-turn-needed",
        "SM-3",
        "A summit turn begins with a BeginTurn carrying the player's holdings.",
    )
    assert _refused(due, BeginTurn("p2", 4, ())) == (
        "summit/not-now",
        "SM-9",
        "It is not time to begin p2's turn.",
    )
    assert _refused(_flow(), BeginTurn("p1", 4, ()))[0] == "summit/not-now"


def test_dp4_dp5_a_begin_turn_must_carry_the_holdings_the_map_shows() -> None:
    game_def = summit(4, deal="in-order")
    due = with_flow(game_def.setup(1), phase=Phase.TURN_START, round=1)

    def refused(action: BeginTurn) -> tuple[str, str, str]:
        err = game_def.rules.check(due, action)
        assert err is not None
        return err.code, err.rule, err.message

    assert refused(BeginTurn("p1", 5, ())) == (
        "summit/holdings-mismatch",
        "DP-4",
        "p1 holds 4 territories, not 5.",
    )
    assert refused(BeginTurn("p1", 4, ("Harbour",))) == (
        "summit/holdings-mismatch",
        "DP-5",
        "p1 holds the zones [], not ['Harbour'].",
    )
    names = board(due).scenario.territories
    owners = tuple(
        "p1" if n in ("Docks", "Lighthouse", "Shipyard", "Consulate", "Chancery", "Legation") else o
        for n, o in zip(names, board(due).owners, strict=True)
    )
    zoned = with_map(due, owners=owners)
    count = owners.count("p1")
    for zones in (("Harbour", "Embassy Row"), ("Embassy Row", "Harbour")):
        assert game_def.rules.check(zoned, BeginTurn("p1", count, zones)) is None


def _turn(**changes: Any) -> SummitState:
    return _flow(**{"phase": Phase.TURN, "round": 1, "turn": 1, **changes})


def test_sm9_sm10_ending_a_turn_opens_the_window_but_not_after_the_games_last_turn() -> None:
    after, events = step(_turn(), EndTurn("p1"))
    assert (after.phase, events) == (Phase.WINDOW, ())
    last = _turn(round=12, turn=48)
    assert step(last, EndTurn("p4"))[0].phase is Phase.ROUND_END
    assert step(replace(last, round=11), EndTurn("p4"))[0].phase is Phase.WINDOW
    assert step(replace(last, turn=47), EndTurn("p3"))[0].phase is Phase.WINDOW
    assert _refused(_turn(), EndTurn("p2")) == (
        "summit/not-your-turn",
        "SM-9",
        "It is not p2's turn to end.",
    )
    assert _refused(_turn(phase=Phase.WINDOW), EndTurn("p1"))[0] == "summit/not-your-turn"


def _holding(state: MapState, player: str, count: int) -> MapState:
    """``state`` where ``player`` holds the first ``count`` territories, the rest neutral."""
    owners = tuple(player if index < count else "" for index in range(len(state.owners)))
    return replace(state, owners=owners)


def test_sm10_holding_domination_territories_ends_the_game_at_the_turns_end() -> None:
    game_def = summit(4, deal="in-order")
    game = first_turn(game_def)
    dominated = with_map(game, owners=_holding(board(game), "p2", 12).owners)
    assert dominator(board(dominated)) == "p2"
    assert dominator(_holding(board(game), "p2", 11)) == ""
    after, events = game_def.rules.step(dominated, EndTurn("p1"))
    assert (flow(after).phase, events[-1]) == (Phase.OVER, GameOver("domination", 1))
    assert flow(game_def.rules.step(game, EndTurn("p1"))[0]).phase is not Phase.OVER
    off = replace(board(dominated), scenario=replace(board(game).scenario, domination=0))
    assert dominator(off) == ""


def test_sm9_a_window_closes_with_a_pass_then_the_next_seat_or_the_rounds_end() -> None:
    window = _turn(phase=Phase.WINDOW)
    after, events = step(window, Pass("p1"))
    assert (after.phase, events) == (Phase.TURN_START, (Passed("p1"),))
    last = replace(window, turn=4)
    assert step(last, Pass("p4"))[0].phase is Phase.ROUND_END
    assert _refused(window, Pass("p2")) == (
        "summit/not-your-turn",
        "SM-9",
        "p2 has no window open to pass.",
    )
    assert _refused(_turn(), Pass("p1"))[2] == "p1 has no window open to pass."


def test_sm9_only_the_awaited_answer_is_deferred_and_play_goes_on() -> None:
    asked = _turn(asked=Ask(2, "p3"))
    after, events = step(asked, Defer("p3", 2))
    assert (after.asked, events) == (None, (ProposalDeferred("p3", 2),))
    for action in (Defer("p3", 1), Defer("p2", 2)):
        assert _refused(asked, action) == (
            "summit/not-asked",
            "SM-9",
            f"Proposal {action.proposal} is not awaiting {action.player}'s answer.",
        )
    assert _refused(_turn(), Defer("p3", 2))[0] == "summit/not-asked"
    assert legal_actions(asked, "p3") == (Defer("p3", 2),)
    assert legal_actions(replace(asked, phase=Phase.WINDOW), "p2") == ()
