"""CONTRIBUTING's "The concepts you need" names every concept a contributor meets, each in
one line, twenty-two at most: a short list a newcomer reads in a minute."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = (Path(__file__).resolve().parents[1] / "CONTRIBUTING.md").read_text(encoding="utf-8")

TERMS = (
    "Record", "Action", "Event", "Host action", "Rng", "Config", "Rule ID", "Catalogue",
    "Refusal", "Decide function", "Pipeline", "guarded", "Listing", "Action domain", "View",
    "determinize", "LazyView", "Invariant", "Subsystem", "Game", "Rules", "Rule", "Wrapper",
    "Reaction", "Seat", "GameDef", "variant", "Policy", "Matrix", "golden files",
)  # fmt: skip
"""The concepts a contributor meets in the code, the tests and the docs."""


def section() -> list[str]:
    """The section's lines after its heading, up to the next heading."""
    body = PAGE.split("## The concepts you need\n", 1)[1]
    return body.split("\n## ", 1)[0].strip().splitlines()


def entries() -> list[str]:
    """The section's numbered entries."""
    return [line for line in section() if re.match(r"\d+\. ", line)]


def test_at_most_22_entries_numbered_in_order() -> None:
    numbers = [int(line.split(".")[0]) for line in entries()]
    assert 0 < len(numbers) <= 22
    assert numbers == list(range(1, len(numbers) + 1))


def test_each_entry_is_one_line() -> None:
    intro, *rest = section()
    assert not re.match(r"\d+\. ", intro)
    assert [line for line in rest if line and not re.match(r"\d+\. ", line)] == []


def test_every_concept_is_named_in_bold() -> None:
    named = {name for line in entries() for name in re.findall(r"\*\*([^*]+)\*\*", line)}
    assert [term for term in TERMS if term not in named] == []
