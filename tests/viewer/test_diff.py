"""The viewer stores each track as a first tree and one diff a step: applying the diffs
gives back every recorded state exactly (EN-8), for the full state and each player's view
(EN-9)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamefold.games import get_game, play
from gamefold.record import GameRecord, converter
from gamefold.registry import Game
from gamefold.viewer import FULL, diff, patch, state_tree, viewer_data

_scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
trees = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(trees, trees)
def test_patch_of_diff_gives_the_new_tree_and_leaves_the_old_one(old: Any, new: Any) -> None:
    kept = copy.deepcopy(old)
    assert _same(patch(old, diff(old, new)), new)
    assert _same(old, kept)


def _same(a: Any, b: Any) -> bool:
    """Equal as the page sees them: ``True`` is not ``1`` in JSON."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_equal_trees_have_no_diff_and_a_flag_is_not_a_number() -> None:
    assert diff({"a": [1, 2]}, {"a": [1, 2]}) == []
    assert diff({"a": 1}, {"a": True}) == [[["a"], True]]
    assert diff({"a": 1, "b": 2}, {"a": 1}) == [[["b"]]]


def test_a_reshuffled_list_is_set_whole_a_changed_item_alone() -> None:
    assert diff([1, 2, 3, 4], [4, 3, 2, 1]) == [[[], [4, 3, 2, 1]]]
    assert diff({"d": [1, 2, 3, 4]}, {"d": [1, 2, 9, 4]}) == [[["d", 2], 9]]


def _trees(game: Any, states: Any, viewer: str) -> list[Any]:
    shown = (s if viewer == FULL else game.rules.view(s, viewer) for s in states)
    return [state_tree(s) for s in shown]


@settings(max_examples=8)
@given(
    st.sampled_from(["skirmish", "summit", "campaign"]), st.integers(0, 10_000), st.integers(1, 60)
)
def test_en8_the_stored_diffs_rebuild_every_state_and_view(
    name: str, seed: int, steps: int
) -> None:
    """EN-8, EN-9: over random games of the shipped games, every track's diffs applied in
    order give the recorded state (or that player's view of it) at every step."""
    game = get_game(name)()
    played = play(game, seed, max_steps=steps)
    record = GameRecord(name, game.config, seed, played.actions)
    data = viewer_data(record)
    assert set(data["tracks"]) == {FULL, *game.players(played.states[0])}
    for viewer, track in data["tracks"].items():
        node = track["first"]
        rebuilt = [node["state"]]
        for ops in track["diffs"]:
            node = patch(node, ops)
            rebuilt.append(node["state"])
        assert rebuilt == _trees(game, played.states, viewer)


def _leaves(tree: Any, path: str = "") -> list[tuple[str, Any]]:
    if isinstance(tree, dict):
        return [leaf for k, v in tree.items() for leaf in _leaves(v, f"{path}/{k}")]
    if isinstance(tree, list):
        return [leaf for i, v in enumerate(tree) for leaf in _leaves(v, f"{path}/{i}")]
    return [(path, tree)]


@pytest.mark.parametrize("name", ["skirmish", "summit"])
def test_en3_the_shown_tree_is_exact_even_for_an_rng_state(name: str) -> None:
    """EN-3: an RNG state is a 64-bit integer, beyond what a page's numbers hold exactly;
    the tree holds it as its digits, and every other leaf as the record converter writes it."""
    game = get_game(name)()
    state = play(game, 1, max_steps=5).final
    plain = json.loads(json.dumps(converter.unstructure(state, unstructure_as=Game)))
    shown = dict(_leaves(state_tree(state)))
    big = 0
    for path, value in _leaves(plain):
        if isinstance(value, int) and abs(value) >= 2**53:
            assert shown[path] == str(value)
            big += 1
        else:
            assert shown[path] == value
    assert big > 0


@given(st.lists(trees, max_size=5), st.integers(0, 200))
def test_a_list_is_measured_item_by_item_as_it_is_whole(items: list[Any], size: int) -> None:
    """Whether a list's item ops beat setting it whole is told without encoding the whole
    list (a game's slices), with the same answer as its whole JSON's length."""
    from gamefold.viewer.diff import _at_least

    whole = len(json.dumps(items, separators=(",", ":")))
    assert _at_least(items, size) == (whole >= size)
