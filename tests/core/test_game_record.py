"""EN-6, EN-1: a game is a record with one named field per slice; the registry checks a
game's declared record against its subsystems when built, and makes one when given none."""

from __future__ import annotations

import pickle

import attrs
import pytest
from tests.core.test_registry import Sub
from tests.core.toy import Add, Counter, make

from gamefold import RegistryError, Rules, replace
from gamefold.registry import Game, game_record, slice_names


@attrs.frozen
class Sub2(Add):
    """A third action type, for a third slice."""


@attrs.frozen
class Pair(Game):
    """A declared record: the slices a and b."""

    a: Counter
    b: Counter


def test_en6_a_declared_record_holds_the_game_and_rules_read_its_fields() -> None:
    rules = Rules([make("a"), make("b", action=Sub)], state=Pair)
    game = rules.new_game({"a": Counter("a"), "b": Counter("b", value=4)})
    assert type(game) is Pair
    assert (game.a, game.b.value) == (Counter("a"), 4)
    after = rules.reduce(game, Add(2))
    assert type(after) is Pair
    assert (after.a.value, after.b.value) == (2, 4)
    assert replace(after, b=Counter("b")).b == Counter("b")
    assert pickle.loads(pickle.dumps(after)) == after


def test_en6_a_record_whose_fields_differ_from_the_subsystems_is_refused() -> None:
    for order in (["b", "a"], ["a"], ["a", "b", "c"]):
        kinds = [Add, Sub, Sub2]
        with pytest.raises(RegistryError, match="one field per subsystem"):
            Rules([make(name, action=kinds[i]) for i, name in enumerate(order)], state=Pair)
    with pytest.raises(RegistryError, match=r"attrs subclass of gamefold\.Game"):
        Rules([make("a")], state=dict)  # type: ignore[arg-type]


def test_en6_a_registry_without_a_record_makes_one_the_same_in_every_process() -> None:
    rules = Rules([make("x"), make("y", action=Sub)])
    game = rules.new_game({"x": Counter("x"), "y": Counter("y")})
    assert rules.state is game_record(("x", "y"))
    assert slice_names(type(game)) == game.names == ("x", "y")
    assert game.slices == (Counter("x"), Counter("y"))
    assert game["y"] is game.y
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game
    assert type(copy) is type(game)
    with pytest.raises(KeyError):
        game["z"]
    with pytest.raises(KeyError):
        game.with_slice("z", Counter("z"))
    assert game.with_slice("y", Counter("y", value=3)).y.value == 3


@pytest.mark.parametrize("name", ["clock", "names", "slices", "with_slice", "not a name", ""])
def test_en6_a_slice_name_that_cannot_be_a_field_is_refused(name: str) -> None:
    with pytest.raises(RegistryError, match="Python identifier"):
        Rules([make(name)])
