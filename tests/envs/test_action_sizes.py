"""Action spaces sized to the game: each game's bounds (``GameDef.action_sizes``) are sound,
so no decision of any game resolves a reference, or lists a group of values, beyond the
indices its field takes, and an env never stops mid-game on a numbering error."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.own_games import HouseSkirmish, skeleton_game

from gamefold import skills
from gamefold.domains import Domain, Listed, Maybe, Ref
from gamefold.envs import ActionCodec
from gamefold.games import GameDef
from gamefold.games.base import get_game
from gamefold.games.skirmish import Skirmish
from gamefold.rng import Rng
from gamefold.testing import ConformanceError, codec_conformance

SHIPPED = ("skirmish", "summit", "campaign")

CASES: tuple[tuple[str, GameDef[Any]], ...] = (
    *(
        (f"{name}/{scenario}", get_game(name)(config))
        for name in SHIPPED
        for scenario, config in get_game(name).scenarios().items()
    ),
    # The bounds grow with the config: the largest summit, the fullest hands (DP-13 at 20,
    # a card earned with every card locked kept over the limit), a lone party member.
    ("summit/6-players", get_game("summit")().variant(players=6)),
    (
        "summit/kept-over-limit",
        get_game("summit")().variant(
            **{"diplomacy.hand_limit": 20, "diplomacy.all_locked": "keep"}
        ),
    ),
    ("skirmish/alone", get_game("skirmish")().variant(party_size=1)),
    ("house-skirmish", HouseSkirmish()),
)

MOST_STEPS = 4_000
"""Steps a checked game plays at most: every shipped game ends well within it."""


def _inner(dom: Domain) -> Domain:
    while isinstance(dom, Maybe):
        dom = dom.inner
    return dom


def misfits(codec: ActionCodec, view: Any, actor: str, legal: tuple[Any, ...]) -> list[str]:
    """Each field of the decision whose resolved values, or one of whose listed groups,
    outnumber the indices the codec gives it (a maybe field's inner domain: its ``None``
    takes an index of its own)."""
    found = []
    for block in codec.blocks:
        names = [name for name, _ in block.fields]
        for depth, (name, declared) in enumerate(block.fields):
            dom = _inner(declared)
            if isinstance(dom, Ref):
                count = len(dom.resolve(view, actor))
            elif isinstance(dom, Listed):
                groups: dict[tuple[Any, ...], set[Any]] = defaultdict(set)
                for action in legal:
                    if type(action) is block.kind:
                        prefix = tuple(getattr(action, n) for n in names[:depth])
                        groups[prefix].add(getattr(action, name))
                count = max(map(len, groups.values()), default=0)
            else:
                continue
            if count > dom.size:
                found.append(f"{block.kind.__name__}.{name}: {count} > {dom.size}")
    return found


def played_misfits(game: GameDef[Any], seed: int) -> Iterator[str]:
    """The misfits of every decision of ``game`` played at random from ``seed``."""
    codec = ActionCodec(game)
    state, rng = game.setup(seed), Rng.from_seed(seed)
    for _ in range(MOST_STEPS):
        if game.is_over(state):
            return
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            yield from misfits(codec, game.rules.lazy_view(state, actor), actor, legal)
            action, rng = rng.choice(legal)
        state, _ = game.rules.step(state, action)
    raise AssertionError(f"{game!r} did not end within {MOST_STEPS} steps")


@pytest.mark.parametrize("case", CASES, ids=[label for label, _ in CASES])
def test_every_decision_of_a_whole_game_fits_the_sizes(case: tuple[str, GameDef[Any]]) -> None:
    _, game = case
    assert list(played_misfits(game, 0)) == []


@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32))
def test_every_decision_fits_the_sizes_whatever_the_seed(
    case: tuple[str, GameDef[Any]], seed: int
) -> None:
    _, game = case
    assert list(played_misfits(game, seed)) == []


def _variants() -> st.SearchStrategy[GameDef[Any]]:
    """Shipped games with the config fields their bounds grow with changed: the party and
    the enemies (SD-13, CB-5), the seats and the hand limit (SM-1, DP-13), the garrison."""
    skirmish = st.builds(
        lambda party, enemies: get_game("skirmish")().variant(
            party_size=party, enemies=get_game("skirmish")().config.enemies[:enemies]
        ),
        st.integers(1, 4),
        st.integers(1, 3),
    )
    summit = st.builds(
        lambda players, limit: get_game("summit")().variant(
            players=players, **{"diplomacy.hand_limit": limit}
        ),
        st.integers(3, 6),
        st.integers(10, 20),
    )
    campaign = st.builds(
        lambda slots: get_game("campaign")().variant(garrison_slots=slots), st.integers(1, 4)
    )
    return st.one_of(skirmish, summit, campaign)


@given(game=_variants(), seed=st.integers(0, 2**32))
def test_every_decision_fits_the_sizes_whatever_the_config(game: GameDef[Any], seed: int) -> None:
    assert list(played_misfits(game, seed)) == []


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameDef[Any]]:
    with skeleton_game(tmp_path_factory.mktemp("sizes")) as game:
        yield game


@given(seed=st.integers(0, 2**32))
def test_the_skeleton_s_decisions_fit_its_sizes(own: GameDef[Any], seed: int) -> None:
    assert list(played_misfits(own, seed)) == []


class _Cramped(Skirmish):
    """A skirmish that claims one unit where it has six: an unsound bound."""

    name = "cramped-skirmish"

    def action_sizes(self) -> dict[Any, int]:
        return {**super().action_sizes(), skills.domains.UNITS: 1}


class _Silent(Skirmish):
    """A skirmish that says nothing of its sizes, as a game written before the hook."""

    name = "silent-skirmish"

    def action_sizes(self) -> dict[Any, int]:
        return {}


def test_the_check_finds_a_bound_too_small_and_an_env_would_stop() -> None:
    found = list(played_misfits(_Cramped(), 0))
    assert found
    assert all(m.endswith("> 1") for m in found)
    with pytest.raises(ConformanceError, match="does not encode"):
        codec_conformance(_Cramped(), seeds=[0], max_steps=200)


def _sizes(codec: ActionCodec) -> dict[tuple[str, str], int]:
    return {(b.kind.__name__, n): d.size for b in codec.blocks for n, d in b.fields}


def test_a_game_that_says_nothing_keeps_every_cap() -> None:
    codec = ActionCodec(_Silent())
    sizes = _sizes(codec)
    assert sizes["Activate", "unit"] == skills.domains.UNITS.cap
    assert sizes["UseAbility", "cards"] == 16  # skirmish's payments' cap
    assert codec.size == 29_720
    assert codec.layout != ActionCodec(Skirmish()).layout


def test_the_sizes_grow_with_the_config_and_never_pass_the_cap() -> None:
    """SD-13, CB-5: a party of one beside three enemies fields four units; the ambush's four
    enemies raise the pairings; hands bound by their decks (SD-1) stay at the cap."""
    alone = _sizes(ActionCodec(Skirmish().variant(party_size=1)))
    default = _sizes(ActionCodec(Skirmish()))
    assert (alone["Activate", "unit"], default["Activate", "unit"]) == (4, 6)
    assert (alone["Burn", "player"], default["Burn", "player"]) == (2, 4)
    assert default["AssignPairings", "pairs"] == 6  # 3 of a side for 3: 3 x 2 x 1
    ambush = _sizes(ActionCodec(Skirmish(Skirmish.scenarios()["ambush"])))
    assert ambush["AssignPairings", "pairs"] == 24  # 4 enemies for 3: 4 x 3 x 2
    assert default["Burn", "card"] == skills.domains.HAND_CARDS.cap


def test_a_field_named_by_type_wins_over_its_domain() -> None:
    class Named(Skirmish):
        name = "named-skirmish"

        def action_sizes(self) -> dict[Any, int]:
            units = skills.domains.UNITS
            return {units: 5, (skills.Activate, "unit"): 3, (skills.Burn, "card"): 99}

    sizes = _sizes(ActionCodec(Named()))
    assert sizes["Activate", "unit"] == 3
    assert sizes["EndActivation", "unit"] == 5
    assert sizes["Burn", "card"] == skills.domains.HAND_CARDS.cap  # a bound never widens


def test_the_shipped_games_spaces_are_sized_to_them() -> None:
    """What an agent's output layer and mask take for each shipped game's default."""
    assert {name: ActionCodec(get_game(name)()).size for name in SHIPPED} == {
        "skirmish": 11_824,
        "summit": 3_458,
        "campaign": 14_574,
    }
