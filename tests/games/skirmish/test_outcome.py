"""SK-9: the outcome row of every player, column by column, for each way a fight ends.

The games are set up, then their slices arranged (an ending, hit points, a tally, a death in
the decks), so that each column is checked against the state that gives it.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamefold.combat import Ending, Side
from gamefold.core import replace
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.games.skirmish.account import RESULTS
from gamefold.games.skirmish.state import NAME, Tally
from gamefold.registry import Game

GAME = Skirmish(SkirmishConfig())
NUMBERS = {
    "damage_dealt": 3,
    "damage_taken": 5,
    "damage_prevented": 7,
    "cards_played": 11,
    "cards_burned": 13,
    "cards_paid": 17,
    "reactions": 19,
}


def _fight(game: Game, ending: Ending | None, **changes: dict[str, Any]) -> Game:
    """``game`` with the fight's ``ending`` and each named combatant's fields changed."""
    fight = game["combat"]
    combatants = tuple(replace(c, **changes.get(c.id, {})) for c in fight.combatants)
    return game.with_slice("combat", replace(fight, combatants=combatants, ending=ending))


def _tally(game: Game, player: str, **fields: Any) -> Game:
    state = game[NAME]
    tallies = tuple(replace(t, **fields) if t.player == player else t for t in state.tallies)
    return game.with_slice(NAME, replace(state, tallies=tallies))


def _owner(game: Game, player: str, **fields: Any) -> Game:
    deck = game["skills"]
    owners = tuple(replace(o, **fields) if o.player == player else o for o in deck.owners)
    return game.with_slice("skills", replace(deck, owners=owners))


def test_sk9_every_player_has_the_same_columns_at_the_start() -> None:
    """SK-9: before the end, every row is ``unfinished`` with nobody winning; the members
    stand at full hit points, the GM's row sums its enemies."""
    rows = GAME.outcome(GAME.setup(1))
    assert list(rows) == ["ana", "bo", "cy", "gm"]
    assert rows["ana"] == {
        "winner": False,
        "result": "unfinished",
        "side": "party",
        "fled": False,
        "alive": True,
        "died": False,
        "cause": None,
        "standing": 1,
        "hp": 10,
        "fatigue": 0,
        "stress": 0,
        "damage_dealt": 0,
        "damage_taken": 0,
        "damage_prevented": 0,
        "death_round": None,
        "fell_round": None,
        "cards_played": 0,
        "cards_burned": 0,
        "cards_paid": 0,
        "reactions": 0,
    }
    assert rows["gm"] == {**rows["ana"], "side": "enemies", "standing": 3, "hp": 48}
    assert all(set(row) == set(rows["ana"]) for row in rows.values())


@pytest.mark.parametrize("ending", list(RESULTS))
def test_sk9_the_result_of_each_side_for_each_ending(ending: Ending | None) -> None:
    """SK-9: the party wins when the enemies fell, the GM when the party fell or fled;
    a draw or a game cut off has no winner."""
    rows = GAME.outcome(_fight(GAME.setup(1), ending))
    party, gm = RESULTS[ending]
    assert [rows[p]["result"] for p in ("ana", "bo", "cy")] == [party] * 3
    assert rows["gm"]["result"] == gm
    assert rows["ana"]["winner"] is (party == "won")
    assert rows["gm"]["winner"] is (gm == "won")
    assert rows["ana"]["fled"] is (ending is Ending.FLED)
    assert rows["gm"]["fled"] is False


def test_sk9_the_results_table() -> None:
    """SK-9: the documented results of the party and the GM."""
    assert RESULTS == {
        Ending.PARTY_WON: ("won", "lost"),
        Ending.ENEMIES_WON: ("lost", "won"),
        Ending.FLED: ("fled", "won"),
        Ending.DRAW: ("draw", "draw"),
        None: ("unfinished", "unfinished"),
    }


def test_sk9_a_member_who_fell_did_not_flee_and_stands_no_more() -> None:
    """SK-9, CB-14: in a flight only the members still standing fled; a fallen member's row
    shows 0 hit points, its stress, and ``fell`` as its cause."""
    game = _fight(GAME.setup(1), Ending.FLED, bo={"hp": 0, "stress": 4}, ana={"hp": 3})
    game = _tally(game, "bo", fell_round=2)
    rows = GAME.outcome(game)
    assert (rows["ana"]["fled"], rows["ana"]["hp"], rows["ana"]["standing"]) == (True, 3, 1)
    bo = rows["bo"]
    assert (bo["fled"], bo["hp"], bo["standing"], bo["stress"]) == (False, 0, 0, 4)
    assert (bo["cause"], bo["fell_round"], bo["alive"], bo["died"]) == ("fell", 2, True, False)


def test_sk9_the_cause_of_a_death_in_the_decks() -> None:
    """SK-6, SD-6: fatal exhaustion is the cause when the character died of it (even if it
    also fell); a dead character with neither Round was defeated by the host."""
    game = _owner(GAME.setup(1), "ana", alive=False, fatigue=6)
    game = _tally(game, "ana", death_round=4, fell_round=4)
    game = _owner(game, "bo", alive=False)
    rows = GAME.outcome(game)
    ana = rows["ana"]
    assert (ana["alive"], ana["died"], ana["cause"], ana["fatigue"]) == (
        False,
        True,
        "fatal exhaustion",
        6,
    )
    assert ana["death_round"] == 4
    assert (rows["bo"]["cause"], rows["bo"]["died"]) == ("defeated", True)
    assert rows["cy"]["cause"] is None


def test_sk9_each_tally_is_its_own_column() -> None:
    """SK-9: the running numbers of a player's tally are reported as they are, each under
    its own name, for a member and for the GM."""
    game = _tally(GAME.setup(1), "cy", **NUMBERS)
    game = _tally(game, "gm", **{k: v + 1 for k, v in NUMBERS.items()})
    rows = GAME.outcome(game)
    assert {k: rows["cy"][k] for k in NUMBERS} == NUMBERS
    assert {k: rows["gm"][k] for k in NUMBERS} == {k: v + 1 for k, v in NUMBERS.items()}
    assert Tally("x") == Tally("x", **dict.fromkeys(NUMBERS, 0))


def test_sk9_the_gm_row_sums_the_standing_enemies() -> None:
    """SK-9: the GM's row counts its enemies still standing, and sums their hit points and
    stress; with none standing it is not alive."""
    game = _fight(GAME.setup(1), None, goblin={"hp": 0, "stress": 2}, orc={"hp": 5, "stress": 1})
    gm = GAME.outcome(game)["gm"]
    assert (gm["standing"], gm["hp"], gm["stress"], gm["alive"]) == (2, 19, 3, True)
    game = _fight(game, Ending.PARTY_WON, orc={"hp": 0}, archer={"hp": 0})
    gm = GAME.outcome(game)["gm"]
    assert (gm["standing"], gm["hp"], gm["alive"], gm["died"], gm["cause"]) == (
        0,
        0,
        False,
        False,
        None,
    )
    assert gm["fatigue"] == 0


def test_sk9_a_player_among_the_enemies_wins_and_loses_with_the_gm() -> None:
    """SK-9: a member a host stands on the enemies' side has the GM's result and side, and
    is not counted among the GM's enemies."""
    game = _fight(GAME.setup(1), Ending.PARTY_WON, cy={"side": Side.ENEMIES, "hp": 7})
    rows = GAME.outcome(game)
    assert (rows["cy"]["result"], rows["cy"]["side"], rows["cy"]["winner"]) == (
        "lost",
        "enemies",
        False,
    )
    assert (rows["ana"]["result"], rows["ana"]["winner"]) == ("won", True)
    assert (rows["gm"]["standing"], rows["gm"]["hp"]) == (3, 48)


def test_sk9_a_member_out_of_the_fight_counts_as_a_fallen_party_member() -> None:
    """SK-9: a member no longer among the combatants has 0 hit points and 0 stress and
    keeps the party's side and result."""
    game = GAME.setup(1)
    fight = game["combat"]
    kept = tuple(c for c in fight.combatants if c.id != "bo")
    game = game.with_slice("combat", replace(fight, combatants=kept, ending=Ending.ENEMIES_WON))
    bo = GAME.outcome(game)["bo"]
    assert (bo["hp"], bo["stress"], bo["standing"], bo["side"], bo["result"]) == (
        0,
        0,
        0,
        "party",
        "lost",
    )


def test_sk9_one_hit_point_is_still_standing() -> None:
    """SK-9, CB-11: a member at 1 hit point stands and, in a flight, fled; an enemy at 1
    keeps the GM's side standing."""
    game = _fight(
        GAME.setup(1), Ending.FLED, ana={"hp": 1}, goblin={"hp": 1}, orc={"hp": 0}, archer={"hp": 0}
    )
    rows = GAME.outcome(game)
    assert (rows["ana"]["fled"], rows["ana"]["standing"]) == (True, 1)
    assert (rows["gm"]["standing"], rows["gm"]["alive"], rows["gm"]["hp"]) == (1, True, 1)
