"""The end worth winning: tie-break and win_share (SM-11), and the random policy.

At setup every player holds three Troops T1 (3 points, DP-2); with an in-order deal for
four players each holds four territories: a four-way tie on score and territories.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from tests.games.summit.helpers import (
    dip,
    first_turn,
    give,
    summit,
    with_owners,
    with_troops,
)

from gamefold import EndTurn, Rng
from gamefold.diplomacy import Discard, Propose
from gamefold.games.summit import random_kinds
from gamefold.registry import Game


def _shares(tie_break: Any, change: Callable[[Game], Game] = lambda g: g) -> dict[str, float]:
    game_def = summit(4, deal="in-order", tie_break=tie_break)
    state = change(game_def.setup(1))
    return {p: row["win_share"] for p, row in game_def.outcome(state).items()}


def _winners(outcome: dict[str, dict[str, Any]]) -> list[str]:
    return [p for p, row in outcome.items() if row["winner"]]


def test_sm11_a_full_tie_is_shared_one_kth_each() -> None:
    for tie_break in (("territories", "cards"), ("cards",), ()):
        assert _shares(tie_break) == dict.fromkeys(("p1", "p2", "p3", "p4"), 0.25)


@pytest.mark.parametrize(
    ("tie_break", "shares"),
    [
        (("territories", "cards"), {"p2": 1.0}),
        (("cards", "territories"), {"p2": 1.0}),
        (("cards",), {"p1": 0.25, "p2": 0.25, "p3": 0.25, "p4": 0.25}),
        ((), {"p1": 0.25, "p2": 0.25, "p3": 0.25, "p4": 0.25}),
    ],
)
def test_sm11_territories_break_a_tie_on_score(
    tie_break: tuple[str, ...], shares: dict[str, float]
) -> None:
    got = _shares(tie_break, lambda g: with_owners(g, {"Forge": "p2"}))
    assert {p: s for p, s in got.items() if s} == shares


def test_sm11_cards_held_break_a_tie_on_score_and_territories() -> None:
    def change(game: Game) -> Game:
        return give(game, "p4", ["Troops T2", "Troops T1"])[0]  # 3 points in 2 cards

    for tie_break, winners in ((("territories", "cards"), 3), (("cards",), 3), ((), 4)):
        got = _shares(tie_break, change)
        assert got["p4"] == (0 if tie_break else 0.25)
        assert sum(1 for s in got.values() if s) == winners


def test_sm11_the_top_score_wins_whatever_the_tie_break() -> None:
    game_def = summit(4, deal="in-order")
    state = give(game_def.setup(1), "p4", ["Troops T2", "Troops T2"])[0]  # 4 points
    state = with_owners(state, {"Forge": "p1", "Mine": "p1"})
    assert _winners(game_def.outcome(state)) == ["p4"]
    assert game_def.outcome(state)["p4"]["win_share"] == 1.0


def test_the_random_policy_picks_a_kind_then_an_action_of_it() -> None:
    """With ten discards and one EndTurn listed, ending the turn is one choice in two."""
    legal = (*(Discard("p1", c) for c in range(10)), EndTurn("p1"))
    picks = Counter[str]()
    rng = Rng.from_seed(5)
    for _ in range(400):
        action, rng = random_kinds(None, legal, rng)  # type: ignore[arg-type]
        picks[type(action).__name__] += 1
    assert 160 <= picks["EndTurn"] <= 240
    assert sum(picks.values()) == 400


def test_sm7_greedy_offers_a_partnership_or_a_ceasefire_before_a_transfer() -> None:
    """Greedy declines Territory Transfers itself, so it offers what a partner gains from:
    a Manufacturing Partnership first, then a Ceasefire, a transfer last."""
    game = summit(4, deal="in-order")
    state = with_troops(first_turn(game), "p1", 0)  # nothing to deploy, nothing to attack
    order = []
    for hand in (
        ["Territory Transfer T1", "Ceasefire T1", "Manufacturing Partnership T1", "Troops T1"],
        ["Territory Transfer T1", "Ceasefire T1", "Troops T1"],
        ["Territory Transfer T1", "Troops T1"],
    ):
        given, _ = give(state, "p1", hand)
        legal = game.rules.legal_actions(given, "p1")
        view = game.rules.view(given, "p1")
        action, _ = game.policies()["greedy"](view, legal, Rng.from_seed(1))
        assert isinstance(action, Propose)
        order.append(dip(given).config.cards[action.agreement].subtype)
    assert order == ["Manufacturing Partnership", "Ceasefire", "Territory Transfer"]
