"""DiplomacyConfig's refusals as a user reads them, and the ends of every range (DP-1 … DP-14).

A bad config raises :class:`~gamefold.ConfigError` naming the field, the rule and, in a
sentence, what is allowed (and, for a choice or a range, what came).
"""

from __future__ import annotations

import pytest

from gamefold import ConfigError
from gamefold.diplomacy import BonusZone, DiplomacyConfig, Kind

MAX_CARDS = 10_000
"""The documented cap on a deck's cards (EN-8)."""


def _refusal(field: str, value: object) -> tuple[str, str, str]:
    with pytest.raises(ConfigError) as caught:
        DiplomacyConfig(**{field: value})  # type: ignore[arg-type]
    return caught.value.field, caught.value.rule, str(caught.value.args[0])


@pytest.mark.parametrize(
    "field",
    [
        "hand_limit",
        "starting_hand",
        "starting_tier",
        "ticks_per_card",
        "quarters_per_territory",
        "proposal_ttl",
        "quarters_per_tick",
    ],
)
@pytest.mark.parametrize("value", [2.0, "3", None, True])
def test_en4_every_count_must_be_an_integer(field: str, value: object) -> None:
    """EN-4: a count of another type is refused, naming the field."""
    assert _refusal(field, value) == (field, "EN-4", "must be an integer")


@pytest.mark.parametrize(
    ("field", "value", "rule", "sentence"),
    [
        ("hand_limit", 9, "DP-13", "the hand limit is 10 to 20, not 9"),
        ("hand_limit", 21, "DP-13", "the hand limit is 10 to 20, not 21"),
        ("starting_hand", -1, "DP-2", "the starting hand is 0 up to the hand limit"),
        ("starting_hand", 16, "DP-2", "the starting hand is 0 up to the hand limit"),
        ("ticks_per_card", 0, "DP-6", "a card costs 1 tick or more"),
        ("quarters_per_territory", -1, "DP-4", "territories never take ticks away"),
        ("proposal_ttl", 0, "DP-9", "a proposal lasts 1 cycle or more"),
        ("quarters_per_tick", 0, "DP-3", "a tick is 1 unit or more"),
        (
            "debt_rounding",
            "sideways",
            "DP-11",
            "debt_rounding is one of ('down', 'up'), not 'sideways'",
        ),
        (
            "pact_clock",
            "sometimes",
            "DP-8",
            "pact_clock is one of ('proposer', 'every'), not 'sometimes'",
        ),
        ("empty_kind", "skip", "DP-1", "empty_kind is one of ('keep', 'any'), not 'skip'"),
        (
            "accepted_cards",
            "burn",
            "DP-9",
            "accepted_cards is one of ('pool', 'partner'), not 'burn'",
        ),
        (
            "all_locked",
            "explode",
            "DP-13",
            "all_locked is one of ('forfeit', 'keep'), not 'explode'",
        ),
        (
            "secret_agreements",
            ("Ceasefire", 3),
            "EN-9",
            "secret_agreements names Agreement subtypes",
        ),
        ("score_locked", "yes", "DP-14", "is True or False"),
        (
            "bonus_zones",
            {"hill": "value"},
            "DP-5",
            "bonus_zones maps zone names to BonusZone records",
        ),
        (
            "bonus_zones",
            {3: BonusZone(Kind.VALUE, 1)},
            "DP-5",
            "bonus_zones maps zone names to BonusZone records",
        ),
        (
            "bonus_zones",
            {3: BonusZone(Kind.VALUE, 1), "hill": BonusZone(Kind.VALUE, 1)},
            "DP-5",
            "bonus_zones maps zone names to BonusZone records",
        ),
        (
            "secret_agreements",
            "Ceasefire",
            "EN-9",
            "secret_agreements is a tuple of Agreement subtypes, not 'Ceasefire'",
        ),
        (
            "composition",
            [("Troops T1", 3)],
            "DP-8",
            "composition is a mapping by name, not [('Troops T1', 3)]",
        ),
        ("bonus_zones", ["hill"], "DP-5", "bonus_zones is a mapping by name, not ['hill']"),
        (
            "secret_agreements",
            ("Ceasefire", "Troops", "Siege"),
            "EN-9",
            "secret_agreements names Agreement subtypes of the catalogue; not ['Siege', 'Troops']",
        ),
        (
            "composition",
            {"Unicorn T1": 2, "Dragon T2": 1},
            "DP-8",
            "composition names card types the catalogue lacks: ['Dragon T2', 'Unicorn T1']",
        ),
        (
            "composition",
            {"Troops T1": -1},
            "DP-8",
            "Troops T1: copies are a whole number, 0 or more",
        ),
        (
            "composition",
            {"Troops T1": 1.0},
            "DP-8",
            "Troops T1: copies are a whole number, 0 or more",
        ),
        (
            "composition",
            {"Troops T1": MAX_CARDS - 19, "Troops T2": 20},
            "DP-8",
            "10001 cards; at most 10000",
        ),
    ],
)
def test_a_bad_diplomacy_config_names_field_rule_and_what_is_allowed(
    field: str, value: object, rule: str, sentence: str
) -> None:
    """DP-1 … DP-14: each refusal says what the field allows."""
    assert _refusal(field, value) == (field, rule, sentence)


def test_dp8_catalogue_refusals_name_the_entry() -> None:
    """DP-8: every catalogue entry is a CardType, and card names are unique."""
    catalogue = DiplomacyConfig().catalogue
    assert _refusal("catalogue", (*catalogue, "Troops T3")) == (
        "catalogue",
        "DP-8",
        "every catalogue entry is a CardType, not 'Troops T3'",
    )
    assert _refusal("catalogue", (*catalogue, catalogue[0])) == (
        "catalogue",
        "DP-8",
        "card names are unique",
    )


def test_every_diplomacy_range_bound_is_accepted() -> None:
    """DP-2 … DP-13: both ends of every range are allowed values."""
    low = DiplomacyConfig(
        hand_limit=10,
        starting_hand=0,
        ticks_per_card=1,
        quarters_per_territory=0,
        proposal_ttl=1,
        quarters_per_tick=1,
        composition={"Troops T1": 0},
    )
    high = DiplomacyConfig(hand_limit=20, starting_hand=20)
    assert (low.hand_limit, low.starting_hand, high.hand_limit, high.starting_hand) == (
        10,
        0,
        20,
        20,
    )
    full = DiplomacyConfig(composition={"Troops T1": MAX_CARDS - 20, "Troops T2": 20})
    assert len(full.cards) == MAX_CARDS
