"""EN-7: every event of a skirmish reads as a sentence; the example and the docs run."""

from __future__ import annotations

import re
import subprocess
import sys
import types
from pathlib import Path

from gamefold import combat, skills
from gamefold.combat import CombatEnded, DamagePrevented, Ending, Hand
from gamefold.games import play
from gamefold.games.skirmish import EVENTS, LINES, DeclarationHeld, LeftTheFight, Skirmish, describe
from gamefold.sim.account import narrate

ROOT = Path(__file__).resolve().parents[3]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_en7_every_event_type_of_a_greedy_game_has_its_own_line() -> None:
    """No event of a whole game falls back to its repr."""
    game = Skirmish()
    for seed in range(3):
        played = play(game, seed, game.policies()["greedy"])
        for events in played.events:
            for event in events:
                line = game.describe(event)
                assert not line.startswith(type(event).__name__ + "("), line


def test_en7_every_event_type_the_game_can_report_is_described() -> None:
    """Every skill-deck and skirmish event class has a line here; combat's tell themselves."""
    assert set(LINES) == {*skills.EVENTS, *EVENTS}
    assert not set(LINES) & set(combat.EVENTS)


def test_en7_some_lines_word_for_word() -> None:
    """A few lines as a player reads them."""
    assert describe(DeclarationHeld("goblin", "ana")) == (
        "goblin declares at ana, who may react first."
    )
    assert describe(DamagePrevented("ana", 2)) == "ana's shield stops 2 damage."
    assert describe(LeftTheFight("cy", "fatal exhaustion")) == (
        "cy leaves the fight (fatal exhaustion)."
    )
    assert describe(skills.CostPaid("bo", "Attack", (3,))) == "bo pays 1 card for Attack."
    assert describe(CombatEnded(Ending.FLED)) == "The fight is over: fled."
    assert describe(combat.Declared("bo", "Attack", Hand.ROCK, "orc", 1)) == (
        "bo declares (hidden from the other side)."
    )


def test_en7_the_account_of_a_game_tells_its_rounds_and_outcome() -> None:
    """The turn-by-turn account (``gamefold play``) of a greedy game."""
    game = Skirmish()
    lines = list(narrate(game, play(game, 7, game.policies()["greedy"])))
    assert lines[0] == "== Round 1 =="
    assert "  The party pair up: ana vs goblin, bo vs orc." in lines
    assert any(line.startswith("Game over after") for line in lines)
    assert lines[-1].startswith("  gm: winner=")


def test_the_example_plays_a_greedy_game_and_prints_the_outcome() -> None:
    """``examples/skirmish_game.py`` exits 0 after the account and the winners."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "skirmish_game.py")],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("A skirmish, seed 7")
    assert "== Round 1 ==" in lines
    assert lines[-1].startswith("Winners: ")


def test_the_docs_page_runs_as_written() -> None:
    """Every ```python block of ``docs/games/skirmish.md`` runs, in order."""
    page = ROOT / "docs" / "games" / "skirmish.md"
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    assert blocks
    module = types.ModuleType("gamefold_docs_skirmish")
    sys.modules[module.__name__] = module
    for index, code in enumerate(blocks):
        exec(compile(code, f"skirmish.md[block {index}]", "exec"), module.__dict__)
    assert module.played.finished
