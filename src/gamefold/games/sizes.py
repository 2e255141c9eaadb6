"""How many values the shipped subsystems' action fields can take, from their configs.

A game's :meth:`~gamefold.games.GameDef.action_sizes` joins these, so the action codec of
:mod:`gamefold.envs` numbers each field with as few indices as the game needs. Every bound
here holds in every state the rules can reach (each cites the rule that bounds it); where
nothing in the config bounds a field, it is left out and the field keeps its domain's cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, perm
from typing import Any

from gamefold import combat, diplomacy, skills, territory
from gamefold.combat import AssignPairings, CombatConfig, Fighter, Retreat
from gamefold.diplomacy import DiplomacyConfig, Propose
from gamefold.skills import PayCost, SkillsConfig

__all__ = ["fight_sizes", "largest_hand", "pairings", "skill_sizes", "table_sizes"]

Sizes = dict[Any, int]
"""Bounds by domain or by ``(action type, field name)``, as ``action_sizes`` gives them."""


def largest_hand(config: SkillsConfig) -> int:
    """The most Skill cards one hand can hold: its owner's deck, whole (SD-1, SD-7: a hand
    holds cards of its owner's deck alone; Level cards may raise a limit up to it, SD-2)."""
    return max(config.deck_size, config.gm_deck_size)


def skill_sizes(config: SkillsConfig, players: int, gm_units: int) -> Sizes:
    """The skill-deck fields of a session of ``players`` player characters and at most
    ``gm_units`` GM units: a unit is a player's character or a GM unit (SD-13); an owner a
    player or the GM (SD-7); a hand card one of any hand's, each within its owner's deck
    (SD-1, SD-7); an ability one :attr:`SkillsConfig.abilities` names, and a payment for it
    one way of choosing its cost from a hand (SD-10)."""
    hand = largest_hand(config)
    costs = [ability.cost for ability in config.abilities]
    return {
        skills.domains.UNITS: players + gm_units,
        skills.domains.OWNERS: players + 1,
        skills.domains.HAND_CARDS: players * config.deck_size + config.gm_deck_size,
        skills.domains.ABILITIES: len(config.abilities),
        (PayCost, "cards"): max([1, *(comb(hand, cost) for cost in costs)]),
    }


def pairings(own: int, enemy: int) -> int:
    """The most pairings a side of ``own`` combatants may choose from against ``enemy``:
    one of its Forward combatants for each enemy Forward combatant, each a different one
    (CB-5), so at most ``own`` of them taken ``min(own, enemy)`` at a time, in order."""
    return perm(own, min(own, enemy))


def fight_sizes(config: CombatConfig, fighters: Sequence[Fighter], paired: int) -> Sizes:
    """The combat fields of a fight of ``fighters`` whose pairings number at most ``paired``
    (see :func:`pairings`): a combatant is one who entered it (CB-11: a fallen one stays);
    an ability one of the config's catalogue (CB-8, CB-9); a retreat's drop any set of the
    retreating combatant's items (CB-14)."""
    items = max([0, *(len(fighter.items) for fighter in fighters)])
    return {
        combat.domains.COMBATANTS: len(fighters),
        combat.domains.ABILITY_NAMES: len(config.abilities),
        (AssignPairings, "pairs"): paired,
        (Retreat, "drop"): 2**items,
    }


def table_sizes(config: DiplomacyConfig, players: int, territories: int) -> Sizes:
    """The diplomacy and map fields of ``players`` seats on a map of ``territories``: a
    seat is one of the players; a hand card one of the actor's own hand, which never holds
    more than the limit (DP-13) unless a card earned with every card locked is kept; a
    proposal's filling an ordered choice of distinct Value cards from the rest of the hand
    for its Agreement card's slots (DP-9); a territory one of the map's."""
    hand = config.hand_limit if config.all_locked != "keep" else len(config.cards)
    slots = [card.slots for card in config.cards if card.kind is diplomacy.Kind.AGREEMENT]
    return {
        diplomacy.domains.SEATS: players,
        diplomacy.domains.HAND_CARDS: hand,
        (Propose, "values"): max([1, *(perm(hand - 1, n) for n in slots)]),
        territory.domains.TERRITORIES: territories,
    }
