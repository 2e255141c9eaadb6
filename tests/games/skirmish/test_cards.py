"""What cards do in the fight, one helper at a time: level cards (SK-12), moves (SK-11), a
Burn's bonuses at 0 or below (SK-17), the Dodge die's stream (SK-15) and the reactions
tally of a Burn (SK-4, SK-9)."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from gamefold import skills
from gamefold.combat import Empowered, Healed, Moved, Zone
from gamefold.core import Action, replace
from gamefold.games.skirmish import (
    Dodged,
    ShieldRaised,
    Skirmish,
    SkirmishConfig,
    UseAbility,
    UseCard,
)
from gamefold.games.skirmish.cards import level_effect, move_problem
from gamefold.games.skirmish.config import SKIRMISH_DECK
from gamefold.games.skirmish.state import NAME, tally_of
from gamefold.registry import Game
from gamefold.skills import (
    Activate,
    Burn,
    CardDef,
    Discard,
    Effect,
    HandLimitChanged,
    Modifier,
    OpenReactionWindow,
    Play,
    SkillsConfig,
    owner_of,
)
from gamefold.skills.catalogue import REACTION

from .support import ROCK, cards_named, declare, pair_first, step, with_hand
from .test_reactions import _goblin_attacks_ana

"""The skirmish's own layout: its rules read the slices there."""


def _deck_with(*extra: CardDef) -> SkirmishConfig:
    deck = (*extra, *SKIRMISH_DECK)
    return SkirmishConfig(skills=SkillsConfig(deck=deck, gm_deck=deck))


def _activating(game_def: Skirmish, player: str, *names: str) -> tuple[Game, list[int]]:
    """``player`` activating at the start of Round 1, holding one card of each name."""
    game = pair_first(game_def, game_def.setup(1))
    held = [cards_named(game, player, name)[0] for name in names]
    game = with_hand(game, player, held)
    game, _ = step(game_def, game, Activate(player))
    return game, held


def test_sk12_a_level_effect_changes_only_its_players_limit() -> None:
    """SK-12, SD-2: ``delta`` is added to the Playing player's hand limit, told by
    HandLimitChanged; the others' limits stay."""
    deck = Skirmish().setup(1)["skills"]
    state, events = level_effect(deck, "bo", Effect("level", {"delta": -2}))
    assert events == (HandLimitChanged("bo", 5, 3),)
    assert [o.hand_limit for o in state.owners] == [5, 3, 5, 5]
    state, events = level_effect(deck, "ana", Effect("level", {"delta": 1}))
    assert events == (HandLimitChanged("ana", 5, 6),)


def test_sk12_a_level_effect_without_delta_or_out_of_range_changes_nothing() -> None:
    """SK-12, SD-2: a level card without ``delta`` changes the limit by 0 (told as such);
    one leaving the range (below 0) leaves the deck as it was and tells nothing."""
    deck = Skirmish().setup(1)["skills"]
    assert level_effect(deck, "ana", Effect("level", {})) == (
        deck,
        (HandLimitChanged("ana", 5, 5),),
    )
    assert level_effect(deck, "ana", Effect("level", {"delta": -6})) == (deck, ())


def test_sk11_move_problem_says_who_may_move_now() -> None:
    """SK-11, CB-4: between exchanges a member in Forward or in Rearward may move; a unit
    not in the fight (unknown, or out of the zones) cannot."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    assert move_problem(game, "ana") is None  # Forward
    assert move_problem(game, "cy") is None  # Rearward
    assert move_problem(game, "zed") == "it is not in the fight"
    assert move_problem(game, None) == "it is not in the fight"
    fight = game["combat"]
    out = tuple(replace(c, zone=None, hp=0) if c.id == "bo" else c for c in fight.combatants)
    assert move_problem(game.with_slice("combat", replace(fight, combatants=out)), "bo") == (
        "it is not in the fight"
    )


def test_sk11_a_dash_moves_a_rearward_member_to_forward() -> None:
    """SK-11: Dash moves its player to its side's other zone: cy, in Rearward, to Forward."""
    game_def = Skirmish()
    game, (dash,) = _activating(game_def, "cy", "Dash")
    game, events = step(game_def, game, Play("cy", dash))
    assert Moved("cy", Zone.REARWARD, Zone.FORWARD) in events


@pytest.mark.parametrize("amount", [0, -1])
def test_sk17_a_burn_modifier_of_0_or_less_does_nothing(amount: int) -> None:
    """SK-17: a ``speed`` modifier of 0 or below moves nobody; a ``focus`` one draws
    nothing."""
    lame = CardDef("Lame", Effect("draw", {"count": 1}), (Modifier("speed", amount),))
    dull = CardDef("Dull", Effect("draw", {"count": 1}), (Modifier("focus", amount),))
    game_def = Skirmish(_deck_with(lame, dull))
    game, (card, other) = _activating(game_def, "ana", "Lame", "Dull")
    game, events = step(game_def, game, Burn("ana", card))
    assert not any(isinstance(e, Moved) for e in events)
    hand = owner_of(game["skills"], "ana").hand
    game, events = step(game_def, game, Burn("ana", other))
    assert len(owner_of(game["skills"], "ana").hand) == len(hand) - 1


def test_sk17_a_focus_burn_draws_its_amount() -> None:
    """SK-17, SD-11: Burning a ``focus`` modifier of 2 draws 2 cards."""
    sharp = CardDef("Sharp", Effect("draw", {"count": 1}), (Modifier("focus", 2),))
    game_def = Skirmish(_deck_with(sharp))
    game, (card,) = _activating(game_def, "ana", "Sharp")
    game, _ = step(game_def, game, Burn("ana", card))
    assert len(owner_of(game["skills"], "ana").hand) == 2


def test_sk15_each_dodge_rolls_the_next_number_of_the_slices_stream() -> None:
    """SK-15: a Dodge rolls the slice's own RNG and moves it on, so two Dodges roll two
    successive numbers of the stream."""
    game_def = Skirmish(SkirmishConfig(dodge_sides=1000))
    game, _ = _goblin_attacks_ana(game_def)
    rng = game[NAME].rng
    dodges = cards_named(game, "ana", "Dodge")
    game = with_hand(game, "ana", dodges[:2])
    first, rng = rng.below(1000)
    second, rng = rng.below(1000)
    game, events = step(game_def, game, Play("ana", dodges[0]))
    assert [e for e in events if isinstance(e, Dodged)] == [Dodged("ana", first + 1, 1000, 0)]
    game, events = step(game_def, game, Play("ana", dodges[1]))
    assert [e for e in events if isinstance(e, Dodged)] == [Dodged("ana", second + 1, 1000, 0)]
    assert game[NAME].rng == rng


def test_sk4_sk9_a_burn_in_a_reaction_window_counts_as_a_reaction() -> None:
    """SK-4, SK-9: a card Burned in one's reaction window is a reaction; one Burned in
    one's own activation is not."""
    game_def = Skirmish()
    game, cards = _goblin_attacks_ana(game_def)
    game, _ = step(game_def, game, Burn("ana", cards["Parry"]))
    assert (tally_of(game[NAME], "ana").reactions, tally_of(game[NAME], "ana").cards_burned) == (
        1,
        1,
    )
    game, (parry,) = _activating(game_def, "ana", "Parry")
    game, _ = step(game_def, game, Burn("ana", parry))
    assert (tally_of(game[NAME], "ana").reactions, tally_of(game[NAME], "ana").cards_burned) == (
        0,
        1,
    )


@pytest.mark.parametrize(
    "action",
    [
        lambda card: Play("gm", card),
        lambda card: Burn("gm", card),
        lambda card: Discard("gm", card),
    ],
    ids=["Play", "Burn", "Discard"],
)
def test_sk4_while_a_window_is_open_only_its_player_uses_cards(
    action: Callable[[int], Action],
) -> None:
    """SK-4, SD-8: the GM, though its goblin is activating, may not Play, Burn or Discard
    while ana's window is open; the deck's own refusal comes first (a card not in hand)."""
    game_def = Skirmish()
    game, _ = _goblin_attacks_ana(game_def)
    held = owner_of(game["skills"], "gm").hand[0]
    problem = game_def.rules.check(game, action(held))
    assert str(problem) == "ana may react first [skirmish/reaction-pending, SD-8]"
    assert problem is not None
    assert problem.action == action(held)
    other = owner_of(game["skills"], "gm").deck[0]
    problem = game_def.rules.check(game, action(other))
    assert problem is not None
    assert problem.code.startswith("skills/")


def test_sk3_a_card_that_declares_an_ability_is_not_played_plainly() -> None:
    """SK-3, SD-11: Playing Strike is refused: it is used with UseCard."""
    game_def = Skirmish()
    game, (strike,) = _activating(game_def, "ana", "Strike")
    problem = game_def.rules.check(game, Play("ana", strike))
    assert (
        str(problem) == "this card declares Attack: use it with UseCard. [skirmish/use-card, SD-11]"
    )
    assert problem is not None
    assert problem.action == Play("ana", strike)


def test_sk16_cards_without_their_parameter_add_nothing() -> None:
    """SK-16: an ability card without ``damage`` empowers nothing; a healing card without
    ``amount`` heals nothing."""
    jab = CardDef("Jab", Effect("attack", {}))
    hope = CardDef("Hope", Effect("heal", {}))
    game_def = Skirmish(_deck_with(jab, hope))
    game, (jab_id, hope_id) = _activating(game_def, "ana", "Jab", "Hope")
    fight = game["combat"]
    hurt = tuple(replace(c, hp=5) if c.id == "ana" else c for c in fight.combatants)
    game = game.with_slice("combat", replace(fight, combatants=hurt))
    game, events = step(game_def, game, Play("ana", hope_id))
    assert not any(isinstance(e, Healed) for e in events)
    game, events = step(game_def, game, UseCard("ana", jab_id, ROCK, "goblin"))
    assert not any(isinstance(e, Empowered) for e in events)


@pytest.mark.parametrize("effect", ["defend", "evade"])
def test_sk5_sk15_a_reaction_card_without_its_parameter_shields_nothing(effect: str) -> None:
    """SK-5, SK-15: a reaction card lacking its parameter shields 0; a dodge lacking its
    chance never succeeds, even on a die of 1."""
    duck = CardDef("Duck", Effect(effect, {}), timing=REACTION)
    config = attrs.evolve(_deck_with(duck), dodge_sides=1)
    game_def = Skirmish(config)
    game, _ = _goblin_attacks_ana(game_def)
    duck_id = cards_named(game, "ana", "Duck")[0]
    game = with_hand(game, "ana", [duck_id])
    game, events = step(game_def, game, Play("ana", duck_id))
    assert not any(isinstance(e, ShieldRaised) for e in events)


def test_sk11_no_move_during_an_exchange() -> None:
    """SK-11, CB-10: once a choice is made for the exchange, combat refuses a move: its
    code says why."""
    game_def = Skirmish()
    game, _ = _activating(game_def, "ana")
    game, _ = declare(game_def, game, UseAbility("ana", "Defend", ROCK, "goblin"))
    assert move_problem(game, "ana") == "combat/exchange-under-way"


def test_sk4_the_gms_cards_wait_for_every_open_window() -> None:
    """SK-4, SD-8: with two windows open, the refusal of the GM's card names both."""
    game_def = Skirmish()
    game, _ = _goblin_attacks_ana(game_def)
    deck, _ = skills.step(game["skills"], OpenReactionWindow("bo"))
    game = game.with_slice("skills", deck)
    card = owner_of(deck, "gm").hand[0]
    problem = game_def.rules.check(game, Burn("gm", card))
    assert str(problem) == "ana, bo may react first [skirmish/reaction-pending, SD-8]"
