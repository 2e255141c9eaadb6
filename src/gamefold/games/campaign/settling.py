"""A battle's Rounds and its settling on the map (CP-1, CP-5, CP-7, CP-8): the clock's three
battle rules.

A battle's Round begins and ends in the decks and the fight alike; once the fight is over
or its Rounds are spent, the map settles the battle with the territory's own host action
(``CloseBattle``) and the campaign tallies it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeAlias

from gamefold import combat, skills, territory
from gamefold.combat import CombatState, Ending, find
from gamefold.core import Action, EndRound, Event, Events, StartRound, replace
from gamefold.errors import Refusal
from gamefold.games.campaign import codes
from gamefold.games.campaign.battle import (
    EndBattle,
    EndBattleRound,
    StartBattleRound,
    _result,
    _tally,
    battle_over,
)
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.state import (
    Battle,
    BattleEnded,
    CampaignState,
)
from gamefold.games.summit import MAP
from gamefold.registry import Game, Rule
from gamefold.territory import CloseBattle

__all__ = [
    "RoundEnds",
    "battle_rules",
]

_NO_BATTLE = codes.refusal(codes.NO_BATTLE, "No battle is under way.")


def step_start_round(
    config: CampaignConfig, game: Game, action: Action
) -> tuple[Game, Events] | Refusal:
    """The battle's Round begins: every living champion and the GM refill (SD-3), and the
    fight counts conditions from this Round (CB-12); during a battle whose fight goes on,
    within its Rounds (CP-1, CP-7), between Rounds (the decks refuse it in a Round)."""
    if game.campaign.battle is None:
        return _NO_BATTLE
    if battle_over(game, config.max_battle_rounds):
        return codes.refusal(codes.NOT_YET, "The battle is over: it ends now.")
    deck, events = skills.step(game.skills, StartRound())
    fight, more = combat.step(game.combat, StartRound())
    return replace(game, skills=deck, combat=fight), (*events, *more)


RoundEnds: TypeAlias = tuple[tuple[str, Callable[[Any, Action], tuple[Any, Events]]], ...]
"""The slices a battle's Round end reaches, in order: each slice's name and its end of a
Round, ``(slice, EndRound) -> (slice, events)``."""


def step_end_round(subs: RoundEnds, game: Game, action: Action) -> tuple[Game, Events] | Refusal:
    """Every battle slice ends its Round: Burn modifiers (SD-12), conditions (CB-12),
    shields (SK-5), the Round's choices (SK-1); during a battle, once every unit has
    activated (the decks, first of ``subs``, refuse it before: SD-13, CP-1)."""
    if game.campaign.battle is None:
        return _NO_BATTLE
    events: list[Event] = []
    for name, end in subs:
        state, more = end(game[name], EndRound())
        game = game.with_slice(name, state)
        events.extend(more)
    return game, tuple(events)


def _outcome(config: CampaignConfig, fight: CombatState, battle: Battle) -> tuple[str, int, int]:
    """What the fight means on the map: the result so far, troops lost, guards killed (CP-5)."""
    champion = find(fight, battle.attack.player)
    assert champion is not None
    standing = sum(1 for g in battle.guards if (c := find(fight, g)) is not None and c.hp > 0)
    killed = len(battle.guards) - standing
    if champion.hp <= 0:
        return "fell", battle.troops, killed
    lost = min(battle.troops, (battle.hp - champion.hp) // config.hp_per_troop)
    if fight.ending is Ending.FLED:
        return "fled", lost, killed
    # The territory's troops hold it: a defending champion still standing does not (CP-11).
    return ("won" if not standing else "stalemate"), lost, killed


def step_end_battle(
    config: CampaignConfig, game: Game, action: Action
) -> tuple[Game, Events] | Refusal:
    """The map settles the battle (CP-5): the guards who fell are gone; the territory is
    taken if no defender is left and troops survive; else survivors fall back to the source
    at the Round cap (CP-7) or after a flight (CP-8, ``flee_keeps_troops``). Refused
    without a battle, in a Round, or while the fight goes on within its Rounds (CP-7)."""
    state: CampaignState = game.campaign
    battle = state.battle
    if battle is None:
        return _NO_BATTLE
    if game.skills.in_round or not battle_over(game, config.max_battle_rounds):
        return codes.refusal(codes.NOT_YET, "The battle goes on.")
    result, lost, killed = _outcome(config, game.combat, battle)
    survivors = battle.troops - lost
    left = battle.reserve + len(battle.guards) - killed
    back = result == "stalemate" or (result == "fled" and config.flee_keeps_troops)
    attack = battle.attack
    close = CloseBattle(
        attack.player,
        attack.source,
        attack.territory,
        battle.troops,
        survivors,
        left,
        fall_back=back or result == "won",
    )
    board, closed = territory.step(game.map, close)
    if result == "won" and _result(closed) != "won":
        result = "held"  # the guards fell, but reserves or no survivors: the defenders keep it
    state = _tally(replace(state, battle=None), battle.attack.player, battle.defender, closed)
    ended = BattleEnded(battle.attack.player, battle.attack.territory, result, lost, killed)
    return replace(game, campaign=state).with_slice(MAP, board), (ended, *closed)


def battle_rules(config: CampaignConfig, subs: RoundEnds) -> tuple[Rule, ...]:
    """The clock's three battle rules (CP-1, CP-5, CP-7); ``subs`` are what a battle's
    Round end reaches."""
    return (
        Rule(
            StartBattleRound,
            partial(step_start_round, config),
            name="CP-1 battle Round begins",
        ),
        Rule(EndBattleRound, partial(step_end_round, subs), name="CP-1 battle Round ends"),
        Rule(EndBattle, partial(step_end_battle, config), name="CP-5 battle ends"),
    )
