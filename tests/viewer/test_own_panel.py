"""The default panel, for a game of your own: the ``gamefold new`` skeleton's page shows
its hands with cards by name, folds the config away, and shows no GM it does not have."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from tests.own_games import skeleton_game

from gamefold import Rules, skills
from gamefold.games import GameDef, get_game, play
from gamefold.record import GameRecord
from gamefold.viewer import FULL, card_names, panel, patch, state_tree, to_html, viewer_data
from gamefold.viewer.slices import FOLDED, slice_sections
from gamefold.viewer.slices import card_names as named


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameDef[Any]]:
    with skeleton_game(tmp_path_factory.mktemp("own")) as game:
        yield game


@pytest.fixture(scope="module")
def record(own: GameDef[Any]) -> GameRecord:
    played = play(own, 7)
    return GameRecord(own.name, own.config, 7, played.actions).with_digests(played.states)


def _panels(data: dict[str, Any], track: str) -> list[list[dict[str, Any]]]:
    """The panel of every step of ``track``, rebuilt from the page's first node and diffs."""
    node = data["tracks"][track]["first"]
    found = [node["panel"]]
    for ops in data["tracks"][track]["diffs"]:
        node = patch(node, ops)
        found.append(node["panel"])
    return found


def _final(own: GameDef[Any], record: GameRecord) -> Any:
    state = own.setup(record.seed)
    for action in record.actions:
        state = own.rules.reduce(state, action)
    return state


def test_the_hands_show_cards_by_name_and_the_players_the_game_has(
    own: GameDef[Any], record: GameRecord
) -> None:
    """SD-1: each hand by its cards' names and ids, as the skill deck names them; the
    skeleton has no GM side, so no ``gm`` row, nor a ``gm`` anywhere in what is shown."""
    data = viewer_data(record)
    last = _panels(data, FULL)[-1]
    hands = next(s for s in last if s["title"] == "Hands")
    state = _final(own, record)
    deck = state["skills"]
    expected = [
        ", ".join(f"{skills.card_definition(deck, c).name} #{c}" for c in o.hand) or "—"
        for o in deck.owners
        if o.player != skills.GM
    ]
    assert [row[0] for row in hands["rows"]] == ["ann", "bo"]
    assert [row[1] for row in hands["rows"]] == expected
    assert any(name in "".join(expected) for name in ("Strike", "Parry", "Dodge", "Rally"))
    for section in last:
        if not section.get(FOLDED):
            cells = [str(cell) for row in section["rows"] for cell in row]
            assert not any(cell == "gm" or "gm_" in cell for cell in cells), section["title"]


def test_the_config_is_folded_away_at_the_end(record: GameRecord) -> None:
    """The panel opens with the hands, not a dump of the config: the config is one folded
    section, after every table, and no open table holds it."""
    data = viewer_data(record)
    for panel_at_step in _panels(data, FULL):
        folded = [s for s in panel_at_step if s.get(FOLDED)]
        opened = [s for s in panel_at_step if not s.get(FOLDED)]
        assert [s["title"] for s in folded] == ["skills config"]
        assert panel_at_step[: len(opened)] == opened  # the folded section comes last
        assert panel_at_step[0]["title"] == "Hands"
        assert all(row[0] != "config" for s in opened for row in s["rows"])
        assert {row[0] for row in folded[0]["rows"]} >= {"deck_size", "hand_limit"}
    assert '"folded":true' in to_html(record)


def test_a_players_view_hides_the_other_hand(record: GameRecord) -> None:
    """EN-9: in ann's view, bo's hand is hidden, its size shown."""
    data = viewer_data(record)
    hands = next(s for s in _panels(data, "ann")[3] if s["title"] == "Hands")
    seen = {row[0]: row[1] for row in hands["rows"]}
    assert seen["bo"].startswith("hidden (")
    assert not seen["ann"].startswith("hidden")


def test_the_page_holds_what_the_default_panel_draws_afresh(
    own: GameDef[Any], record: GameRecord
) -> None:
    """Each step's panel on the page is the default panel drawn from that step's tree."""
    played = play(own, record.seed)
    names = card_names(own.name, played.states[0])
    data = viewer_data(record)
    for track in (FULL, "bo"):
        trees = [
            state_tree(s if track == FULL else own.rules.view(s, track)) for s in played.states
        ]
        assert _panels(data, track) == [panel(own.name, t, names) for t in trees]


def test_a_gm_with_units_is_shown() -> None:
    """A game whose GM fields units (SD-7) shows the GM's hand like any other owner."""
    config = skills.SkillsConfig(deck_size=12, hand_limit=3)
    deck = skills.initial_state(config, ("ann",), 1)
    deck = skills.reduce(deck, skills.FieldUnits(("goblin",)))
    game = Rules([skills.subsystem]).new_game({"skills": deck})
    tree = state_tree(game)
    names = card_names("no-such-game", game)
    sections = slice_sections(tree, names)
    hands = next(s for s in sections if s["title"] == "Hands")
    assert [row[0] for row in hands["rows"]] == ["ann", skills.GM]
    shown = json.dumps(sections)
    assert "goblin" in shown


def test_every_shipped_subsystem_s_slice_gets_its_tables() -> None:
    """Drawn by the default panel, summit's and a skirmish's slices show the tables the
    shipped games show (the map's territories, though summit extends the territory's
    record), diplomacy's hands by name, and each config folded at the end."""
    for name, tables in (
        ("summit", {"Territories", "Ticks and hands", "Pacts and proposals"}),
        ("skirmish", {"Hands", "Zones and units"}),
    ):
        game = get_game(name)()
        played = play(game, 2, max_steps=60)
        sections = slice_sections(state_tree(played.final), named(played.states[0]))
        titles = [s["title"] for s in sections]
        assert tables <= set(titles)
        folded = [s["title"] for s in sections if s.get(FOLDED)]
        assert folded == titles[len(titles) - len(folded) :]
        assert folded
        assert all(title.endswith(" config") for title in folded)
    table = played.final  # the skirmish's, whose GM has units: its hand is shown
    hands = next(s for s in sections if s["title"] == "Hands")
    assert skills.GM in [row[0] for row in hands["rows"]]
    assert table["skills"].gm_units
