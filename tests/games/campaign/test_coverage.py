"""Rule coverage of the campaign: SD, CB, DP and CP rules reached by seeded play.

The 500-game figures per policy are in docs/games/campaign.md. Measured here: 100 random
games take about 50 s of CPU, so the random test plays 100; greedy games are longer (more
battles, each probed for refusals) and 100 of them take about three minutes, so the greedy
test plays 15. What a run may leave unreached is named: DP-13 is rare in a 6-Round war (2
of 500 random games; the ``long`` scenario reaches it, below). Greedy champions flee when
badly wounded, so greedy runs reach flight (CB-13, CB-14, CP-8) too. Since defending
champions fight (CP-11) and wear their decks out defending, greedy champions die sooner and
fewer pacts bring a living ally (CP-10: 14 of 500 greedy games; CB-15, a fallen ally carried
or left, 7 of 500): 15 greedy games may miss both; ``test_rules.py`` tests CP-10 directly.
"""

from __future__ import annotations

import pytest

from gamefold.diplomacy import CardDestroyed, CardForfeited
from gamefold.games import play
from gamefold.games.campaign import RULE_IDS, Campaign, long_war
from gamefold.sim import coverage

RANDOM_GAMES = 100
GREEDY_GAMES = 15
RARE: dict[str, set[str]] = {"random": set(), "greedy": {"CP-10", "CB-15"}}
"""Rules these short runs miss besides DP-13, per policy."""


@pytest.mark.parametrize(("policy", "games"), [("random", RANDOM_GAMES), ("greedy", GREEDY_GAMES)])
def test_campaign_reaches_every_rule_but_the_rare_ones(policy: str, games: int) -> None:
    """SD-1 … SD-15, CB-1 … CB-15, DP-1 … DP-14, CP-1 … CP-12: a short seeded run reaches
    every rule but the few the 500-game table shows to be rare; the defender's own champion
    and its command of the guards (CP-11, CP-12) are never among them."""
    frame = coverage("campaign", games=games, seed=1, policies=policy)
    assert list(frame.index) == list(RULE_IDS)
    unreached = {rule for rule in frame.index if frame.loc[rule, "games"] == 0}
    assert unreached <= RARE[policy] | {"DP-13"}
    assert not unreached & {"CP-1", "CP-11", "CP-12"}


def test_dp13_the_long_war_fills_hands_to_the_limit() -> None:
    """DP-13: over the ``long`` scenario's 12 Rounds a greedy faction earns a card at the hand
    limit (10), and the card is destroyed or forfeited, in the first of a few seeds."""
    game = Campaign(long_war())
    hits = [
        any(
            isinstance(e, CardDestroyed | CardForfeited)
            for events in play(game, seed, game.policies()["greedy"], keep_states=False).events
            for e in events
        )
        for seed in range(3)
    ]
    assert any(hits)
    assert game.config.summit.diplomacy.hand_limit == 10
