"""The campaign's rules one function at a time (CP-1 … CP-12): quick tests that pin each
rule's refusals (code, rule, sentence, action), its arithmetic and its sentences from a
battle begun once, without playing whole games."""

from __future__ import annotations

import pytest

from gamefold.combat import Ending, find
from gamefold.core import Action, EndRound, replace
from gamefold.errors import IllegalAction
from gamefold.games.campaign import Campaign, EndBattle
from gamefold.games.campaign.battle import (
    FIELD_REFUSED,
    EndBattleRound,
    StartBattleRound,
    fighting,
    rounds_fought,
)
from gamefold.games.summit import Attack
from gamefold.registry import Game
from gamefold.skills import FieldUnits

from .support import campaign, fought, run, to_attack, with_garrisons

GAME = Campaign()
ONE_ROUND = campaign(max_battle_rounds=1)


def _begun(game: Campaign, troops: int = 3, defenders: int = 2) -> tuple[Game, Attack, Game]:
    """The state before an attack, the attack, and the state once its battle began."""
    before, attack = to_attack(game)
    before = with_garrisons(before, attack, troops, defenders)
    return before, attack, run(game, before, attack)[0]


BEFORE, ATTACK, BEGUN = _begun(GAME)
_, _, BEGUN_ONE = _begun(ONE_ROUND)


def _refusal(problem: IllegalAction | None) -> tuple[str, str, str, object]:
    assert problem is not None
    return problem.code, problem.rule, problem.message, problem.action


def _refused(game: Campaign, state: Game, action: Action) -> tuple[str, str, str, object]:
    """The refusal of ``action`` from ``check``, which ``step`` raises too, state untouched."""
    found = _refusal(game.rules.check(state, action))
    with pytest.raises(IllegalAction) as raised:
        game.rules.step(state, action)
    assert _refusal(raised.value) == found
    return found


def _rounds(state: Game, fought_: int) -> Game:
    """``state`` as if ``fought_`` Rounds of its battle had been begun (a fixture)."""
    deck = state["skills"]
    first = state["campaign"].battle.first_round
    return state.with_slice("skills", replace(deck, round=first + fought_))


@pytest.mark.parametrize("action", [StartBattleRound(), EndBattleRound(), EndBattle()])
def test_cp1_the_battle_clock_is_refused_without_a_battle(action: Action) -> None:
    """CP-1: a battle's Rounds and end come only while a battle is under way."""
    assert _refused(GAME, BEFORE, action) == (
        "campaign/no-battle",
        "CP-1",
        "No battle is under way.",
        action,
    )


def test_cp1_a_battle_round_begins_between_rounds_of_a_fight_going_on() -> None:
    """CP-1, SD-13: once the battle began its first Round is legal; ending a Round that has
    not begun is the skill decks' refusal; the battle goes on."""
    assert GAME.rules.check(BEGUN, StartBattleRound()) is None
    code, rule, _, action = _refused(GAME, BEGUN, EndBattleRound())
    assert (code, rule, action) == ("skills/no-round", "SD-13", EndRound())
    assert _refused(GAME, BEGUN, EndBattle()) == (
        "campaign/not-yet",
        "CP-1",
        "The battle goes on.",
        EndBattle(),
    )


@pytest.mark.parametrize("ending", [Ending.PARTY_WON, Ending.ENEMIES_WON, Ending.FLED])
def test_cp1_cp5_a_fight_over_ends_the_battle_and_begins_no_round(ending: Ending) -> None:
    """CP-1, CP-5: once the fight is over, no Round begins; the battle ends."""
    state = fought(BEGUN, 5, 0, ending)
    assert _refused(GAME, state, StartBattleRound()) == (
        "campaign/not-yet",
        "CP-1",
        "The battle is over: it ends now.",
        StartBattleRound(),
    )
    assert GAME.rules.check(state, EndBattle()) is None


@pytest.mark.parametrize("rounds", [1, 4])
def test_cp7_the_battle_ends_after_exactly_max_battle_rounds(rounds: int) -> None:
    """CP-7: with ``max_battle_rounds`` Rounds begun, no other begins and the battle ends;
    one Round fewer, the next begins and the battle goes on."""
    game = ONE_ROUND if rounds == 1 else GAME
    begun = BEGUN_ONE if rounds == 1 else BEGUN
    short = _rounds(begun, rounds - 1)
    assert rounds_fought(short) == rounds - 1
    assert game.rules.check(short, StartBattleRound()) is None
    assert _refusal(game.rules.check(short, EndBattle()))[0] == "campaign/not-yet"
    done = _rounds(begun, rounds)
    assert _refused(game, done, StartBattleRound())[:3] == (
        "campaign/not-yet",
        "CP-1",
        "The battle is over: it ends now.",
    )
    assert game.rules.check(done, EndBattle()) is None


def test_cp7_no_battle_ends_in_the_middle_of_a_round() -> None:
    """CP-7, SD-13: a fight over or Rounds run out, the battle still ends between Rounds."""
    state = GAME.rules.reduce(BEGUN, StartBattleRound())
    state = fought(state, 5, 0, Ending.PARTY_WON)
    assert _refused(GAME, state, EndBattle())[:3] == (
        "campaign/not-yet",
        "CP-1",
        "The battle goes on.",
    )
    assert rounds_fought(BEFORE) == 0


def test_cp4_the_campaign_fields_the_guards_itself() -> None:
    """CP-4: a bare FieldUnits is refused, whether checked or stepped, with or without a
    battle under way."""
    action = FieldUnits(("guard9",))
    expected = (
        "campaign/host-only",
        "CP-4",
        "The campaign fields the guards itself when a battle begins.",
        action,
    )
    for state in (BEFORE, BEGUN):
        assert _refused(GAME, state, action) == expected
        with pytest.raises(IllegalAction) as raised:
            FIELD_REFUSED.step(state, action)
        assert _refusal(raised.value) == expected


@pytest.mark.parametrize(("hp", "stands"), [(1, True), (0, False), (-2, False)])
def test_cp9_a_unit_fights_while_it_stands_in_a_fight_going_on(hp: int, stands: bool) -> None:
    """CP-9: a unit stands in the fight while its hit points are above 0 and the fight goes
    on; a unit not in the fight, or any unit once it is over, passes its activations."""
    fight = BEGUN["combat"]
    guard = find(fight, "guard1")
    assert guard is not None
    combatants = tuple(replace(c, hp=hp) if c.id == "guard1" else c for c in fight.combatants)
    fight = replace(fight, combatants=combatants)
    assert fighting(fight, "guard1") is stands
    assert not fighting(fight, "nobody")
    assert not fighting(replace(fight, ending=Ending.FLED), ATTACK.player)
    assert fighting(fight, ATTACK.player)
