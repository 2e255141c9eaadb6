"""Retreats, closing a window, a host's DefeatUnit, and the refusals of what only the game
may do (SK-4, SK-6, SK-8, SD-8, SD-10, SD-13, EN-4, EN-5)."""

from __future__ import annotations

import pytest

from gamefold import skills
from gamefold.combat import Declare, Retreat, Withdraw
from gamefold.core import Action
from gamefold.errors import IllegalAction, Refusal
from gamefold.games.skirmish import Skirmish
from gamefold.games.skirmish.choices import (
    DEFEATED,
    REFUSED,
    close_options,
    refusal,
    retreat_options,
)
from gamefold.games.skirmish.state import NAME, chose
from gamefold.skills import Activate, CloseReactionWindow, DefeatUnit, OpenReactionWindow, PayCost

from .support import ROCK, pair_first, step
from .test_reactions import _goblin_attacks_ana

"""The skirmish's own layout: its rules read the slices there."""

GAME = Skirmish()


def test_en4_a_refusal_rule_refuses_every_action_of_its_type_and_lists_none() -> None:
    """EN-4, EN-5: ``refusal`` makes an override of the type, named after it, whose
    check and step refuse (its step returns the refusal) with the code and sentence given,
    and which lists nothing."""
    rule = refusal(Declare, "skirmish/use-ability", "use the game's action")
    game = pair_first(GAME, GAME.setup(1))
    action = Declare("ana", "Attack", ROCK, "goblin")
    assert (rule.action, rule.name) == (Declare, "skirmish refuses Declare")
    assert rule.legal_actions is not None
    assert rule.legal_actions(game, "ana") == ()
    problem = GAME.rules.override(rule).check(game, action)
    assert isinstance(problem, IllegalAction)
    assert (problem.code, problem.rule, problem.message, problem.action) == (
        "skirmish/use-ability",
        "SD-10",
        "use the game's action",
        action,
    )
    assert rule.step(game, action) == Refusal(problem.code, problem.message, problem.rule)
    with pytest.raises(IllegalAction) as caught:
        GAME.rules.override(rule).step(game, action)
    assert caught.value == problem


REFUSALS: list[tuple[Action, str, str]] = [
    (
        Declare("ana", "Attack", ROCK, "goblin"),
        "declare with UseAbility or UseCard, which also pay [skirmish/use-ability, SD-10]",
        "Declare",
    ),
    (
        PayCost("ana", "Attack", (0,)),
        "pay for an ability with UseAbility, which declares it [skirmish/use-ability, SD-10]",
        "PayCost",
    ),
    (
        Withdraw(("ana",), "host"),
        "take a unit out of the fight with DefeatUnit, which also takes it out of the Round"
        " [skirmish/use-defeat-unit, SD-13]",
        "Withdraw",
    ),
    (
        OpenReactionWindow("ana"),
        "a reaction window opens when an enemy declares at a party member"
        " [skirmish/windows-are-the-games, SD-8]",
        "OpenReactionWindow",
    ),
]


@pytest.mark.parametrize(("action", "sentence", "kind"), REFUSALS)
def test_sd10_sd13_sd8_actions_only_the_game_takes_are_refused_in_a_sentence(
    action: Action, sentence: str, kind: str
) -> None:
    """SD-10, SD-13, SD-8: a bare Declare or PayCost (UseAbility pays and declares), a bare
    Withdraw (DefeatUnit), and OpenReactionWindow (the game opens windows) are refused."""
    game = pair_first(GAME, GAME.setup(1))
    problem = GAME.rules.check(game, action)
    assert str(problem) == sentence
    with pytest.raises(IllegalAction) as caught:
        GAME.rules.step(game, action)
    assert str(caught.value) == sentence
    assert [r.name for r in REFUSED] == [
        f"skirmish refuses {k}" for k in ("Declare", "PayCost", "Withdraw", "OpenReactionWindow")
    ]
    assert f"skirmish refuses {kind}" in [r.name for r in REFUSED]


def test_sk8_retreat_options_are_the_active_members_until_it_chose() -> None:
    """SK-8, EN-5: only the active member lists its Retreat, and only until it made its
    choice for the exchange; another member lists none."""
    game = pair_first(GAME, GAME.setup(1))
    assert retreat_options(game, "ana") == ()
    game, _ = step(GAME, game, Activate("ana"))
    options = retreat_options(game, "ana")
    assert options
    assert all(isinstance(a, Retreat) and a.combatant == "ana" for a in options)
    assert retreat_options(game, "bo") == ()
    assert retreat_options(game.with_slice(NAME, chose(game[NAME], "ana")), "ana") == ()


def test_sk8_a_retreat_is_the_members_choice_and_refused_out_of_its_activation() -> None:
    """SK-8, SK-1: Retreat counts as the member's choice this Round; a member not
    activating may not retreat, with the game's code."""
    game = pair_first(GAME, GAME.setup(1))
    retreat = Retreat("ana")
    problem = GAME.rules.check(game, retreat)
    assert problem is not None
    assert (problem.code, problem.action) == ("skirmish/not-activating", retreat)
    game, _ = step(GAME, game, Activate("ana"))
    game, _ = step(GAME, game, retreat)
    assert game[NAME].chosen == ("ana",)
    problem = GAME.rules.check(game, retreat)
    assert problem is not None


def test_sk4_only_the_reacting_player_lists_closing_its_window() -> None:
    """SK-4, SD-8, EN-5: the attacked member lists CloseReactionWindow; nobody else; a
    retreat waits for the window."""
    game, _ = _goblin_attacks_ana(GAME)
    assert close_options(game, "ana") == (CloseReactionWindow("ana"),)
    assert close_options(game, "bo") == ()
    assert close_options(game, "gm") == ()
    game, _ = step(GAME, game, CloseReactionWindow("ana"))
    assert close_options(game, "ana") == ()


def test_sk6_a_host_defeat_takes_a_unit_out_of_both_slices_as_defeated() -> None:
    """SK-6, SD-13: DefeatUnit takes the unit out of the Round and the fight, the cause
    ``defeated``; the fight refuses it for a unit no longer standing."""
    game = pair_first(GAME, GAME.setup(1))
    assert DEFEATED == "defeated"
    game, events = step(GAME, game, DefeatUnit("orc"))
    orc = next(c for c in game["combat"].combatants if c.id == "orc")
    assert orc.zone is None
    assert any(getattr(e, "cause", None) == "defeated" for e in events)
    assert "orc" not in game["skills"].pending
    assert GAME.rules.check(game, DefeatUnit("orc")) is not None


def test_sk8_no_retreat_is_listed_while_a_window_is_open() -> None:
    """SK-8, SD-8: while a reaction window is open, the active member lists no Retreat."""
    game = pair_first(GAME, GAME.setup(1))
    game, _ = step(GAME, game, Activate("ana"))
    deck, _ = skills.step(game["skills"], OpenReactionWindow("bo"))
    assert retreat_options(game.with_slice("skills", deck), "ana") == ()
