"""The skirmish registry: the fight's view for each viewer, and the slices' listings (EN-5,
EN-9, SK-1, SK-2)."""

from __future__ import annotations

from gamefold import combat
from gamefold.games.skirmish import Skirmish
from gamefold.games.skirmish.rules import combat_subsystem, combat_view
from gamefold.skills import Activate, PayCost

from .support import pair_first

GAME = Skirmish()


def test_en9_the_gm_sees_the_fight_as_the_enemies_and_a_character_as_itself() -> None:
    """EN-9: ``"gm"`` sees the enemies' view, a combatant its own, anyone else a
    spectator's."""
    fight = GAME.setup(1)["combat"]
    assert combat_view(fight, "gm") == combat.view(fight, "enemies")
    assert combat_view(fight, "ana") == combat.view(fight, "ana")
    assert combat_view(fight, "goblin") == combat.view(fight, "goblin")
    assert combat_view(fight, "zed") == combat.view(fight, None)
    assert combat_view(fight, "enemies") == combat.view(fight, None)


def test_en5_the_fights_choices_are_listed_by_the_games_rules_only() -> None:
    """EN-5, SK-2: the combat slice lists nothing itself; the deck's listing has no bare
    PayCost; the party's chooser lists the activations (SK-1)."""
    game = pair_first(GAME, GAME.setup(1))
    assert combat_subsystem.legal_actions(game["combat"], "ana") == ()
    listed = GAME.rules.legal_actions(game, "ana")
    assert Activate("bo") in listed
    assert not any(isinstance(a, PayCost) for a in listed)
    assert combat_subsystem.view(game["combat"], "gm") == combat.view(game["combat"], "enemies")
