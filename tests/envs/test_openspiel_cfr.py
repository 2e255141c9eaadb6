"""OpenSpiel's CFR on the games small enough for it, the skirmish duel and a one-Round
game of the ``gamefold new`` skeleton: its NashConv (what best responses gain over the
policy, summed over the players; OpenSpiel's ``exploitability`` module) falls, and
docs/envs.md shows it. The games are general-sum (win shares), so NashConv rather than
``exploitability.exploitability``, which takes constant-sum games only. The page's counts
of the smallest summit's tree, which is too large for CFR, are checked here too."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from open_spiel.python.algorithms import cfr, exploitability
from tests.own_games import skeleton_game

from gamefold.diplomacy import Kind
from gamefold.envs import openspiel_game
from gamefold.games import GameDef
from gamefold.games.campaign import Campaign, CampaignConfig
from gamefold.games.skirmish import Skirmish
from gamefold.games.skirmish.config import scenario
from gamefold.games.summit import Scenario, Summit, SummitConfig, default_diplomacy

PAGE = Path(__file__).resolve().parents[2] / "docs" / "envs.md"
CHECKPOINTS = (1, 2, 4, 8, 16)
"""The iterations after which the docs give CFR's NashConv."""
DUEL = Skirmish(scenario("duel"))
SMALL_SKELETON = {"rounds": 1, "deck.hand_limit": 1, "deck.deck_size": 2}
"""The skeleton's config changes for CFR, in an order that keeps each step valid: one Round
(its ``rounds``), one-card hands (SD-2) and two-card decks (SD-1), so each player holds one
card, a Strike or a Parry as the shuffle deals it (SD-14), and decides once what to do with
it."""


@pytest.fixture(scope="module")
def small_skeleton(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameDef[Any]]:
    """The ``gamefold new`` skeleton as written, with :data:`SMALL_SKELETON`'s config."""
    with skeleton_game(tmp_path_factory.mktemp("cfr")) as game:
        yield game.variant(SMALL_SKELETON)


@functools.cache
def nash_convs(game: GameDef[Any]) -> tuple[tuple[int, float], ...]:
    """The NashConv of CFR's average policy on ``game`` (two seeds) after each of
    :data:`CHECKPOINTS`, after the uniform policy's (iteration 0)."""
    spiel = openspiel_game(game, seeds=2)
    solver = cfr.CFRSolver(spiel)
    found = [(0, exploitability.nash_conv(spiel, solver.average_policy()))]
    for iteration in range(1, CHECKPOINTS[-1] + 1):
        solver.evaluate_and_update_policy()
        if iteration in CHECKPOINTS:
            found.append((iteration, exploitability.nash_conv(spiel, solver.average_policy())))
    return tuple(found)


def table(game: GameDef[Any]) -> str:
    """The page's table of :func:`nash_convs` for ``game``."""
    rows = [f"| {n} | {value:.5f} |" for n, value in nash_convs(game)]
    return "\n".join(["| CFR iterations | NashConv |", "|---|---|", *rows])


def tree(game: GameDef[Any]) -> tuple[int, int]:
    """The states of ``game``'s tree (two seeds) and the information states of its
    decisions."""
    spiel = openspiel_game(game, seeds=2)
    states, infos, stack = 0, set(), [spiel.new_initial_state()]
    while stack:
        state = stack.pop()
        states += 1
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            infos.add((state.current_player(), state.information_state_string()))
        stack.extend(state.child(action) for action in state.legal_actions())
    return states, len(infos)


def assert_falls(game: GameDef[Any]) -> None:
    """After the first iteration (whose average policy is the uniform one), every doubling
    of the iterations lowers the NashConv, and 16 leave less than a tenth of it."""
    found = dict(nash_convs(game))
    uniform = found[0]
    assert uniform > 0.0
    assert found[1] == pytest.approx(uniform)
    later = [found[n] for n in CHECKPOINTS]
    assert all(b < a for a, b in itertools.pairwise(later))
    assert found[CHECKPOINTS[-1]] < uniform / 10


def assert_shown(game: GameDef[Any]) -> None:
    """docs/envs.md shows ``game``'s table, figure for figure, and its tree's counts."""
    page = PAGE.read_text(encoding="utf-8")
    assert table(game) in page, table(game)
    states, infos = tree(game)
    told = f"its tree has {states:,} states and {infos} information states"
    assert told in " ".join(page.split()), told


def test_cfr_nash_conv_falls_well_below_the_uniform_policys() -> None:
    """On the duel (CB-1's Hands decide its one exchange), as :func:`assert_falls` says."""
    assert_falls(DUEL)


def test_the_page_shows_the_figures_the_code_computes() -> None:
    """docs/envs.md's duel table is what :func:`nash_convs` computes, and its tree the one
    the duel has."""
    assert_shown(DUEL)


def test_cfr_nash_conv_falls_on_the_gamefold_new_skeleton(
    small_skeleton: GameDef[Any],
) -> None:
    """On the skeleton's one Round (SD-13: each player activates once), as
    :func:`assert_falls` says."""
    assert_falls(small_skeleton)


def test_the_page_shows_the_skeleton_s_figures(small_skeleton: GameDef[Any]) -> None:
    """docs/envs.md's skeleton table and tree are the ones the code computes."""
    assert_shown(small_skeleton)


def smallest_summit() -> SummitConfig:
    """The smallest summit docs/envs.md tells of: three players (SM-1) on three territories
    bordering one another, one each (SM-2), one Round (SM-10), no proposals (SM-12), no
    deploy (SM-4), troop cards worth no troops (DP-8) and no bonus zones (DP-5); each player
    still holds three troop cards (DP-2) to self-apply in any order (DP-11)."""
    diplomacy = default_diplomacy()
    worthless = tuple(
        attrs.evolve(card, troops=0) if card.kind is Kind.VALUE else card
        for card in diplomacy.catalogue
    )
    diplomacy = attrs.evolve(diplomacy, catalogue=worthless, bonus_zones={})
    triangle = Scenario(
        territories=("A", "B", "C"),
        zones=(),
        adjacency=(("A", "B"), ("B", "C"), ("A", "C")),
        deal="in-order",
        max_rounds=1,
        proposals_per_turn=0,
        deploy_base=0,
        territories_per_troop=1000,
        domination=0,
    )
    return SummitConfig(players=3, diplomacy=diplomacy, scenario=triangle)


def test_the_page_shows_the_smallest_summit_s_tree() -> None:
    """Sixteen ways through each of three turns (DP-2, DP-11, SM-1) and two seeds: the
    counts docs/envs.md gives, for the summit and for a campaign on it (no battle)."""
    summit = smallest_summit()
    states, infos = tree(Summit(summit))
    assert states > 2 * 16**3
    page = " ".join(PAGE.read_text(encoding="utf-8").split())
    told = f"a tree of {states:,} states and {infos} information states"
    assert told in page, told
    assert tree(Campaign(CampaignConfig(summit=summit))) == (states, infos)
