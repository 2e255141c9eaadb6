"""The registry's edges (EN-4, EN-6, EN-8, EN-9): the game records it makes and checks,
the errors that name what is wrong, and determinizing a view slice by slice."""

from __future__ import annotations

import pickle
import uuid
from typing import Any

import attrs
import pytest
from tests.core.toy import Add, Counter, Sub, make

from gamefold import Action, Events, IllegalAction, RegistryError, Rules, StartRound, Subsystem
from gamefold.pipeline import Catalogue, Pipeline, Refusal
from gamefold.registry import Clock, Game, Rule, Wrapper, game_record, slice_names
from gamefold.rng import Rng


def fresh(*names: str) -> tuple[str, ...]:
    """Slice names no record was made for yet in this process: records are made once a set
    of names and remembered, so a test of making one needs names never asked for."""
    tag = uuid.uuid4().hex[:12]
    return tuple(f"{name}_{tag}" for name in names)


def test_en6_a_made_record_is_a_frozen_slotted_game_named_after_its_slices() -> None:
    """EN-6 (EN-1): the record a registry makes for slices it was given no record for."""
    north, south = fresh("north", "south")
    record = game_record([north, south])
    assert record.__name__ == f"Game_{north}_{south}"
    assert record.__module__ == "gamefold.registry"
    assert issubclass(record, Game)
    assert slice_names(record) == (north, south)
    game = record(1, 2)
    assert (game.names, game.slices, game.clock) == ((north, south), (1, 2), Clock())
    assert game[south] == 2
    assert not hasattr(game, "__dict__")
    assert hash(game) == hash(record(1, 2))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(game, north, 3)
    assert game_record((north, south)) is record  # one record a set of names


def test_en8_a_made_record_pickles_by_its_slice_names() -> None:
    """EN-8: a worker process rebuilds the same record type, slices and clock."""
    left, right = fresh("left", "right")
    record = game_record((left, right))
    game = record(Counter("l", 1), Counter("r", 2), clock=Clock(round=3))
    copy = pickle.loads(pickle.dumps(game))
    assert type(copy) is record
    assert copy == game
    assert copy.clock == Clock(round=3)
    assert game.__reduce__()[1] == (
        (left, right),
        (Counter("l", 1), Counter("r", 2)),
        Clock(round=3),
    )


def test_en6_a_made_record_writes_each_slice_with_a_method_of_its_own() -> None:
    """EN-6: ``game.with_<slice>(state)`` copies the game with that slice replaced, as the
    shipped games' shared rules write their slices, and leaves the game it copies alone."""
    north, south = fresh("north", "south")
    record = game_record((north, south))
    game = record(Counter("n", 1), Counter("s", 2), clock=Clock(round=4))
    moved = getattr(game, f"with_{south}")(Counter("s", 9))
    assert moved == record(Counter("n", 1), Counter("s", 9), clock=Clock(round=4))
    assert getattr(moved, f"with_{north}")(Counter("n", 0))[north] == Counter("n", 0)
    assert game[south] == Counter("s", 2)


def test_en6_a_slice_named_slice_keeps_games_with_slice() -> None:
    """EN-6: a slice called ``slice`` gets no ``with_slice`` of its own, which would hide
    :meth:`Game.with_slice` (by name and value) from generic code; the others get theirs."""
    (other,) = fresh("other")
    record = game_record(("slice", other))
    game = record(Counter("s", 1), Counter("o", 2))
    assert game.with_slice("slice", Counter("s", 5)) == record(Counter("s", 5), Counter("o", 2))
    assert game.with_slice(other, Counter("o", 6)) == record(Counter("s", 1), Counter("o", 6))
    assert getattr(game, f"with_{other}")(Counter("o", 7))[other] == Counter("o", 7)


def test_en6_a_declared_record_is_the_record_of_its_slice_names() -> None:
    """EN-6: once a registry is given a record for its slices, that record is the one made
    for those names everywhere (``game_record``), so every registry of those slices holds
    its games in the game's own record."""
    p, q = fresh("p", "q")
    declared = attrs.make_class("Declared", {p: attrs.field(), q: attrs.field()}, bases=(Game,))
    rules = Rules([make(p), make(q, action=Sub)], state=declared)
    assert rules.state is declared
    assert game_record((p, q)) is declared
    assert Rules([make(p), make(q, action=Sub)]).state is declared


@pytest.mark.parametrize("name", ["clock", "names", "with_slice", "two words", "1st", 7])
def test_en6_a_slice_name_must_be_an_identifier_free_in_a_game(name: Any) -> None:
    """EN-6: the error names the bad name and the names a slice may not take."""
    with pytest.raises(RegistryError) as raised:
        game_record(("edge_ok", name))
    message = str(raised.value)
    assert f"a slice is named {name!r}" in message
    assert "must be a Python identifier other than" in message
    listed = message.split("other than ")[1].split(", ")
    assert {"clock", "names", "slices", "with_slice"} <= set(listed)
    assert not [n for n in listed if n.startswith("_")]  # private names are not offered
    assert listed == sorted(listed)


def test_en6_slice_names_are_the_fields_but_the_clock_in_order() -> None:
    @attrs.frozen
    class Board(Game):
        zeta: int
        alpha: int

    assert slice_names(Board) == ("zeta", "alpha")
    assert slice_names(Board) == ("zeta", "alpha")  # remembered, the same
    board = Board(zeta=1, alpha=2)
    assert board.names == ("zeta", "alpha")
    assert board.slices == (1, 2)
    assert board["alpha"] == 2
    with pytest.raises(KeyError):
        board["clock"]
    assert slice_names(Game) == ()


@attrs.frozen
class EdgeGame(Game):
    a: Counter
    b: Counter


def test_en6_a_declared_record_holds_the_registry_s_games() -> None:
    rules = Rules([make("a"), make("b", action=Sub)], state=EdgeGame)
    assert rules.state is EdgeGame
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    assert type(game) is EdgeGame
    assert type(rules.reduce(game, Add(1))) is EdgeGame


@pytest.mark.parametrize("state", [EdgeGame(Counter("a"), Counter("b")), Counter, dict, Game])
def test_en6_a_state_that_is_no_game_record_is_refused_by_name(state: Any) -> None:
    """EN-6: an instance, a class that is no Game, or Game itself with no fields of the
    registry's slices is refused when the registry is built, naming what was given."""
    with pytest.raises(RegistryError) as raised:
        Rules([make("a"), make("b", action=Sub)], state=state)
    message = str(raised.value)
    if isinstance(state, type) and issubclass(state, Game):
        assert message == (
            "Game has the slice fields [], but the registry holds the slices ['a', 'b']: "
            "declare one field per subsystem, named after it, in the registry's order"
        )
    else:
        assert message == f"state must be an attrs subclass of gamefold.Game, not {state!r}"


def test_en6_a_record_with_fields_out_of_order_is_refused() -> None:
    @attrs.frozen
    class Swapped(Game):
        b: Counter
        a: Counter

    with pytest.raises(RegistryError) as raised:
        Rules([make("a"), make("b", action=Sub)], state=Swapped)
    assert str(raised.value).startswith(
        "Swapped has the slice fields ['b', 'a'], but the registry holds the slices ['a', 'b']"
    )


# -- determinize (EN-9) --------------------------------------------------------------------


def _drawing(name: str, calls: list[tuple[str, Any, str, Rng]]) -> Subsystem[Counter]:
    """A counter whose determinizer records what it is given and draws its value."""

    def determinize(shown: Any, viewer: str, rng: Rng) -> Counter:
        calls.append((name, shown, viewer, rng))
        drawn, _ = rng.below(1000)
        return Counter(name, value=drawn)

    return attrs.evolve(make(name, action=Add if name == "a" else Sub), determinize=determinize)


def test_en9_determinize_draws_each_slice_from_its_own_stream() -> None:
    """EN-9: each slice's determinizer gets its slice of the view, the viewer and
    ``rng.split(name)``; the result keeps the view's clock, in the registry's record."""
    calls: list[tuple[str, Any, str, Rng]] = []
    rules = Rules([_drawing("a", calls), _drawing("b", calls)])
    game = rules.new_game({"a": Counter("a", 1), "b": Counter("b", 2)}, Clock(round=2, turn=5))
    view = rules.view(game, "a")
    rng = Rng.from_seed(11)
    drawn = rules.determinize(view, "a", rng)
    assert [(name, shown, viewer) for name, shown, viewer, _ in calls] == [
        ("a", view.a, "a"),
        ("b", view.b, "a"),
    ]
    assert [stream for *_, stream in calls] == [rng.split("a"), rng.split("b")]
    assert type(drawn) is type(game)
    assert drawn.clock == Clock(round=2, turn=5)
    assert drawn.a == Counter("a", value=rng.split("a").below(1000)[0])
    assert drawn.b == Counter("b", value=rng.split("b").below(1000)[0])
    assert rules.determinize(view, "a", rng) == drawn  # EN-3: the same rng, the same draw


def test_en9_determinize_without_a_determinizer_names_the_slice() -> None:
    rules = Rules([_drawing("a", []), make("b", action=Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    with pytest.raises(RegistryError) as raised:
        rules.determinize(rules.view(game, "b"), "b", Rng.from_seed(1))
    assert str(raised.value) == (
        "subsystem 'b' has no determinize, so a search bot cannot play Rules(['a', 'b']) "
        "from a view: give its Subsystem determinize=f, f(view, viewer, rng) returning a "
        "whole slice that view could have come from (determinize=lambda shown, viewer, rng: "
        "shown when its view hides nothing)"
    )
    assert rules.determinize_problem() == str(raised.value)
    assert Rules([_drawing("a", [])]).determinize_problem() is None


# -- handling (EN-4) -----------------------------------------------------------------------


def test_en4_an_unknown_action_names_every_part_of_the_game() -> None:
    @attrs.frozen
    class Shout(Add):
        pass

    rules = Rules([make("a"), make("b", action=Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    for problem in (rules.check(game, Shout(1)), _raised(rules, game, Shout(1))):
        assert problem is not None
        assert (problem.code, problem.rule) == ("engine/unknown-action", "EN-4")
        assert problem.message == (
            "This game has no Shout action: none of its parts (a, b) or rules takes it."
        )
        assert problem.action == Shout(1)


def test_en4_an_unknown_action_in_a_game_of_no_parts_says_none() -> None:
    rules = Rules([])
    game = rules.new_game({})
    problem = rules.check(game, Add(1))
    assert problem is not None
    assert "none of its parts (none) or rules" in problem.message


def test_en4_a_value_that_is_no_action_is_a_type_error() -> None:
    rules = Rules([make("a")])
    game = rules.new_game({"a": Counter("a")})
    with pytest.raises(TypeError, match="expected a gamefold Action, got int") as raised:
        rules.step(game, 3)  # type: ignore[arg-type]
    assert not isinstance(raised.value, RegistryError)
    with pytest.raises(TypeError, match="expected a gamefold Action, got str"):
        rules.check(game, "Add")  # type: ignore[arg-type]


def test_en6_a_richer_lifecycle_action_is_handled_by_its_base_s_handler() -> None:
    """EN-6: a StartRound subclass fans out as StartRound does, in step and check alike,
    the first time and every time after."""

    @attrs.frozen
    class GrandRound(StartRound):
        pass

    rules = Rules([make("a"), make("b", action=Sub)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    assert rules.check(game, GrandRound()) is None
    for _ in range(2):
        game, events = rules.step(game, GrandRound())
        assert events == ()
    assert (game.a.rounds, game.b.rounds, game.clock.round) == (2, 2, 2)
    assert rules.handler_source(GrandRound) == "lifecycle"


def _raised(rules: Rules, game: Game, action: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as raised:
        rules.step(game, action)
    return raised.value


# -- slices and handlers (EN-4, EN-6) ------------------------------------------------------


@attrs.frozen
class Claim(Action):
    player: str


def decide_claim(state: tuple[str, ...], action: Claim) -> tuple[tuple[str, ...], Events] | Refusal:
    if action.player in state:
        return Refusal("land/claimed", f"{action.player} has claimed already.")
    return (*state, action.player), ()


def test_en4_a_slice_s_check_sees_its_own_slice_in_the_game() -> None:
    """EN-4: the registry asks a subsystem's check about the subsystem's slice of the game,
    so a refusal that depends on the slice is the same in check and step."""
    land = Pipeline(
        Catalogue("land", {"land/claimed": "EN-4"}), {Claim: decide_claim}, owner="land"
    )
    rules = Rules([make("a"), land.subsystem("land")])
    game = rules.new_game({"a": Counter("a"), "land": ("ann",)})
    assert rules.check(game, Claim("bo")) is None
    problem = rules.check(game, Claim("ann"))
    assert problem is not None
    assert (problem.code, problem.rule, problem.message) == (
        "land/claimed",
        "EN-4",
        "ann has claimed already.",
    )
    assert rules.step(game, Claim("bo"))[0].land == ("ann", "bo")


def test_en6_a_slice_not_in_the_game_is_named_in_the_key_error() -> None:
    rules = Rules([make("a")])
    game = rules.new_game({"a": Counter("a")})
    with pytest.raises(KeyError, match="ghost"):
        game.with_slice("ghost", Counter("g"))
    with pytest.raises(KeyError, match="ghost"):
        game["ghost"]
    assert game.with_slice("a", Counter("a", 4)).a == Counter("a", 4)


def test_en6_a_wrapper_refusing_with_something_else_is_told_what_to_return() -> None:
    rules = Rules([make("a")])
    game = rules.new_game({"a": Counter("a")})
    odd = rules.wrap(Wrapper(Add, refuse=lambda g, a: "no", name="odd rule"))  # type: ignore[arg-type,return-value]
    with pytest.raises(RegistryError) as raised:
        odd.step(game, Add(1))
    assert str(raised.value) == (
        "odd rule refused with 'no': a wrapper's refuse returns None or a Refusal naming its "
        "rule, Refusal(code, detail, rule) (Catalogue.refusal builds one)"
    )


@attrs.frozen
class Take(Action):
    """A game-level rule's action: take a number the counter does not hold."""

    number: int


def _take(game: Game, action: Take) -> tuple[Game, Events] | Refusal:
    if action.number == game["a"].value:
        return Refusal("toy/taken", f"{action.number} is taken.", "EN-6")
    if action.number < 0:
        return Refusal("toy/negative", "Take a count.")  # no rule named: a slip
    return game, ()


def test_en4_a_rules_refusal_raised_by_step_is_the_one_check_answers() -> None:
    """EN-4, EN-6: a game-level rule's refusal is raised by ``step`` as the
    :class:`IllegalAction` ``check`` returns: its code, rule and sentence, and the action."""
    rules = Rules([make("a")], rules=[Rule(Take, _take, name="taking")])
    game = rules.new_game({"a": Counter("a", 2)})
    answered = rules.check(game, Take(2))
    with pytest.raises(IllegalAction) as raised:
        rules.step(game, Take(2))
    for problem in (answered, raised.value):
        assert problem is not None
        assert (problem.code, problem.rule, problem.message) == (
            "toy/taken",
            "EN-6",
            "2 is taken.",
        )
        assert problem.action == Take(2)
    assert rules.step(game, Take(3)) == (game, ())


def test_en6_a_rule_refusing_without_its_rule_is_named_in_the_error() -> None:
    """EN-6: a game-level rule whose refusal names no rule is told what to return, by name,
    whether it is stepped or checked."""
    rules = Rules([make("a")], rules=[Rule(Take, _take, name="taking")])
    game = rules.new_game({"a": Counter("a")})
    with pytest.raises(RegistryError, match=r"^rule taking refused with "):
        rules.step(game, Take(-1))
    with pytest.raises(RegistryError, match=r"^rule taking refused with "):
        rules.check(game, Take(-1))


def test_en6_a_slice_added_to_a_game_lives_in_the_record_given_for_it() -> None:
    """EN-6: ``with_subsystem(..., state=record)`` holds the grown game in that record."""

    @attrs.frozen
    class Grown(Game):
        a: Counter
        c: Counter

    grown = Rules([make("a")]).with_subsystem(
        make("c", action=Sub), lambda slices: Counter("c", len(slices)), state=Grown
    )
    assert grown.state is Grown
    game = grown.new_game({"a": Counter("a")})
    assert game == Grown(Counter("a"), Counter("c", 1))
