"""The viewer's page: self-contained, small, faithful to the record (EN-7, EN-8, EN-9)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from tests.viewer.records import long_summit, recorded

from gamefold import skills
from gamefold.games import get_game
from gamefold.record import GameRecord, check_record
from gamefold.viewer import DOCS, FULL, RULE_PAGES, patch, rule_link, to_html, viewer_data

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"
LIMIT = 2_000_000


def _data(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="gamefold-data">(.*?)</script>', page)
    assert found is not None
    return json.loads(found.group(1))


@pytest.fixture(scope="module")
def skirmish() -> GameRecord:
    return recorded("skirmish", 7)


def test_the_page_loads_nothing_from_the_network(skirmish: GameRecord) -> None:
    """No src or href leaves the file: the rule links are relative to the page by default."""
    page = to_html(skirmish)
    assert "://" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I)
    assert "<link" not in page
    assert "<script src" not in page
    assert set(_data(page)["rules"].values()) == {DOCS + p for p in RULE_PAGES.values()}


def test_rule_links_take_another_docs_base(skirmish: GameRecord) -> None:
    page = to_html(skirmish, docs="https://docs.example/gamefold/")
    links = _data(page)["rules"]
    assert (
        links["SD"] == "https://docs.example/gamefold/subsystems/skills.html#rules-code-and-tests"
    )
    assert rule_link("CB-11", "../") == "../subsystems/combat.html#rules-code-and-tests"
    assert rule_link("XX-1") is None


def _slug(title: str) -> str:
    """MyST's heading anchor (myst_heading_anchors in docs/conf.py)."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("prefix", sorted(RULE_PAGES))
def test_each_rule_prefix_links_a_docs_section_that_exists(prefix: str) -> None:
    page, _, anchor = RULE_PAGES[prefix].partition("#")
    source = DOCS_DIR / page.replace(".html", ".md")
    headings = re.findall(r"^#+ (.+)$", source.read_text("utf-8"), re.M)
    assert anchor in {_slug(h) for h in headings}


@pytest.mark.parametrize("game", ["skirmish", "summit", "campaign"])
def test_every_rule_a_shipped_game_relies_on_has_a_docs_link(game: str) -> None:
    rules = get_game(game)().rule_ids()
    assert [r for r in rules if rule_link(r) is None] == []


def test_a_500_step_game_stays_under_2_mb() -> None:
    """The bound the docs state: 500 steps of a six-player summit, every view included."""
    record = long_summit()
    assert len(record.actions) == 500
    size = len(to_html(record).encode("utf-8"))
    assert size < LIMIT, f"{size:,} bytes"


def test_the_page_sizes_docs_viewer_md_gives_are_what_pages_weigh(skirmish: GameRecord) -> None:
    """docs/viewer.md's sizes come from the code: the 500-step summit's page and the page of
    ``gamefold play skirmish --seed 7`` (428 steps), in MB to two places."""
    text = " ".join((DOCS_DIR / "viewer.md").read_text().split())
    summit = re.search(r"make a page of ([0-9.]+) MB", text)
    whole = re.search(r"428 steps, four players\), ([0-9.]+) MB", text)
    assert summit is not None
    assert whole is not None
    assert len(skirmish.actions) == 428
    for record, shown in ((long_summit(), summit), (skirmish, whole)):
        size = len(to_html(record).encode("utf-8"))
        assert f"{size / 1e6:.2f}" == shown.group(1), f"{size:,} bytes"


def test_each_step_has_its_actor_events_and_their_rules(skirmish: GameRecord) -> None:
    """EN-7: the events of each step with the rules the game's coverage table gives them."""
    game = skirmish.game_def()
    data = viewer_data(skirmish)
    steps = data["steps"]
    assert len(steps) == len(skirmish.actions) + 1
    assert steps[0]["rules"] == list(game.setup_rules(game.setup(skirmish.seed)))
    table = game.event_rules()
    state = game.setup(skirmish.seed)
    for action, step in zip(skirmish.actions, steps[1:], strict=True):
        clock = game.clock_action(state) == action
        assert step["actor"] == (None if clock else game.actor(state))
        assert step["kind"] == type(action).__name__
        state, events = game.rules.step(state, action)
        assert [e["kind"] for e in step["events"]] == [type(e).__name__ for e in events]
        assert [e["text"] for e in step["events"]] == [game.describe(e) for e in events]
        for shown, event in zip(step["events"], events, strict=True):
            attest = table.get(type(event))
            assert shown["rules"] == (list(attest(event)) if attest else [])
    refills = [e for s in steps for e in s["events"] if e["kind"] == "CardsDrawn"]
    assert refills
    assert all("SD-3" in e["rules"] or "SD-11" in e["rules"] for e in refills)


def test_the_clock_shows_round_and_activation(skirmish: GameRecord) -> None:
    game = skirmish.game_def()
    data = viewer_data(skirmish)
    states = [game.setup(skirmish.seed)]
    for action in skirmish.actions:
        states.append(game.rules.reduce(states[-1], action))
    for step, state in zip(data["steps"], states, strict=True):
        clock = dict(step["clock"])
        assert clock["Round"] == state.clock.round
        assert clock["Activation"] == (state["skills"].active or "—")


def _panel(data: dict, track: str, step: int) -> list:
    node = data["tracks"][track]["first"]
    for ops in data["tracks"][track]["diffs"][:step]:
        node = patch(node, ops)
    return node["panel"]


def test_skirmish_panel_shows_hit_points_and_hides_other_hands(skirmish: GameRecord) -> None:
    """The zones table has each unit's hit points and ward (its shield, SK-5); in ana's view
    bo's hand is hidden (EN-9)."""
    game = skirmish.game_def()
    data = viewer_data(skirmish)
    step = len(skirmish.actions) // 2
    state = game.setup(skirmish.seed)
    for action in skirmish.actions[:step]:
        state = game.rules.reduce(state, action)
    zones, hands = _panel(data, FULL, step)
    hp = {row[1]: (row[3], row[4]) for row in zones["rows"]}
    assert hp == {u.id: (f"{u.hp}/{u.max_hp}", u.ward) for u in state["combat"].combatants}
    seen = {row[0]: row[1] for row in _panel(data, "ana", step)[1]["rows"]}
    assert seen["bo"].startswith("hidden (")
    full = {row[0]: row[1] for row in hands["rows"]}
    bo = next(o for o in state["skills"].owners if o.player == "bo")
    named = [f"{skills.card_definition(state['skills'], c).name} #{c}" for c in bo.hand]
    assert full["bo"] == (", ".join(named) or "—")


def test_summit_panel_shows_territories_ticks_and_pacts() -> None:
    record = recorded("summit", 3)
    game = record.game_def()
    data = viewer_data(record)
    last = len(record.actions)
    state = game.setup(record.seed)
    for action in record.actions:
        state = game.rules.reduce(state, action)
    territories, players, pacts = _panel(data, FULL, last)
    board = state["map"]
    assert [row[2] for row in territories["rows"]] == list(board.owners)
    assert [row[3] for row in territories["rows"]] == list(board.garrisons)
    assert [row[0] for row in players["rows"]] == list(game.players(state))
    table = state["diplomacy"]
    hands = [
        ", ".join(f"{table.config.cards[c].name} #{c}" for c in p.hand) or "—"
        for p in table.players
    ]
    assert [row[1] for row in players["rows"]] == hands
    assert len(pacts["rows"]) == len(state["diplomacy"].pacts) + len(state["diplomacy"].proposals)


def test_campaign_panel_shows_the_map_and_the_battle() -> None:
    """A campaign's panel: summit's sections (territories as the map holds them), then the
    battle's (its combatants), and both clocks' items (the phase, the activation)."""
    record = recorded("campaign", 4)
    game = record.game_def()
    data = viewer_data(record)
    last = len(record.actions)
    state = game.setup(record.seed)
    for action in record.actions:
        state = game.rules.reduce(state, action)
    sections = data["tracks"][FULL]["first"]["panel"]
    titles = [s["title"] for s in sections]
    assert titles[0] == _panel(data, FULL, 0)[0]["title"]
    assert "Zones and units" in titles
    territories = _panel(data, FULL, last)[0]
    assert [row[2] for row in territories["rows"]] == list(state["map"].owners)
    labels = [item[0] for item in data["steps"][last]["clock"]]
    assert {"Phase", "Activation"} <= set(labels)
    # the turn flow, which the campaign slice holds, as summit's clock shows it
    assert dict(data["steps"][last]["clock"])["Phase"] == state.summit.phase.value
    assert dict(data["steps"][5]["clock"])["Phase"] == "turn"


def test_en8_a_record_with_a_wrong_digest_opens_at_that_step(skirmish: GameRecord) -> None:
    assert skirmish.digests is not None
    digests = list(skirmish.digests)
    digests[40] = "0" * 32
    tampered = attrs.evolve(skirmish, digests=tuple(digests))
    data = viewer_data(tampered)
    assert data["divergence"]["step"] == data["divergence"]["open"] == 40
    assert data["divergence"]["reason"] == check_record(tampered).divergence.reason
    assert viewer_data(skirmish)["divergence"] is None


def test_en8_an_illegal_action_opens_at_the_last_step_that_replays(skirmish: GameRecord) -> None:
    """Swapping two legal actions makes step 3 illegal: the page shows steps 0 to 2."""
    actions = list(skirmish.actions)
    actions[2], actions[3] = actions[3], actions[2]
    swapped = GameRecord(skirmish.game, skirmish.config, skirmish.seed, tuple(actions))
    found = check_record(swapped).divergence
    assert found is not None
    data = viewer_data(swapped)
    assert len(data["steps"]) == found.step
    assert data["divergence"] == {
        "step": found.step,
        "reason": found.reason,
        "open": found.step - 1,
    }


def test_no_string_in_the_record_can_close_the_script() -> None:
    record = recorded("summit", "</script><script>alert(1)</script>", max_steps=3)
    page = to_html(record)
    assert page.count("</script>") == 2
    assert _data(page)["seed"] == "</script><script>alert(1)</script>"


def test_a_record_displays_itself_in_a_notebook(skirmish: GameRecord) -> None:
    bundle = skirmish._repr_mimebundle_()
    assert set(bundle) == {"text/html", "text/plain"}
    assert bundle["text/html"].startswith("<iframe srcdoc=")
    assert "<script" not in bundle["text/html"]  # escaped into the frame's own document
    srcdoc = re.search(r'srcdoc="([^"]*)"', bundle["text/html"])
    assert srcdoc is not None
    assert html.unescape(srcdoc.group(1)) == to_html(skirmish)
    assert bundle["text/plain"] == f"<GameRecord skirmish, seed 7: {len(skirmish.actions)} actions>"
    assert skirmish.to_html() == to_html(skirmish)


def test_a_game_without_a_panel_gets_a_table_a_slice() -> None:
    """A game registered by a user (the toy race) is viewed too: its states and views as
    trees, the default panel (a table a slice, titled with the slice's name, a row a
    field), the clock's Round."""
    import tests.sim.scored  # noqa: F401  (registers "toy-scored")

    record = recorded("toy-scored", 2, max_steps=12)
    data = viewer_data(record)
    first = record.game_def().setup(2)
    assert data["players"] == list(get_game("toy-scored")().players(first))
    full = data["tracks"][""]["first"]
    assert [s["title"] for s in full["panel"]] == list(first.names)
    for shown, tree in zip(full["panel"], full["state"]["slices"], strict=True):
        assert shown["columns"] == ["field", "value"]
        assert [row[0] for row in shown["rows"]][:1] == [next(k for k in tree if k != "type")]
    for track in data["tracks"].values():
        assert [s["title"] for s in track["first"]["panel"]] == list(first.names)
    assert [s["clock"][0][0] for s in data["steps"]] == ["Round"] * (len(record.actions) + 1)
    assert "://" not in to_html(record)


def _counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many steps are replayed and how many views taken while a page is built."""
    from gamefold.registry import Rules

    calls = {"step": 0, "view": 0}
    step, view = Rules.step, Rules.view

    def counted_step(self: Rules, game: Any, action: Any) -> Any:
        calls["step"] += 1
        return step(self, game, action)

    def counted_view(self: Rules, game: Any, viewer: str, **options: Any) -> Any:
        calls["view"] += 1
        return view(self, game, viewer, **options)

    monkeypatch.setattr(Rules, "step", counted_step)
    monkeypatch.setattr(Rules, "view", counted_view)
    return calls


def test_en8_the_page_stops_at_the_first_divergence(
    skirmish: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing after a diverging step is replayed, viewed or shown: the page ends there."""
    digests = list(skirmish.digests or ())
    digests[40] = "0" * 32
    tampered = attrs.evolve(skirmish, digests=tuple(digests))
    assert len(tampered.actions) > 100
    calls = _counted(monkeypatch)
    data = viewer_data(tampered)
    assert len(data["steps"]) == 41  # the setup, then actions 1 to 40
    assert all(len(track["diffs"]) == 40 for track in data["tracks"].values())
    # The check, the page's one replay, stops at 40: nothing after it is replayed.
    assert calls["step"] == 40
    assert calls["view"] == len(data["players"]) * 41


def test_a_page_replays_its_record_once(
    skirmish: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check's replay is the page's: its states and events are the ones shown."""
    calls = _counted(monkeypatch)
    data = viewer_data(skirmish)
    steps = len(skirmish.actions)
    assert len(data["steps"]) == steps + 1
    assert calls["step"] == steps
    assert calls["view"] == len(data["players"]) * (steps + 1)
