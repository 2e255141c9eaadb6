"""EN-5: the campaign's listing is sound and complete over reachable games, battles included.

The action space: summit's for each faction (every map, diplomacy and flow action it could
name, :func:`tests.games.summit.test_listing._space`) and the skirmish's for the battle
(every skill-deck and combat choice of the slices, UseAbility and UseCard for every
declaration, payment and card, :func:`tests.listing.test_exact.skirmish_action_space`).
The clock's actions are no one's choice and are left out.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.summit.test_listing import _space as summit_space
from tests.listing.test_exact import skirmish_action_space

from gamefold.core import Action
from gamefold.games.campaign import Campaign
from gamefold.registry import Game
from gamefold.testing import reachable_games
from gamefold.testing.listing import listing_problems

GAMES = {
    name: Campaign(attrs.evolve(config, max_battle_rounds=2))
    for name, config in Campaign.scenarios().items()
}
"""Every scenario, its battles cut to two Rounds so that many of them are reached."""


def _space(game: Game, game_def: Campaign) -> list[Action]:
    out = [a for f in game_def.config.factions for a in summit_space(game, f)]
    return [*out, *skirmish_action_space(game, game_def.config.battle)]


@pytest.mark.parametrize("scenario", list(GAMES))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_en5_campaign_listing_is_sound_and_complete(scenario: str, data: st.DataObject) -> None:
    """Every listed action is accepted and every accepted action of the space is listed,
    for all players together, in battles and between them (CP-1: no faction action during
    a battle; CP-2, CP-6: no attack without a champion or across a truce), in every
    scenario."""
    game_def = GAMES[scenario]
    game = data.draw(reachable_games(game_def, max_steps=200), label="game")
    rules = game_def.rules
    listed = [a for p in game_def.players(game) for a in rules.legal_actions(game, p)]
    assert [a for p in game_def.players(game) for a in rules.legal_actions(game, p)] == listed
    problems = listing_problems(lambda a: rules.check(game, a), listed, _space(game, game_def))
    assert problems == []
