"""What a skirmish tells: its account, the rules its play attests, its outcome (SK-9).

- :data:`LINES` and :func:`describe`: one readable line per event, for ``gamefold play``
  and the examples. Combat events are told by :func:`gamefold.combat.describe`; skill-deck
  and skirmish events by the lines here. Card ids are shown as numbers; what a hidden card
  is never appears.
- :func:`event_rules`, :func:`attested`, :func:`rule_ids`: the rules play attests, for rule
  coverage (:func:`gamefold.sim.coverage`). Skills' and combat's events attest their SD and
  CB rules (each package's ``EVENT_RULES``); :func:`event_rules` adds the SK rules the
  game's own events and the subsystems' events show in this game; :func:`attested` adds the
  zone rules a declaration shows in the combat state
  (:func:`gamefold.combat.declaration_rules`). Refusals attest their own rule.
- :func:`outcome`: one row of numbers per player, every row with the same columns (so a
  simulation's DataFrame has no holes), each told in ``docs/games/skirmish.md``.

>>> from gamefold.games.skirmish.account import describe
>>> from gamefold.games.skirmish.state import ShieldRaised
>>> describe(ShieldRaised("ana", 2, 2))
'ana raises a shield of 2 (2 in all this Round).'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gamefold import combat, skills
from gamefold.combat import (
    AbilityResolved,
    CombatantFell,
    CombatEnded,
    CombatState,
    ConditionApplied,
    Declared,
    Ending,
    ExchangeRevealed,
    Fled,
    Moved,
    PairingsAssigned,
    RetreatFailed,
    Side,
    Warded,
    find,
)
from gamefold.core import Event, attests
from gamefold.games.base import EventRules, joined_event_rules
from gamefold.games.skirmish.config import SkirmishConfig
from gamefold.games.skirmish.state import (
    DeclarationHeld,
    DeclarationLapsed,
    Dodged,
    LeftTheFight,
    ShieldsDropped,
    SkirmishSlices,
    SkirmishState,
    Tally,
    tally_of,
)
from gamefold.skills import (
    GM,
    CardBurned,
    CardPlayed,
    CostPaid,
    HandLimitChanged,
    SkillsState,
    UnitDefeated,
    owner_of,
)

__all__ = [
    "LINES",
    "OWN_RULES",
    "RESULTS",
    "attested",
    "describe",
    "event_rules",
    "outcome",
    "rule_ids",
]


LINES: dict[type, Callable[[Any], str]] = {
    **skills.LINES,
    DeclarationHeld: lambda e: f"{e.unit} declares at {e.target}, who may react first.",
    DeclarationLapsed: lambda e: f"{e.unit}'s declaration at {e.target} lapses.",
    LeftTheFight: lambda e: f"{e.unit} leaves the fight ({e.cause}).",
    Dodged: lambda e: (
        f"{e.unit} rolls {e.roll} of {e.sides} to dodge: "
        + (f"a shield of {e.shield}." if e.shield else "no luck.")
    ),
}


def describe(event: Event) -> str:
    """One sentence saying what ``event`` reports: the skill-deck and combat subsystems' own
    lines for theirs (:func:`gamefold.skills.describe`, :func:`gamefold.combat.describe`)."""
    line = LINES.get(type(event))
    return combat.describe(event) if line is None else line(event)


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


OUTCOME_TYPES: dict[str, Any] = {
    "winner": bool,
    "result": str,
    "side": str,
    "fled": bool,
    "alive": bool,
    "died": bool,
    "cause": str | None,
    "standing": int,
    "hp": int,
    "fatigue": int,
    "stress": int,
    "damage_dealt": int,
    "damage_taken": int,
    "damage_prevented": int,
    "death_round": int | None,
    "fell_round": int | None,
    "cards_played": int,
    "cards_burned": int,
    "cards_paid": int,
    "reactions": int,
}
"""The type of each column of :func:`outcome` (``None``: the player never died or fell)."""


def outcome(config: SkirmishConfig, game: SkirmishSlices) -> dict[str, dict[str, Any]]:
    """Per player, the party in seat order then ``"gm"``: the winner (SK-9) and the numbers."""
    fight: CombatState = game.combat
    deck: SkillsState = game.skills
    state: SkirmishState = game.skirmish
    party, gm = RESULTS[fight.ending]
    rows = {}
    for name in config.party:
        c = find(fight, name)
        side = Side.PARTY if c is None else c.side  # a host may stand a player among the enemies
        theirs = side is Side.ENEMIES  # such a player wins or loses with the GM
        rows[name] = _member(fight, deck, tally_of(state, name), gm if theirs else party, side)
    rows[GM] = _gm(fight, tally_of(state, GM), gm, config.party)
    return rows


OWN_RULES: tuple[str, ...] = tuple(f"SK-{n}" for n in range(1, 19))
"""The skirmish's own rule IDs."""


def _played(config: SkirmishConfig, event: CardPlayed) -> tuple[str, ...]:
    effect = event.effect
    if effect.name in config.card_abilities:
        damage = config.card_damage
        return ("SK-3", "SK-16") if damage and effect.params.get(damage, 0) > 0 else ("SK-3",)
    return ("SK-16",) if effect.name in config.heal_effects else ()


def _burned(config: SkirmishConfig, event: CardBurned) -> tuple[str, ...]:
    acts = any(m.stat in config.burn_effects and m.amount > 0 for m in event.modifiers)
    return ("SK-17",) if acts else ()


def _held(config: SkirmishConfig, event: DeclarationHeld) -> tuple[str, ...]:
    return ("SK-4",) if event.target in config.party else ("SK-18",)


def _fled(event: Fled) -> tuple[str, ...]:
    return ("SK-8", "SK-14") if event.lost else ("SK-8",)


def event_rules(config: SkirmishConfig) -> dict[type, Callable[[Any], tuple[str, ...]]]:
    """Every event type of a skirmish with the rules it attests under ``config``."""
    own: dict[type, Callable[[Any], tuple[str, ...]]] = {
        PairingsAssigned: attests("SK-1"),
        ExchangeRevealed: attests("SK-1"),
        CostPaid: attests("SK-2"),
        CardPlayed: partial(_played, config),
        CardBurned: partial(_burned, config),
        DeclarationHeld: partial(_held, config),
        Warded: attests("SK-5"),
        ShieldsDropped: attests("SK-5"),
        LeftTheFight: attests("SK-6"),
        DeclarationLapsed: attests("SK-6"),
        CombatantFell: attests("SK-7"),
        UnitDefeated: attests("SK-7"),
        Fled: _fled,
        Moved: attests("SK-11"),
        Dodged: attests("SK-15", "SD-8"),
        HandLimitChanged: attests("SK-12"),
        ConditionApplied: attests("SK-13"),
        RetreatFailed: attests("SK-8"),
        CombatEnded: attests("SK-9"),
        AbilityResolved: attests(),
    }
    return joined_event_rules(skills.EVENT_RULES, combat.EVENT_RULES, own)


def attested(table: EventRules, game: SkirmishSlices, events: tuple[Event, ...]) -> tuple[str, ...]:
    """The rules ``events`` attest, ``game`` being the state after them."""
    found: list[str] = []
    for event in events:
        attest = table.get(type(event))
        if attest is not None:
            found.extend(attest(event))
        if isinstance(event, Declared):
            zones = combat.declaration_rules(game.combat, event)
            found.extend(zones)
            if "CB-4" in zones:
                found.append("SK-10")  # a zone-bound ability of the skirmish's catalogue
    return tuple(found)


def rule_ids() -> tuple[str, ...]:
    """SD-1 … SD-15, CB-1 … CB-15 and the skirmish's own SK rules."""
    return (*skills.RULE_IDS, *combat.RULE_IDS, *OWN_RULES)
