"""The outcome of a skirmish: one row of numbers per player (SK-9).

Every row has the same columns, so a simulation's DataFrame has no holes:

``winner``, ``result`` (``"won"``, ``"lost"``, ``"fled"``, ``"draw"`` or ``"unfinished"``),
``side``, ``fled``, ``alive``, ``died``, ``cause``, ``standing``, ``hp``, ``damage_dealt``,
``damage_taken``, ``damage_prevented``, ``fatigue``, ``death_round``, ``fell_round``,
``stress``, ``cards_played``, ``cards_burned``, ``cards_paid``, ``reactions``.

The winning side: the party when every enemy fell; the GM when the party fell or fled (the
enemies hold the field); nobody in a draw (the last of both sides fell together) or when the
game was cut off before its end.
"""

from __future__ import annotations

from typing import Any

from gamefold.combat import CombatState, Ending, Side, find
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.state import NAME, SkirmishState, Tally, tally_of
from gamefold.registry import Game
from gamefold.skills import GM, SkillsState, owner_of

__all__ = ["RESULTS", "outcome"]

RESULTS: dict[Ending | None, tuple[str, str]] = {
    Ending.PARTY_WON: ("won", "lost"),
    Ending.ENEMIES_WON: ("lost", "won"),
    Ending.FLED: ("fled", "won"),
    Ending.DRAW: ("draw", "draw"),
    None: ("unfinished", "unfinished"),
}
"""The ``result`` of the party and of the GM for each ending (``None``: cut off)."""


def _numbers(tally: Tally) -> dict[str, Any]:
    return {
        "damage_dealt": tally.damage_dealt,
        "damage_taken": tally.damage_taken,
        "damage_prevented": tally.damage_prevented,
        "death_round": tally.death_round,
        "fell_round": tally.fell_round,
        "cards_played": tally.cards_played,
        "cards_burned": tally.cards_burned,
        "cards_paid": tally.cards_paid,
        "reactions": tally.reactions,
    }


def _cause(tally: Tally, alive: bool) -> str | None:
    if tally.death_round is not None:
        return "fatal exhaustion"
    if tally.fell_round is not None:
        return "fell"
    return None if alive else "defeated"


def _member(
    fight: CombatState, deck: SkillsState, tally: Tally, result: str, side: Side
) -> dict[str, Any]:
    c = find(fight, tally.player)
    hp = 0 if c is None else c.hp
    alive = owner_of(deck, tally.player).alive
    return {
        "winner": result == "won",
        "result": result,
        "side": side.value,
        "fled": result == "fled" and hp > 0,
        "alive": alive,
        "died": not alive,
        "cause": _cause(tally, alive),
        "standing": int(hp > 0),
        "hp": hp,
        "fatigue": owner_of(deck, tally.player).fatigue,
        "stress": 0 if c is None else c.stress,
        **_numbers(tally),
    }


def _gm(fight: CombatState, tally: Tally, result: str, players: tuple[str, ...]) -> dict[str, Any]:
    enemies = [c for c in fight.combatants if c.side is Side.ENEMIES and c.id not in players]
    standing = sum(1 for c in enemies if c.hp > 0)
    return {
        "winner": result == "won",
        "result": result,
        "side": Side.ENEMIES.value,
        "fled": False,
        "alive": standing > 0,
        "died": False,
        "cause": None,
        "standing": standing,
        "hp": sum(c.hp for c in enemies),
        "fatigue": 0,
        "stress": sum(c.stress for c in enemies),
        **_numbers(tally),
    }


def outcome(config: SkirmishConfig, game: Game) -> dict[str, dict[str, Any]]:
    """Per player, the party in seat order then ``"gm"``: the columns listed above."""
    fight: CombatState = game["combat"]
    deck: SkillsState = game["skills"]
    state: SkirmishState = game[NAME]
    party, gm = RESULTS[fight.ending]
    rows = {}
    for name in config.party:
        c = find(fight, name)
        side = Side.PARTY if c is None else c.side  # a host may stand a player among the enemies
        theirs = side is Side.ENEMIES  # such a player wins or loses with the GM
        rows[name] = _member(fight, deck, tally_of(state, name), gm if theirs else party, side)
    rows[GM] = _gm(fight, tally_of(state, GM), gm, config.party)
    return rows
