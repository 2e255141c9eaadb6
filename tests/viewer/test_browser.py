"""The viewer in a real browser: headless Chromium driven by Selenium (EN-7, EN-8, EN-9).

Debian's ``chromium`` and ``chromium-driver`` packages must be installed: ``bash .ci/browser``
installs them (``.ci/run`` and the README's test command run it). A missing browser fails
the test with that sentence; it is never skipped. The test saves a screenshot in its tmp
dir, and also at ``$GAMEFOLD_VIEWER_SCREENSHOT`` when set (the docs' ``docs/viewer.png``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select
from tests.viewer.records import recorded

from gamefold.games import GameDef
from gamefold.record import GameRecord
from gamefold.registry import Game
from gamefold.viewer import state_tree

INSTALL = (
    "the viewer's browser test needs Debian's chromium and chromium-driver packages: "
    "install them with `bash .ci/browser` (or `apt-get install chromium chromium-driver`)"
)


def _program(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"no {names[0]} on PATH; {INSTALL}")


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    options = Options()
    options.binary_location = _program("chromium", "chromium-browser")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1400,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(_program("chromedriver")))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return recorded("skirmish", 7)


@attrs.frozen
class Replayed:
    game: GameDef[Any]
    states: tuple[Game, ...]
    events: tuple[tuple[Any, ...], ...]


@pytest.fixture(scope="module")
def replayed(record: GameRecord) -> Replayed:
    game = record.game_def()
    states, events = [game.setup(record.seed)], []
    for action in record.actions:
        state, happened = game.rules.step(states[-1], action)
        states.append(state)
        events.append(happened)
    return Replayed(game, tuple(states), tuple(events))


def _open(browser: WebDriver, path: Path, record: GameRecord, **options: Any) -> None:
    path.write_text(record.to_html(**options), encoding="utf-8")
    browser.get(path.as_uri())


def _text(browser: WebDriver, element: str) -> str:
    return browser.find_element(By.ID, element).text


def _press(browser: WebDriver, *keys: str) -> None:
    body = browser.find_element(By.TAG_NAME, "body")
    for key in keys:
        body.send_keys(key)


def _no_console_errors(browser: WebDriver) -> None:
    problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []


def test_keys_move_through_the_game_and_show_each_step(
    browser: WebDriver, tmp_path: Path, record: GameRecord, replayed: Replayed
) -> None:
    """Right, Left, Home and End move one step or to either end; the page shows that
    step's action, who took it, and its events told as the game tells them (EN-7)."""
    _open(browser, tmp_path / "game.html", record)
    last = len(record.actions)
    assert _text(browser, "position") == f"step 0 of {last}"
    _press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert _text(browser, "position") == f"step 2 of {last}"
    game, before = replayed.game, replayed.states[1]
    action = record.actions[1]
    actor = "the clock" if game.clock_action(before) == action else game.actor(before)
    assert _text(browser, "action").startswith(f"{type(action).__name__} by {actor}")
    items = browser.find_elements(By.CSS_SELECTOR, "#events li")
    assert len(items) == len(replayed.events[1])
    for item, event in zip(items, replayed.events[1], strict=True):
        assert item.text.startswith(game.describe(event) + type(event).__name__)
    _press(browser, Keys.END)
    assert _text(browser, "position") == f"step {last} of {last}"
    _press(browser, Keys.ARROW_RIGHT)
    assert _text(browser, "position") == f"step {last} of {last}"
    _press(browser, Keys.HOME, Keys.ARROW_LEFT)
    assert _text(browser, "position") == f"step 0 of {last}"
    _no_console_errors(browser)


def test_search_jumps_to_damage_and_the_panel_shows_the_hit_points(
    browser: WebDriver, tmp_path: Path, record: GameRecord, replayed: Replayed
) -> None:
    """The search box finds the first DamageDealt (CB-11); the zones table and the state
    tree show the hit points of that state, the changed ones highlighted, and the event's
    rule links to the docs."""
    _open(browser, tmp_path / "game.html", record)
    step = next(i + 1 for i, ev in enumerate(replayed.events) if _kinds(ev) & {"DamageDealt"})
    browser.find_element(By.ID, "query").send_keys("damagedealt", Keys.ENTER)
    assert _text(browser, "position").startswith(f"step {step} of")
    assert _text(browser, "found") == f"found at step {step}"
    rows = browser.find_elements(By.CSS_SELECTOR, "#panel table:first-of-type tbody tr")
    shown = {r.find_elements(By.TAG_NAME, "td")[1].text: r for r in rows}
    state, hurt = replayed.states[step], _hurt(replayed.events[step - 1])
    for unit in state["combat"].combatants:
        cell = shown[unit.id].find_elements(By.TAG_NAME, "td")[3]
        assert cell.text == f"{unit.hp}/{unit.max_hp}"
        assert ("changed" in (cell.get_attribute("class") or "")) == (unit.id in hurt)
    fighters = state["combat"].combatants
    where = state.names.index("combat")
    for i, unit in enumerate(fighters):  # the state tree opens onto the changed hit points
        leaf = f"state/slices/{where}/combatants/{i}/hp"
        shown_leaf = browser.find_elements(By.CSS_SELECTOR, f'#tree [data-path="{leaf}"]')
        if unit.id in hurt:
            assert shown_leaf[0].text == f"hp: {unit.hp}"
            assert "changed" in (shown_leaf[0].get_attribute("class") or "")
        else:
            assert all("changed" not in (e.get_attribute("class") or "") for e in shown_leaf)
    # The state tree names each slice: the combat slice's branch is labelled "combat".
    branch = f'#tree details[data-path="state/slices/{where}"] > summary'
    assert browser.find_element(By.CSS_SELECTOR, branch).text.split()[0] == "combat"
    link = browser.find_element(By.XPATH, "//ol[@id='events']//a[text()='CB-11']")
    assert link.get_attribute("href").endswith("subsystems/combat.html#rules-code-and-tests")
    _no_console_errors(browser)


def _kinds(events: tuple[Any, ...]) -> set[str]:
    return {type(e).__name__ for e in events}


def _hurt(events: tuple[Any, ...]) -> set[str]:
    return {e.combatant for e in events if type(e).__name__ == "DamageDealt" and e.amount}


def test_the_page_rebuilds_every_state_and_each_players_view(
    browser: WebDriver, tmp_path: Path, record: GameRecord, replayed: Replayed
) -> None:
    """The page's own diffs applied in the browser give the recorded states and the views
    the game's view function makes (EN-8, EN-9); ana's view hides bo's hand."""
    _open(browser, tmp_path / "game.html", record)
    rules = replayed.game.rules
    for i in range(0, len(replayed.states), 7):
        state = replayed.states[i]
        node = browser.execute_script("return gamefoldViewer.node('', arguments[0])", i)
        assert node["state"] == state_tree(state)
        node = browser.execute_script("return gamefoldViewer.node('ana', arguments[0])", i)
        assert node["state"] == state_tree(rules.view(state, "ana"))
    Select(browser.find_element(By.ID, "viewer")).select_by_value("ana")
    _press(browser, Keys.ARROW_RIGHT)
    hands = browser.find_elements(By.CSS_SELECTOR, "#panel table:nth-of-type(2) tbody tr")
    seen = {r.find_elements(By.TAG_NAME, "td")[0].text: r.text for r in hands}
    assert "hidden (" in seen["bo"]
    assert "hidden (" not in seen["ana"]
    _no_console_errors(browser)


def test_en8_a_diverging_record_opens_at_its_step_and_says_so(
    browser: WebDriver, tmp_path: Path, record: GameRecord
) -> None:
    assert record.digests is not None
    digests = (*record.digests[:40], "0" * 32, *record.digests[41:])
    _open(browser, tmp_path / "game.html", attrs.evolve(record, digests=digests))
    assert _text(browser, "position").startswith("step 40 of")
    banner = _text(browser, "banner")
    assert banner.startswith("This record diverges at step 40: the state after action 40")
    assert "diverged" in browser.find_element(By.ID, "action").get_attribute("class")
    _no_console_errors(browser)


def test_a_summit_page_shows_its_panel_and_a_screenshot_is_saved(
    browser: WebDriver, tmp_path: Path, record: GameRecord
) -> None:
    summit = recorded("summit", 3, max_steps=80)
    _open(browser, tmp_path / "summit.html", summit)
    titles = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "#panel h3")]
    assert titles == ["Territories", "Ticks and hands", "Pacts and proposals"]
    _no_console_errors(browser)
    _open(browser, tmp_path / "game.html", record)
    browser.find_element(By.ID, "query").send_keys("DamageDealt", Keys.ENTER)
    shot = tmp_path / "viewer.png"
    assert browser.save_screenshot(str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")
    wanted = os.environ.get("GAMEFOLD_VIEWER_SCREENSHOT")
    if wanted:
        shutil.copyfile(shot, wanted)
