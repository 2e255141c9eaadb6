"""The pipeline's edges (EN-4, EN-6, EN-7, EN-9): what a refusal carries, a catalogue that
includes another's codes, and everything ``Pipeline.subsystem`` hands on to the registry."""

from __future__ import annotations

import attrs
import pytest

from gamefold import Action, Event, Events, IllegalAction
from gamefold.pipeline import Catalogue, Pipeline, Refusal
from gamefold.rng import Rng


@attrs.frozen
class Claim(Action):
    player: str


@attrs.frozen
class Claimed(Event):
    player: str


def decide_claim(state: tuple[str, ...], action: Claim) -> tuple[tuple[str, ...], Events] | Refusal:
    if action.player in state:
        return Refusal("land/claimed", f"{action.player} has claimed already.")
    return (*state, action.player), (Claimed(action.player),)


LAND = Catalogue("land", {"land/claimed": "EN-4"})


def claims() -> Pipeline[tuple[str, ...]]:
    return Pipeline(LAND, {Claim: decide_claim}, owner="the land")


def test_en4_a_refusal_names_the_action_it_refuses_in_step_and_check() -> None:
    pipeline, action = claims(), Claim("ann")
    with pytest.raises(IllegalAction) as raised:
        pipeline.step(("ann",), action)
    assert (raised.value.code, raised.value.rule) == ("land/claimed", "EN-4")
    assert raised.value.action is action
    problem = pipeline.check(("ann",), action)
    assert problem is not None
    assert problem.action is action
    assert problem.message == "ann has claimed already."


def test_en4_a_catalogue_cites_the_rules_of_the_catalogues_it_includes() -> None:
    """A slice running another subsystem's decide functions refuses with that subsystem's
    codes and rules, which stay out of its own codes."""
    summit = Catalogue("summit", {"summit/late": "EN-6"}, include=[LAND])
    assert summit.rule_of("land/claimed") == "EN-4"
    assert summit.rule_of("summit/late") == "EN-6"
    problem = summit.illegal("land/claimed", "Taken.", Claim("bo"))
    assert (problem.code, problem.rule) == ("land/claimed", "EN-4")
    assert summit.codes == {"summit/late", "summit/malformed"}
    with pytest.raises(KeyError):
        LAND.rule_of("summit/late")  # including is one way


def test_en6_the_subsystem_entry_keeps_what_the_slice_tells_and_attests() -> None:
    """EN-7: the lines and event rules given to ``Pipeline.subsystem`` are how a game
    composed of the slice tells its events and which rules they attest."""

    def line(event: Claimed) -> str:
        return f"{event.player} claims land."

    def attests(event: Claimed) -> tuple[str, ...]:
        return ("EN-4",)

    sub = claims().subsystem(
        "land", lines={Claimed: line}, event_rules={Claimed: attests}, rule_ids=("EN-4",)
    )
    assert sub.lines == {Claimed: line}
    assert sub.event_rules == {Claimed: attests}
    assert sub.rule_ids == ("EN-4",)
    assert sub.lines[Claimed](Claimed("ann")) == "ann claims land."
    bare = claims().subsystem("land")
    assert (bare.lines, bare.event_rules, bare.rule_ids) == ({}, {}, ())


def test_en9_the_subsystem_entry_keeps_its_determinizer() -> None:
    """A search bot's determinizer given to ``Pipeline.subsystem`` is the entry's."""

    def determinize(view: object, viewer: str, rng: Rng) -> tuple[str, ...]:
        return (viewer,)

    sub = claims().subsystem("land", determinize=determinize)
    assert sub.determinize is determinize
    assert claims().subsystem("land").determinize is None
