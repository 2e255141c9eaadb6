"""The shared reducer pipeline (EN-2, EN-4): guard, then one decide function an action."""

from __future__ import annotations

import enum
import re
from typing import Any, Optional

import attrs
import pytest

from gamefold import Action, Events, IllegalAction, StartTurn
from gamefold.pipeline import Catalogue, Pipeline, Refusal, field_checks, fits


@attrs.frozen
class Give(Action):
    player: str
    cards: tuple[int, ...]
    loud: bool = False


@attrs.frozen
class Other(Action):
    amount: float


def decide_give(state: dict[str, int], action: Give) -> tuple[dict[str, int], Events] | Refusal:
    if action.player not in state:
        return Refusal("toy/unknown-player", "No such player.")
    return {**state, action.player: state[action.player] + len(action.cards)}, ()


TOY = Catalogue("toy", {"toy/unknown-player": "EN-4"})


def toy() -> Pipeline[dict[str, int]]:
    """The toy pipeline, built inside each test: what a pipeline builds (its field checks)
    is then built under the test, where a mutation tool can reach it."""
    return Pipeline(TOY, {Give: decide_give}, owner="the toy")


def test_en4_fields_are_checked_against_their_declared_types() -> None:
    assert fits(int)(3)
    assert not fits(int)(-1)
    assert not fits(int)(True)
    assert fits(tuple[str, ...])(("a", "b"))
    assert not fits(tuple[str, ...])(["a"])
    assert [name for name, _ in field_checks(Give)] == ["player", "cards", "loud"]
    with pytest.raises(TypeError, match="no field check"):
        field_checks(Other)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Give("ann", (1, -2)), "Give.cards has a value of the wrong type"),
        (Give("ann", (1,), loud=1), "Give.loud has a value"),  # type: ignore[arg-type]
        (Other(1.5), "Other is not an action of the toy"),
    ],
)
def test_en4_malformed_actions_are_refused_before_anything_runs(action: Any, message: str) -> None:
    state = {"ann": 0}
    problem = toy().check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule) == ("toy/malformed", "EN-4")
    assert message in problem.message
    with pytest.raises(IllegalAction, match=message):
        toy().step(state, action)
    assert state == {"ann": 0}


def test_en2_step_validates_then_applies_and_check_agrees() -> None:
    state = {"ann": 0}
    assert toy().reduce(state, Give("ann", (1, 2))) == {"ann": 2}
    assert state == {"ann": 0}
    assert toy().check(state, Give("ann", ())) is None
    problem = toy().check(state, Give("bo", ()))
    assert problem is not None
    assert problem.code == "toy/unknown-player"
    with pytest.raises(TypeError, match="expected a gamefold Action"):
        toy().step(state, "Give")  # type: ignore[arg-type]


def test_en4_a_catalogue_cites_one_rule_per_code_or_is_told_which() -> None:
    """EN-4: every refusal carries its code's rule; a code of several rules names one."""
    from gamefold.pipeline import Catalogue

    catalogue = Catalogue("toy", {"toy/late": "XX-1", "toy/busy": ("XX-2", "XX-3")})
    assert catalogue.codes == {"toy/malformed", "toy/late", "toy/busy"}
    late = catalogue.illegal("toy/late", "Too late.", Give("ann", ()))
    assert (late.code, late.rule, late.message) == ("toy/late", "XX-1", "Too late.")
    assert catalogue.illegal("toy/busy", "Busy.", rule="XX-3").rule == "XX-3"
    with pytest.raises(KeyError, match="name the rule"):
        catalogue.illegal("toy/busy", "Busy.")
    with pytest.raises(ValueError, match="not XX-9"):
        catalogue.illegal("toy/busy", "Busy.", rule="XX-9")
    with pytest.raises(ValueError, match="domain"):
        Catalogue("toy", {"other/late": "XX-1"})


def test_en4_a_codes_module_declares_each_code_with_its_rule() -> None:
    """EN-4: ``Catalogue.code`` names a code and its rule in one place, once."""
    from gamefold.pipeline import Catalogue

    catalogue = Catalogue("toy")
    late = catalogue.code("toy/late", "XX-1")
    busy = catalogue.code("toy/busy", ("XX-2", "XX-3"))
    assert (late, busy) == ("toy/late", "toy/busy")
    assert catalogue.codes == {"toy/malformed", late, busy}
    assert catalogue.rules == {"toy/malformed": ("EN-4",), late: ("XX-1",), busy: ("XX-2", "XX-3")}
    assert catalogue.refusal(late, "Too late.").rule == "XX-1"
    with pytest.raises(ValueError, match="declared twice"):
        catalogue.code("toy/late", "XX-4")
    with pytest.raises(ValueError, match="declared twice"):
        catalogue.code("toy/malformed", "XX-4")
    with pytest.raises(ValueError, match="domain"):
        catalogue.code("other/late", "XX-1")
    assert catalogue.rules[late] == ("XX-1",)


class Colour(enum.Enum):
    RED = "red"


@attrs.frozen
class Pair:
    own: str
    other: str


@attrs.frozen
class Paint(Action):
    colour: Colour
    pairs: tuple[Pair, ...]
    note: str | None = None
    delta: int = 0


def test_en4_enums_optionals_and_records_are_checked_from_their_types() -> None:
    ok = fits(Colour)
    assert ok(Colour.RED)
    assert not ok("red")
    assert fits(str | None)(None)
    assert not fits(str | None)(3)
    assert fits(tuple[Pair, ...])((Pair("a", "b"),))
    assert not fits(tuple[Pair, ...])((Pair("a", 1),))  # type: ignore[arg-type]
    assert not fits(Pair)(("a", "b"))


def test_en4_field_overrides_and_shapes_refine_the_guard() -> None:
    """A signed field and a whole-action shape: both refuse as ``<domain>/malformed``."""
    pipeline: Pipeline[int] = Pipeline(
        "toy",
        {Paint: lambda s, a: (s + a.delta, ())},
        owner="the toy",
        fields={Paint: {"delta": lambda v: type(v) is int}},
        shapes={Paint: lambda a: len(a.pairs) < 2},
    )
    assert pipeline.reduce(0, Paint(Colour.RED, (), delta=-2)) == -2
    two = (Pair("a", "b"), Pair("c", "d"))
    problem = pipeline.check(0, Paint(Colour.RED, two))
    assert problem is not None
    assert (problem.code, problem.rule) == ("toy/malformed", "EN-4")
    assert "That Paint has" in problem.message
    with pytest.raises(TypeError, match="unrouted"):
        Pipeline("toy", {}, owner="x", shapes={Paint: bool})
    with pytest.raises(TypeError, match="unrouted"):
        Pipeline("toy", {}, owner="x", fields={Paint: {"colour": bool}})


def test_en6_a_pipeline_builds_its_registry_entry() -> None:
    """EN-6: routed action types become the entry's actions, lifecycle ones its lifecycle."""
    from gamefold import StartRound

    pipeline: Pipeline[dict[str, int]] = Pipeline(
        TOY,
        {Give: decide_give, StartRound: lambda s, a: (s, ())},
        owner="the toy",
    )
    entry = pipeline.subsystem("toy", legal_actions=lambda s, actor: ())
    assert (entry.name, entry.actions, entry.lifecycle) == ("toy", (Give,), (StartRound,))
    assert entry.step({"ann": 0}, Give("ann", (1,))) == ({"ann": 1}, ())
    assert entry.check({}, Give("ann", ())) is not None


# -- what mutation testing found unpinned (tests/mutation/run.py pipeline.py) ----------------


def test_en4_scalar_fields_fit_zero_and_booleans_only_bools() -> None:
    """EN-4: a count of 0 fits (an empty hand, card id 0); a bool field takes only bools."""
    assert fits(int)(0)
    assert fits(bool)(True)
    assert fits(bool)(False)
    assert not fits(bool)(1)
    pipeline = toy()
    assert pipeline.reduce({"ann": 0}, Give("ann", (0,), loud=True)) == {"ann": 1}


def test_en4_optionals_in_either_spelling_fit_none_or_their_type() -> None:
    for hint in (str | None, Optional[str]):  # noqa: UP045 - both spellings are accepted
        ok = fits(hint)
        assert ok(None)
        assert ok("a")
        assert not ok(3)


@pytest.mark.parametrize("hint", [int | str, tuple[int, str], float, int | str | None])
def test_en4_a_type_without_a_field_check_is_refused_when_built(hint: Any) -> None:
    """EN-4: no field goes unchecked by accident: a union of two types, a fixed-length tuple
    or a float has no check of its own, and building one says so."""
    with pytest.raises(TypeError, match="no field check"):
        fits(hint)


def test_en4_a_field_override_of_no_field_is_refused() -> None:
    with pytest.raises(TypeError, match=re.escape("Give has no fields ['nope']")):
        Pipeline("toy", {Give: decide_give}, owner="x", fields={Give: {"nope": bool}})


def test_en4_a_catalogue_knows_its_domain_and_malformed_cites_en4() -> None:
    """EN-4: ``<domain>/malformed`` is always in a catalogue and cites EN-4; a code of one
    rule names it; every refusal carries the action refused."""
    catalogue = Catalogue("toy", {"toy/late": "XX-1", "toy/busy": ("XX-2", "XX-3")})
    assert (catalogue.domain, catalogue.malformed) == ("toy", "toy/malformed")
    assert catalogue.rules["toy/malformed"] == ("EN-4",)
    assert catalogue.rule_of("toy/late") == "XX-1"
    assert catalogue.rule_of("toy/malformed") == "EN-4"
    assert catalogue.illegal("toy/malformed", "Bad.").rule == "EN-4"
    action = Give("ann", ())
    assert catalogue.illegal("toy/late", "Late.", action).action == action
    with pytest.raises(KeyError, match="toy/busy cites XX-2, XX-3: name the rule"):
        catalogue.rule_of("toy/busy")
    with pytest.raises(ValueError, match="toy/busy cites XX-2, XX-3, not XX-9"):
        catalogue.illegal("toy/busy", "Busy.", rule="XX-9")


def test_en4_a_pipeline_refuses_with_its_catalogues_codes_and_the_action() -> None:
    """EN-4: built from a Catalogue or from a domain, a pipeline's malformed refusals carry
    the domain's code, the owner's name and the very action refused."""
    catalogue = Catalogue("toy", {"toy/unknown-player": "EN-4"})
    given = Pipeline(catalogue, {Give: decide_give}, owner="the toy")
    assert given.catalogue is catalogue
    assert (given.domain, toy().domain) == ("toy", "toy")
    for pipeline in (given, toy()):
        other = Other(1.5)
        problem = pipeline.check({}, other)
        assert problem is not None
        assert (problem.code, problem.action) == ("toy/malformed", other)
        assert problem.message == "Other is not an action of the toy."
        bad = Give("ann", (-1,))
        problem = pipeline.check({}, bad)
        assert problem is not None
        assert (problem.code, problem.action) == ("toy/malformed", bad)


def test_en4_a_refusal_becomes_illegal_action_only_when_refused() -> None:
    """EN-4: a decide function returns a Refusal; step raises it as IllegalAction with the
    catalogue's rule, check returns it, and neither changes the state."""
    catalogue = Catalogue("toy", {"toy/unknown-player": "EN-4", "toy/busy": ("XX-2", "XX-3")})
    calls: list[str] = []

    def decide(state: dict[str, int], action: Give) -> tuple[dict[str, int], Events] | Refusal:
        calls.append(action.player)
        if action.loud:
            return Refusal("toy/busy", "Too loud.", rule="XX-3")
        return decide_give(state, action)

    pipeline = Pipeline(catalogue, {Give: decide}, owner="the toy")
    state = {"ann": 1}
    with pytest.raises(IllegalAction) as raised:
        pipeline.step(state, Give("bo", ()))
    assert (raised.value.code, raised.value.rule) == ("toy/unknown-player", "EN-4")
    assert raised.value.message == "No such player."
    problem = pipeline.check(state, Give("ann", (), loud=True))
    assert problem is not None
    assert (problem.code, problem.rule, problem.message) == ("toy/busy", "XX-3", "Too loud.")
    assert pipeline.check(state, Give("ann", (2,))) is None
    assert pipeline.step(state, Give("ann", (2,))) == ({"ann": 2}, ())
    assert state == {"ann": 1}
    assert calls == ["bo", "ann", "ann", "ann"]  # one decision a call
    assert pipeline.check(state, Give("ann", (-1,))) is not None  # the guard, before deciding
    assert calls == ["bo", "ann", "ann", "ann"]


def test_en4_refusals_compare_by_value() -> None:
    assert Refusal("toy/x", "X.") == Refusal("toy/x", "X.")
    assert Refusal("toy/x", "X.") != Refusal("toy/x", "X.", rule="XX-1")
    assert repr(Refusal("toy/x", "X.", rule="XX-1")) == "Refusal('toy/x', 'X.', rule='XX-1')"


def test_en6_a_pipelines_entry_carries_listing_invariants_view_and_state_type() -> None:
    def listing(state: dict[str, int], actor: str) -> tuple[Action, ...]:
        return (Give(actor, ()),)

    def positive(state: dict[str, int]) -> list[str]:
        return []

    def view(state: dict[str, int], viewer: str) -> int:
        return state.get(viewer, 0)

    entry = toy().subsystem(
        "toy", legal_actions=listing, invariants=[positive], view=view, state_type=dict
    )
    assert entry.legal_actions is listing
    assert entry.invariants == (positive,)
    assert (entry.view, entry.state_type) == (view, dict)
    bare = toy().subsystem("toy", legal_actions=listing)
    assert (bare.invariants, bare.view, bare.state_type) == ((), None, None)


@attrs.frozen
class Announced(StartTurn):
    """A richer StartTurn, as a game's clock may issue (summit's ``BeginTurn``)."""

    banner: str = ""


def decide_start(state: dict[str, int], action: StartTurn) -> tuple[dict[str, int], Events]:
    return {**state, action.player: state.get(action.player, 0) + 1}, ()


def test_en6_a_pipeline_routing_a_lifecycle_base_takes_its_richer_subclass() -> None:
    """EN-6: the registry fans a StartTurn subclass out to a slice reacting to StartTurn, so
    that slice's pipeline decides it as a StartTurn; a player's action is never inherited."""
    pipeline = Pipeline(TOY, {StartTurn: decide_start, Give: decide_give}, owner="the toy")
    assert pipeline.step({}, Announced("ann", "hail"))[0] == {"ann": 1}
    assert pipeline.check({}, Announced("ann")) is None
    assert pipeline.step({}, StartTurn("ann"))[0] == {"ann": 1}

    @attrs.frozen
    class Gift(Give):
        pass

    problem = pipeline.check({"ann": 0}, Gift("ann", (1,)))
    assert problem is not None
    assert problem.code == "toy/malformed"


def test_en5_a_slice_without_actions_of_its_own_lists_none() -> None:
    """EN-5: a pipeline's entry given no listing lists nothing, for anyone."""
    entry = Pipeline(TOY, {StartTurn: decide_start}, owner="the toy").subsystem("toy")
    assert entry.legal_actions({"ann": 0}, "ann") == ()
    assert (entry.actions, entry.lifecycle) == ((), (StartTurn,))
