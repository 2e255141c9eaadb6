"""What ``Skirmish`` itself says, beside its flow: the seed's streams, its policies, its
account lines and the rules its events attest (EN-3, EN-7, SK-4, SK-6, SK-10, SD-13).

Every game is built inside its test, never at import, so that a mutation tool reaches it.
"""

from __future__ import annotations

from gamefold.combat import Declared, Hand
from gamefold.core import replace
from gamefold.games.base import random_policy
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.games.skirmish.state import NAME, DeclarationHeld, LeftTheFight
from gamefold.rng import Rng
from gamefold.skills import GM

from .support import pair_first


def test_en3_setup_splits_each_slices_stream_from_the_seed() -> None:
    """EN-3: the fight's and the skirmish's streams are split from the game's seed, so
    another seed gives other streams."""
    game_def = Skirmish()
    for seed in (7, "other"):
        game = game_def.setup(seed)
        assert game["combat"].rng == Rng.from_seed(seed).split("combat")
        assert game[NAME].rng == Rng.from_seed(seed).split(NAME)
    assert game_def.setup(7)["combat"].rng != game_def.setup(8)["combat"].rng


def test_sd13_the_gm_side_with_no_gm_unit_left_to_activate_has_no_actor() -> None:
    """SD-13: on the GM's side, the GM chooses only while one of its units is still to
    activate; with none left, nobody chooses (the clock ends the Round)."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    deck = game["skills"]
    gm_turn = replace(deck, side=GM)
    assert game_def.actor(game.with_slice("skills", gm_turn)) == GM
    party_only = replace(gm_turn, pending=tuple(u for u in deck.pending if u not in deck.gm_units))
    assert party_only.pending
    assert game_def.actor(game.with_slice("skills", party_only)) is None


def test_the_policies_are_named_random_and_greedy() -> None:
    """``"random"`` is the uniform random policy every game has; ``"greedy"`` is the
    skirmish's own."""
    policies = Skirmish().policies()
    assert sorted(policies) == ["greedy", "ismcts", "random"]
    assert policies["random"] is random_policy


def test_sk6_describe_is_the_accounts_line() -> None:
    """SK-6: the game tells an event in the account's words."""
    line = Skirmish().describe(LeftTheFight("cy", "fatal exhaustion"))
    assert line == "cy leaves the fight (fatal exhaustion)."


def test_sk4_sk18_event_rules_follow_the_games_config() -> None:
    """SK-4, SK-18: a declaration held against a party member opens that player's window
    (SK-4), against anyone else the GM's (SK-18); the party is the game's config."""
    held = DeclarationHeld("goblin", "cy")
    assert Skirmish().event_rules()[DeclarationHeld](held) == ("SK-4",)
    duo = Skirmish(SkirmishConfig(party_size=2))
    assert duo.event_rules()[DeclarationHeld](held) == ("SK-18",)


def test_en7_sk10_attested_adds_the_zone_rules_a_declaration_shows() -> None:
    """EN-7, SK-10, CB-4, CB-5: ana's Bash (Forward only), paired, attests its own CB-10, then
    the zone rules the state after it shows; no events attest nothing."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    bash = Declared("ana", "Bash", Hand.PAPER, "goblin", 1)
    assert game_def.attested(game, (bash,)) == ("CB-10", "CB-4", "CB-5", "SK-10")
    assert game_def.attested(game, (bash, bash)) == ("CB-10", "CB-4", "CB-5", "SK-10") * 2
    assert game_def.attested(game, ()) == ()
