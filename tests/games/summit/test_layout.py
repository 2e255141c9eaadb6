"""EN-6: summit's rules read its two slices at fixed places (``summit.AT``), and every
registry that holds them is built with those positions, so it refuses another order."""

from __future__ import annotations

import pytest

from gamefold import RegistryError, Rules, diplomacy
from gamefold.games.summit import AT, Summit, SummitLayout, subsystem


def test_en6_summit_reads_diplomacy_then_the_map() -> None:
    """EN-6: summit's registry holds diplomacy first and the map second, where its rules
    read them, and says so."""
    rules = Summit().rules
    assert rules.names == ("diplomacy", "map")
    assert rules.positions == AT.positions() == {"diplomacy": 0, "map": 1}
    assert SummitLayout.of(rules.names) == AT


def test_en6_summit_rules_in_another_order_are_refused() -> None:
    """EN-6: summit's rules, in a registry holding the map first, are refused when built."""
    rules = Summit().rules
    with pytest.raises(RegistryError, match=r"slice 'diplomacy' at position 0.*at 1"):
        Rules(
            [subsystem, diplomacy.subsystem],
            overrides=rules.overrides,
            wrappers=rules.wrappers,
            reactions=rules.reactions,
            positions=rules.positions,
        )
