"""A page is built from what each step changed: the encodings of shared data give what a
whole encoding gives (the canonical text its digest, EN-3; the page's exact tree), and a
view shares with the view before it every part equal to its own."""

from __future__ import annotations

import itertools
import json
from enum import StrEnum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamefold._convert import shared_unstructure
from gamefold.games import get_game, play
from gamefold.record import GameRecord, canonical_json, state_digest
from gamefold.registry import Game
from gamefold.viewer import FULL, diff, state_tree, viewer_data
from gamefold.viewer.encode import Canonical, Exact
from gamefold.viewer.panels import card_names, panel
from gamefold.viewer.tracks import _panel_ops, shared, views


class Colour(StrEnum):
    RED = "red"


_leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**64), 2**64)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.just(Colour.RED)
)
_keys = st.text(max_size=3) | st.integers(-3, 3)
data = st.recursive(
    _leaves,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.text(max_size=3), inner, max_size=4)
        | st.dictionaries(st.integers(-3, 3), inner, max_size=3)
    ),
    max_leaves=25,
)


@given(st.lists(data, min_size=1, max_size=3))
def test_en3_the_canonical_text_built_node_by_node_is_json_dumps(values: list[Any]) -> None:
    """EN-3: the viewer digests each state from its shared data, encoded a node at a time;
    the text is json.dumps's with the canonical options, byte for byte, a node met again
    included."""
    canonical = Canonical()
    for value in [*values, *values]:
        expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        assert canonical(value) == expected
        assert canonical.text(value) == expected


@given(data)
def test_the_exact_tree_is_the_json_round_trip_with_big_integers_as_text(value: Any) -> None:
    exact = Exact()
    expected = json.loads(json.dumps(value), parse_int=_digits_beyond_2_53)
    assert exact(value) == expected
    assert json.dumps(exact(value)) == json.dumps(expected)
    assert exact(value) is exact(value) or not isinstance(value, dict | list | tuple)


def _digits_beyond_2_53(text: str) -> int | str:
    number = int(text)
    return number if -(2**53) < number < 2**53 else text


@pytest.mark.parametrize("name", ["skirmish", "summit", "campaign"])
def test_en3_states_and_views_encode_as_the_record_converter_writes_them(name: str) -> None:
    """EN-3, EN-9: over a whole game, each state's digest from its shared data is its
    digest, each state's and view's exact tree its state_tree; views taken one from the
    one before are the game's views, sharing every part equal to the view before."""
    game = get_game(name)()
    played = play(game, 5, max_steps=120)
    canonical, exact = Canonical(), Exact()
    with shared_unstructure() as unstructure:
        for state in played.states:
            text = canonical.text(unstructure(state, Game))
            assert text == canonical_json(state)
            assert state_digest(state, text=text) == state_digest(state)
            assert exact(unstructure(state, Game)) == state_tree(state)
        for player in game.players(played.states[0]):
            before: Game | None = None
            shown_each = views(game, played.states, player)
            for state, shown in zip(played.states, shown_each, strict=True):
                assert shown == game.rules.view(state, player)
                assert exact(unstructure(shown, Game)) == state_tree(shown)
                if before is not None:
                    for old, new in zip(before.slices, shown.slices, strict=True):
                        assert new is old or new != old
                before = shown


def test_a_shared_record_keeps_the_equal_parts_of_the_one_before() -> None:
    game = get_game("skirmish")()
    played = play(game, 2, max_steps=40)
    first, later = (game.rules.view(s, "ana") for s in (played.states[10], played.states[11]))
    mixed = shared(first, later)
    assert mixed == later
    assert mixed["skills"].config is first["skills"].config
    for old, new, kept in zip(
        first["skills"].owners, later["skills"].owners, mixed["skills"].owners, strict=True
    ):
        assert kept == new
        assert (kept is old) == (old == new)
    assert shared(first, first) is first
    assert shared(first, game.rules.view(played.states[10], "ana")) is first
    assert shared((1, 2), (1, 3)) == (1, 3)
    assert shared("a", 1) == 1


def test_a_panel_drawn_again_from_the_same_parts_is_the_one_drawn_before() -> None:
    """Within ``remembered``, a row drawn from the very same parts of a tree is the row drawn
    before; the panel is the one drawn without it."""
    from gamefold.viewer.panels import card_names, panel, remembered

    game = get_game("summit")()
    played = play(game, 3, max_steps=30)
    names = card_names(game.name, played.states[0])
    with shared_unstructure() as unstructure, remembered():
        before, after = (unstructure(s, Game) for s in played.states[-2:])
        drawn = panel(game.name, before, names)
        again = panel(game.name, after, names)
        assert drawn == panel(game.name, state_tree(played.states[-2]), names)
        assert again == panel(game.name, state_tree(played.states[-1]), names)
        rows = [(x["rows"], y["rows"]) for x, y in zip(drawn, again, strict=True)]
        assert any(a is b for old, new in rows for a, b in zip(old, new, strict=False))


@pytest.mark.parametrize("name", ["skirmish", "summit", "campaign"])
@pytest.mark.parametrize("seed", [1, 4])
def test_a_page_holds_what_whole_views_and_panels_give(name: str, seed: int) -> None:
    """Every track of a page is what the plain work gives, step by step: each state and
    each player's whole view (no ``since``), converted whole, its panel drawn afresh, and
    the first node and the diffs of those, byte for byte."""
    game = get_game(name)()
    played = play(game, seed, max_steps=150)
    states = played.states
    record = GameRecord(name, game.config, seed, played.actions).with_digests(states)
    names = card_names(name, states[0])
    data = viewer_data(record)
    for player in [FULL, *data["players"]]:
        trees = [state_tree(s if player == FULL else game.rules.view(s, player)) for s in states]
        nodes = [{"state": t, "panel": panel(name, t, names)} for t in trees]
        diffs = []
        for before, after in itertools.pairwise(nodes):
            ops = diff(before["state"], after["state"], at=["state"])
            _panel_ops(before["panel"], after["panel"], ops)
            diffs.append(ops)
        expected = {"first": nodes[0], "diffs": diffs}
        assert json.dumps(data["tracks"][player]) == json.dumps(expected), player
