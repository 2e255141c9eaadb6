"""SkillsConfig's refusals as a user reads them, and the edges of every range (SD-1 … SD-13).

A bad config raises :class:`~gamefold.ConfigError` naming the field, the rule and, in a
sentence, the allowed range and the value given; the bounds themselves are accepted.
"""

from __future__ import annotations

import attrs
import pytest

from gamefold import ConfigError, Rng
from gamefold.skills import (
    Ability,
    CardDef,
    Effect,
    SkillsConfig,
    card_definition,
    initial_state,
    owner_of,
)

STRIKE = CardDef("Strike", Effect("attack"))
MAX_DECK = 1_000
"""The documented cap on a deck, a deck list and Fatigue per recycle (EN-8)."""


def _refusal(**changes: object) -> tuple[str, str, str]:
    with pytest.raises(ConfigError) as caught:
        SkillsConfig(**changes)  # type: ignore[arg-type]
    return caught.value.field, caught.value.rule, str(caught.value.args[0])


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        (
            {"deck_size": 0},
            (
                "deck_size",
                "SD-1",
                "deck_size must be an integer at least 1 and at most 1000, not 0",
            ),
        ),
        (
            {"deck_size": True},
            (
                "deck_size",
                "SD-1",
                "deck_size must be an integer at least 1 and at most 1000, not True",
            ),
        ),
        (
            {"deck_size": 1001},
            (
                "deck_size",
                "SD-1",
                "deck_size must be an integer at least 1 and at most 1000, not 1001",
            ),
        ),
        (
            {"hand_limit": 31},
            (
                "hand_limit",
                "SD-2",
                "hand_limit must be an integer at least 1 and at most deck_size (30), not 31",
            ),
        ),
        (
            {"gm_deck_size": 1001},
            (
                "gm_deck_size",
                "SD-7",
                "gm_deck_size must be an integer at least 1 and at most 1000, not 1001",
            ),
        ),
        (
            {"gm_deck_size": 4},
            (
                "gm_hand_limit",
                "SD-7",
                "gm_hand_limit must be an integer at least 1 and at most gm_deck_size (4), not 5",
            ),
        ),
        (
            {"exhaust_on_recycle": -1},
            (
                "exhaust_on_recycle",
                "SD-5",
                "exhaust_on_recycle must be an integer at least 0 and at most 30, not -1",
            ),
        ),
        (
            {"fatigue_on_recycle": 1001},
            (
                "fatigue_on_recycle",
                "SD-5",
                "fatigue_on_recycle must be an integer at least 0 and at most 1000, not 1001",
            ),
        ),
        ({"lethal_draw_failure": 1}, ("lethal_draw_failure", "SD-6", "not a bool: 1")),
        (
            {"first_side": "both"},
            ("first_side", "SD-13", "first_side is one of ('players', 'gm'), not 'both'"),
        ),
        ({"deck": ()}, ("deck", "SD-1", "deck must be 1 to 1000 CardDef in a tuple")),
        ({"deck": ("Strike",)}, ("deck", "SD-1", "deck must be 1 to 1000 CardDef in a tuple")),
        ({"deck": [STRIKE]}, ("deck", "SD-1", "deck must be 1 to 1000 CardDef in a tuple")),
        (
            {"gm_deck": (STRIKE,) * (MAX_DECK + 1)},
            ("gm_deck", "SD-7", "gm_deck must be 1 to 1000 CardDef in a tuple"),
        ),
        (
            {"abilities": (Ability("a", 1), Ability("a", 2))},
            ("abilities", "SD-10", "two abilities share a name"),
        ),
        (
            {"abilities": (Ability("a", 1), "b")},
            ("abilities", "SD-10", "abilities must be a tuple of Ability"),
        ),
        (
            {"abilities": [Ability("a", 1)]},
            ("abilities", "SD-10", "abilities must be a tuple of Ability"),
        ),
    ],
)
def test_a_bad_config_names_field_rule_range_and_value(
    changes: dict[str, object], expected: tuple[str, str, str]
) -> None:
    """SD-1/SD-2/SD-5/SD-6/SD-7/SD-10/SD-13: the refusal says what is allowed and what came."""
    assert _refusal(**changes) == expected


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: Ability("", 1), ("name", "SD-10", "an ability needs a non-empty name")),
        (lambda: Ability(3, 1), ("name", "SD-10", "an ability needs a non-empty name")),
        (lambda: Ability("a", 0), ("cost", "SD-10", "an ability costs at least 1 card, not 0")),
        (
            lambda: Ability("a", 2.0),
            ("cost", "SD-10", "an ability costs at least 1 card, not 2.0"),
        ),
    ],
)
def test_sd10_a_bad_ability_names_field_and_value(
    make: object, expected: tuple[str, str, str]
) -> None:
    """SD-10: an ability has a non-empty name and an integer cost of at least one card."""
    with pytest.raises(ConfigError) as caught:
        make()  # type: ignore[operator]
    assert (caught.value.field, caught.value.rule, str(caught.value.args[0])) == expected


def test_every_range_bound_is_accepted() -> None:
    """SD-1/SD-2/SD-5/SD-7: each range includes its ends (MAX_DECK cards, a hand the size of
    the deck, no or all cards exhausted, no or MAX_DECK Fatigue, MAX_DECK definitions)."""
    top = SkillsConfig(
        deck_size=MAX_DECK,
        hand_limit=MAX_DECK,
        gm_deck_size=MAX_DECK,
        gm_hand_limit=MAX_DECK,
        exhaust_on_recycle=MAX_DECK,
        fatigue_on_recycle=MAX_DECK,
        deck=(STRIKE,) * MAX_DECK,
        gm_deck=(STRIKE,) * MAX_DECK,
        abilities=(),
    )
    assert (top.deck_size, top.hand_limit, top.exhaust_on_recycle) == (MAX_DECK,) * 3
    bottom = SkillsConfig(
        deck_size=1,
        hand_limit=1,
        gm_deck_size=1,
        gm_hand_limit=1,
        exhaust_on_recycle=0,
        fatigue_on_recycle=0,
        lethal_draw_failure=False,
        first_side="gm",
        abilities=(Ability("a", 1),),
    )
    assert (bottom.deck_size, bottom.fatigue_on_recycle, bottom.first_side) == (1, 0, "gm")


@pytest.mark.parametrize(
    ("players", "gm_units", "expected"),
    [
        ((), (), ("SD-1", "a session needs at least one player")),
        (("ana", ""), (), ("SD-13", "player and unit names are non-empty strings")),
        (("ana",), ("",), ("SD-13", "player and unit names are non-empty strings")),
        (("ana",), (7,), ("SD-13", "player and unit names are non-empty strings")),
        (("ana", "gm"), (), ("SD-7", "'gm' is the GM's id, not a player's")),
        (("ana",), ("gm",), ("SD-7", "'gm' is the GM's id, not a GM unit's")),
        (("ana", "ana"), (), ("SD-13", "player and GM unit names must all differ")),
        (("ana",), ("orc", "ana"), ("SD-13", "player and GM unit names must all differ")),
    ],
)
def test_bad_seating_names_the_rule_and_the_problem(
    players: tuple[str, ...], gm_units: tuple[str, ...], expected: tuple[str, str]
) -> None:
    """SD-1/SD-7/SD-13: a session seats at least one player; every name is a distinct
    non-empty string, and none is the GM's id."""
    with pytest.raises(ConfigError) as caught:
        initial_state(SkillsConfig(), players, 1, gm_units=gm_units)
    assert caught.value.field == "players"
    assert (caught.value.rule, str(caught.value.args[0])) == expected


def test_sd14_a_session_seats_the_players_then_the_gm_with_full_hands() -> None:
    """SD-14: owners in seat order, the GM's last, each with a hand at its limit, the rest of
    its own ids in its deck, and nothing else anywhere; no Round yet."""
    config = SkillsConfig(deck_size=6, hand_limit=2, gm_deck_size=5, gm_hand_limit=3)
    state = initial_state(config, ("ana", "bo"), 1, gm_units=("orc",))
    assert state.seats == ("ana", "bo", "gm")
    assert state.gm_units == ("orc",)
    assert (state.round, state.in_round, state.pending, state.active) == (0, False, (), None)
    ids = [range(6), range(6, 12), range(12, 17)]
    for owner, player, limit, own in zip(state.owners, state.seats, (2, 2, 3), ids, strict=True):
        assert owner.player == player
        assert owner.hand_limit == limit
        assert len(owner.hand) == limit
        assert sorted(owner.hand + owner.deck) == list(own)
        assert (owner.discard, owner.exhausted, owner.fatigue, owner.alive) == ((), (), 0, True)


def test_sd1_sd7_card_ids_map_to_their_owners_deck_lists() -> None:
    """SD-1/SD-7: with 2 players of 10 cards, ids 0-19 repeat the players' list and ids 20
    onward the GM's list from its start, the first GM card included."""
    gm_list = (
        CardDef("Claw", Effect("attack")),
        CardDef("Roar", Effect("fear")),
        CardDef("Bite", Effect("attack")),
    )
    config = SkillsConfig(
        deck_size=10, hand_limit=3, gm_deck_size=7, gm_hand_limit=3, deck=(STRIKE,), gm_deck=gm_list
    )
    assert [config.card_definition(card, 2) for card in (0, 9, 10, 19)] == [STRIKE] * 4
    gm_cards = [config.card_definition(card, 2).name for card in range(20, 27)]
    assert gm_cards == ["Claw", "Roar", "Bite", "Claw", "Roar", "Bite", "Claw"]
    assert config.card_list(gm=True) == tuple(config.card_definition(c, 2) for c in range(20, 27))


def test_sd1_a_sessions_card_ids_follow_its_number_of_players() -> None:
    """SD-1/SD-7: in a session of two players, ids 10-19 are the second player's cards and
    ids from 20 the GM's (the lookup counts the players, not the GM's seat)."""
    gm_list = (CardDef("Claw", Effect("attack")),)
    config = SkillsConfig(deck_size=10, hand_limit=3, gm_deck_size=5, gm_hand_limit=3)
    config = attrs.evolve(config, deck=(STRIKE,), gm_deck=gm_list)
    state = initial_state(config, ("ana", "bo"), 1)
    assert [card_definition(state, card).name for card in (9, 10, 19, 20, 24)] == [
        "Strike",
        "Strike",
        "Strike",
        "Claw",
        "Claw",
    ]


def test_en3_a_seed_is_the_skills_stream_of_that_seed() -> None:
    """EN-3: an int or str seed plays the ``"skills"`` stream of ``Rng.from_seed(seed)``, so
    a host game that splits its own Rng the same way deals the same hands."""
    config = SkillsConfig()
    for seed in (5, "campaign"):
        stream = Rng.from_seed(seed).split("skills")
        assert initial_state(config, ("ana",), seed) == initial_state(config, ("ana",), stream)
    assert initial_state(config, ("ana",), 5) != initial_state(config, ("ana",), Rng.from_seed(5))


def test_owner_of_an_unknown_id_names_it_in_the_key_error() -> None:
    """owner_of is a lookup: the KeyError carries the unknown id."""
    state = initial_state(SkillsConfig(), ("ana",), 1)
    with pytest.raises(KeyError) as caught:
        owner_of(state, "zed")
    assert caught.value.args == ("zed",)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: CardDef("", Effect("x")), ("name", "SD-1", "a card needs a non-empty name")),
        (lambda: CardDef(7, Effect("x")), ("name", "SD-1", "a card needs a non-empty name")),
        (
            lambda: CardDef("Odd", Effect("x"), timing="whenever"),
            (
                "timing",
                "SD-8",
                "a card's timing is one of ('activation', 'reaction'), not 'whenever'",
            ),
        ),
    ],
)
def test_sd1_sd8_a_bad_card_definition_says_why(
    make: object, expected: tuple[str, str, str]
) -> None:
    """SD-1: a card has a non-empty name; SD-8: its timing is activation or reaction."""
    with pytest.raises(ConfigError) as caught:
        make()  # type: ignore[operator]
    assert (caught.value.field, caught.value.rule, str(caught.value.args[0])) == expected


def test_sd11_effect_parameters_are_an_immutable_map_given_any_mapping() -> None:
    """SD-11: an effect's parameters are kept as given, frozen; none means no parameters."""
    effect = Effect("draw", {"count": 2})
    assert dict(effect.params) == {"count": 2}
    assert Effect("draw", effect.params).params is effect.params
    assert dict(Effect("wait").params) == {}
    with pytest.raises(TypeError):
        effect.params["count"] = 3  # type: ignore[index]
