"""The Rules registry (EN-6): routing, lifecycle fan-out, game-level rules, overrides and
wrappers, and every conflict refused when the registry is built."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from tests.core.toy import Add, Added, Counter, make

from gamefold import (
    Action,
    EndRound,
    EndTurn,
    Event,
    Events,
    IllegalAction,
    Lifecycle,
    Refusal,
    RegistryError,
    Rules,
    StartRound,
    StartTurn,
)
from gamefold.pipeline import Catalogue
from gamefold.registry import Clock, Game, Handler, Rule, Wrapper, game_record


@attrs.frozen
class Sub(Action):
    amount: int


@attrs.frozen
class Transfer(Action):
    """A game-level action crossing two slices: move ``amount`` from b to a."""

    amount: int


def two() -> tuple[Rules, Game]:
    rules = Rules([make("a"), make("b", action=Sub)])
    return rules, rules.new_game({"a": Counter("a"), "b": Counter("b", value=10)})


def transfer_step(game: Game, action: Transfer) -> tuple[Game, Events]:
    problem = transfer_check(game, action)
    if problem is not None:
        raise problem
    a, b = game["a"], game["b"]
    game = game.with_slice("a", attrs.evolve(a, value=a.value + action.amount))
    return game.with_slice("b", attrs.evolve(b, value=b.value - action.amount)), ()


def transfer_check(game: Game, action: Transfer) -> IllegalAction | None:
    if action.amount > game["b"].value:
        return IllegalAction("toy/overdrawn", "EN-6", "b cannot give that much.", action)
    return None


TRANSFER = Rule(
    Transfer,
    step=transfer_step,
    # Built from transfer_check, the predicate the step refuses by: legal by construction.
    legal_actions=lambda game, actor: tuple(
        t for t in (Transfer(5), Transfer(50)) if actor == "a" and transfer_check(game, t) is None
    ),
)


def test_en6_routes_an_action_to_its_owner_and_reports_events() -> None:
    rules, game = two()
    after, events = rules.step(game, Add(3))
    assert after["a"].value == 3
    assert after["b"] == game["b"]
    assert events == (Added("a", 3),)
    assert rules.reduce(game, Add(3)) == after
    assert game["a"].value == 0  # EN-2: the input is untouched
    assert rules.handler_source(Add) == "subsystem a"


def test_en6_listing_a_game_of_another_shape_fails_loudly() -> None:
    """EN-6: a game lacking one of the registry's slices (one made by another registry) is
    never listed from the wrong slices: listing it raises."""
    rules, game = two()
    short = game_record(("a",))(game["a"], clock=game.clock)
    with pytest.raises(AttributeError, match="'b'"):
        rules.legal_actions(short, "a")


def test_en6_lifecycle_fans_out_in_declared_order_and_ticks_the_clock() -> None:
    log: list[str] = []
    rules = Rules([make("b", log=log), make("a", action=Sub, log=log)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    game = rules.reduce(game, StartRound())
    assert game.clock == Clock(round=1, in_round=True)
    game = rules.reduce(game, EndRound())
    assert log == ["b:StartRound", "a:StartRound", "b:EndRound", "a:EndRound"]
    assert (game["a"].rounds, game["b"].rounds) == (2, 2)
    assert game.clock == Clock(round=1, in_round=False)


def test_en6_lifecycle_order_can_be_declared() -> None:
    log: list[str] = []
    rules = Rules(
        [make("a", log=log), make("b", action=Sub, log=log)],
        lifecycle_order={StartRound: ["b", "a"]},
    )
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    rules.reduce(rules.reduce(game, StartRound()), EndRound())
    assert log == ["b:StartRound", "a:StartRound", "a:EndRound", "b:EndRound"]


@pytest.mark.parametrize(
    ("order", "message"),
    [
        ({EndTurn: ["a"]}, "names EndTurn, but no subsystem declares it"),
        ({StartRound: ["a"]}, "must list each subsystem declaring it once"),
        ({StartRound: ["a", "a", "b"]}, "must list each subsystem declaring it once"),
    ],
)
def test_en6_a_bad_lifecycle_order_is_refused(order: Any, message: str) -> None:
    with pytest.raises(RegistryError, match=message):
        Rules([make("a"), make("b", action=Sub)], lifecycle_order=order)


def test_en6_two_handlers_for_one_action_type_are_refused() -> None:
    with pytest.raises(RegistryError, match="Add would be handled by both subsystem a and"):
        Rules([make("a"), make("b")])
    rules, _ = two()
    with pytest.raises(RegistryError, match=r"use Rules\.override"):
        rules.with_rules(Rule(Add, step=transfer_step))
    with pytest.raises(RegistryError, match="StartRound would be handled by both lifecycle"):
        rules.with_rules(Rule(StartRound, step=transfer_step))


def test_en6_duplicate_slice_names_are_refused() -> None:
    with pytest.raises(RegistryError, match="two subsystems are named 'a'"):
        Rules([make("a"), make("a", action=Sub)])


def test_en4_an_action_nobody_handles_is_illegal() -> None:
    """EN-4: an action of a subsystem the game lacks is refused like any illegal action,
    with a stable code; check answers it without raising; the game is untouched."""
    rules = Rules([make("a")])
    game = rules.new_game({"a": Counter("a")})
    with pytest.raises(IllegalAction) as caught:
        rules.step(game, Sub(1))
    assert (caught.value.code, caught.value.rule) == ("engine/unknown-action", "EN-4")
    assert "no Sub action" in caught.value.message
    assert caught.value.action == Sub(1)
    assert not isinstance(caught.value, RegistryError)
    problem = rules.check(game, EndTurn("p1"))
    assert problem is not None
    assert problem.code == "engine/unknown-action"
    assert game == rules.new_game({"a": Counter("a")})
    with pytest.raises(TypeError, match="expected a gamefold Action"):
        rules.step(game, "Add(1)")  # type: ignore[arg-type]
    with pytest.raises(RegistryError, match=r"no subsystem or rule of .* handles Sub"):
        rules.handler_source(Sub)  # asking the composition itself stays a RegistryError


def test_en6_new_game_needs_one_slice_per_subsystem() -> None:
    rules = Rules([make("a")])
    with pytest.raises(RegistryError, match=r"missing \['a'\], unknown \['z'\]"):
        rules.new_game({"z": Counter("z")})
    with pytest.raises(KeyError):
        rules.new_game({"a": Counter("a")})["z"]


def test_en6_a_game_level_rule_sees_the_whole_game() -> None:
    rules, game = two()
    rules = rules.with_rules(TRANSFER)
    after = rules.reduce(game, Transfer(4))
    assert (after["a"].value, after["b"].value) == (4, 6)
    problem = rules.check(game, Transfer(11))
    assert problem is not None
    assert problem.code == "toy/overdrawn"
    with pytest.raises(IllegalAction, match="cannot give"):
        rules.step(game, Transfer(11))
    # EN-5: a rule's listed actions are offered only when its check passes.
    assert rules.legal_actions(game, "a") == (Add(1), Add(2), Add(3), Transfer(5))


def test_en6_override_replaces_a_handler_explicitly() -> None:
    rules, game = two()

    def double(game: Game, action: Add) -> tuple[Game, Events]:
        a = game["a"]
        return game.with_slice("a", attrs.evolve(a, value=a.value + 2 * action.amount)), ()

    doubled = rules.override(Rule(Add, step=double, name="double add"))
    assert doubled.reduce(game, Add(3))["a"].value == 6
    assert doubled.handler_source(Add) == "override double add"
    assert rules.reduce(game, Add(3))["a"].value == 3  # the original registry is unchanged
    with pytest.raises(RegistryError, match="replaces nothing"):
        rules.override(Rule(Transfer, step=transfer_step))


def test_en6_wrappers_run_around_the_handler_in_order() -> None:
    rules, game = two()
    calls: list[str] = []

    def outer(name: str) -> Any:
        def around(game: Game, action: Add, inner: Handler) -> tuple[Game, Events]:
            calls.append(f"{name} before")
            result = inner(game, attrs.evolve(action, amount=action.amount + 1))
            calls.append(f"{name} after")
            return result

        return around

    wrapped = rules.wrap(Wrapper(Add, outer("first")), Wrapper(Add, outer("second")))
    assert wrapped.reduce(game, Add(1))["a"].value == 3
    assert calls == ["second before", "first before", "first after", "second after"]
    with pytest.raises(RegistryError, match="wraps nothing"):
        rules.wrap(Wrapper(Transfer, outer("x")))


def test_en6_a_wrapper_may_refuse_and_legal_actions_agree() -> None:
    """A house rule forbidding Add during a Round: step, check and legal_actions follow its
    one refusal function."""
    rules, game = two()

    def no_add_in_round(game: Game, action: Add) -> Refusal | None:
        if game.clock.in_round:
            return Refusal("house/no-add", "No adding during a Round.", "EN-6")
        return None

    house = rules.wrap(Wrapper(Add, refuse=no_add_in_round, name="house rule"))
    assert house.legal_actions(game, "a") == (Add(1), Add(2), Add(3))
    in_round = house.reduce(game, StartRound())
    assert house.legal_actions(in_round, "a") == ()
    problem = house.check(in_round, Add(1))
    assert problem is not None
    assert problem.code == "house/no-add"
    with pytest.raises(IllegalAction, match="during a Round"):
        house.step(in_round, Add(1))
    assert house.handler_source(Add) == "subsystem a wrapped by house rule"


def test_en4_a_wrappers_refusal_is_raised_citing_its_rule() -> None:
    """EN-4: a wrapper's refusal becomes the IllegalAction that step raises and check
    returns (its code, rule, sentence and the action); one built by a catalogue names the
    rule its code cites."""
    rules, game = two()
    catalogue = Catalogue("house", {"house/odd": "HOUSE-1", "house/two": ("HOUSE-2", "HOUSE-3")})
    odd = rules.wrap(Wrapper(Add, refuse=lambda g, a: catalogue.refusal("house/odd", "Odd.")))
    problem = odd.check(game, Add(1))
    assert problem == IllegalAction("house/odd", "HOUSE-1", "Odd.", Add(1))
    with pytest.raises(IllegalAction) as raised:
        odd.step(game, Add(1))
    assert raised.value == problem
    assert catalogue.refusal("house/two", "Two.", rule="HOUSE-3") == Refusal(
        "house/two", "Two.", "HOUSE-3"
    )
    with pytest.raises(KeyError, match="name the rule"):
        catalogue.refusal("house/two", "Two.")
    with pytest.raises(ValueError, match="not HOUSE-1"):
        catalogue.refusal("house/two", "Two.", rule="HOUSE-1")


@pytest.mark.parametrize(
    "returned",
    [Refusal("house/odd", "No rule named."), IllegalAction("house/odd", "HOUSE-1", "Raised.")],
    ids=["refusal-without-rule", "illegal-action"],
)
def test_en6_a_wrapper_refusing_without_a_rule_is_told_how(returned: object) -> None:
    """EN-6: a wrapper's refuse returns a Refusal naming its rule; anything else (one that
    names none, an IllegalAction) is a RegistryError saying what to return."""
    rules, game = two()
    odd = rules.wrap(Wrapper(Add, refuse=lambda g, a: returned, name="odd rule"))
    for ask in (odd.check, odd.step):
        with pytest.raises(RegistryError, match=r"odd rule refused with .* naming its rule"):
            ask(game, Add(1))


def test_en5_check_and_legal_actions_work_on_the_whole_game() -> None:
    rules, game = two()
    assert rules.check(game, Add(1)) is None
    problem = rules.check(game, Add(-1))
    assert isinstance(problem, IllegalAction)
    assert (problem.code, problem.rule) == ("toy/negative", "EN-4")
    assert rules.check(game, StartRound()) is None
    assert rules.legal_actions(game, "a") == (Add(1), Add(2), Add(3))
    assert rules.legal_actions(game, "nobody") == ()
    with pytest.raises(IllegalAction):
        rules.step(game, Add(-1))


def test_en9_view_hides_slices_without_a_view() -> None:
    shown = make("a")
    shown = attrs.evolve(shown, view=lambda state, viewer: state.value)
    rules = Rules([shown, attrs.evolve(make("b", action=Sub), view=None)])
    game = rules.new_game({"a": Counter("a", value=3), "b": Counter("b", value=7)})
    assert rules.view(game, "p1").slices == (3, None)


def test_invariants_are_reported_by_slice_and_name() -> None:
    def non_negative(state: Counter) -> list[str]:
        return [f"{state.name} is negative"] if state.value < 0 else []

    sub = attrs.evolve(make("a"), invariants=(non_negative,))
    rules = Rules([sub])
    assert rules.invariants(rules.new_game({"a": Counter("a")})) == {}
    bad = rules.new_game({"a": Counter("a", value=-1)})
    assert rules.invariants(bad) == {"a.non_negative": ["a is negative"]}


@attrs.frozen
class RichStartTurn(StartTurn):
    """A richer turn start, as a host game might send (territories held, say)."""

    territories: int = 0


def test_en6_a_lifecycle_subclass_reaches_subsystems_of_its_base_and_ticks_the_clock() -> None:
    log: list[str] = []
    rules = Rules([make("a", log=log), make("b", action=Sub, log=log)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b")})
    game = rules.reduce(game, RichStartTurn("b", territories=3))
    assert log == ["a:RichStartTurn", "b:RichStartTurn"]
    assert game.clock == Clock(turn=1, player="b")
    assert rules.check(game, RichStartTurn("a")) is None
    assert rules.handler_source(RichStartTurn) == "lifecycle"


def test_en6_whole_game_invariants_are_reported_beside_slice_invariants() -> None:
    def totals_match(game: Game) -> list[str]:
        total = game["a"].value + game["b"].value
        return [] if total <= 10 else [f"total {total} is over 10"]

    rules = Rules([make("a"), make("b", action=Sub)], invariants=(totals_match,))
    game = rules.new_game({"a": Counter("a"), "b": Counter("b", value=8)})
    assert rules.invariants(game) == {}
    over = rules.reduce(game, Add(3))
    assert rules.invariants(over) == {"game.totals_match": ["total 11 is over 10"]}
    assert rules.wrap(Wrapper(Add, lambda g, a, inner: inner(g, a))).game_invariants == (
        totals_match,
    )


def test_en4_a_wrapper_refusal_is_enforced_and_the_inner_refusal_comes_first() -> None:
    """A refusing wrapper needs no ``around``: step raises its refusal, state unchanged; an
    action the wrapped handler refuses gets the wrapped handler's refusal."""
    rules, game = two()
    calls: list[Add] = []

    def small_only(game: Game, action: Add) -> Refusal | None:
        calls.append(action)
        if action.amount > 2 or action.amount < 0:
            return Refusal("house/too-big", "Add at most 2.", "EN-6")
        return None

    house = rules.wrap(Wrapper(Add, refuse=small_only))
    with pytest.raises(IllegalAction, match="at most 2"):
        house.step(game, Add(3))
    assert game["a"].value == 0
    assert house.reduce(game, Add(2))["a"].value == 2
    assert house.legal_actions(game, "a") == (Add(1), Add(2))
    problem = house.check(game, Add(-1))
    assert problem is not None
    assert problem.code == "toy/negative"
    with pytest.raises(IllegalAction, match="positive"):
        house.step(game, Add(-1))
    assert Add(-1) not in calls  # refused by the wrapped handler, never asked


def _bare_transfer(game: Game, action: Transfer) -> tuple[Game, Events]:
    a, b = game["a"], game["b"]
    game = game.with_slice("a", attrs.evolve(a, value=a.value + action.amount))
    return game.with_slice("b", attrs.evolve(b, value=b.value - action.amount)), ()


def test_en4_a_rule_decides_in_one_pass_and_check_asks_it() -> None:
    """EN-4, EN-6: a rule's step refuses or applies; check answers from the same function,
    and a refused step leaves the game untouched."""
    rules, game = two()
    rules = rules.with_rules(Rule(Transfer, step=transfer_step))
    with pytest.raises(IllegalAction, match="cannot give") as raised:
        rules.step(game, Transfer(11))
    assert raised.value.code == "toy/overdrawn"
    assert (game["a"].value, game["b"].value) == (0, 10)
    problem = rules.check(game, Transfer(11))
    assert problem is not None
    assert problem.code == "toy/overdrawn"
    assert rules.check(game, Transfer(10)) is None
    assert rules.reduce(game, Transfer(10))["b"].value == 0


@attrs.frozen
class Settled(Event):
    moved: int


def _settle(game: Game, events: Events) -> tuple[Game, Events]:
    """A reaction: anything a holds above 2 goes to b."""
    extra = game["a"].value - 2
    if extra <= 0:
        return game, ()
    a, b = game["a"], game["b"]
    game = game.with_slice("b", attrs.evolve(b, value=b.value + extra))
    return game.with_slice("a", attrs.evolve(a, value=2)), (Settled(extra),)


def test_en6_reactions_run_after_every_step_and_lifecycle_fan_out() -> None:
    """EN-6, EN-7: a reaction sees the whole game after each step; its events follow."""
    rules, game = two()
    reacting = rules.with_reactions(_settle)
    assert reacting.reactions == (_settle,)
    after, events = reacting.step(game, Add(3))
    assert (after["a"].value, after["b"].value) == (2, 11)
    assert events == (Added("a", 3), Settled(1))
    same, quiet = reacting.step(after, StartRound())
    assert (same["a"].value, same["b"].value) == (2, 11)
    assert quiet == ()
    # A reaction survives extension, and the registry without it is unchanged.
    assert reacting.wrap(Wrapper(Add)).reactions == (_settle,)
    assert rules.step(game, Add(3))[1] == (Added("a", 3),)


def test_en6_a_reaction_sees_lifecycle_fan_out() -> None:
    rules, game = two()
    seen: list[int] = []

    def watch(game: Game, events: Events) -> tuple[Game, Events]:
        seen.append((game.clock.round, events))
        return game, ()

    Rules(rules.subsystems, reactions=[watch]).step(game, Add(1))
    Rules(rules.subsystems, reactions=[watch]).step(game, StartRound())
    assert seen == [(0, (Added("a", 1),)), (1, ())]


def test_en5_an_override_that_lists_its_actions_lists_each_once() -> None:
    """EN-5: an override listing actions of its type replaces the subsystem's listing."""
    rules, game = two()

    def add(game: Game, action: Add) -> tuple[Game, Events]:
        return game, ()

    listed = rules.override(
        Rule(Add, step=add, legal_actions=lambda g, actor: (Add(1), Add(7)) if actor == "a" else ())
    )
    assert listed.legal_actions(game, "a") == (Add(1), Add(7))
    assert len(set(listed.legal_actions(game, "a"))) == len(listed.legal_actions(game, "a"))


def test_en4_a_wrapped_action_is_decided_once_on_its_way() -> None:
    """EN-4: a wrapped action is decided once by the wrapped handler (no check before the
    step), and an action a wrapper changed is decided by the inner handler."""
    log: list[str] = []
    rules = Rules([_counted(log)]).wrap(Wrapper(Add, refuse=lambda g, a: None))
    game = rules.new_game({"a": Counter("a")})
    assert rules.reduce(game, Add(2))["a"].value == 2
    assert log == ["step"]

    def bump(game: Game, action: Add, inner: Handler) -> tuple[Game, Events]:
        return inner(game, Add(-1))  # a changed action is decided by the inner handler

    bumped = rules.wrap(Wrapper(Add, bump))
    with pytest.raises(IllegalAction, match="positive"):
        bumped.step(game, Add(2))


def test_en5_a_rule_listing_is_trusted_never_checked() -> None:
    """EN-5: a rule's listing is legal by construction: the registry lists it as it is and
    never asks the rule about what it listed."""
    rules, game = two()
    checked: list[Transfer] = []

    def counting(game: Game, action: Transfer) -> tuple[Game, Events]:
        checked.append(action)
        return transfer_step(game, action)

    listing = lambda game, actor: (Transfer(5), Transfer(50)) if actor == "a" else ()  # noqa: E731
    trusted = rules.with_rules(Rule(Transfer, counting, legal_actions=listing))
    assert trusted.legal_actions(game, "a")[-2:] == (Transfer(5), Transfer(50))
    assert checked == []


def _refusing_big(checks: list[Any]) -> Any:
    """A wrapper's refusal that records what it is asked and refuses amounts above 2."""

    def small(game: Game, action: Any) -> Refusal | None:
        checks.append(action)
        if action.amount > 2:
            return Refusal("toy/too-big", "Too big.", "EN-6")
        return None

    return small


def test_en5_a_wrapper_refusal_narrows_a_trusted_listing_without_checking_it() -> None:
    """EN-5: a wrapper refusing big amounts narrows the subsystem's exact listing with its
    refusal alone: the subsystem is not asked again about what it listed."""
    log: list[str] = []
    rules = Rules([_counted(log)])
    game = rules.new_game({"a": Counter("a")})
    checks: list[Add] = []
    kept = rules.wrap(Wrapper(Add, refuse=_refusing_big(checks)))
    assert kept.legal_actions(game, "a") == (Add(1), Add(2))
    assert checks == [Add(1), Add(2), Add(3)]
    assert log == []
    assert kept.check(game, Add(3)) is not None


def test_en5_a_wrapper_narrows_an_exact_rule_listing_too() -> None:
    """EN-5, EN-6: a game-level rule that lists its actions exactly is still wrapped: the
    wrapper's refusal filters the listing, so nothing listed is refused."""
    rules, game = two()
    listing = lambda game, actor: (Transfer(1), Transfer(3)) if actor == "a" else ()  # noqa: E731
    exact = rules.with_rules(Rule(Transfer, transfer_step, legal_actions=listing))
    checks: list[Transfer] = []

    assert exact.legal_actions(game, "a")[-2:] == (Transfer(1), Transfer(3))
    kept = exact.wrap(Wrapper(Transfer, refuse=_refusing_big(checks)))
    assert kept.legal_actions(game, "a")[-1] == Transfer(1)
    assert Transfer(3) not in kept.legal_actions(game, "a")
    assert kept.check(game, Transfer(3)) is not None
    both = kept.wrap(Wrapper(Transfer, refuse=lambda g, a: Refusal("t/no", "No.", "EN-6")))
    assert not any(isinstance(a, Transfer) for a in both.legal_actions(game, "a"))
    bare = exact.wrap(Wrapper(Transfer, lambda g, a, inner: inner(g, a)))
    assert bare.legal_actions(game, "a")[-2:] == (Transfer(1), Transfer(3))


def test_en5_a_wrapper_refusal_reads_the_game_its_rule_listing_is_for() -> None:
    """EN-5: a wrapper's refusal over an exact rule listing is asked about the game being
    listed: what it keeps follows the state (here, no transfer above ``b``'s value)."""
    rules, game = two()
    listing = lambda game, actor: (Transfer(1), Transfer(3))  # noqa: E731
    exact = rules.with_rules(Rule(Transfer, transfer_step, legal_actions=listing))

    def at_most_b(g: Game, a: Transfer) -> Refusal | None:
        if a.amount > g["b"].value:
            return Refusal("toy/too-much", "b has less than that.", "EN-5")
        return None

    kept = exact.wrap(Wrapper(Transfer, refuse=at_most_b))
    assert kept.legal_actions(game, "a")[-2:] == (Transfer(1), Transfer(3))
    poorer = game.with_slice("b", attrs.evolve(game["b"], value=2))
    assert kept.legal_actions(poorer, "a")[-1] == Transfer(1)
    assert Transfer(3) not in kept.legal_actions(poorer, "a")
    assert kept.check(poorer, Transfer(3)) is not None


def test_en6_a_registry_subclass_survives_its_extension() -> None:
    """EN-6: extending a ``Rules`` subclass (a game's own listing or views) gives that
    subclass again, so ``wrap``, ``override``, ``with_rules`` and ``with_reactions`` keep
    what it adds."""

    class Loud(Rules):
        def legal_actions(self, game: Game, actor: str) -> tuple[Action, ...]:
            return (*super().legal_actions(game, actor), Add(9))

    rules = Loud([make("a")])
    game = rules.new_game({"a": Counter("a")})
    wrapped = rules.wrap(Wrapper(Add, refuse=lambda g, a: None))
    extended = wrapped.with_reactions(lambda g, events: (g, ()))
    assert type(extended) is Loud
    assert extended.legal_actions(game, "a")[-1] == Add(9)


def test_en9_a_lazy_view_is_built_only_when_read_and_equals_the_view() -> None:
    """EN-9: what policies receive: the same view, built on first read."""
    import pickle

    from gamefold.registry import LazyView

    rules, game = two()
    lazy = rules.lazy_view(game, "a")
    assert isinstance(lazy, LazyView)
    assert not lazy.built
    assert lazy.clock == game.clock
    assert not lazy.built
    assert lazy == rules.view(game, "a")
    assert lazy.built
    assert rules.view(game, "a") == lazy
    assert lazy["a"] == rules.view(game, "a")["a"]
    copy = pickle.loads(pickle.dumps(lazy))
    assert type(copy) is type(game)
    assert copy == rules.view(game, "a")
    # Two lazy views compare by the views they build, as the views do (and hash alike).
    again = rules.lazy_view(game, "a")
    assert lazy == again
    assert hash(lazy) == hash(again)


def test_en9_a_lazy_view_reads_the_clock_and_names_without_building() -> None:
    """EN-9: what a policy reads of the clock and the slices' names costs no view; a slice
    read by name builds it once."""
    from gamefold.registry import LazyView

    rules, game = two()
    lazy = rules.lazy_view(game, "a")
    assert type(lazy) is LazyView
    assert (lazy.clock, lazy.names) == (game.clock, game.names)
    assert not lazy.built
    assert lazy.a == rules.view(game, "a").a
    assert lazy.built
    assert lazy.game() is lazy.game()
    assert lazy.slices == rules.view(game, "a").slices


# -- what mutation testing found unpinned (tests/mutation/run.py registry.py) ----------------


def _refuse_three(game: Game, action: Add) -> Refusal | None:
    if action.amount == 3:
        return Refusal("house/no-three", "No adding 3.", "EN-6")
    return None


def _plain_add(game: Game, action: Add) -> tuple[Game, Events]:
    a = game["a"]
    return game.with_slice("a", attrs.evolve(a, value=a.value + action.amount)), ()


def _counted(log: list[str]) -> Any:
    """Subsystem a whose step and check log each call, so a test can count them."""
    base = make("a")

    def check(state: Counter, action: Action) -> IllegalAction | None:
        log.append("check")
        return base.check(state, action)

    def step(state: Counter, action: Action) -> tuple[Counter, Events]:
        log.append("step")
        return base.step(state, action)

    return attrs.evolve(base, check=check, step=step)


def test_en6_a_refused_double_handler_says_how_to_replace_or_extend_it() -> None:
    """EN-6: the refusal names both handlers and the two ways to do it on purpose."""
    rules, _ = two()
    with pytest.raises(RegistryError) as raised:
        rules.with_rules(Rule(Add, step=_plain_add))
    assert str(raised.value) == (
        "Add would be handled by both subsystem a and rule Add; one action type needs "
        "exactly one handler: use Rules.override() to replace a handler on purpose, or "
        "Rules.wrap() to extend it"
    )


def test_en6_an_unhandled_action_error_says_how_to_handle_it() -> None:
    rules = Rules([make("a")])
    with pytest.raises(RegistryError) as raised:
        rules.handler_source(Sub)
    assert str(raised.value).endswith(
        "handles Sub; register a subsystem that lists it in its actions, or add a Rule for it"
    )


def test_en6_handler_sources_name_rules_overrides_lifecycle_and_each_wrapper() -> None:
    rules, _ = two()
    ruled = rules.with_rules(Rule(Transfer, step=_bare_transfer))
    assert ruled.handler_source(Transfer) == "rule Transfer"
    assert ruled.handler_source(StartRound) == "lifecycle"
    assert ruled.handler_source(Sub) == "subsystem b"
    named = rules.override(Rule(Add, step=_plain_add, name="double add"))
    assert named.handler_source(Add) == "override double add"
    twice = rules.wrap(Wrapper(Add, name="first"), Wrapper(Add, refuse=None, name="second"))
    assert twice.handler_source(Add) == "subsystem a wrapped by first wrapped by second"


def test_en6_a_missing_slice_alone_is_refused_and_a_given_clock_kept() -> None:
    rules, _ = two()
    with pytest.raises(RegistryError, match=r"missing \['b'\], unknown \[\]"):
        rules.new_game({"a": Counter("a")})
    with pytest.raises(RegistryError, match=r"missing \[\], unknown \['z'\]"):
        rules.new_game({"a": Counter("a"), "b": Counter("b"), "z": Counter("z")})
    clock = Clock(round=2, turn=3, player="b", in_round=True)
    assert rules.new_game({"a": Counter("a"), "b": Counter("b")}, clock).clock == clock


def test_en6_a_missing_slice_lookup_names_the_slice() -> None:
    _, game = two()
    with pytest.raises(KeyError, match="'z'"):
        game["z"]


@attrs.frozen
class Dawn(Lifecycle):
    """A lifecycle step of a host game's own, which ticks no clock field."""


def test_en6_a_lifecycle_action_of_a_games_own_fans_out_and_leaves_the_clock() -> None:
    log: list[str] = []
    sub = attrs.evolve(make("a", log=log), lifecycle=(Dawn,))
    rules = Rules([sub])
    game = rules.new_game({"a": Counter("a")}, Clock(round=1, in_round=True))
    after, events = rules.step(game, Dawn())
    assert (log, events, after.clock) == (["a:Dawn"], (), game.clock)


def test_en4_a_lifecycle_action_any_subsystem_refuses_is_refused_whole() -> None:
    """EN-4, EN-6: every subsystem reached checks a lifecycle action; the first refusal (b's
    here, a accepting) is what check returns and step raises, and nothing changes."""
    base = make("b", action=Sub)

    def busy(state: Counter, action: Action) -> IllegalAction | None:
        if isinstance(action, StartRound) and state.value > 5:
            return IllegalAction("toy/busy", "EN-6", "b is busy.", action)
        return base.check(state, action)

    def step(state: Counter, action: Action) -> tuple[Counter, Events]:
        problem = busy(state, action)
        if problem is not None:
            raise problem
        return base.step(state, action)

    rules = Rules([make("a"), attrs.evolve(base, check=busy, step=step)])
    game = rules.new_game({"a": Counter("a"), "b": Counter("b", value=6)})
    problem = rules.check(game, StartRound())
    assert problem is not None
    assert problem.code == "toy/busy"
    with pytest.raises(IllegalAction, match="busy"):
        rules.step(game, StartRound())
    assert game.clock == Clock()
    calm = game.with_slice("b", Counter("b", value=5))
    assert rules.check(calm, StartRound()) is None


def test_en4_a_refusing_lifecycle_wrapper_decides_once() -> None:
    """EN-4: a lifecycle action behind a refusing wrapper is decided once, by each
    subsystem's step, with no check before it."""
    log: list[str] = []
    rules = Rules([_counted(log)]).wrap(Wrapper(StartRound, refuse=lambda g, a: None))
    game = rules.new_game({"a": Counter("a")})
    after = rules.reduce(game, StartRound())
    assert (after["a"].rounds, after.clock.round) == (1, 1)
    assert log == ["step"]


def test_en5_a_listed_lifecycle_action_is_trusted_without_a_check() -> None:
    """EN-5: a subsystem's listing is exact, lifecycle actions included: none is checked."""
    log: list[str] = []
    sub = attrs.evolve(_counted(log), legal_actions=lambda state, actor: (StartTurn(actor),))
    rules = Rules([sub])
    assert rules.legal_actions(rules.new_game({"a": Counter("a")}), "a") == (StartTurn("a"),)
    assert log == []


def test_en5_an_override_without_a_listing_lists_nothing_of_its_type() -> None:
    """EN-5: an override that lists nothing replaces the subsystem's listing of its type
    with nothing (a game's listing of a type replaces the subsystem's), also under a
    refusing wrapper: nothing the override might refuse is listed."""
    rules, game = two()

    def strict_add(game: Game, action: Add) -> tuple[Game, Events]:
        if action.amount == 3:
            raise IllegalAction("house/no-three", "EN-6", "No adding 3.", action)
        return _plain_add(game, action)

    strict = rules.override(Rule(Add, step=strict_add))
    assert strict.legal_actions(game, "a") == ()
    kept = strict.wrap(Wrapper(Add, refuse=lambda g, a: None))
    assert kept.legal_actions(game, "a") == ()
    assert kept.reduce(game, Add(2))["a"].value == 2


def test_en5_two_refusals_both_narrow_a_trusted_listing() -> None:
    """EN-5: wrappers' refusals compose: a listed action passes every one, each seeing the
    game and the action, the inner wrapper's first."""
    rules, game = two()

    def below_three(game: Game, action: Add) -> Refusal | None:
        big = action.amount >= 3 + game["a"].value
        return Refusal("t/big", "Big.", "EN-6") if big else None

    def above_one(game: Game, action: Add) -> Refusal | None:
        small = action.amount <= 1 + game["a"].value
        return Refusal("t/small", "Small.", "EN-6") if small else None

    both = rules.wrap(Wrapper(Add, refuse=below_three), Wrapper(Add, refuse=above_one))
    assert both.legal_actions(game, "a") == (Add(2),)
    assert both.reduce(game, Add(2))["a"].value == 2
    problem = both.check(game, Add(3))
    assert problem is not None
    assert problem.code == "t/big"
    with pytest.raises(IllegalAction, match="Small"):
        both.step(game, Add(1))


def test_en5_a_plain_wrapper_keeps_the_listing_trusted_and_narrowed() -> None:
    """EN-5: a wrapper without a refusal over a subsystem keeps its listing trusted (no
    check per action) and over a refusing wrapper keeps that narrowing."""
    log: list[str] = []
    rules = Rules([_counted(log)])
    game = rules.new_game({"a": Counter("a")})
    plain = rules.wrap(Wrapper(Add, name="plain"))
    assert plain.legal_actions(game, "a") == (Add(1), Add(2), Add(3))
    assert log == []
    narrowed = rules.wrap(Wrapper(Add, refuse=_refuse_three), Wrapper(Add, name="plain"))
    assert narrowed.legal_actions(game, "a") == (Add(1), Add(2))
    assert log == []


def test_en4_a_plain_wrapper_checks_with_the_inner_check() -> None:
    rules, game = two()
    plain = rules.wrap(Wrapper(Add))
    problem = plain.check(game, Add(-1))
    assert problem is not None
    assert problem.code == "toy/negative"


def test_en6_wrappers_nest_over_plain_refusing_and_rule_handlers() -> None:
    """EN-6: a refusing wrapper applies whatever it wraps: a plain wrapper, another refusing
    wrapper, or a game-level rule."""
    rules, game = two()
    passing = Wrapper(Add, refuse=lambda g, a: None)
    over_plain = rules.wrap(Wrapper(Add), passing)
    assert over_plain.reduce(game, Add(2))["a"].value == 2
    over_refusing = rules.wrap(passing, passing)
    assert over_refusing.reduce(game, Add(2))["a"].value == 2
    ruled = rules.with_rules(Rule(Transfer, step=transfer_step))
    over_rule = ruled.wrap(Wrapper(Transfer, refuse=lambda g, a: None))
    assert over_rule.reduce(game, Transfer(4))["b"].value == 6
    with pytest.raises(IllegalAction, match="cannot give"):
        over_rule.step(game, Transfer(11))


def test_en4_a_refusing_wrapper_that_changes_the_action_has_it_decided() -> None:
    """EN-4: an action ``around`` changed is decided by the inner handler, and its refusal
    is what the step raises."""
    log: list[str] = []
    rules = Rules([_counted(log)])
    game = rules.new_game({"a": Counter("a")})
    bumped = rules.wrap(
        Wrapper(Add, lambda g, a, inner: inner(g, Add(-1)), refuse=lambda g, a: None)
    )
    with pytest.raises(IllegalAction, match="positive"):
        bumped.step(game, Add(2))
    assert log == ["step"]


class _Unnamed:
    """An invariant without a ``__name__`` (a callable object)."""

    def __call__(self, state: Counter) -> list[str]:
        return ["broken"] if state.value < 0 else []


def test_invariants_without_a_name_are_reported_as_invariant() -> None:
    rules = Rules([attrs.evolve(make("a"), invariants=(_Unnamed(),))])
    assert rules.invariants(rules.new_game({"a": Counter("a", value=-1)})) == {
        "a.invariant": ["broken"]
    }


def test_en5_listing_goes_on_past_types_a_rule_lists_or_nobody_handles() -> None:
    """EN-5: a subsystem's listing keeps its other actions after one of a type a rule lists
    instead, or of a type nobody handles."""
    both = attrs.evolve(
        make("a"),
        actions=(Add, Transfer),
        legal_actions=lambda state, actor: (Transfer(1), Sub(1), Add(1)),
    )
    rules = Rules([both])
    game = rules.new_game({"a": Counter("a")})
    assert rules.legal_actions(game, "a") == (Transfer(1), Add(1))
    listed = rules.override(
        Rule(Transfer, step=lambda g, a: (g, ()), legal_actions=lambda g, actor: (Transfer(9),))
    )
    assert listed.legal_actions(game, "a") == (Add(1), Transfer(9))


def _by_viewer(state: Counter, viewer: str) -> tuple[str, int]:
    return (viewer, state.value)


def test_en9_views_and_lazy_views_are_the_viewers_and_keep_the_clock() -> None:
    """EN-9: a view is what *that* viewer sees, at the game's time; a lazy view is that view
    (equal and hashing alike)."""
    rules = Rules([attrs.evolve(make("a"), view=_by_viewer)])
    game = rules.reduce(rules.new_game({"a": Counter("a", value=4)}), StartRound())
    seen = rules.view(game, "p2")
    assert seen.slices == (("p2", 4),)
    assert seen.clock == game.clock
    lazy = rules.lazy_view(game, "p2")
    assert lazy.slices == (("p2", 4),)
    assert lazy == seen
    assert hash(lazy) == hash(seen)


def test_en5_a_seat_held_by_another_player_is_listed_and_seen_by_it() -> None:
    """EN-5, EN-9: while ``a`` holds ``b``'s seat, ``a`` lists ``b``'s actions after its own
    and ``b`` lists none (each action listed for one player); ``a``'s view of a slice named
    in the seat's views takes in what ``b`` sees. Given back, each lists and sees its own."""
    from gamefold import Seat

    def seen(state: Counter, viewer: str) -> tuple[str, int]:
        return (viewer, state.value)

    subs = [attrs.evolve(make("a"), view=seen), attrs.evolve(make("b", action=Sub), view=seen)]
    held = Seat("b", lambda game: "a" if game["a"].value else "b", {"b": lambda _, seat: seat})
    rules = Rules(subs, seats=(held,))
    free = rules.new_game({"a": Counter("a"), "b": Counter("b", value=10)})
    assert rules.legal_actions(free, "a") == Rules(subs).legal_actions(free, "a")
    assert rules.legal_actions(free, "b") == Rules(subs).legal_actions(free, "b") != ()
    assert rules.view(free, "a").slices == (("a", 0), ("a", 10))

    taken = free.with_slice("a", Counter("a", value=1))
    own, seat = Rules(subs).legal_actions(taken, "a"), Rules(subs).legal_actions(taken, "b")
    assert rules.legal_actions(taken, "a") == (*own, *seat)
    assert rules.legal_actions(taken, "b") == ()
    assert rules.view(taken, "a").slices == (("a", 1), ("b", 10))
    assert rules.view(taken, "b").slices == (("b", 1), ("b", 10))
    assert rules.wrap(Wrapper(Add, refuse=lambda g, a: None)).seats == (held,)


def test_en9_a_held_seats_view_of_a_slice_is_merged_with_the_holders_own() -> None:
    """EN-9: a seat's ``views`` merge gets the holder's view of the slice and the seat's, in
    that order; a slice without a view shows ``None`` to both, never the raw slice."""
    from gamefold import Seat

    def seen(state: Counter, viewer: str) -> tuple[str, int]:
        return (viewer, state.value)

    def both(mine: Any, seats: Any) -> tuple[Any, Any]:
        return (mine, seats)

    subs = [attrs.evolve(make("a"), view=seen), attrs.evolve(make("b", action=Sub), view=None)]
    held = Seat("b", lambda game: "a" if game["a"].value else "b", {"a": both, "b": both})
    rules = Rules(subs, seats=(held,))
    taken = rules.new_game({"a": Counter("a", value=1), "b": Counter("b", value=10)})
    assert rules.view(taken, "a").slices == ((("a", 1), ("b", 1)), (None, None))
    assert rules.view(taken, "b").slices == (("b", 1), None)  # a seat held sees its own


def test_en9_a_view_since_an_earlier_one_keeps_the_slices_that_did_not_change() -> None:
    """EN-9: a view taken ``since`` an earlier game and its view equals the view taken
    afresh; the slices that are the very objects they were keep their view (not viewed
    again), unless the seats the viewer holds changed, which change what it sees."""
    from gamefold import Seat

    calls: list[str] = []

    def seen(state: Counter, viewer: str) -> tuple[str, int]:
        calls.append(state.name)
        return (viewer, state.value)

    subs = [attrs.evolve(make("a"), view=seen), attrs.evolve(make("b", action=Sub), view=seen)]
    held = Seat("b", lambda game: "a" if game["a"].value else "b", {"b": lambda _, seat: seat})
    rules = Rules(subs, seats=(held,))
    free = rules.new_game({"a": Counter("a"), "b": Counter("b", value=10)})
    first = rules.view(free, "a")
    calls.clear()
    moved = free.with_slice("b", Counter("b", value=7))
    again = rules.view(moved, "a", since=(free, first))
    assert again == rules.view(moved, "a")
    assert again["a"] is first["a"]
    assert calls[:1] == ["b"]  # only b changed: only b was viewed again
    taken = moved.with_slice("a", Counter("a", value=1))  # a now holds b's seat
    held_view = rules.view(taken, "a", since=(moved, again))
    assert held_view == rules.view(taken, "a")
    assert held_view.slices == (("a", 1), ("b", 7))  # b's slice seen as b sees it
    unheld = rules.view(moved, "a", since=(taken, held_view))  # the seat given back
    assert unheld == again
    assert unheld.slices == (("a", 0), ("a", 7))


def test_en6_a_made_record_writes_each_slice_with_a_method() -> None:
    """EN-6: a record the registry makes for its slices has a ``with_<slice>`` method for
    each, which shared rules write with, and never hides a method of :class:`Game`'s."""
    made = game_record(("slice", "b"))
    game = made(1, 2)
    assert game.with_b(3) == made(1, 3)
    assert game.with_slice("b", 4) == made(1, 4)
