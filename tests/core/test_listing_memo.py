"""A subsystem's listing is asked again only about a slice that changed (EN-5): its answer is
a function of the slice and the actor, so a slice a step left as it was lists as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st
from tests.core.toy import Add, Counter, Sub, make

from gamefold import Action, Rules


def _counted(asked: list[tuple[str, int]], name: str, action: type[Action] = Add) -> Any:
    """The toy counter ``name``, its listing logging each (actor, value) it is asked about."""
    sub = make(name, action)
    inner = sub.legal_actions

    def legal(state: Counter, actor: str) -> tuple[Action, ...]:
        asked.append((actor, state.value))
        return inner(state, actor)

    return attrs.evolve(sub, legal_actions=legal)


def test_en5_an_unchanged_slice_is_not_listed_again() -> None:
    """EN-5: a step of one subsystem leaves the other's slice as it was, and its listing is
    not asked again; the changed one is, and both answers are the fresh listing's."""
    asked_a: list[tuple[str, int]] = []
    asked_b: list[tuple[str, int]] = []
    rules = Rules([_counted(asked_a, "a"), _counted(asked_b, "b", Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    first = rules.legal_actions(game, "a")
    assert rules.legal_actions(game, "a") == first
    assert (asked_a, asked_b) == ([("a", 0)], [("a", 0)])
    game = rules.step(game, Add(2))[0]  # a changes, b is the very same slice
    assert rules.legal_actions(game, "a") == first
    assert (asked_a, asked_b) == ([("a", 0), ("a", 2)], [("a", 0)])


def test_en5_each_actor_has_its_own_answer() -> None:
    """EN-5: one actor's listing is never handed to another, however they alternate."""
    asked: list[tuple[str, int]] = []
    rules = Rules([_counted(asked, "a"), _counted([], "b", Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    for _ in range(2):
        assert rules.legal_actions(game, "a") == (Add(1), Add(2), Add(3))
        assert rules.legal_actions(game, "b") == (Sub(1), Sub(2), Sub(3))
    assert asked == [("a", 0), ("b", 0)]


def test_en5_a_listing_that_yields_lists_the_same_each_time() -> None:
    """EN-5: a listing written as a generator (one pass only) lists in full every time."""
    sub = make("a")

    def legal(state: Counter, actor: str) -> Iterator[Action]:
        yield from sub.legal_actions(state, actor)

    rules = Rules([attrs.evolve(sub, legal_actions=legal)])
    game = rules.new_game({"a": Counter("a")})
    assert (
        rules.legal_actions(game, "a") == rules.legal_actions(game, "a") == (Add(1), Add(2), Add(3))
    )


@given(amounts=st.lists(st.integers(min_value=0, max_value=3), max_size=8))
def test_en5_listings_match_a_composition_that_never_reuses(amounts: list[int]) -> None:
    """EN-5: along any game, the listing equals a freshly built composition's, which has
    never listed before."""
    subs = [make("a"), make("b", Sub)]
    rules = Rules(subs)
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    for i, amount in enumerate(amounts):
        for actor in ("a", "b"):
            assert rules.legal_actions(game, actor) == Rules(subs).legal_actions(game, actor)
        game = rules.step(game, (Add if i % 2 else Sub)(amount))[0]
