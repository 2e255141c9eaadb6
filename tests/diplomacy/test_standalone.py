"""Standalone cards between turns and their effect handlers (DP-12)."""

from __future__ import annotations

import pytest
from tests.diplomacy.helpers import arrange, begin, end, full_turn, hand, ids_of, of_type, table

from gamefold import Event, IllegalAction
from gamefold.diplomacy import (
    DiplomacyConfig,
    DiplomacyState,
    Effect,
    EffectHandlers,
    PlayStandalone,
    StandalonePlayed,
    StandaloneResolved,
    step,
)
from gamefold.record import from_json, to_json


def _holding_standalones():
    config = DiplomacyConfig()
    fortify = ids_of(config, "Fortify T2")[0]
    siege = ids_of(config, "Siege T1")[0]
    troop = ids_of(config, "Troops T1")[0]
    state = arrange(table(config), {"ann": (fortify, siege, troop)})
    return state, fortify, siege, troop


def test_dp12_a_standalone_card_is_played_between_turns_and_returns_to_the_pool() -> None:
    state, fortify, _, _ = _holding_standalones()
    state = end(begin(state)[0])  # ann's window opens
    state, events = step(state, PlayStandalone("ann", fortify, target="Riverlands"))
    effect = Effect(fortify, "Fortify T2", "Fortify", 2, "Riverlands")
    assert events == (StandalonePlayed("ann", effect),)
    assert fortify in state.pool.standalone
    assert fortify not in hand(state, "ann")
    assert state.players[0].pending == effect


def test_dp12_the_effect_resolves_at_the_players_next_turn_start() -> None:
    state, fortify, _, _ = _holding_standalones()
    state = end(begin(state)[0])
    state = step(state, PlayStandalone("ann", fortify))[0]
    for _ in range(2):  # bob and cy may play theirs meanwhile; ann's waits
        state, events = full_turn(state)
        assert of_type(events, StandaloneResolved) == []
    state, events = begin(state)
    (resolved,) = of_type(events, StandaloneResolved)
    assert resolved.player == "ann"
    assert resolved.effect.card == fortify
    assert state.players[0].pending is None
    assert not state.players[0].between_turns


def test_dp12_one_standalone_card_per_between_turn_window() -> None:
    state, fortify, siege, _ = _holding_standalones()
    state = end(begin(state)[0])
    state = step(state, PlayStandalone("ann", fortify))[0]
    state, _ = begin(state)  # bob's turn: ann still between turns
    with pytest.raises(IllegalAction) as err:
        step(state, PlayStandalone("ann", siege))
    assert (err.value.code, err.value.rule) == ("diplomacy/window-used", "DP-12")


def test_dp12_not_during_the_players_own_turn_nor_before_their_first() -> None:
    state, fortify, _, troop = _holding_standalones()
    with pytest.raises(IllegalAction) as err:
        step(state, PlayStandalone("ann", fortify))
    assert (err.value.code, err.value.rule) == ("diplomacy/not-between-turns", "DP-12")
    state, _ = begin(state)
    with pytest.raises(IllegalAction) as err:
        step(state, PlayStandalone("ann", fortify))
    assert err.value.code == "diplomacy/not-between-turns"
    state = end(state)
    with pytest.raises(IllegalAction) as err:
        step(state, PlayStandalone("ann", troop))
    assert (err.value.code, err.value.rule) == ("diplomacy/wrong-kind", "DP-12")


def test_dp12_a_new_window_opens_after_each_turn() -> None:
    state, fortify, siege, _ = _holding_standalones()
    state = end(begin(state)[0])
    state = step(state, PlayStandalone("ann", fortify))[0]
    state, _ = full_turn(full_turn(state)[0])
    state = end(begin(state)[0])
    state, events = step(state, PlayStandalone("ann", siege))
    assert of_type(events, StandalonePlayed)[0].effect.name == "Siege T1"


def test_dp12_effect_handlers_run_by_subtype_and_never_enter_the_state() -> None:
    log: list[str] = []

    def fortify(host: int, resolved: StandaloneResolved) -> tuple[int, tuple[Event, ...]]:
        log.append(resolved.effect.target)
        return host + resolved.effect.tier, (resolved,)

    handlers: EffectHandlers[int] = EffectHandlers().with_handler("Fortify", fortify)
    assert handlers.names == ("Fortify",)
    state, card, siege, _ = _holding_standalones()
    state = end(begin(state)[0])
    state = step(state, PlayStandalone("ann", card, target="Hill"))[0]
    state, _ = full_turn(full_turn(state)[0])
    state, events = begin(state)
    host, more = handlers.run(10, events)
    assert (host, log, len(more)) == (12, ["Hill"], 1)
    assert handlers.run(10, [StandaloneResolved("ann", Effect(siege, "Siege T1", "Siege", 1, ""))])[
        0
    ] == (10)
    assert from_json(to_json(state), DiplomacyState) == state
    assert "EffectHandlers" in repr(handlers)
