"""Determinization from a view (EN-9): the map is public, so a drawn map is the map with a
fresh stream."""

from __future__ import annotations

from gamefold import Rng
from gamefold.territory import Atlas, Board, determinize, initial_state, view


def test_en9_the_drawn_map_is_the_map_with_a_fresh_stream() -> None:
    board = initial_state(Atlas(), ("p1", "p2", "p3"), seed=4)
    seen = view(board, "p2")
    drawn = determinize(seen, "p2", Rng.from_seed(1))
    assert isinstance(drawn, Board)
    assert view(drawn, "p2") == seen
    assert drawn.rng != board.rng
    assert (
        drawn
        == determinize(seen, "p2", Rng.from_seed(1))
        != determinize(seen, "p2", Rng.from_seed(2))
    )
