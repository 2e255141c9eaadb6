"""The served table in a real browser: headless Chromium driven by Selenium (EN-9).

Two people play a summit turn each against the bots, each in their own tab, clicking what
a person clicks; each page updates by itself when the others act. Debian's ``chromium``
and ``chromium-driver`` must be installed (``bash .ci/browser``); a missing browser fails
the test with that sentence. The test saves a screenshot in its tmp dir, and also at
``$GAMEFOLD_SERVE_SCREENSHOT`` when set (the docs' ``docs/images/serve.png``).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from gamefold.games import get_game
from gamefold.serve import Host, Served, Table

INSTALL = (
    "the served table's browser test needs Debian's chromium and chromium-driver packages: "
    "install them with `bash .ci/browser` (or `apt-get install chromium chromium-driver`)"
)
WAIT = 60


def _program(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"no {names[0]} on PATH; {INSTALL}")


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    options = Options()
    options.binary_location = _program("chromium", "chromium-browser")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1200,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(_program("chromedriver")))
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A summit served on a free port of 127.0.0.1: p1 and p2 people, p3 and p4 bots."""
    table = Table(get_game("summit")(), 1, humans=["p1", "p2"], path=tmp_path / "game.json")
    server = Served(Host(table), "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.server.started:
        assert time.monotonic() < deadline, "the server did not start"
        assert thread.is_alive(), "the server stopped"
        time.sleep(0.05)
    try:
        yield server
    finally:
        server.stop()
        thread.join(WAIT)
        assert not thread.is_alive()


def _step(driver: WebDriver) -> int:
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-step") or -1)


def _wait_for_choice(driver: WebDriver, after: int = -1) -> int:
    """Wait until the page shows its seat's choice at a step past ``after``; that step."""
    WebDriverWait(driver, WAIT).until(
        lambda d: _step(d) > after and "Your choice" in d.find_element(By.ID, "status").text
    )
    return _step(driver)


def _click(driver: WebDriver, kind: str) -> None:
    """Click the first button of ``kind``, as a person reading the choices would."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button")
    wanted = next(b for b in buttons if b.text.split(". ", 1)[1].startswith(kind + "("))
    wanted.click()


def test_two_people_play_a_summit_turn_against_the_bots(
    browser: WebDriver, served: Served, tmp_path: Path
) -> None:
    links = served.links()
    table = served.host.table
    browser.get(links["p1"])
    p1 = browser.current_window_handle
    start = _wait_for_choice(browser)
    assert "You play p1" in browser.find_element(By.ID, "status").text
    assert browser.find_element(By.ID, "panel").text.count("hidden") >= 3  # the others' hands
    browser.switch_to.new_window("tab")
    browser.get(links["p2"])
    p2 = browser.current_window_handle
    WebDriverWait(browser, WAIT).until(
        lambda d: "Waiting for p1" in d.find_element(By.ID, "status").text
    )

    browser.switch_to.window(p1)  # p1 applies a card to itself, then ends the turn
    _click(browser, "SelfApply")
    applied = _wait_for_choice(browser, start)
    assert "self-applies" in browser.find_element(By.ID, "news").text or applied > start
    _click(browser, "EndTurn")
    WebDriverWait(browser, WAIT).until(
        lambda d: "Waiting for" in d.find_element(By.ID, "status").text
    )

    browser.switch_to.window(p2)  # p2's page was told, with no reload
    turn = _wait_for_choice(browser, start)
    assert turn == table.steps
    _click(browser, "EndTurn")

    browser.switch_to.window(p1)  # the bots played; p1's turn again, told what happened
    again = _wait_for_choice(browser, turn)
    assert again == table.steps
    assert browser.find_element(By.ID, "lines").find_elements(By.TAG_NAME, "li")
    assert served.host.tokens["p2"] not in browser.page_source
    shot = tmp_path / "serve.png"
    assert browser.save_screenshot(str(shot))
    wanted = os.environ.get("GAMEFOLD_SERVE_SCREENSHOT")
    if wanted:
        shutil.copyfile(shot, wanted)
    problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []
