"""EN-5: the campaign's listing is sound and complete over reachable games, battles included.

The action space: summit's for each faction (every map, diplomacy and flow action it could
name, :func:`tests.games.summit.test_listing._space`) and the skirmish's for the battle
(every skill-deck and combat choice of the slices, UseAbility and UseCard for every
declaration, payment and card, :func:`tests.listing.test_exact.skirmish_action_space`).
The clock's actions are no one's choice and are left out.
"""

from __future__ import annotations

from hypothesis import given, settings
from tests.games.summit.test_listing import _space as summit_space
from tests.listing.test_exact import skirmish_action_space

from gamefold.core import Action
from gamefold.games.campaign import Campaign, CampaignConfig
from gamefold.registry import Game
from gamefold.testing import reachable_games
from gamefold.testing.listing import listing_problems

GAME = Campaign(CampaignConfig(max_battle_rounds=2))


def _space(game: Game) -> list[Action]:
    out = [a for f in GAME.config.factions for a in summit_space(game, f)]
    return [*out, *skirmish_action_space(game)]


@settings(max_examples=30, deadline=None)
@given(game=reachable_games(GAME, max_steps=200))
def test_en5_campaign_listing_is_sound_and_complete(game: Game) -> None:
    """Every listed action is accepted and every accepted action of the space is listed,
    for all players together, in battles and between them (CP-1: no faction action during
    a battle; CP-2, CP-6: no attack without a champion or across a truce)."""
    rules = GAME.rules
    listed = [a for p in GAME.players(game) for a in rules.legal_actions(game, p)]
    assert [a for p in GAME.players(game) for a in rules.legal_actions(game, p)] == listed
    problems = listing_problems(lambda a: rules.check(game, a), listed, _space(game))
    assert problems == []
