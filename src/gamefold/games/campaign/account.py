"""What a campaign tells: its account, the rules its play attests, its outcome (CP-2).

Rule coverage reports only SD, CB, DP and CP IDs (:data:`RULE_IDS`): the SK and SM rules
the skirmish and summit attest besides are theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamefold import combat, diplomacy, skills, territory
from gamefold.core import Action, Event
from gamefold.games import skirmish, summit
from gamefold.games.base import GameDef, joined_event_rules
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.state import NAME, BattleBegan, BattleEnded, CampaignState, record_of
from gamefold.games.summit import MAP
from gamefold.registry import Game
from gamefold.skills import DEFEATED, GM, CharacterDied, SkillsState, UnitsFielded, owner_of

__all__ = [
    "LINES",
    "OWN_RULES",
    "RULE_IDS",
    "attested",
    "describe",
    "event_rules",
    "outcome",
    "own_rules",
    "truce_attacks",
]


_RESULTS = {
    "won": "takes it",
    "held": "the defenders hold it",
    "fled": "the champion flees",
    "fell": "the champion falls",
    "stalemate": "the Rounds run out and the attackers fall back",
}


def _began(e: BattleBegan) -> str:
    who = e.defender or "neutral"
    allies = f" with {', '.join(e.allies)}'s" if e.allies else ""
    champion = f"{e.champion}'s champion and " if e.champion else ""
    return (
        f"Battle for {e.territory} ({who}): {e.attacker}'s champion{allies}, {e.troops} troops "
        f"strong ({e.hp} hit points), against {champion}{len(e.guards)} guard(s) "
        f"commanded by {e.commander}."
    )


def _ended(e: BattleEnded) -> str:
    return (
        f"The battle for {e.territory} ends: {e.attacker} {_RESULTS[e.result]} "
        f"({e.lost} troops lost, {e.killed} defenders killed)."
    )


LINES: dict[type, Callable[[Any], str]] = {BattleBegan: _began, BattleEnded: _ended}
"""The sentence of each campaign event type."""


def describe(config: CampaignConfig, event: Event) -> str:
    """One sentence for ``event``, whichever slice reported it."""
    line = LINES.get(type(event))
    if line is not None:
        return line(event)
    if type(event) in summit.LINES:
        return summit.describe(config.summit.diplomacy, event)
    return skirmish.describe(event)


CHAMPION_TYPES: dict[str, Any] = {
    "champion_alive": bool,
    "fatigue": int,
    "exhausted": int,
    "attacks": int,
    "battles_won": int,
    "defences": int,
}
"""The type of each column the campaign adds to summit's outcome."""


def outcome(summit: GameDef[Any], game: Game) -> dict[str, dict[str, Any]]:
    """Per faction: summit's figures (winner, win_share, score … SM-11, DP-14), the champion's
    fate, Fatigue and Exhausted cards, and its battles; ``"gm"`` never wins."""
    found = summit.outcome(game)
    deck: SkillsState = game["skills"]
    state: CampaignState = game[NAME]
    rows: dict[str, dict[str, Any]] = {}
    for faction, row in found.items():
        champion = owner_of(deck, faction)
        record = record_of(state, faction)
        rows[faction] = {
            **row,
            "champion_alive": champion.alive,
            "fatigue": champion.fatigue,
            "exhausted": len(champion.exhausted),
            "attacks": record.attacks,
            "battles_won": record.conquests,
            "defences": record.defences,
        }
    template = next(iter(rows.values()))
    rows[GM] = {key: type(value)() for key, value in template.items()}  # False, 0 or 0.0
    return rows


OWN_RULES: tuple[str, ...] = tuple(f"CP-{n}" for n in range(1, 13))
"""The campaign's own rule IDs."""

RULE_IDS: tuple[str, ...] = (*skills.RULE_IDS, *combat.RULE_IDS, *diplomacy.RULE_IDS, *OWN_RULES)
"""Every rule ID a campaign reports."""


def _ended_rules(event: BattleEnded) -> tuple[str, ...]:
    extra = {"stalemate": ("CP-7",), "fled": ("CP-8",), "fell": ("CP-2",)}
    return ("CP-5", *extra.get(event.result, ()))


def _died(event: CharacterDied) -> tuple[str, ...]:
    return ("CP-2",) if event.cause == DEFEATED else ()


def _began_rules(event: BattleBegan) -> tuple[str, ...]:
    sides = (
        ("CP-10", bool(event.allies)),
        ("CP-11", bool(event.champion)),
        ("CP-12", event.commander != GM),
    )
    return ("CP-1", "CP-3", "CP-4", *(rule for rule, met in sides if met))


def own_rules() -> dict[type, Callable[[Any], tuple[str, ...]]]:
    """The CP rules the campaign's own events, and the slices' events it causes, attest."""
    return {
        BattleBegan: _began_rules,
        BattleEnded: _ended_rules,
        UnitsFielded: lambda e: ("CP-4",),
        CharacterDied: _died,
    }


def event_rules(skirmish: GameDef[Any], summit: GameDef[Any]) -> dict[type, Any]:
    """Every event type of a campaign with the rules it attests: the skirmish's, summit's
    and the campaign's tables, joined."""
    return joined_event_rules(skirmish.event_rules(), summit.event_rules(), own_rules())


_OWN = own_rules()


def _carried(game: Game, events: tuple[Event, ...]) -> tuple[str, ...]:
    """CP-9: a battle begins with a champion whose deck bears an earlier battle's wear."""
    deck: SkillsState = game["skills"]
    for event in events:
        if isinstance(event, BattleBegan):
            owner = owner_of(deck, event.attacker)
            if owner.fatigue or owner.exhausted:
                return ("CP-9",)
    return ()


def attested(
    skirmish: GameDef[Any], summit: GameDef[Any], game: Game, events: tuple[Event, ...]
) -> tuple[str, ...]:
    """The rules a step's ``events`` attest, ``game`` being the state after the step."""
    found = [*skirmish.attested(game, events)]
    found += summit.attested(game, events)
    for event in events:
        attest = _OWN.get(type(event))
        if attest is not None:
            found.extend(attest(event))
    return (*found, *_carried(game, events))


def truce_attacks(game: Game, actor: str) -> tuple[Action, ...]:
    """Attacks ``actor`` would make in its turn across a border to a truce partner (CP-6)."""
    state: CampaignState = game[NAME]
    return () if state.battle is not None else territory.truce_attacks(game[MAP], actor)
