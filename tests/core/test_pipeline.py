"""The shared reducer pipeline (EN-2, EN-4): guard, route, validate, apply."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from gamefold import Action, Events, IllegalAction
from gamefold.pipeline import Pipeline, field_checks, fits


@attrs.frozen
class Give(Action):
    player: str
    cards: tuple[int, ...]
    loud: bool = False


@attrs.frozen
class Other(Action):
    amount: float


def validate_give(state: dict[str, int], action: Give) -> None:
    if action.player not in state:
        raise IllegalAction("toy/unknown-player", "EN-4", "No such player.", action)


def apply_give(state: dict[str, int], action: Give) -> tuple[dict[str, int], Events]:
    return {**state, action.player: state[action.player] + len(action.cards)}, ()


PIPELINE: Pipeline[dict[str, int]] = Pipeline(
    "toy", {Give: (validate_give, apply_give)}, owner="the toy"
)


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
    problem = PIPELINE.check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule) == ("toy/malformed", "EN-4")
    assert message in problem.message
    with pytest.raises(IllegalAction, match=message):
        PIPELINE.step(state, action)
    assert state == {"ann": 0}


def test_en2_step_validates_then_applies_and_check_agrees() -> None:
    state = {"ann": 0}
    assert PIPELINE.reduce(state, Give("ann", (1, 2))) == {"ann": 2}
    assert state == {"ann": 0}
    assert PIPELINE.check(state, Give("ann", ())) is None
    problem = PIPELINE.check(state, Give("bo", ()))
    assert problem is not None
    assert problem.code == "toy/unknown-player"
    with pytest.raises(TypeError, match="expected a gamefold Action"):
        PIPELINE.step(state, "Give")  # type: ignore[arg-type]


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
        {Paint: (lambda s, a: None, lambda s, a: (s + a.delta, ()))},
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


def test_en6_a_pipeline_builds_its_registry_entry() -> None:
    """EN-6: routed action types become the entry's actions, lifecycle ones its lifecycle."""
    from gamefold import StartRound

    pipeline: Pipeline[dict[str, int]] = Pipeline(
        "toy",
        {Give: (validate_give, apply_give), StartRound: (lambda s, a: None, lambda s, a: (s, ()))},
        owner="the toy",
    )
    entry = pipeline.subsystem("toy", legal_actions=lambda s, actor: ())
    assert (entry.name, entry.actions, entry.lifecycle) == ("toy", (Give,), (StartRound,))
    assert entry.apply is not None
    assert entry.apply({"ann": 0}, Give("ann", (1,))) == ({"ann": 1}, ())
