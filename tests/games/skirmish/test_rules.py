"""The skirmish registry: the fight's view for each viewer, and the slices' listings (EN-5,
EN-9, SK-1, SK-2)."""

from __future__ import annotations

from gamefold import combat
from gamefold.combat import AssignPairings, Declare, Retreat, Withdraw
from gamefold.games.skirmish import Skirmish, UseAbility, UseCard
from gamefold.games.skirmish.invariants import CROSS_INVARIANTS
from gamefold.games.skirmish.rules import combat_subsystem, combat_view
from gamefold.skills import (
    Activate,
    Burn,
    CloseReactionWindow,
    DefeatUnit,
    Discard,
    EndActivation,
    OpenReactionWindow,
    PayCost,
    Play,
)

from .support import pair_first


def _game() -> Skirmish:
    """A skirmish built in the test, not at import, so a mutation tool reaches its rules."""
    return Skirmish()


def test_en9_the_gm_sees_the_fight_as_the_enemies_and_a_character_as_itself() -> None:
    """EN-9: ``"gm"`` sees the enemies' view, a combatant its own, anyone else a
    spectator's."""
    fight = _game().setup(1)["combat"]
    assert combat_view(fight, "gm") == combat.view(fight, "enemies")
    assert combat_view(fight, "ana") == combat.view(fight, "ana")
    assert combat_view(fight, "goblin") == combat.view(fight, "goblin")
    assert combat_view(fight, "zed") == combat.view(fight, None)
    assert combat_view(fight, "enemies") == combat.view(fight, None)


def test_en5_the_fights_choices_are_listed_by_the_games_rules_only() -> None:
    """EN-5, SK-2: the combat slice lists nothing itself; the deck's listing has no bare
    PayCost; the party's chooser lists the activations (SK-1)."""
    skirmish = _game()
    game = pair_first(skirmish, skirmish.setup(1))
    assert combat_subsystem.legal_actions(game["combat"], "ana") == ()
    listed = skirmish.rules.legal_actions(game, "ana")
    assert Activate("bo") in listed
    assert not any(isinstance(a, PayCost) for a in listed)
    assert combat_subsystem.view(game["combat"], "gm") == combat.view(game["combat"], "enemies")


SOURCES = {
    UseAbility: "rule UseAbility",
    UseCard: "rule UseCard",
    AssignPairings: "override AssignPairings",
    Retreat: "override Retreat",
    CloseReactionWindow: "override CloseReactionWindow",
    DefeatUnit: "override DefeatUnit",
    Declare: "override skirmish refuses Declare",
    PayCost: "override skirmish refuses PayCost",
    Withdraw: "override skirmish refuses Withdraw",
    OpenReactionWindow: "override skirmish refuses OpenReactionWindow",
    Activate: "subsystem skills wrapped by SK-1 pairings first",
    EndActivation: "subsystem skills wrapped by SK-1 choice first",
    Play: "subsystem skills wrapped by SK-3, SK-5 cards in the fight",
    Burn: "subsystem skills wrapped by SK-4, SK-5 shields",
    Discard: "subsystem skills wrapped by SK-4 reactions first",
}


def test_en6_each_action_type_is_handled_where_the_rules_say() -> None:
    """EN-6: the registry names who handles each action type: the game's rules, its
    overrides, or a slice wrapped by the rule IDs the wrapper adds."""
    assert {kind: _game().rules.handler_source(kind) for kind in SOURCES} == SOURCES


def test_en6_the_registry_checks_the_cross_slice_invariants() -> None:
    """EN-6: the skirmish's registry carries the invariants that cross its slices (a deck's
    death and the fight agree, SK-6), so the testing kit checks them beside each slice's."""
    rules = _game().rules
    assert rules.game_invariants == CROSS_INVARIANTS
    assert len(CROSS_INVARIANTS) > 0
