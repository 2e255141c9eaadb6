"""SK-2, SK-3 (SD-10, SD-11): paying for abilities with Skill cards, by example.

The GM's reaction window (SK-18) is off here, so that each declaration is made at once."""

from __future__ import annotations

import pytest

from gamefold.combat import Declare, Declared, Empowered
from gamefold.games.skirmish import Skirmish, UseAbility, UseCard
from gamefold.registry import Game
from gamefold.skills import (
    Activate,
    CardPlayed,
    CostPaid,
    EndActivation,
    PayCost,
    Play,
    owner_of,
)

from .support import ROCK, cards_named, events_of, pair_first, skirmish, step, with_hand


def _ana_activating(game_def: Skirmish) -> tuple[Game, dict[str, int]]:
    """Round 1, pairings assigned (ana vs goblin), ana activating with one of each card."""
    game = pair_first(game_def, game_def.setup(1))
    names = ("Strike", "Parry", "Focus", "Dash", "Dodge")
    cards = {name: cards_named(game, "ana", name)[0] for name in names}
    game = with_hand(game, "ana", cards.values())
    game, _ = step(game_def, game, Activate("ana"))
    return game, cards


def _refused(game_def: Skirmish, game: Game, action: object) -> tuple[str, str]:
    problem = game_def.rules.check(game, action)  # type: ignore[arg-type]
    assert problem is not None, f"{action!r} was accepted"
    with pytest.raises(type(problem)):
        game_def.rules.step(game, action)  # type: ignore[arg-type]
    return problem.code, problem.rule


def test_sd10_sk2_use_ability_pays_its_cost_as_a_payment_discard_and_declares() -> None:
    """SD-10: Attack costs 1 card (``ability_costs``); the card is discarded, then declared."""
    game_def = skirmish(gm_reaction_windows=False)
    game, cards = _ana_activating(game_def)
    dash = cards["Dash"]
    game, events = step(game_def, game, UseAbility("ana", "Attack", ROCK, "goblin", (dash,)))
    assert events[0] == CostPaid("ana", "Attack", (dash,))
    assert events_of(events, Declared) == [Declared("ana", "Attack", ROCK, "goblin", 1)]
    ana = owner_of(game["skills"], "ana")
    assert dash in ana.discard
    assert dash not in ana.hand
    assert game["combat"].combatants[0].declaration is not None
    assert game["skirmish"].tallies[0].cards_paid == 1
    assert EndActivation("ana") in game_def.rules.legal_actions(game, "ana")


def test_sd10_the_payment_must_be_exactly_the_cost_and_free_abilities_take_none() -> None:
    """SD-10: the wrong number of cards is refused; Defend is free and takes no card."""
    game_def = skirmish(gm_reaction_windows=False)
    game, cards = _ana_activating(game_def)
    two = (cards["Dash"], cards["Focus"])
    assert _refused(game_def, game, UseAbility("ana", "Attack", ROCK, "goblin", two)) == (
        "skills/wrong-cost",
        "SD-10",
    )
    assert _refused(game_def, game, UseAbility("ana", "Attack", ROCK, "goblin")) == (
        "skills/wrong-cost",
        "SD-10",
    )
    free = UseAbility("ana", "Defend", ROCK, "goblin", (cards["Dash"],))
    assert _refused(game_def, game, free) == ("skirmish/wrong-cost", "SD-10")
    game, events = step(game_def, game, UseAbility("ana", "Defend", ROCK, "goblin"))
    assert not events_of(events, CostPaid)
    assert events_of(events, Declared)[0].cost == 0


def test_sd10_bare_declarations_and_payments_are_refused() -> None:
    """SD-10: a combat Declare without payment, or a payment without a declaration, would
    leave the slices disagreeing: both are refused; UseAbility does both at once."""
    game_def = skirmish(gm_reaction_windows=False)
    game, cards = _ana_activating(game_def)
    bare = Declare("ana", "Attack", ROCK, "goblin")
    assert _refused(game_def, game, bare) == ("skirmish/use-ability", "SD-10")
    pay = PayCost("ana", "Attack", (cards["Dash"],))
    assert _refused(game_def, game, pay) == ("skirmish/use-ability", "SD-10")
    legal = game_def.rules.legal_actions(game, "ana")
    assert not any(isinstance(a, Declare | PayCost) for a in legal)
    assert UseAbility("ana", "Attack", ROCK, "goblin", (cards["Dash"],)) in legal


def test_sd11_sk3_use_card_plays_an_ability_card_as_the_whole_payment() -> None:
    """SK-3: Strike's effect is "attack" (``card_abilities``): UseCard Plays it and
    declares Attack with no other payment; a plain Play of it is refused."""
    game_def = skirmish(gm_reaction_windows=False)
    game, cards = _ana_activating(game_def)
    strike = cards["Strike"]
    assert _refused(game_def, game, Play("ana", strike)) == ("skirmish/use-card", "SD-11")
    parry = UseCard("ana", cards["Parry"], ROCK, "goblin")
    assert _refused(game_def, game, parry) == ("skirmish/not-an-ability-card", "SD-11")
    game, events = step(game_def, game, UseCard("ana", strike, ROCK, "goblin"))
    assert [type(e) for e in events] == [CardPlayed, Empowered, Declared]  # SK-16 first
    assert events[2] == Declared("ana", "Attack", ROCK, "goblin", 1)
    assert strike in owner_of(game["skills"], "ana").discard
    assert game["skirmish"].tallies[0].cards_played == 1


def test_sk2_ability_costs_other_value_attack_costs_two_cards() -> None:
    """``ability_costs={"Attack": 2}``: two cards pay for an Attack (SD-10)."""
    game_def = skirmish(ability_costs={"Attack": 2}, gm_reaction_windows=False)
    assert game_def.config.skills_config().ability_cost("Attack") == 2
    game, cards = _ana_activating(game_def)
    one = UseAbility("ana", "Attack", ROCK, "goblin", (cards["Dash"],))
    assert _refused(game_def, game, one) == ("skills/wrong-cost", "SD-10")
    two = (cards["Dash"], cards["Focus"])
    game, events = step(game_def, game, UseAbility("ana", "Attack", ROCK, "goblin", two))
    assert events_of(events, CostPaid)[0].cards == tuple(sorted(two))
    assert events_of(events, Declared)[0].cost == 2


def test_sk3_card_abilities_other_value_no_card_declares() -> None:
    """``card_abilities={}``: Strike is a plain card, Played for its (flavour) effect."""
    game_def = skirmish(card_abilities={}, gm_reaction_windows=False)
    game, cards = _ana_activating(game_def)
    strike = cards["Strike"]
    use = UseCard("ana", strike, ROCK, "goblin")
    assert _refused(game_def, game, use) == ("skirmish/not-an-ability-card", "SD-11")
    game, events = step(game_def, game, Play("ana", strike))
    assert [type(e) for e in events] == [CardPlayed]


def test_sk3_card_abilities_can_map_an_effect_to_a_free_ability() -> None:
    """``card_abilities={"heal": "Defend"}``: Rally (heal) declares Defend when Played (so
    it heals no more: an effect that declares an ability is no ``heal_effects`` one, SK-16)."""
    game_def = skirmish(
        card_abilities={"heal": "Defend"}, heal_effects={}, gm_reaction_windows=False
    )
    game = pair_first(game_def, game_def.setup(1))
    rally = cards_named(game, "ana", "Rally")[0]
    game = with_hand(game, "ana", [rally])
    game, _ = step(game_def, game, Activate("ana"))
    assert UseCard("ana", rally, ROCK, "goblin") in game_def.rules.legal_actions(game, "ana")
    game, events = step(game_def, game, UseCard("ana", rally, ROCK, "goblin"))
    assert events_of(events, Declared)[0].ability == "Defend"
