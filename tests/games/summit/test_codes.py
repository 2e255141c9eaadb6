"""Every summit refusal comes from a code catalogue, citing a rule it lists (EN-4).

Summit's own refusals come from :data:`gamefold.games.summit.codes.CATALOGUE`
(``holdings-mismatch`` cites DP-4 or DP-5); a Deploy's or an Attack's come from the
territory's (TR-…), and diplomacy's keep theirs. No refusal may bypass the catalogues, name a code
they lack, or cite a rule they do not pair with the code.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.catalogues import (
    DOCS,
    constants,
    docs_problems,
    folder,
    game_candidates,
    refusal_problem,
    source_problems,
    used_codes,
)

from gamefold import diplomacy, territory
from gamefold.games.summit import (
    ACTIONS,
    CODES,
    LIFECYCLE,
    NAME,
    Scenario,
    Summit,
    SummitConfig,
    codes,
    subsystem,
)
from gamefold.registry import Game
from gamefold.testing import reachable_games

PACKAGE = folder("gamefold.games.summit")
GAME = Summit(SummitConfig(players=3, scenario=Scenario(max_rounds=2)))
CATALOGUES = {
    "summit": codes.CATALOGUE,
    "diplomacy": diplomacy.codes.CATALOGUE,
    "territory": territory.codes.CATALOGUE,
}


def test_en4_every_refusal_in_the_source_is_built_by_the_catalogue() -> None:
    """No hand-built IllegalAction; codes of several rules name theirs (DP-4, DP-5)."""
    assert source_problems(PACKAGE, codes) == []


def test_en4_the_catalogue_holds_every_code_constant_and_each_is_raised_somewhere() -> None:
    assert set(constants(codes).values()) == codes.CATALOGUE.codes == set(CODES)
    assert set(CODES) - used_codes(PACKAGE, codes) == {codes.MALFORMED}  # the guard's


def test_en4_the_docs_page_lists_every_code_with_its_rules_and_names_the_catalogue() -> None:
    page = (DOCS / "games" / "summit.md").read_text(encoding="utf-8")
    assert docs_problems(page, codes) == []


def test_en6_the_pipeline_builds_the_turn_flows_entry() -> None:
    assert (subsystem.name, subsystem.actions, subsystem.lifecycle) == (NAME, ACTIONS, LIFECYCLE)


@given(reachable_games(GAME, max_steps=80), st.data())
def test_en4_every_refusal_met_in_play_is_a_catalogue_code_with_its_rule(
    state: Game, data: st.DataObject
) -> None:
    own = (*ACTIONS, *diplomacy.ACTIONS)
    action = data.draw(game_candidates(GAME, state, own), label="action")
    problem = GAME.rules.check(state, action)
    if problem is not None:
        assert refusal_problem(problem, CATALOGUES) is None
