"""SK-6, SK-7 (SD-6, CB-11): deaths and falls keep both slices in agreement, by example."""

from __future__ import annotations

from gamefold import StartRound
from gamefold.combat import (
    AbilityResolved,
    CombatantFell,
    CombatEnded,
    DamageDealt,
    Ending,
    ExchangeRevealed,
    PairingsDissolved,
)
from gamefold.core import replace
from gamefold.games import play
from gamefold.games.skirmish import (
    DeclarationLapsed,
    LeftTheFight,
    Skirmish,
    UseAbility,
    outcome,
)
from gamefold.games.skirmish.config import scenario
from gamefold.registry import Game
from gamefold.skills import (
    Activate,
    CardDef,
    CharacterDied,
    CloseReactionWindow,
    Effect,
    EndActivation,
    Play,
    SkillsConfig,
    UnitDefeated,
    owner_of,
)
from gamefold.skills.catalogue import DEFAULT_DECK, REACTION

from .choosers import greedy, passive
from .support import ROCK, cards_named, classic, events_of, play_until, run_clock, step

FATAL = "fatal exhaustion"


CLASSIC = scenario("classic")
"""The pre-zones skirmish these tests pin."""


def only_hand(game: Game, player: str, cards: tuple[int, ...]) -> Game:
    """``player`` holds ``cards``; every other card of theirs is Exhausted: the next draw
    they must make is a lethal draw failure (SD-6)."""
    deck = game["skills"]
    seat = deck.seats.index(player)
    owner = deck.owners[seat]
    everything = owner.deck + owner.hand + owner.discard + owner.exhausted
    gone = tuple(c for c in everything if c not in cards)
    owner = replace(owner, hand=cards, deck=(), discard=(), exhausted=gone)
    owners = (*deck.owners[:seat], owner, *deck.owners[seat + 1 :])
    return game.with_slice("skills", replace(deck, owners=owners))


def _combatant(game: Game, cid: str):  # type: ignore[no-untyped-def]
    return next(c for c in game["combat"].combatants if c.id == cid)


def test_sd6_sk6_fatal_exhaustion_at_the_refill_takes_the_character_out_of_the_fight() -> None:
    """SD-6: ana cannot refill and dies; she leaves the fight at once (SK-6)."""
    game_def = Skirmish(CLASSIC)
    game = only_hand(game_def.setup(1), "ana", ())
    game, events = step(game_def, game, StartRound())
    assert CharacterDied("ana", FATAL) in events
    assert events.index(LeftTheFight("ana", FATAL)) > events.index(CharacterDied("ana", FATAL))
    ana = _combatant(game, "ana")
    assert (ana.hp, ana.zone, ana.partner) == (0, None, None)
    assert game["combat"].ending is None
    row = outcome(game_def.config, game)["ana"]
    assert (row["alive"], row["died"], row["cause"], row["death_round"]) == (False, True, FATAL, 1)
    assert game_def.actor(game) == "bo"  # the leader left: the next member pairs (SK-1)


def test_sd6_sk6_the_last_character_dying_ends_the_fight() -> None:
    """SK-6: a party of one dies of fatal exhaustion: the enemies win; the game is over."""
    game_def = classic(party_size=1)
    game = only_hand(game_def.setup(1), "ana", ())
    game, events = step(game_def, game, StartRound())
    assert events[-1] == CombatEnded(Ending.ENEMIES_WON)
    assert game_def.is_over(game)
    assert game_def.actor(game) is None
    assert game_def.clock_action(game) is None
    rows = outcome(game_def.config, game)
    assert rows["gm"]["winner"]
    assert not rows["ana"]["winner"]


def test_sd6_sk6_lethal_draw_failure_other_value_nobody_dies() -> None:
    """``SkillsConfig(lethal_draw_failure=False)``: ana draws nothing but stays in the fight."""
    game_def = classic(skills=SkillsConfig(lethal_draw_failure=False))
    game = only_hand(game_def.setup(1), "ana", ())
    game, events = step(game_def, game, StartRound())
    assert not events_of(events, LeftTheFight)
    assert _combatant(game, "ana").hp == 10


def _cy_activating(game_def: Skirmish, game: Game) -> tuple[Game, int]:
    game, _ = play_until(game_def, game, lambda g: g["skills"].active == "cy", passive)
    focus = cards_named(game, "cy", "Focus")[0]
    return only_hand(game, "cy", (focus,)), focus


def test_sd6_sk6_a_death_mid_exchange_resolves_it_when_nobody_else_is_awaited() -> None:
    """SK-6: cy, last to choose, dies of a draw effect (Focus) before choosing; the
    pairings dissolve (CB-5, CB-7) and the exchange resolves at once; a blow aimed at cy
    lands nowhere."""
    game_def = classic(skills=SkillsConfig(first_side="gm"))
    game, _ = run_clock(game_def, game_def.setup(1))

    def at_cy(game_def: Skirmish, game: Game, actor: str, legal: tuple) -> object:  # type: ignore[type-arg]
        aimed = [a for a in legal if isinstance(a, UseAbility) and a.target == "cy"]
        return (aimed or [passive(game_def, game, actor, legal)])[0]

    game, _ = play_until(game_def, game, lambda g: g["skills"].active == "cy", at_cy)  # type: ignore[arg-type]
    assert "cy" in [c.declaration.target for c in game["combat"].combatants if c.declaration]
    focus = cards_named(game, "cy", "Focus")[0]
    game = only_hand(game, "cy", (focus,))
    game, events = step(game_def, game, Play("cy", focus))
    assert CharacterDied("cy", FATAL) in events
    assert PairingsDissolved() in events
    assert events_of(events, ExchangeRevealed) == [ExchangeRevealed(1)]
    assert not [e for e in events_of(events, AbilityResolved) if e.target == "cy"]
    assert not [e for e in events_of(events, DamageDealt) if e.combatant == "cy"]
    assert game["skills"].active is None
    assert game_def.clock_action(game) is not None  # every unit has activated: EndRound


def test_sk6_after_an_early_resolution_the_game_pairs_again_and_goes_on_soundly() -> None:
    """SK-6: cy dies before choosing, with the archer still to act: the exchange resolves
    early, the party pairs again mid-Round, and play goes on to the end of the fight."""
    game_def = Skirmish(CLASSIC)
    game, focus = _cy_activating(game_def, game_def.setup(1))
    game, events = step(game_def, game, Play("cy", focus))
    assert events_of(events, ExchangeRevealed) == [ExchangeRevealed(1)]
    assert game_def.actor(game) == "ana"  # the leader pairs again before the archer acts
    game, _ = play_until(game_def, game, game_def.is_over, greedy)
    assert game["combat"].ending is not None


def test_sd8_sk6_a_held_declaration_lapses_when_its_target_dies_reacting() -> None:
    """SK-6: ana dies of a reaction draw card in her window; the goblin's declaration
    lapses and the goblin chooses again."""
    gasp = CardDef("Gasp", Effect("draw", {"count": 1}), timing=REACTION)
    game_def = classic(skills=SkillsConfig(deck=(gasp, *DEFAULT_DECK[1:])))
    game, _ = play_until(
        game_def, game_def.setup(1), lambda g: g["skills"].active == "goblin", passive
    )
    game, events = step(game_def, game, UseAbility("goblin", "Defend", ROCK, "ana"))
    card = cards_named(game, "ana", "Gasp")[0]
    game = only_hand(game, "ana", (card,))
    game, events = step(game_def, game, Play("ana", card))
    assert DeclarationLapsed("goblin", "ana") in events
    assert game["skills"].reacting == ()
    assert PairingsDissolved() in events  # ana stood in Forward (CB-5)
    problem = game_def.rules.check(game, EndActivation("goblin"))
    assert problem is not None
    assert problem.code == "skirmish/pairing-first"
    assert game_def.actor(game) == "bo"
    game, _ = step(game_def, game, game_def.rules.legal_actions(game, "bo")[0])
    assert game_def.actor(game) == "gm"
    problem = game_def.rules.check(game, EndActivation("goblin"))
    assert problem is not None
    assert problem.code == "skirmish/declare-first"
    legal = game_def.rules.legal_actions(game, "gm")
    assert any(isinstance(a, UseAbility) and a.unit == "goblin" for a in legal)
    assert CloseReactionWindow("ana") not in legal


def test_cb11_sk7_a_combatant_who_falls_is_defeated_in_the_decks() -> None:
    """SK-7: an enemy who falls leaves the GM's units; a party member who falls dies in the
    skill-deck slice ("defeated") and its fell_round is kept."""
    game_def = Skirmish(CLASSIC)
    played = play(game_def, 3, game_def.policies()["greedy"])
    fallen = [e for events in played.events for e in events if isinstance(e, CombatantFell)]
    assert fallen
    for events, state in zip(played.events, played.states[1:], strict=True):
        for e in events_of(events, CombatantFell):
            index = events.index(e)
            if e.combatant in game_def.config.party:
                assert CharacterDied(e.combatant, "defeated") in events[index:]
                assert not owner_of(state["skills"], e.combatant).alive
                row = outcome(game_def.config, state)[e.combatant]
                assert row["fell_round"] == state["skills"].round
            else:
                assert UnitDefeated(e.combatant) in events[index:]
                assert e.combatant not in state["skills"].gm_units


def test_sk6_a_host_defeat_takes_a_unit_out_of_both_slices() -> None:
    """SK-6: ``DefeatUnit`` (a host action) removes the unit from the Round and the fight."""
    from gamefold.skills import DefeatUnit

    game_def = Skirmish(CLASSIC)
    game, _ = run_clock(game_def, game_def.setup(1))
    game, events = step(game_def, game, DefeatUnit("orc"))
    assert UnitDefeated("orc") in events
    assert LeftTheFight("orc", "defeated") in events
    assert _combatant(game, "orc").hp == 0
    game, events = step(game_def, game, DefeatUnit("bo"))
    assert CharacterDied("bo", "defeated") in events
    assert _combatant(game, "bo").zone is None
    assert game_def.rules.check(game, Activate("bo")) is not None


def test_sk4_sk6_defeating_the_declaring_unit_closes_the_window_it_opened() -> None:
    """SK-6: the host defeats the goblin while ana may react: her window closes and the
    goblin's held declaration lapses."""
    from gamefold.skills import DefeatUnit, ReactionWindowClosed

    game_def = Skirmish(CLASSIC)
    game, _ = play_until(
        game_def, game_def.setup(1), lambda g: g["skills"].active == "goblin", passive
    )
    game, _ = step(game_def, game, UseAbility("goblin", "Defend", ROCK, "ana"))
    game, events = step(game_def, game, DefeatUnit("goblin"))
    assert ReactionWindowClosed("ana") in events
    assert DeclarationLapsed("goblin", "ana") in events
    assert game["skirmish"].held is None
    assert game_def.actor(game) is not None


def test_sd6_sk6_characters_dying_in_one_step_leave_the_fight_together() -> None:
    """SK-6: ana and bo both die at one refill. They leave together before the fight is
    judged, so bo's pending Attack never resolves early against the orc: the enemies win."""
    from gamefold.combat import Declaration, Fighter, Side

    game_def = classic(party_size=2, enemies=(Fighter("orc", Side.ENEMIES, max_hp=2),))
    game = game_def.setup(1)
    fight = game["combat"]
    ana, bo, orc = fight.combatants
    pending = (
        replace(ana, partner="orc"),
        replace(bo, declaration=Declaration("Attack", ROCK, "orc")),
        replace(orc, partner="ana"),
    )
    game = game.with_slice("combat", replace(fight, combatants=pending))
    game = only_hand(only_hand(game, "ana", ()), "bo", ())
    game, events = step(game_def, game, StartRound())
    assert events_of(events, LeftTheFight) == [
        LeftTheFight("ana", FATAL),
        LeftTheFight("bo", FATAL),
    ]
    assert not events_of(events, ExchangeRevealed)
    assert events[-1] == CombatEnded(Ending.ENEMIES_WON)
