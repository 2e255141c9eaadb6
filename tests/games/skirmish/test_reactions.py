"""SK-4, SK-5 (SD-8, SD-12): reaction cards answer an attack; shields prevent damage."""

from __future__ import annotations

from gamefold import EndRound
from gamefold.combat import AbilityResolved, DamageDealt, DamagePrevented, Declared
from gamefold.games.skirmish import (
    DeclarationHeld,
    Held,
    ShieldRaised,
    ShieldsDropped,
    Skirmish,
    UseAbility,
)
from gamefold.registry import Game
from gamefold.skills import (
    Activate,
    Burn,
    CloseReactionWindow,
    Discard,
    EndActivation,
    Play,
    ReactionWindowOpened,
    owner_of,
)

from .choosers import passive
from .support import (
    PAPER,
    ROCK,
    cards_named,
    declare,
    events_of,
    pair_first,
    play_until,
    skirmish,
    step,
    with_hand,
)


def _goblin_attacks_ana(game_def: Skirmish) -> tuple[Game, dict[str, int]]:
    """Round 1: ana (holding Parry, Dodge, Dash, Focus) Attacks the goblin with Paper; the
    goblin then Attacks her with Rock, which beats Paper (CB-1)."""
    game = pair_first(game_def, game_def.setup(1))
    names = ("Parry", "Dodge", "Dash", "Focus")
    cards = {name: cards_named(game, "ana", name)[0] for name in names}
    game = with_hand(game, "ana", cards.values())
    game, _ = step(game_def, game, Activate("ana"))
    attack = UseAbility("ana", "Attack", PAPER, "goblin", (cards["Dash"],))
    game, _ = declare(game_def, game, attack)
    game, _ = step(game_def, game, EndActivation("ana"))
    game, _ = step(game_def, game, Activate("goblin"))
    payment = (owner_of(game["skills"], "gm").hand[0],)
    game, events = step(game_def, game, UseAbility("goblin", "Attack", ROCK, "ana", payment))
    return game, {**cards, "events": events}  # type: ignore[dict-item]


def test_sd8_sk4_an_enemy_declaration_at_a_party_member_opens_a_reaction_window() -> None:
    """SD-8: the goblin's declaration waits; ana may use reaction cards, nothing else."""
    game_def = Skirmish()
    game, cards = _goblin_attacks_ana(game_def)
    events = cards["events"]
    assert events[-2:] == (DeclarationHeld("goblin", "ana"), ReactionWindowOpened("ana"))  # type: ignore[index]
    assert not events_of(events, Declared)  # type: ignore[arg-type]
    assert game["skirmish"].held == Held("goblin", "Attack", ROCK, "ana")
    assert game_def.actor(game) == "ana"
    legal = game_def.rules.legal_actions(game, "ana")
    parry, dodge = cards["Parry"], cards["Dodge"]
    expected = {Play("ana", parry), Play("ana", dodge), Burn("ana", parry), Burn("ana", dodge)}
    assert set(legal) == expected | {CloseReactionWindow("ana")}
    focus = game_def.rules.check(game, Play("ana", cards["Focus"]))
    assert focus is not None
    assert (focus.code, focus.rule) == ("skills/not-a-reaction", "SD-8")
    assert game_def.rules.check(game, Discard("ana", parry)) is not None
    assert game_def.rules.legal_actions(game, "gm") == ()


def test_sd8_sk5_a_reaction_card_prevents_damage_in_that_exchange() -> None:
    """SK-5: Parry's effect is defend (block 2): Played in the window, it spares ana 2
    damage when the exchange resolves; closing the window makes the goblin's declaration."""
    game_def = Skirmish()
    game, cards = _goblin_attacks_ana(game_def)
    game, events = step(game_def, game, Play("ana", cards["Parry"]))
    assert events_of(events, ShieldRaised) == [ShieldRaised("ana", 2, 2)]
    game, events = step(game_def, game, CloseReactionWindow("ana"))
    assert events_of(events, Declared) == [Declared("goblin", "Attack", ROCK, "ana", 1)]
    game, events = play_until(game_def, game, lambda g: g["combat"].exchange == 1, passive)
    blows = sum(e.damage for e in events_of(events, AbilityResolved) if e.target == "ana")
    assert blows >= 4  # the goblin's Rock beats ana's Paper
    assert DamagePrevented("ana", 2) in events
    assert DamageDealt("ana", blows - 2, 10 - (blows - 2)) in events
    ana = game["skirmish"].tallies[0]
    assert (ana.damage_taken, ana.damage_prevented, ana.reactions) == (blows - 2, 2, 1)
    assert _wards(game) == {}


def _wards(game: Game) -> dict[str, int]:
    """The shields up (SK-5): combat's wards, by unit."""
    return {c.id: c.ward for c in game["combat"].combatants if c.ward}


def test_sk4_reaction_windows_other_value_no_window() -> None:
    """``reaction_windows=False``: the goblin's declaration is made at once."""
    game_def = skirmish(reaction_windows=False)
    game, cards = _goblin_attacks_ana(game_def)
    assert events_of(cards["events"], Declared)  # type: ignore[arg-type]
    assert game["skills"].reacting == ()
    assert game["skirmish"].held is None


def test_sk5_reaction_effects_other_value_parry_shields_nobody() -> None:
    """``reaction_effects={}``: Playing Parry in the window raises no shield."""
    game_def = skirmish(reaction_effects={}, dodge_effects=())
    game, cards = _goblin_attacks_ana(game_def)
    game, events = step(game_def, game, Play("ana", cards["Parry"]))
    assert not events_of(events, ShieldRaised)


def test_sk5_reaction_effects_other_parameter() -> None:
    """``reaction_effects={"evade": "chance"}`` only: Dodge shields 1, Parry nothing."""
    game_def = skirmish(reaction_effects={"evade": "chance"}, dodge_effects=())
    game, cards = _goblin_attacks_ana(game_def)
    game, events = step(game_def, game, Play("ana", cards["Parry"]))
    assert not events_of(events, ShieldRaised)
    game, events = step(game_def, game, Play("ana", cards["Dodge"]))
    assert events_of(events, ShieldRaised) == [ShieldRaised("ana", 1, 1)]


def test_sd12_sk5_burning_a_defence_card_shields_and_other_stats_are_flavour() -> None:
    """SK-5: Burning Parry (defence +1) raises a shield of 1 (``shield_stats``); Dodge's
    evasion +1 is flavour only."""
    game_def = Skirmish()
    game, cards = _goblin_attacks_ana(game_def)
    game, events = step(game_def, game, Burn("ana", cards["Parry"]))
    assert events_of(events, ShieldRaised) == [ShieldRaised("ana", 1, 1)]
    game, events = step(game_def, game, Burn("ana", cards["Dodge"]))
    assert not events_of(events, ShieldRaised)
    assert game["skirmish"].tallies[0].cards_burned == 2


def test_sk5_shield_stats_other_value_no_burn_shields() -> None:
    """``shield_stats=()``: Burning Parry raises no shield."""
    game_def = skirmish(shield_stats=())
    game, cards = _goblin_attacks_ana(game_def)
    game, events = step(game_def, game, Burn("ana", cards["Parry"]))
    assert not events_of(events, ShieldRaised)


def test_sk5_the_gms_cards_shield_its_active_unit_until_the_exchange_resolves() -> None:
    """SK-5: the GM's Parry shields the goblin, whose activation it is; resolving the
    exchange uses the shields up."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    game, _ = play_until(game_def, game, lambda g: g["skills"].active == "goblin", passive)
    parry = cards_named(game, "gm", "Parry")[0]
    game = with_hand(game, "gm", [parry])
    game, events = step(game_def, game, Play("gm", parry))
    assert events_of(events, ShieldRaised) == [ShieldRaised("goblin", 2, 2)]
    assert _wards(game) == {"goblin": 2}
    game, events = play_until(game_def, game, lambda g: g["combat"].exchange == 1, passive)
    assert _wards(game) == {}


def test_sd12_sk5_a_shield_unused_at_the_end_of_the_round_fades() -> None:
    """SK-5, SD-12: a shield raised after the Round's exchange is dropped at EndRound."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    done = lambda g: g["combat"].exchange == 1  # noqa: E731
    game, _ = play_until(game_def, game, done, passive)
    assert game["skills"].active == "archer"
    parry = cards_named(game, "gm", "Parry")[0]
    game = with_hand(game, "gm", [parry])
    game, _ = step(game_def, game, Play("gm", parry))
    game, _ = step(game_def, game, EndActivation("archer"))
    game, events = step(game_def, game, EndRound())
    assert ShieldsDropped() in events
    assert _wards(game) == {}


def test_en9_cb10_the_target_learns_it_is_aimed_at_and_nothing_more() -> None:
    """EN-9, CB-10: the held declaration's unit, ability and Hand are the GM's secret; its
    target learns that it is the target, the rest of the party not even that."""
    game_def = Skirmish()
    game, _ = _goblin_attacks_ana(game_def)
    mine = game_def.rules.view(game, "ana")["skirmish"]
    assert mine.held is None
    assert mine.held_target == "ana"
    theirs = game_def.rules.view(game, "bo")["skirmish"]
    assert (theirs.held, theirs.held_target) == (None, None)
    assert game_def.rules.view(game, "gm")["skirmish"].held == Held("goblin", "Attack", ROCK, "ana")
