"""Deploys, attacks across borders and battles (SM-2, SM-4, SM-6, SM-7, SM-13, EN-4, EN-5).

With an in-order deal for four players p1 holds Consulate, Drillyard, Warehouse and Docks,
p2 holds Chancery among others, and Forge and Mine are neutral. Consulate borders
Chancery, Legation and Mine (the default map's borders).
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.summit.helpers import (
    act,
    board,
    first_turn,
    forts,
    garrison,
    owner,
    summit,
    troops,
    with_forts,
    with_garrison,
    with_map,
    with_trap,
    with_troops,
)
from tests.refusals import refusal_of

from gamefold import Rng
from gamefold.games.summit import Scenario, Summit
from gamefold.registry import Game
from gamefold.territory import (
    Attack,
    BattleFought,
    BattleOpened,
    CloseBattle,
    Deploy,
    OpenBattle,
    TerritoryTaken,
    TrapSprung,
    TroopDeployed,
    Truce,
)
from gamefold.territory import step as map_step
from gamefold.testing import assert_refused


def _ready(**scenario: Any) -> tuple[Summit, Game]:
    game = summit(4, deal="in-order", **scenario)
    return game, first_turn(game)


def _refusal(game: Summit, state: Game, action: Any) -> tuple[str, str]:
    err = assert_refused(game, state, action)
    assert err is not None
    return err.code, err.rule


def _battle(game: Summit, state: Game, seed: int, action: Attack) -> tuple[Game, BattleFought]:
    state, events = act(game, with_map(state, rng=Rng.from_seed(seed)), action)
    (fought,) = [e for e in events if isinstance(e, BattleFought)]
    return state, fought


def test_sm2_the_default_map_borders_and_starting_troops() -> None:
    scenario = Scenario()
    assert len(scenario.adjacency) == 27
    names = scenario.territories
    around = {names[i] for i in scenario.borders[names.index("Consulate")]}
    assert around == {"Chancery", "Legation", "Mine"}
    _, state = _ready()
    assert garrison(state, "Consulate") == 1  # starting_troops
    assert garrison(state, "Forge") == 1  # neutral_troops
    _, state = _ready(starting_troops=3, neutral_troops=0)
    assert (garrison(state, "Consulate"), garrison(state, "Forge")) == (3, 0)


def test_sm4_deploy_moves_one_reserve_troop_onto_ones_own_territory() -> None:
    game, state = _ready()
    reserve = troops(state, "p1")
    assert reserve == 3  # SM-4: deploy_base 2 + 4 territories // 3
    state, events = act(game, state, Deploy("p1", "Consulate"))
    assert events == [TroopDeployed("p1", "Consulate", 2)]
    assert troops(state, "p1") == reserve - 1
    assert _refusal(game, state, Deploy("p1", "Chancery")) == ("territory/not-yours", "TR-3")
    empty = with_troops(state, "p1", 0)
    assert _refusal(game, empty, Deploy("p1", "Consulate")) == ("territory/no-reserve", "TR-3")
    assert not [a for a in game.rules.legal_actions(empty, "p1") if isinstance(a, Deploy)]


def test_sm6_an_empty_territory_is_taken_without_a_battle() -> None:
    game, state = _ready(neutral_troops=0)
    state = with_garrison(state, "Consulate", 4)
    state, events = act(game, state, Attack("p1", "Consulate", "Mine"))
    assert TerritoryTaken("p1", "Mine", "", "attack", 3) in events
    assert (owner(state, "Mine"), garrison(state, "Mine"), garrison(state, "Consulate")) == (
        "p1",
        3,
        1,
    )


def test_sm6_a_battle_ends_with_one_side_gone_and_survivors_moving_in() -> None:
    game, state = _ready()
    state = with_garrison(with_garrison(state, "Consulate", 4), "Chancery", 3)
    outcomes = set()
    for seed in range(40):
        after, fought = _battle(game, state, seed, Attack("p1", "Consulate", "Chancery"))
        assert (fought.attackers, fought.defenders) == (3, 3)
        assert garrison(after, "Consulate") == 1
        if fought.won:
            assert fought.killed == 3
            assert owner(after, "Chancery") == "p1"
            assert garrison(after, "Chancery") == 3 - fought.lost > 0
        else:
            assert fought.lost == 3
            assert owner(after, "Chancery") == "p2"
            assert garrison(after, "Chancery") == 3 - fought.killed > 0
        outcomes.add(fought.won)
    assert outcomes == {True, False}  # the state's RNG decides


def test_sm6_en3_the_same_map_rng_fights_the_same_battle() -> None:
    game, state = _ready()
    state = with_garrison(state, "Consulate", 6)
    first = _battle(game, state, 11, Attack("p1", "Consulate", "Chancery"))
    assert _battle(game, state, 11, Attack("p1", "Consulate", "Chancery")) == first


def _wins(game: Summit, state: Game, seeds: int = 200) -> int:
    return sum(
        _battle(game, state, seed, Attack("p1", "Consulate", "Chancery"))[1].won
        for seed in range(seeds)
    )


@pytest.mark.parametrize("strength", [1, 3])
def test_sm6_forts_weigh_fort_strength_for_the_defenders(strength: int) -> None:
    game, state = _ready(fort_strength=strength)
    state = with_garrison(with_garrison(state, "Consulate", 5), "Chancery", 2)
    bare = _wins(game, state)
    walled = _wins(game, with_forts(state, "Chancery", 2))
    assert walled < bare
    after, _ = _battle(
        game, with_forts(state, "Chancery", 2), 0, Attack("p1", "Consulate", "Chancery")
    )
    if owner(after, "Chancery") == "p1":
        assert forts(after, "Chancery") == 0  # razed


def test_sm6_fort_strength_0_makes_forts_no_defence() -> None:
    game, state = _ready(fort_strength=0)
    state = with_garrison(with_garrison(state, "Consulate", 5), "Chancery", 2)
    for seed in range(20):
        bare = _battle(game, state, seed, Attack("p1", "Consulate", "Chancery"))[1]
        walled = _battle(
            game, with_forts(state, "Chancery", 3), seed, Attack("p1", "Consulate", "Chancery")
        )[1]
        assert (bare.lost, bare.killed) == (walled.lost, walled.killed)


@pytest.mark.parametrize(("strength", "killed"), [(2, 2), (5, 3)])
def test_sm13_a_trap_kills_attackers_before_the_battle(strength: int, killed: int) -> None:
    game, state = _ready()
    state = with_trap(with_garrison(state, "Consulate", 4), "Chancery", strength)
    state, events = act(game, state, Attack("p1", "Consulate", "Chancery"))
    assert TrapSprung("p1", "Chancery", killed) in events
    (fought,) = [e for e in events if isinstance(e, BattleFought)]
    assert fought.attackers == 3 - killed
    assert board(state).traps[board(state).scenario.territories.index("Chancery")] == 0


def test_sm6_refusals_own_not_adjacent_not_yours_too_few() -> None:
    game, state = _ready()
    state = with_garrison(state, "Consulate", 5)
    assert _refusal(game, state, Attack("p1", "Consulate", "Forge")) == (
        "territory/not-adjacent",
        "TR-4",
    )
    assert _refusal(game, state, Attack("p1", "Chancery", "Legation")) == (
        "territory/not-yours",
        "TR-4",
    )
    assert _refusal(game, state, Attack("p1", "Docks", "Consulate")) == (
        "territory/own-territory",
        "TR-4",
    )
    thin = with_garrison(state, "Consulate", 1)
    assert _refusal(game, thin, Attack("p1", "Consulate", "Chancery")) == (
        "territory/too-few-troops",
        "TR-4",
    )


def test_sm7_a_truce_forbids_attacking_its_other_party() -> None:
    game, state = _ready()
    state = with_map(with_garrison(state, "Consulate", 5), truces=(Truce(0, "p2", "p1"),))
    assert _refusal(game, state, Attack("p1", "Consulate", "Chancery")) == (
        "territory/truce",
        "TR-6",
    )
    assert Attack("p1", "Consulate", "Legation") in game.rules.legal_actions(state, "p1")


def test_sm6_attacks_happen_only_in_ones_own_turn() -> None:
    game, state = _ready()
    state = with_garrison(state, "Chancery", 5)
    assert _refusal(game, state, Attack("p2", "Chancery", "Consulate")) == (
        "territory/not-your-turn",
        "TR-4",
    )


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Attack("p1", "Consulate", "Atlantis"), "territory/unknown-territory"),
        (Attack("p1", "Atlantis", "Mine"), "territory/unknown-territory"),
        (Attack("p9", "Consulate", "Mine"), "territory/unknown-player"),
        (Attack("p1", "Consulate", 3), "territory/malformed"),  # type: ignore[arg-type]
        (Deploy(None, "Consulate"), "territory/malformed"),  # type: ignore[arg-type]
        (Deploy("p1", "Atlantis"), "territory/unknown-territory"),
    ],
)
def test_en4_unknown_or_malformed_map_actions_are_refused(action: Any, code: str) -> None:
    game, state = _ready()
    assert _refusal(game, with_garrison(state, "Consulate", 9), action) == (code, "EN-4")


def test_en5_the_listed_attacks_are_every_border_crossing_in_map_order() -> None:
    game, state = _ready()
    state = with_garrison(with_garrison(state, "Consulate", 2), "Docks", 3)
    listed = [a for a in game.rules.legal_actions(state, "p1") if isinstance(a, Attack)]
    names = board(state).scenario.territories
    expected = [
        Attack("p1", source, names[t])
        for source in ("Consulate", "Docks")
        for t in board(state).scenario.borders[names.index(source)]
        if owner(state, names[t]) != "p1"
    ]
    assert listed == expected
    assert not [a for a in game.rules.legal_actions(state, "p2") if isinstance(a, Attack)]


# -- each refusal's sentence, deploys and truce-bound listings (from mutation testing) ------


@pytest.mark.parametrize(
    ("action", "changes", "expected"),
    [
        (
            Attack("p1", "Consulate", "Forge"),
            {},
            ("territory/not-adjacent", "TR-4", "An attack crosses one border, no more."),
        ),
        (
            Attack("p1", "Chancery", "Legation"),
            {},
            ("territory/not-yours", "TR-4", "An attack starts from a territory of one's own."),
        ),
        (
            Attack("p1", "Docks", "Consulate"),
            {},
            ("territory/own-territory", "TR-4", "You already hold that territory."),
        ),
        (
            Attack("p1", "Consulate", "Chancery"),
            {"thin": True},
            ("territory/too-few-troops", "TR-4", "One troop must stay behind: it takes two."),
        ),
        (
            Attack("p2", "Chancery", "Consulate"),
            {},
            ("territory/not-your-turn", "TR-4", "p2 attacks only during their own turn."),
        ),
        (
            Deploy("p2", "Chancery"),
            {},
            ("territory/not-your-turn", "TR-3", "p2 deploys only during their own turn."),
        ),
        (
            Deploy("p1", "Chancery"),
            {},
            ("territory/not-yours", "TR-3", "Troops are deployed on one's own territories."),
        ),
        (
            Deploy("p1", "Consulate"),
            {"no_reserve": True},
            ("territory/no-reserve", "TR-3", "You have no troops in reserve."),
        ),
        (
            Attack("p1", "Consulate", "Atlantis"),
            {},
            ("territory/unknown-territory", "EN-4", "The map has no 'Atlantis'."),
        ),
        (
            Deploy("p1", "Atlantis"),
            {},
            ("territory/unknown-territory", "EN-4", "The map has no 'Atlantis'."),
        ),
        (
            Attack("p9", "Consulate", "Mine"),
            {},
            ("territory/unknown-player", "EN-4", "'p9' is not seated."),
        ),
    ],
)
def test_en4_each_map_refusal_says_why(
    action: Any, changes: dict[str, bool], expected: tuple[str, str, str]
) -> None:
    game = summit(4, deal="in-order")
    state = with_garrison(first_turn(game), "Consulate", 1 if changes.get("thin") else 5)
    if changes.get("no_reserve"):
        state = with_troops(state, "p1", 0)
    else:
        state = with_troops(state, "p1", 3)
    assert refusal_of(game.rules.check, game.rules.step, state, action) == expected


def test_sm4_a_deploy_puts_the_troop_on_the_territory() -> None:
    game = summit(4, deal="in-order")
    state = with_troops(with_garrison(first_turn(game), "Consulate", 2), "p1", 3)
    after = game.rules.reduce(state, Deploy("p1", "Consulate"))
    index = board(after).scenario.territories.index("Consulate")
    assert board(after).garrisons[index] == 3
    assert board(after).realms[0].troops == 2


@pytest.mark.parametrize("truce", [Truce(0, "p2", "p1"), Truce(0, "p1", "p2")])
def test_sm7_en5_the_listed_attacks_are_exactly_those_a_truce_leaves(truce: Truce) -> None:
    """SM-7, EN-5: with a truce binding p1 and p2 (either way round) and another binding p3
    and p4, p1's listed attacks are every attack the rules accept, and none on p2."""
    game = summit(4, deal="in-order")
    state = with_garrison(first_turn(game), "Consulate", 5)
    state = with_garrison(state, "Docks", 5)
    state = with_map(state, truces=(truce, Truce(1, "p3", "p4")))
    names = board(state).scenario.territories
    accepted = {
        Attack("p1", source, target)
        for source in names
        for target in names
        if game.rules.check(state, Attack("p1", source, target)) is None
    }
    listed = [a for a in game.rules.legal_actions(state, "p1") if isinstance(a, Attack)]
    assert set(listed) == accepted
    assert accepted
    owners = board(state).owners
    assert all(owners[names.index(a.territory)] != "p2" for a in listed)


def test_en4_an_unknown_source_is_refused_with_the_action() -> None:
    game = summit(4, deal="in-order")
    state = first_turn(game)
    action = Attack("p1", "Atlantis", "Mine")
    expected = ("territory/unknown-territory", "EN-4", "The map has no 'Atlantis'.")
    assert refusal_of(game.rules.check, game.rules.step, state, action) == expected


def test_sm6_a_battle_closed_by_another_game_loses_or_brings_back_its_survivors() -> None:
    """SM-6 (TR-5): a battle settled by a host game (the map's ``OpenBattle`` and
    ``CloseBattle``): won only with no defender left and an attacker standing; otherwise the
    defenders keep the territory and the survivors are lost, or with ``fall_back`` return to
    the source."""
    game = summit(4, deal="in-order")
    start = with_forts(
        with_garrison(with_garrison(first_turn(game), "Consulate", 5), "Chancery", 3), "Chancery", 1
    )
    opened, events = map_step(board(start), OpenBattle("p1", "Consulate", "Chancery"))
    assert events == (BattleOpened("p1", "Consulate", "Chancery", 4, 3),)
    names = opened.scenario.territories
    source, target = names.index("Consulate"), names.index("Chancery")

    def close(survivors: int, defenders: int, fall_back: bool = False) -> Any:
        action = CloseBattle("p1", "Consulate", "Chancery", 4, survivors, defenders, fall_back)
        return map_step(opened, action)

    lost, events = close(2, 1)
    assert (lost.garrisons[source], lost.garrisons[target], lost.owners[target]) == (1, 1, "p2")
    assert events == (BattleFought("p1", "Consulate", "Chancery", 4, 3, 1, 2, 2, False),)
    back, _ = close(2, 1, fall_back=True)
    assert (back.garrisons[source], back.garrisons[target]) == (3, 1)
    none_left, _ = close(0, 1, fall_back=True)
    assert none_left.garrisons[source] == 1
    tied, events = close(0, 0)
    assert tied.owners[target] == "p2"
    assert events[0].won is False
    won, events = close(3, 0)
    assert (won.owners[target], won.garrisons[target]) == ("p1", 3)
    assert events[0] == BattleFought("p1", "Consulate", "Chancery", 4, 3, 1, 1, 3, True)


def test_en3_a_battle_draws_its_dice_from_the_maps_stream() -> None:
    game = summit(4, deal="in-order")
    state = with_garrison(with_garrison(first_turn(game), "Consulate", 5), "Chancery", 3)
    after = game.rules.reduce(state, Attack("p1", "Consulate", "Chancery"))
    assert board(after).rng != board(state).rng


def test_sm4_a_single_reserve_troop_can_be_deployed() -> None:
    game = summit(4, deal="in-order")
    state = with_troops(first_turn(game), "p1", 1)
    assert Deploy("p1", "Consulate") in game.rules.legal_actions(state, "p1")
    assert Deploy("p1", "Consulate") not in game.rules.legal_actions(
        with_troops(state, "p1", 0), "p1"
    )


def test_sm6_one_troop_against_one_wins_some_battles_and_loses_others() -> None:
    """SM-6: each round kills a defender with chance attackers / (attackers + defenders +
    fort weight): one against one on an unfortified territory is an even fight, so over
    forty seeded maps the attacker both wins and loses."""
    game = summit(4, deal="in-order")
    state = with_garrison(with_garrison(first_turn(game), "Consulate", 2), "Chancery", 1)
    outcomes = set()
    for seed in range(40):
        _, fought = _battle(game, state, seed, Attack("p1", "Consulate", "Chancery"))
        outcomes.add(fought.won)
    assert outcomes == {True, False}
