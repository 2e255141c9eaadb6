"""Standalone effects, their targets and the window (SM-8, SM-9, SM-13, SM-14, DP-12).

With an in-order deal for four players: p1 holds Consulate, Drillyard, Warehouse, Docks;
p2 Chancery, Garrison, Forum, Lighthouse; p3 Legation, Quay, Senate, Shipyard; p4 Armoury,
Bazaar, Archive, Mill; Forge and Mine are neutral.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.games.summit.helpers import (
    act,
    board,
    dip,
    first_turn,
    flow,
    forts,
    garrison,
    give,
    of_type,
    owner,
    summit,
    until_turn,
    with_forts,
    with_garrison,
    with_map,
    with_owners,
)

from gamefold import ConfigError, EndTurn, replace
from gamefold.diplomacy import (
    DEFAULT_CATALOGUE,
    Effect,
    Pact,
    PactBroken,
    PactExtended,
    PlayStandalone,
    StandaloneResolved,
)
from gamefold.games.summit import (
    DEFAULT_EFFECTS,
    DIPLOMACY,
    EffectFizzled,
    Pass,
    Passed,
    Phase,
    Scenario,
    Summit,
    SummitConfig,
    default_diplomacy,
)
from gamefold.games.summit.effects import resolve, target_problem
from gamefold.registry import Game
from gamefold.territory import Fortified, TerritoryTaken, TrapLaid, TroopsGained, Truce, TruceEnded
from gamefold.testing import assert_refused


def _map(**scenario: Any) -> Game:
    return summit(4, deal="in-order", **scenario).setup(1)


def _resolve(game: Game, name: str, target: str = "", player: str = "p1") -> tuple[Game, Any]:
    subtype, tier = name.rsplit(" T", 1)
    effect = Effect(0, name, subtype, int(tier), target)
    return resolve(game, StandaloneResolved(player, effect))


def _owner(game: Game, territory: str) -> str:
    return owner(game, territory)


def _taken(events: Any) -> list[str]:
    return [e.territory for e in events if isinstance(e, TerritoryTaken)]


def test_sm8_a_siege_takes_the_weakest_territory_of_the_biggest_open_player() -> None:
    state, events = _resolve(_map(), "Siege T1")
    assert _owner(state, "Chancery") == "p1"
    assert events == (TerritoryTaken("p1", "Chancery", "p2", "siege"),)
    _, events = _resolve(with_forts(_map(), "Legation", 1), "Siege T1", "p3")
    assert _taken(events) == ["Quay"]
    # Auto-aimed, it besieges the player holding most, not the first open seat.
    assert _taken(_resolve(with_owners(_map(), {"Forge": "p3"}), "Siege T1")[1]) == ["Legation"]


def test_sm8_siege_territories_is_per_tier() -> None:
    assert _taken(_resolve(_map(), "Siege T2")[1]) == ["Chancery", "Garrison"]
    assert _taken(_resolve(_map(siege_territories=2), "Siege T1")[1]) == ["Chancery", "Garrison"]


def test_sm7_sm8_a_truce_protects_from_a_siege() -> None:
    truced = with_map(_map(), truces=(Truce(0, "p3", "p1"),))
    _, events = _resolve(truced, "Siege T1", "p3")
    assert events == (EffectFizzled("p1", "Siege T1", "no territory to besiege"),)
    _, events = _resolve(truced, "Siege T1")  # auto-aim skips the truce partner
    assert _taken(events) == ["Chancery"]


def test_sm8_a_forced_march_takes_the_cheapest_territory_first() -> None:
    after, events = _resolve(_map(), "Forced March T1")
    assert _owner(after, "Forge") == "p1"
    assert events == (TerritoryTaken("p1", "Forge", "", "forced march"),)
    assert _taken(_resolve(_map(), "Forced March T2")[1]) == ["Forge", "Mine"]
    assert _taken(_resolve(_map(march_territories=3), "Forced March T1")[1]) == [
        "Forge",
        "Mine",
        "Chancery",
    ]


def test_sm8_an_aimed_forced_march_ignores_forts_and_troops_and_razes_them() -> None:
    state = with_garrison(with_forts(_map(), "Senate", 3), "Senate", 9)
    state, events = _resolve(state, "Forced March T1", "Senate")
    assert _taken(events) == ["Senate"]
    assert (_owner(state, "Senate"), forts(state, "Senate"), garrison(state, "Senate")) == (
        "p1",
        0,
        0,
    )
    _, events = _resolve(_map(), "Forced March T1", "Docks")  # p1's own
    assert events == (EffectFizzled("p1", "Forced March T1", "no territory to march on"),)


def test_sm8_fortify_builds_fort_levels_on_the_weakest_or_aimed_territory() -> None:
    state, events = _resolve(_map(), "Fortify T1")
    assert events == (Fortified("p1", "Consulate", 1),)
    state, events = _resolve(state, "Fortify T2", "Docks")
    assert events == (Fortified("p1", "Docks", 2),)
    _, events = _resolve(_map(fort_levels=3), "Fortify T1", "Docks")
    assert events == (Fortified("p1", "Docks", 3),)
    _, events = _resolve(_map(), "Fortify T1", "Chancery")
    assert events == (EffectFizzled("p1", "Fortify T1", "no territory of theirs to fortify"),)


def test_sm8_foreign_aid_brings_aid_troops_per_tier() -> None:
    assert _resolve(_map(), "Foreign Aid T1")[1] == (TroopsGained("p1", 3, "Foreign Aid T1", 3),)
    assert _resolve(_map(), "Foreign Aid T2")[1] == (TroopsGained("p1", 6, "Foreign Aid T2", 6),)
    assert _resolve(_map(aid_troops=5), "Foreign Aid T1")[1][0].troops == 5
    after, _ = _resolve(_map(), "Foreign Aid T2")
    assert next(r.troops for r in board(after).realms if r.player == "p1") == 6


def _with_pacts(game: Game, *pacts: Pact) -> Game:
    truces = tuple(Truce(p.id, p.proposer, p.partner) for p in pacts if "Ceasefire" in p.agreement)
    game = game.with_slice(DIPLOMACY, replace(dip(game), pacts=pacts))
    return with_map(game, truces=truces)


PACTS = (
    Pact(4, "Ceasefire T1", "p2", "p3", ("Troops T1",), 3),
    Pact(5, "Ceasefire T1", "p1", "p2", ("Troops T1",), 3),
    Pact(6, "Manufacturing Partnership T1", "p2", "p1", ("Troops T1",), 2),
    Pact(7, "Ceasefire T2", "p3", "p1", ("Troops T1", "Troops T1"), 5),
)


def test_sm8_betrayal_breaks_every_pact_with_the_aimed_player_and_ends_its_truces() -> None:
    state = _with_pacts(_map(), *PACTS)
    after, events = _resolve(state, "Betrayal T1")  # auto: the oldest pact's other party
    assert events == (
        PactBroken(5, "Ceasefire T1", "p1", "p2", "p1"),
        PactBroken(6, "Manufacturing Partnership T1", "p2", "p1", "p1"),
        TruceEnded(5, "betrayed"),
    )
    assert [p.id for p in dip(after).pacts] == [4, 7]  # the pacts end in diplomacy too
    assert [t.pact for t in board(after).truces] == [4, 7]
    after, events = _resolve(state, "Betrayal T2", "p3")
    assert [p.id for p in dip(after).pacts] == [4, 5, 6]
    _, events = _resolve(_map(), "Betrayal T1")
    assert events == (EffectFizzled("p1", "Betrayal T1", "no pact to betray"),)


@pytest.mark.parametrize(("extend_turns", "tier"), [(2, 1), (2, 2), (5, 1)])
def test_sm14_a_duration_modifier_lengthens_the_players_pacts(extend_turns: int, tier: int) -> None:
    state = _with_pacts(_map(extend_turns=extend_turns), *PACTS)
    after, events = _resolve(state, f"Duration Modifier T{tier}", "p2")
    more = extend_turns * tier
    assert events == (PactExtended(5, 3 + more), PactExtended(6, 2 + more))
    assert [p.remaining for p in dip(after).pacts] == [3, 3 + more, 2 + more, 5]
    _, events = _resolve(state, "Duration Modifier T1")  # auto: every pact of the player
    assert [e.pact for e in events] == [5, 6, 7]
    _, events = _resolve(_map(), "Duration Modifier T1")
    assert events == (EffectFizzled("p1", "Duration Modifier T1", "no pact to extend"),)


@pytest.mark.parametrize(("trap_troops", "tier"), [(2, 1), (2, 2), (4, 1)])
def test_sm13_a_trap_is_laid_on_ones_territory(trap_troops: int, tier: int) -> None:
    state = with_garrison(_map(trap_troops=trap_troops), "Consulate", 3)
    after, events = _resolve(state, f"Trap T{tier}")  # auto: the one with fewest troops
    assert events == (TrapLaid("p1", "Drillyard", trap_troops * tier),)
    assert board(after).traps[board(after).scenario.territories.index("Drillyard")] == (
        trap_troops * tier
    )
    _, events = _resolve(state, f"Trap T{tier}", "Consulate")
    assert events == (TrapLaid("p1", "Consulate", trap_troops * tier),)
    _, events = _resolve(state, "Trap T1", "Chancery")
    assert events == (EffectFizzled("p1", "Trap T1", "no territory of theirs to trap"),)


def test_sm8_effects_are_data_a_renamed_subtype_must_say_what_it_does() -> None:
    """SM-8: the handler is chosen by the scenario's ``effects``, not by the subtype's name."""
    renamed = Scenario(effects={**DEFAULT_EFFECTS, "Ambush": "trap"})
    catalogue = tuple(
        attrs.evolve(c, subtype="Ambush") if c.subtype == "Trap" else c for c in DEFAULT_CATALOGUE
    )
    config = SummitConfig(
        scenario=renamed, diplomacy=attrs.evolve(default_diplomacy(), catalogue=catalogue)
    )
    game = Summit(config).setup(1)
    _, events = resolve(game, StandaloneResolved("p1", Effect(0, "Trap T1", "Ambush", 1, "")))
    assert isinstance(events[0], TrapLaid)
    with pytest.raises(ConfigError) as err:
        SummitConfig(diplomacy=attrs.evolve(default_diplomacy(), catalogue=catalogue))
    assert (err.value.field, err.value.rule) == ("scenario", "SM-8")
    swapped = Scenario(effects={**DEFAULT_EFFECTS, "Trap": "aid"})
    _, events = _resolve(Summit(SummitConfig(scenario=swapped)).setup(1), "Trap T1")
    assert isinstance(events[0], TroopsGained)


def test_dp12_sm9_a_standalone_card_is_played_in_the_window_and_resolves_next_turn() -> None:
    game = summit(4, deal="in-order")
    state, (siege,) = give(first_turn(game), "p1", ["Siege T1"])
    state, _ = act(game, state, EndTurn("p1"))
    assert (flow(state).phase, game.actor(state)) == (Phase.WINDOW, "p1")
    legal = game.rules.legal_actions(state, "p1")
    assert PlayStandalone("p1", siege) in legal
    assert Pass("p1") in legal
    state, _ = act(game, state, PlayStandalone("p1", siege, "p3"))
    assert game.actor(state) == "p2"
    state, events = until_turn(game, state, "p1")
    assert of_type(events, TerritoryTaken) == [TerritoryTaken("p1", "Legation", "p3", "siege")]


def test_sm9_passing_closes_the_window_and_keeps_the_card() -> None:
    game = summit(4, deal="in-order")
    state, (card,) = give(first_turn(game), "p1", ["Fortify T1"])
    state, _ = act(game, state, EndTurn("p1"))
    state, events = act(game, state, Pass("p1"))
    assert events[0] == Passed("p1")
    assert game.actor(state) == "p2"
    assert card in next(p.hand for p in state["diplomacy"].players if p.player == "p1")


def test_sm9_with_no_standalone_card_the_window_is_skipped() -> None:
    game = summit(4, deal="in-order")
    state, _ = give(first_turn(game), "p1", ["Troops T1"])
    state, _ = act(game, state, EndTurn("p1"))
    assert (flow(state).phase, board(state).current) == (Phase.TURN, "p2")


@pytest.mark.parametrize(
    ("card", "target"),
    [
        ("Siege T1", "Forge"),
        ("Siege T1", "p1"),
        ("Betrayal T1", "nobody"),
        ("Fortify T1", "p2"),
        ("Forced March T2", "Atlantis"),
        ("Foreign Aid T1", "p2"),
        ("Trap T1", "p2"),
        ("Duration Modifier T1", "Docks"),
    ],
)
def test_sm8_a_target_that_does_not_suit_the_card_is_refused(card: str, target: str) -> None:
    game = summit(4, deal="in-order")
    state, (played,) = give(first_turn(game), "p1", [card])
    state, _ = act(game, state, EndTurn("p1"))
    action = PlayStandalone("p1", played, target)
    err = assert_refused(game, state, action)
    assert err is not None
    assert (err.code, err.rule) == ("summit/bad-target", "SM-8")
    assert err.action is action
    assert err.message.startswith("This card ")


def test_dp12_diplomacys_refusal_comes_before_the_target() -> None:
    game = summit(4, deal="in-order")
    state, (played,) = give(first_turn(game), "p1", ["Siege T1"])
    err = assert_refused(game, state, PlayStandalone("p1", played, "Forge"))
    assert err is not None
    assert (err.code, err.rule) == ("diplomacy/not-between-turns", "DP-12")


def _window_with(card: str, *pacts: Pact, **scenario: Any) -> tuple[Summit, Game, int]:
    game = summit(4, deal="in-order", **scenario)
    state, (played,) = give(first_turn(game), "p1", [card])
    state, _ = act(game, state, EndTurn("p1"))
    return game, _with_pacts(state, *pacts), played


def _aims(game: Summit, state: Game, card: int) -> list[str]:
    listed = game.rules.legal_actions(state, "p1")
    return [a.target for a in listed if isinstance(a, PlayStandalone) and a.card == card]


@pytest.mark.parametrize("card", ["Duration Modifier T1", "Betrayal T2"])
def test_sm16_a_card_acting_on_pacts_needs_a_pact_to_be_played(card: str) -> None:
    game, state, played = _window_with(card)
    assert _aims(game, state, played) == []
    for target in ("", "p2"):
        err = assert_refused(game, state, PlayStandalone("p1", played, target))
        assert err is not None
        assert (err.code, err.rule) == ("summit/no-pact", "SM-16")


@pytest.mark.parametrize("card", ["Duration Modifier T2", "Betrayal T1"])
def test_sm16_it_is_aimed_at_a_player_one_has_a_pact_with_or_auto(card: str) -> None:
    game, state, played = _window_with(card, PACTS[0], PACTS[2])  # p2-p3, p2-p1
    assert _aims(game, state, played) == ["", "p2"]
    err = assert_refused(game, state, PlayStandalone("p1", played, "p3"))
    assert err is not None
    assert err.rule == "SM-16"
    after, _ = act(game, state, PlayStandalone("p1", played, "p2"))
    assert dip(after).players[0].pending is not None


def test_sm16_needs_pact_off_aims_at_any_other_player_and_fizzles_without_one() -> None:
    game, state, played = _window_with("Duration Modifier T1", needs_pact=False)
    assert _aims(game, state, played) == ["", "p2", "p3", "p4"]
    state, _ = act(game, state, PlayStandalone("p1", played, "p3"))
    _, events = until_turn(game, state, "p1")
    assert EffectFizzled("p1", "Duration Modifier T1", "no pact to extend") in events


def test_sm16_sm8_a_wrong_kind_of_target_is_still_a_bad_target() -> None:
    game, state, played = _window_with("Duration Modifier T1", PACTS[1])
    err = assert_refused(game, state, PlayStandalone("p1", played, "Docks"))
    assert err is not None
    assert err.rule == "SM-8"


def _fizzled(game: Game, name: str, target: str, reason: str, player: str = "p1") -> None:
    """The card fizzles with ``reason`` and the game is left as it was (SM-8)."""
    after, events = _resolve(game, name, target, player)
    assert events == (EffectFizzled(player, name, reason),)
    assert after == game


def test_sm8_an_effect_with_nothing_to_act_on_fizzles_and_changes_nothing() -> None:
    game = _map()
    _fizzled(
        with_map(game, truces=(Truce(0, "p3", "p1"),)), "Siege T1", "p3", "no territory to besiege"
    )
    _fizzled(game, "Forced March T1", "Docks", "no territory to march on")
    _fizzled(game, "Fortify T1", "Chancery", "no territory of theirs to fortify")
    _fizzled(game, "Trap T1", "Chancery", "no territory of theirs to trap")
    _fizzled(game, "Betrayal T1", "", "no pact to betray")
    _fizzled(_with_pacts(game, *PACTS), "Betrayal T1", "p4", "no pact to betray")


def test_sm8_a_subtype_summit_gives_no_effect_fizzles_and_changes_nothing() -> None:
    game = _map()
    resolved = StandaloneResolved("p1", Effect(0, "Mystery T1", "Mystery", 1, ""))
    after, events = resolve(game, resolved)
    assert events == (EffectFizzled("p1", "Mystery T1", "it has no effect in summit"),)
    assert after == game


def test_sm8_auto_effects_fizzle_for_a_player_with_no_territory_or_nothing_open() -> None:
    everything = dict.fromkeys(board(_map()).scenario.territories, "p1")
    _fizzled(with_owners(_map(), everything), "Forced March T1", "", "no territory to march on")
    nothing = dict.fromkeys(board(_map()).scenario.territories, "p2")
    _fizzled(with_owners(_map(), nothing), "Trap T1", "", "no territory of theirs to trap")
    _fizzled(with_owners(_map(), nothing), "Fortify T1", "", "no territory of theirs to fortify")
    truces = (Truce(0, "p1", "p2"), Truce(1, "p3", "p1"), Truce(2, "p1", "p4"))
    _fizzled(with_map(_map(), truces=truces), "Siege T1", "", "no territory to besiege")


def test_sm8_an_auto_siege_takes_from_an_open_player_holding_a_single_territory() -> None:
    lone = dict.fromkeys(("Bazaar", "Archive", "Mill"), "p1")  # p4 keeps the Armoury
    truces = (Truce(0, "p1", "p2"), Truce(1, "p3", "p1"))
    game = with_map(with_owners(_map(), lone), truces=truces)
    assert _taken(_resolve(game, "Siege T1")[1]) == ["Armoury"]


def test_sm8_an_aimed_forced_march_that_cannot_take_its_aim_goes_on_with_the_cheapest() -> None:
    """SM-8: the aimed territory first (p1's own: skipped), then the cheapest per tier."""
    after, events = _resolve(_map(), "Forced March T2", "Docks")
    assert _taken(events) == ["Forge"]
    assert _owner(after, "Forge") == "p1"


def test_sm8_sm13_fortify_picks_the_least_fortified_and_trap_the_fewest_troops() -> None:
    """Fortify's auto aim is the least fortified territory (then fewest troops); a trap's is
    the territory with fewest troops, forts ignored."""
    game = with_forts(_map(), "Consulate", 1)
    for name, count in (("Consulate", 0), ("Drillyard", 2), ("Warehouse", 3), ("Docks", 4)):
        game = with_garrison(game, name, count)
    after, events = _resolve(game, "Fortify T1")
    assert events == (Fortified("p1", "Drillyard", 1),)
    assert (forts(after, "Drillyard"), forts(after, "Consulate")) == (1, 1)
    _, events = _resolve(game, "Trap T1")
    assert events == (TrapLaid("p1", "Consulate", 2),)


def test_sm8_an_auto_betrayal_aims_at_the_other_party_of_the_oldest_pact() -> None:
    pacts = (PACTS[3], PACTS[1])  # p3 proposed the oldest to p1; then p1 with p2
    after, events = _resolve(_with_pacts(_map(), *pacts), "Betrayal T1")
    assert events == (PactBroken(7, "Ceasefire T2", "p3", "p1", "p1"), TruceEnded(7, "betrayed"))
    assert [p.id for p in dip(after).pacts] == [5]


@pytest.mark.parametrize(
    ("effect", "target", "problem"),
    [
        ("aid", "p2", "This card takes no target."),
        ("aid", "Docks", "This card takes no target."),
        ("siege", "Forge", "This card is aimed at another seated player, not 'Forge'."),
        ("siege", "p1", "This card is aimed at another seated player, not 'p1'."),
        ("fortify", "Atlantis", "This card is aimed at a territory of the map, not 'Atlantis'."),
        ("trap", "p2", "This card is aimed at a territory of the map, not 'p2'."),
        ("fortify", "Docks", None),
        ("march", "Chancery", None),
        ("siege", "p2", None),
        ("aid", "", None),
    ],
)
def test_sm8_what_each_card_may_be_aimed_at_and_the_refusal_sentence(
    effect: str, target: str, problem: str | None
) -> None:
    assert target_problem(board(_map()), effect, "p1", target) == problem


def test_sm8_a_territory_card_is_aimed_at_any_territory_and_aid_takes_no_aim() -> None:
    game, state, played = _window_with("Fortify T1")
    assert _aims(game, state, played) == ["", *board(state).scenario.territories]
    game, state, played = _window_with("Foreign Aid T1")
    assert _aims(game, state, played) == [""]


def test_sm16_the_no_pact_refusal_names_the_aimed_player_or_none() -> None:
    game, state, played = _window_with("Betrayal T1")
    auto = PlayStandalone("p1", played, "")
    err = assert_refused(game, state, auto)
    assert err is not None
    assert err.message == "This card acts on a pact, and you have none."
    assert err.action is auto
    err = assert_refused(game, state, PlayStandalone("p1", played, "p2"))
    assert err is not None
    assert err.message == "This card acts on a pact, and you have none with p2."


def test_sm8_en8_a_forced_march_at_its_bound_stops_when_nothing_is_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """EN-8: a march of ``march_territories`` at its bound looks for a territory no more
    often than the map has territories (plus the aimed one), not once a territory it may take."""
    from gamefold.games.summit import effects

    calls = 0
    real = effects._march_index

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args)

    monkeypatch.setattr(effects, "_march_index", counted)
    bound = Scenario().territories
    _, events = _resolve(_map(march_territories=1_000), "Forced March T3", "Docks")
    assert 0 < len(_taken(events)) < len(bound)
    assert calls <= len(bound) + 2
