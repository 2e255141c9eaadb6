"""Unit tests of the greedy skirmish policy's heuristics on small arranged views.

Each heuristic of :mod:`gamefold.games.skirmish.policies` is called on stand-in views (only
the attributes the policy reads, EN-9) so that every documented preference is pinned at its
boundary: the weights, the thresholds and the order of the checks.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gamefold.combat import AssignPairings, Retreat, Side, Zone
from gamefold.combat.pairing import Pair
from gamefold.games.skirmish import policies
from gamefold.games.skirmish.declaring import UseAbility, UseCard
from gamefold.games.skirmish.policies import FLEE_BELOW, _Greedy, greedy_policy
from gamefold.rng import Rng
from gamefold.skills import (
    Activate,
    Burn,
    CardDef,
    CloseReactionWindow,
    Discard,
    Effect,
    EndActivation,
    Modifier,
    Play,
)

LEVEL_UP, LEVEL_ZERO, MOVE, FOCUS, RALLY, STRIKE, PARRY, DODGE, JUNK, HEAVY = range(10)
DULL, WEAK, FEEBLE, RALLY_EMPTY, RUSH, NUDGE, LEVEL_BARE = range(10, 17)

CARDS = {
    LEVEL_UP: CardDef("Level", Effect("level", {"delta": 1})),
    LEVEL_ZERO: CardDef("Flat", Effect("level", {"delta": 0})),
    MOVE: CardDef("Dash", Effect("move", {})),
    FOCUS: CardDef("Focus", Effect("draw", {"count": 1})),
    RALLY: CardDef("Rally", Effect("rally", {"amount": 3})),
    STRIKE: CardDef("Strike", Effect("strike", {}), (Modifier("attack", 2),)),
    PARRY: CardDef("Parry", Effect("parry", {"prevent": 2}), (Modifier("guard", 1),)),
    DODGE: CardDef("Dodge", Effect("parry", {"prevent": 1}), (Modifier("guard", 3),)),
    JUNK: CardDef("Junk", Effect("nothing", {}), (Modifier("guard", 2), Modifier("attack", 5))),
    HEAVY: CardDef("Heavy Shield", Effect("level", {"delta": -1})),
    DULL: CardDef("Dull", Effect("nothing", {}), (Modifier("attack", 0),)),
    WEAK: CardDef("Weak", Effect("nothing", {}), (Modifier("speed", 4),)),
    FEEBLE: CardDef("Feeble", Effect("parry", {}), (Modifier("guard", 0),)),
    RALLY_EMPTY: CardDef("Empty Rally", Effect("rally", {})),
    RUSH: CardDef("Rush", Effect("rush", {})),
    NUDGE: CardDef("Nudge", Effect("nothing", {}), (Modifier("attack", 1),)),
    LEVEL_BARE: CardDef("Bare Level", Effect("level", {})),
}

CONFIG: Any = SimpleNamespace(
    burn_effects={"attack": "empower", "guard": "shield", "speed": "haste"},
    heal_effects={"rally": "amount"},
    reaction_effects={"parry": "prevent"},
    card_abilities={"strike": "Attack", "rush": "Bash"},
    shield_stats=frozenset({"guard"}),
)

ABILITIES = {
    "Attack": SimpleNamespace(damage_win=3, inflicts=()),
    "Stun": SimpleNamespace(damage_win=1, inflicts=(SimpleNamespace(condition="stunned"),)),
    "Bash": SimpleNamespace(damage_win=4, inflicts=()),
    "Big": SimpleNamespace(damage_win=5, inflicts=()),
}


class _DeckConfig:
    hand_limit = 4

    def __init__(self, owners: int) -> None:
        self.owners = owners

    def card_definition(self, card: int, last: int) -> CardDef:
        assert last == self.owners - 1
        return CARDS[card]


def unit(cid: str, hp: int, side: Side = Side.PARTY, **more: Any) -> Any:
    fields = {"max_hp": 10, "zone": Zone.REARWARD, "conditions": ()} | more
    return SimpleNamespace(id=cid, hp=hp, side=side, **fields)


def fight(*combatants: Any) -> Any:
    return SimpleNamespace(combatants=combatants, config=SimpleNamespace(ability=ABILITIES.get))


def deck(hand: int = 3, limit: int = 4, active: str | None = "ana") -> Any:
    owners = (
        SimpleNamespace(player="gm", hand_size=9, hand_limit=9),
        SimpleNamespace(player="ana", hand_size=hand, hand_limit=limit),
    )
    return SimpleNamespace(config=_DeckConfig(len(owners)), owners=owners, active=active)


GREEDY = _Greedy(CONFIG)
RNG = Rng.from_seed(1)


def call(view: dict[str, Any], legal: list[Any]) -> Any:
    action, rng = GREEDY(view, tuple(legal), RNG)
    if not isinstance(action, UseAbility | UseCard | Retreat):
        assert rng is RNG
    return action


def view(hand: int = 3, limit: int = 4, *combatants: Any) -> dict[str, Any]:
    return {"combat": fight(*combatants), "skills": deck(hand, limit)}


# -- helpers ----------------------------------------------------------------------------


def test_greedy_policy_is_a_greedy_for_the_config() -> None:
    """greedy_policy builds the policy for the given config (the module's text)."""
    made = greedy_policy(CONFIG)
    assert isinstance(made, _Greedy)
    assert made.config is CONFIG


def test_definition_reads_the_public_deck_list() -> None:
    """SD-1: a card's definition is read from the public list, by the last owner's index."""
    assert policies.definition(deck(), PARRY) is CARDS[PARRY]


def test_hp_of_an_unknown_combatant_is_zero() -> None:
    """The hit points of a combatant not in the fight count as 0; a known one's are its own."""
    fighting = fight(unit("ana", 7), unit("bo", 4))
    assert policies._hp(fighting, "bo") == 4
    assert policies._hp(fighting, "zed") == 0


def test_side_hp_counts_standing_members_of_that_side_only() -> None:
    """CB-13: a side's standing hit points skip the fallen (negative hp) and the other side."""
    fighting = fight(unit("ana", 1), unit("bo", -5), unit("gob", 7, Side.ENEMIES))
    assert policies._side_hp(fighting, Side.PARTY) == 1
    assert policies._side_hp(fighting, Side.ENEMIES) == 7


def test_losing_below_half_the_enemies() -> None:
    """CB-13: the party flees strictly below FLEE_BELOW (half) of the enemies' hit points."""
    assert FLEE_BELOW == 0.5
    assert not policies._losing(fight(unit("ana", 5), unit("gob", 10, Side.ENEMIES)))
    assert policies._losing(fight(unit("ana", 4), unit("gob", 10, Side.ENEMIES)))


def test_losing_with_a_member_down_below_the_enemies() -> None:
    """CB-13: with a member down (hp 0) the party flees when strictly below the enemies."""
    enemies = unit("gob", 10, Side.ENEMIES)
    assert policies._losing(fight(unit("ana", 9), unit("bo", 0), enemies))
    assert not policies._losing(fight(unit("ana", 10), unit("bo", 0), enemies))
    assert not policies._losing(fight(unit("ana", 8), unit("bo", 1), enemies))
    fallen_enemy = unit("orc", 0, Side.ENEMIES)
    assert not policies._losing(fight(unit("ana", 9), enemies, fallen_enemy))


def test_retreat_carries_a_fallen_ally_then_drops_the_most() -> None:
    """CB-14/CB-15: a retreat carrying an ally wins over dropping more; then the most drops."""
    plain = Retreat("ana", None, ("a", "b", "c"))
    carry = Retreat("ana", "bo", ("a",))
    carry_more = Retreat("ana", "bo", ("a", "b"))
    assert policies._retreat([plain, carry, carry_more]) == carry_more
    assert policies._retreat([Retreat("ana"), plain]) == plain


def test_payment_names_the_card_or_the_ability_and_its_cards() -> None:
    """SK-9: a UseCard pays with its card, a UseAbility with its ability and cards."""
    assert policies._payment(UseCard("ana", STRIKE, None, "gob")) == ("card", (STRIKE,))
    use = UseAbility("ana", "Attack", None, "gob", (JUNK,))
    assert policies._payment(use) == ("Attack", (JUNK,))


# -- the call's routing -----------------------------------------------------------------


def test_pairing_takes_the_healthiest() -> None:
    """Pairing: the pairing with the healthiest own fighters is chosen first of all."""
    fighting = fight(unit("ana", 2), unit("bo", 8))
    weak = AssignPairings(Side.PARTY, (Pair("ana", "gob"),))
    strong = AssignPairings(Side.PARTY, (Pair("bo", "gob"),))
    chosen = call({"combat": fighting, "skills": deck()}, [weak, strong, EndActivation("ana")])
    assert chosen == strong


def test_a_reaction_window_is_answered_by_react() -> None:
    """SK-5: in a window it Plays the reaction preventing the most, over any Burn."""
    legal = [Burn("ana", DODGE), Play("ana", DODGE), Play("ana", PARRY), CloseReactionWindow("ana")]
    assert call(view(), legal) == Play("ana", PARRY)


def test_react_burns_the_biggest_shield_then_closes() -> None:
    """SK-5: without a preventing reaction it Burns the biggest shield even with 1 card held;
    with no shield to Burn (or nothing held) it closes the window."""
    legal = [
        Play("ana", FEEBLE),
        Burn("ana", PARRY),
        Burn("ana", DODGE),
        CloseReactionWindow("ana"),
    ]
    assert call(view(hand=1), legal) == Burn("ana", DODGE)
    assert call(view(hand=0), legal) == CloseReactionWindow("ana")
    legal = [Play("ana", JUNK), Burn("ana", STRIKE), CloseReactionWindow("ana")]
    assert call(view(hand=5), legal) == CloseReactionWindow("ana")


def test_prevents_reads_the_reaction_parameter() -> None:
    """SK-5: a reaction card prevents its parameter; others, or a missing one, prevent 0."""
    assert GREEDY._prevents(deck(), PARRY) == 2
    assert GREEDY._prevents(deck(), DODGE) == 1
    assert GREEDY._prevents(deck(), FEEBLE) == 0
    assert GREEDY._prevents(deck(), JUNK) == 0


def test_shield_sums_only_shield_stats() -> None:
    """SK-5: a card's shield is the sum of its Burn's shield modifiers only."""
    assert GREEDY._shield(deck(), JUNK) == 2
    assert GREEDY._shield(deck(), STRIKE) == 0
    assert GREEDY._shield(deck(), DODGE) == 3


def test_shield_burn_after_the_choice_keeps_two_cards() -> None:
    """SK-5: after its choice it Burns the biggest shield only while holding more than 2."""
    legal = [Burn("ana", STRIKE), Burn("ana", PARRY), Burn("ana", JUNK), EndActivation("ana")]
    assert call(view(hand=3), legal) == Burn("ana", JUNK)
    assert call(view(hand=2), legal) == EndActivation("ana")
    assert GREEDY._shield_burn(deck(hand=3), (EndActivation("ana"),), keep=2) is None


def test_idle_discard_drops_dead_cards() -> None:
    """SD-9: it freely Discards a card whose Play does nothing or only lowers (or keeps) the
    hand limit, skipping other actions and every useful card first."""
    useful = [Discard("ana", c) for c in (LEVEL_UP, MOVE, FOCUS, RALLY, STRIKE, PARRY, RUSH)]
    end = EndActivation("ana")
    assert call(view(hand=1), [Burn("ana", JUNK), *useful, end]) == end
    for dead in (JUNK, HEAVY, LEVEL_ZERO):
        legal = [Burn("ana", JUNK), *useful, Discard("ana", dead), end]
        assert call(view(hand=1), legal) == Discard("ana", dead)


def test_the_side_chooses_its_next_unit() -> None:
    """SD-13/SK-11: with several units to activate, a mover goes first, else the healthiest;
    a single activation is just taken."""
    fighting = fight(
        unit("ana", 9), unit("bo", 6, zone=Zone.FORWARD), unit("cy", 5, zone=Zone.FORWARD)
    )
    acts = [Activate("ana"), Activate("bo"), Activate("cy")]
    assert call({"combat": fighting, "skills": deck()}, acts) == Activate("bo")
    healthy = fight(unit("ana", 9), unit("bo", 10), unit("cy", 5))
    assert call({"combat": healthy, "skills": deck()}, acts) == Activate("bo")
    assert call({"combat": healthy, "skills": deck()}, [Activate("cy")]) == Activate("cy")


def test_ends_its_activation_else_takes_the_first() -> None:
    """It ends its activation when nothing else is wanted, else takes the first legal action."""
    assert call(view(), [Discard("ana", PARRY), EndActivation("ana")]) == EndActivation("ana")
    assert call(view(), [Discard("ana", PARRY), Play("ana", MOVE)]) == Discard("ana", PARRY)


def test_wants_to_move_below_three_quarters_in_forward() -> None:
    """SK-11: only a standing unit in Forward strictly below 3/4 of its hit points moves."""
    assert GREEDY._wants_to_move(fight(unit("ana", 2, max_hp=4, zone=Zone.FORWARD)), "ana")
    assert not GREEDY._wants_to_move(fight(unit("ana", 3, max_hp=4, zone=Zone.FORWARD)), "ana")
    assert not GREEDY._wants_to_move(fight(unit("ana", 1, max_hp=4)), "ana")
    assert not GREEDY._wants_to_move(fight(unit("ana", 1, max_hp=4, zone=None)), "ana")
    assert not GREEDY._wants_to_move(fight(unit("ana", 1, max_hp=4)), None)


def test_heals_once_the_whole_amount_is_lost() -> None:
    """SK-16: a healing card is wanted once the unit lost at least what it heals."""
    rally = CARDS[RALLY].play
    assert GREEDY._heals(fight(unit("ana", 7)), "ana", rally)
    assert not GREEDY._heals(fight(unit("ana", 8)), "ana", rally)
    assert not GREEDY._heals(fight(unit("ana", 1)), "bo", rally)
    assert not GREEDY._heals(fight(unit("ana", 1)), "ana", CARDS[FOCUS].play)
    assert not GREEDY._heals(fight(unit("ana", 1)), "ana", CARDS[RALLY_EMPTY].play)
    assert not GREEDY._heals(fight(unit("ana", 10)), "ana", Effect("rally", {"amount": 0}))


# -- preparing --------------------------------------------------------------------------

ATTACK = UseAbility("ana", "Attack", None, "gob")


def prep(hand: int, limit: int, cards: list[int], *legal: Any, me: Any = None) -> Any:
    ana = me if me is not None else unit("ana", 10)
    state = view(hand, limit, ana, unit("gob", 10, Side.ENEMIES))
    return call(state, [*(Play("ana", c) for c in cards), *legal, ATTACK])


def test_prepare_plays_a_level_card_below_the_raised_limit() -> None:
    """SK-12: a Level card raising the limit is Played while the limit is below base + 2."""
    assert prep(5, 5, [LEVEL_UP]) == Play("ana", LEVEL_UP)
    assert prep(5, 6, [LEVEL_UP]) == ATTACK
    assert prep(5, 4, [LEVEL_ZERO]) == ATTACK


def test_prepare_plays_a_move_card_when_hurt_in_forward() -> None:
    """SK-11: the move card is Played when the active unit wants to move, only then."""
    hurt = unit("ana", 2, max_hp=4, zone=Zone.FORWARD)
    assert prep(5, 6, [MOVE], me=hurt) == Play("ana", MOVE)
    assert prep(5, 6, [MOVE]) == ATTACK


def test_prepare_plays_a_draw_card_with_three_cards_or_fewer() -> None:
    """SD-5: a draw card is Played while holding 3 cards or fewer."""
    assert prep(3, 6, [FOCUS]) == Play("ana", FOCUS)
    assert prep(4, 6, [FOCUS]) == ATTACK


def test_prepare_plays_a_heal_once_hurt_enough() -> None:
    """SK-16: Rally (heals 3) is Played at 7 of 10 hit points, not at 8."""
    assert prep(5, 6, [RALLY], me=unit("ana", 7)) == Play("ana", RALLY)
    assert prep(5, 6, [RALLY], me=unit("ana", 8)) == ATTACK


def test_prepare_checks_every_play_in_order() -> None:
    """The first wanted Play is taken, after skipping the unwanted ones."""
    assert prep(3, 6, [LEVEL_UP, FOCUS, JUNK]) == Play("ana", FOCUS)


def test_bonus_burn_with_more_than_three_cards() -> None:
    """SK-17: with more than 3 cards it Burns a card empowering the blow (positive attack)."""
    burns = (Burn("ana", DULL), Burn("ana", WEAK), Burn("ana", STRIKE))
    assert prep(4, 6, [JUNK], *burns) == Burn("ana", STRIKE)
    assert prep(3, 6, [JUNK], *burns) == ATTACK
    assert prep(4, 6, [JUNK], *burns[:2]) == ATTACK
    assert GREEDY._bonus_burn(deck(), (Burn("ana", STRIKE),), 4) == Burn("ana", STRIKE)
    assert GREEDY._bonus_burn(deck(), (Burn("ana", STRIKE),), 3) is None


def test_prepare_without_plays_is_none() -> None:
    """No Play legal: nothing to prepare, even a wanted Burn (the choice comes first)."""
    state = view(5, 6, unit("ana", 10), unit("gob", 10, Side.ENEMIES))
    assert GREEDY._prepare(state, (Burn("ana", STRIKE), ATTACK)) is None


# -- the choice -------------------------------------------------------------------------


def choose(combatants: list[Any], choices: list[Any], seed: int = 1) -> Any:
    state = {"combat": fight(*combatants), "skills": deck()}
    action, _ = GREEDY._choose(state, choices, Rng.from_seed(seed))
    return action


def test_choice_flees_when_losing_or_with_no_blow() -> None:
    """CB-13/CB-14: it retreats when losing, or when no blow is legal; else it strikes."""
    gob = unit("gob", 10, Side.ENEMIES)
    flee = Retreat("ana")
    assert choose([unit("ana", 4), gob], [ATTACK, flee]) == flee
    assert choose([unit("ana", 5), gob], [ATTACK, flee]) == ATTACK
    assert choose([unit("ana", 9), gob], [flee]) == flee


def test_choice_prefers_the_most_damage() -> None:
    """SK-9: the most damaging blow wins; an unknown ability deals 0."""
    gob = unit("gob", 10, Side.ENEMIES)
    big, nothing = UseAbility("ana", "Big", None, "gob"), UseAbility("ana", "None", None, "gob")
    assert choose([unit("ana", 9), gob], [nothing, ATTACK, big]) == big
    assert choose([unit("ana", 9), gob], [nothing, ATTACK]) == ATTACK


def test_damage_adds_three_for_a_fresh_condition() -> None:
    """SK-13: an ability inflicting a condition the target lacks counts 3 more damage."""
    fresh = unit("gob", 10, Side.ENEMIES)
    held = unit("orc", 10, Side.ENEMIES, conditions=(SimpleNamespace(condition="stunned"),))
    fighting, cards = fight(fresh, held), deck()
    stun = UseAbility("ana", "Stun", None, "gob")
    assert GREEDY._damage(fighting, cards, stun) == 4
    assert GREEDY._damage(fighting, cards, UseAbility("ana", "Stun", None, "orc")) == 1
    assert GREEDY._damage(fighting, cards, UseAbility("ana", "Stun", None, "zed")) == 4
    assert GREEDY._damage(fighting, cards, ATTACK) == 3
    assert GREEDY._damage(fighting, cards, UseCard("ana", RUSH, None, "gob")) == 4
    assert choose([fresh], [UseAbility("ana", "Attack", None, "gob"), stun]) == stun


def test_choice_aims_at_the_weakest_target() -> None:
    """SK-9: among the most damaging blows, the weakest reachable enemy is the target."""
    gob, orc = unit("gob", 6, Side.ENEMIES), unit("orc", 4, Side.ENEMIES)
    at_orc = UseAbility("ana", "Attack", None, "orc")
    assert choose([unit("ana", 10), gob, orc], [ATTACK, at_orc]) == at_orc
    assert choose([unit("ana", 10), gob, unit("orc", 7, Side.ENEMIES)], [at_orc, ATTACK]) == ATTACK


def test_choice_pays_with_the_cheapest_cards() -> None:
    """SK-9/SD-10: an ability card Played for it costs nothing; a Payment Discard costs each
    card's usefulness (reaction 3, ability card 2, other 1)."""
    gob = unit("gob", 10, Side.ENEMIES)
    card = UseCard("ana", STRIKE, None, "gob")
    pay = [UseAbility("ana", "Attack", None, "gob", (c,)) for c in (PARRY, STRIKE, JUNK)]
    assert choose([gob], [*pay, card]) == card
    assert choose([gob], pay) == pay[2]
    assert choose([gob], pay[:2]) == pay[1]
    assert GREEDY._value(deck(), PARRY) == 3
    assert GREEDY._value(deck(), STRIKE) == 2
    assert GREEDY._value(deck(), JUNK) == 1
    assert GREEDY._cost(deck(), card) == 0
    two = UseAbility("ana", "Attack", None, "gob", (PARRY, JUNK))
    assert GREEDY._cost(deck(), two) == 4


def test_choice_draws_the_hand_among_the_same_payment() -> None:
    """SK-9: among equal blows with the first one's payment, the Hand is drawn at random;
    a different payment is never chosen."""
    gob = unit("gob", 10, Side.ENEMIES)
    hands = [UseAbility("ana", "Attack", h, "gob", (JUNK,)) for h in ("R", "P", "S")]  # type: ignore[arg-type]
    other = UseAbility("ana", "Attack", "R", "gob", (DULL,))  # type: ignore[arg-type]
    seen = {choose([gob], [*hands, other], seed) for seed in range(30)}
    assert seen == set(hands)


def test_the_choice_comes_after_preparing() -> None:
    """The call prepares first, then chooses: with nothing to prepare the blow is taken."""
    state = view(5, 6, unit("ana", 10), unit("gob", 10, Side.ENEMIES))
    assert call(state, [Play("ana", JUNK), Burn("ana", PARRY), ATTACK]) == ATTACK


# -- boundaries -------------------------------------------------------------------------


def test_two_activations_are_the_sides_choice() -> None:
    """SD-13/SK-11: with two units to activate, the mover (listed second) goes first; with a
    single activation the activation is not chosen over ending the current one."""
    fighting = fight(unit("ana", 9), unit("bo", 6, zone=Zone.FORWARD))
    state = {"combat": fighting, "skills": deck()}
    assert call(state, [Activate("ana"), Activate("bo")]) == Activate("bo")
    assert call(state, [Activate("bo"), EndActivation("ana")]) == EndActivation("ana")


def test_the_smallest_positive_amounts_count() -> None:
    """SK-17, SK-16, SK-5: an attack bonus of 1, a heal of 1, a prevention of 1 and a shield
    of 1 are all worth taking."""
    assert prep(4, 6, [JUNK], Burn("ana", NUDGE)) == Burn("ana", NUDGE)
    assert GREEDY._heals(fight(unit("ana", 9)), "ana", Effect("rally", {"amount": 1}))
    legal = [Play("ana", DODGE), CloseReactionWindow("ana")]
    assert call(view(hand=0), legal) == Play("ana", DODGE)
    legal = [Burn("ana", PARRY), EndActivation("ana")]
    assert call(view(hand=3), legal) == Burn("ana", PARRY)


def test_an_unknown_ability_deals_nothing() -> None:
    """SK-9: an ability the fight does not know counts 0 damage."""
    nothing = UseAbility("ana", "None", None, "gob")
    assert GREEDY._damage(fight(unit("gob", 10, Side.ENEMIES)), deck(), nothing) == 0


def test_a_level_card_without_delta_neither_raises_nor_is_kept() -> None:
    """SK-12/SD-9: a Level card with no delta does not raise the limit (not Played before the
    choice) and is dead weight (freely Discarded)."""
    assert prep(5, 4, [LEVEL_BARE]) == ATTACK
    legal = [Discard("ana", LEVEL_BARE), EndActivation("ana")]
    assert call(view(hand=1), legal) == Discard("ana", LEVEL_BARE)
