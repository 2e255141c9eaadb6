"""Who acts when in a campaign: one clock, nested (CP-1).

A faction's turn (summit's flow, SM-9) may contain a battle, fought to its end before
anything else; a battle is Rounds of the skill decks (SD-13), each the units' activations.
During one, :func:`battle_clock` gives the clock's actions and :func:`battle_actor` who
chooses.
"""

from __future__ import annotations

from gamefold import combat
from gamefold.core import Action
from gamefold.games.campaign.battle import (
    EndBattle,
    EndBattleRound,
    StartBattleRound,
    battle_over,
    fighting,
)
from gamefold.games.campaign.state import CampaignState
from gamefold.games.skirmish import SkirmishConfig, whose_choice
from gamefold.registry import Game, Rules
from gamefold.skills import GM, PLAYERS, Activate, EndActivation, SkillsState

__all__ = ["battle_actor", "battle_clock"]


def battle_clock(max_rounds: int, rules: Rules, game: Game) -> Action | None:
    """The clock's next action in a battle: its Rounds (at most ``max_rounds``), the end of
    the battle, and the passes of units that do not stand in the fight; ``None`` when a
    choice is due (CP-1, CP-5, CP-9)."""
    deck: SkillsState = game.skills
    fight: combat.CombatState = game.combat
    if not deck.in_round:
        return EndBattle() if battle_over(game, max_rounds) else StartBattleRound()
    if deck.reacting:
        return None
    if deck.active is not None:
        return None if fighting(fight, deck.active) else EndActivation(deck.active)
    if not deck.pending:
        return EndBattleRound()
    return _passing(rules, game, deck, fight)


def _passing(
    rules: Rules, game: Game, deck: SkillsState, fight: combat.CombatState
) -> Action | None:
    """CP-9: the next unit to activate passes if it does not stand in the fight."""
    gm_side = deck.side == GM
    due = [u for u in deck.pending if (u in deck.gm_units) is gm_side]
    if deck.side == PLAYERS:
        due = due[:1]  # the party's units go in seat order (no leader's choice)
    idle = [u for u in due if not fighting(fight, u)]
    if len(idle) != len(due) or not idle:
        return None
    action = Activate(idle[0])
    return action if rules.check(game, action) is None else None


def battle_actor(config: SkirmishConfig, game: Game) -> str | None:
    """Who chooses in a battle: a reacting player, else the skirmish's order (SK-1), the
    GM's seat being its commander's (CP-12)."""
    state: CampaignState = game.campaign
    assert state.battle is not None  # asked during a battle only
    deck: SkillsState = game.skills
    actor = deck.reacting[0] if deck.reacting else whose_choice(config, game)
    return state.battle.commander if actor == GM else actor  # CP-12
