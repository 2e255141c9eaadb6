"""Host actions on running pacts (DP-9) and secret pacts in views (EN-9)."""

from __future__ import annotations

import pytest
from tests.diplomacy.helpers import arrange, begin, ids_of, table

from gamefold import IllegalAction
from gamefold.diplomacy import (
    Accept,
    BreakPact,
    DiplomacyConfig,
    ExtendPact,
    PactBroken,
    PactExtended,
    PactRevealed,
    Propose,
    RevealPact,
    legal_actions,
    step,
    view,
)


def _pact(config: DiplomacyConfig, name: str = "Covert Support T1"):
    agreement, troop = ids_of(config, name)[0], ids_of(config, "Troops T1")[0]
    state = arrange(table(config), {"ann": (agreement, troop)})
    state, _ = begin(state)
    state = step(state, Propose("ann", "bob", agreement, (troop,)))[0]
    return step(state, Accept("bob", 0))[0]


def test_dp9_break_ends_the_pact_at_once_and_only_a_party_may() -> None:
    state = _pact(DiplomacyConfig())
    with pytest.raises(IllegalAction) as err:
        step(state, BreakPact(0, "cy"))
    assert err.value.code == "diplomacy/not-party"
    after, events = step(state, BreakPact(0, "bob"))
    assert after.pacts == ()
    assert events == (PactBroken(0, "Covert Support T1", "ann", "bob", "bob"),)
    with pytest.raises(IllegalAction) as err:
        step(after, BreakPact(0, "bob"))
    assert err.value.code == "diplomacy/unknown-pact"


@pytest.mark.parametrize("turns", [0, 2])
def test_dp9_extend_lengthens_the_pact(turns: int) -> None:
    state = _pact(DiplomacyConfig())
    after, events = step(state, ExtendPact(0, turns))
    assert after.pacts[0].remaining == state.pacts[0].remaining + turns
    assert events == (PactExtended(0, after.pacts[0].remaining),)


def test_en5_host_actions_are_never_listed() -> None:
    state = _pact(DiplomacyConfig())
    listed = [a for p in ("ann", "bob", "cy") for a in legal_actions(state, p)]
    assert not any(isinstance(a, (BreakPact, ExtendPact, RevealPact)) for a in listed)


@pytest.mark.parametrize(("secret", "hidden"), [((), False), (("Covert Support",), True)])
def test_en9_a_secret_pact_is_seen_by_its_parties_only_until_revealed(
    secret: tuple[str, ...], hidden: bool
) -> None:
    state = _pact(DiplomacyConfig(secret_agreements=secret))
    assert view(state, "ann").pacts == view(state, "bob").pacts == state.pacts
    assert (view(state, "cy").pacts == ()) is hidden
    after, events = step(state, RevealPact(0))
    assert view(after, "cy").pacts == after.pacts
    assert events == ((PactRevealed(0),) if hidden else ())
