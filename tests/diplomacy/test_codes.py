"""Every diplomacy refusal comes from its code catalogue, citing a rule it lists (EN-4).

A game loop or a UI matches on the codes of :data:`gamefold.diplomacy.codes.CATALOGUE`, so
no refusal may bypass it, name a code it lacks, or cite a rule it does not pair with the
code (``not-your-turn`` cites DP-1, DP-4, DP-9, DP-11 or DP-12, by the action).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.catalogues import (
    DOCS,
    constants,
    docs_problems,
    folder,
    refusal_problem,
    source_problems,
    used_codes,
)

from gamefold import diplomacy
from gamefold.diplomacy import ACTIONS, CODES, LIFECYCLE, DiplomacyState, check, codes
from gamefold.testing import garbage_actions
from gamefold.testing.diplomacy import candidate_actions, reachable_states

PACKAGE = folder("gamefold.diplomacy")


def test_en4_every_refusal_in_the_source_is_built_by_the_catalogue() -> None:
    """No hand-built IllegalAction; codes of several rules name theirs (DP-4, DP-9, …)."""
    assert source_problems(PACKAGE, codes) == []


def test_en4_the_catalogue_holds_every_code_constant_and_each_is_raised_somewhere() -> None:
    assert set(constants(codes).values()) == codes.CATALOGUE.codes == CODES
    assert CODES - used_codes(PACKAGE, codes) <= {codes.MALFORMED}


def test_en4_the_docs_page_lists_every_code_with_its_rules_and_names_the_catalogue() -> None:
    page = (DOCS / "subsystems" / "diplomacy.md").read_text(encoding="utf-8")
    assert docs_problems(page, codes) == []


def test_en6_the_pipeline_builds_the_registry_entry() -> None:
    entry = diplomacy.subsystem
    assert (entry.name, entry.actions, entry.lifecycle) == ("diplomacy", ACTIONS, LIFECYCLE)


@given(reachable_states(max_steps=20), st.data())
def test_en4_every_refusal_met_in_play_is_a_catalogue_code_with_its_rule(
    state: DiplomacyState, data: st.DataObject
) -> None:
    action = data.draw(st.one_of(candidate_actions(state), garbage_actions((*ACTIONS, *LIFECYCLE))))
    problem = check(state, action)
    if problem is not None:
        assert refusal_problem(problem, {"diplomacy": codes.CATALOGUE}) is None
