"""Host actions on running pacts (DP-9) and secret pacts in views (EN-9)."""

from __future__ import annotations

import pytest
from tests.diplomacy.helpers import arrange, begin, ids_of, table

from gamefold import IllegalAction, replace
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


def test_dp9_en9_each_host_action_changes_its_own_pact_only() -> None:
    """DP-9, EN-9: with a secret Covert Support (pact 0) and a Ceasefire (pact 1) running,
    revealing pact 0 keeps it running, no longer secret; extending or breaking one pact
    leaves the other as it was."""
    config = DiplomacyConfig(secret_agreements=("Covert Support",))
    covert, ceasefire = ids_of(config, "Covert Support T1")[0], ids_of(config, "Ceasefire T1")[0]
    troops = ids_of(config, "Troops T1")[:2]
    state = arrange(table(config), {"ann": (covert, troops[0], ceasefire, troops[1])})
    state, _ = begin(state)
    state = step(state, Propose("ann", "bob", covert, (troops[0],)))[0]
    state = step(state, Propose("ann", "bob", ceasefire, (troops[1],)))[0]
    state = step(step(state, Accept("bob", 0))[0], Accept("bob", 1))[0]
    secret, open_pact = state.pacts
    assert (secret.secret, open_pact.secret) == (True, False)
    revealed, _ = step(state, RevealPact(0))
    assert revealed.pacts == (replace(secret, secret=False), open_pact)
    assert revealed.pacts[0].secret is False
    extended, _ = step(state, ExtendPact(1, 2))
    assert extended.pacts == (secret, replace(open_pact, remaining=open_pact.remaining + 2))
    broken, _ = step(state, BreakPact(0, "bob"))
    assert broken.pacts == (open_pact,)
